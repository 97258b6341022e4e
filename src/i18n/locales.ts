/**
 * The public site's languages (issue 17, decision 038): English at today's URLs, the others under
 * their own prefix with the same paths. Pure: used by pages, components, the middleware and the
 * server.
 */

export const LOCALES = ['en', 'zh', 'fr', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export interface LocaleInfo {
  /** BCP 47 tag for `<html lang>`, `hreflang` and `Intl`. */
  tag: string;
  /** The language's name in itself, as the language switch shows it. */
  name: string;
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { tag: 'en', name: 'English' },
  zh: { tag: 'zh-Hans', name: '简体中文' },
  fr: { tag: 'fr', name: 'Français' },
  ru: { tag: 'ru', name: 'Русский' },
};

/**
 * The pages that exist in every language so far (the rest of the site is English only until its
 * turn comes): their links are localised, and their language switch keeps the page.
 */
export const TRANSLATED_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/national-reports$/,
  /^\/national-reports\/\d{4}$/,
  /^\/national-reports\/\d{4}\/[A-Z]{2}$/,
  /^\/page-not-found$/,
  /^\/page-withdrawn$/,
  /^\/regional-reports(?:\/\d{4}(?:\/[a-z0-9-]+)?)?$/,
  // Each theme of the urbanisation profile, the list of countries and each country's profile.
  /^\/urbanisation-profile$/,
  /^\/urbanisation-profile\/[\w-]+$/,
  /^\/urbanisation-profile\/view\/[A-Z]{2}$/,
  /^\/urbanisation-profile\/view\/[A-Z]{2}\/compare$/,
  // The progress assessment's method (the dashboard and the coverage matrix are matched above).
  /^\/urbanisation-profile\/progress\/method$/,
  // An indicator's own page: its map, full tables and progress (decision 080).
  /^\/urbanisation-profile\/[a-z0-9-]+\/[a-z0-9-]+$/,
  // Decision 041: the best-practice library, each practice, the media gallery, the contact form,
  // the site search, the programme's pages, open data and the error pages.
  /^\/home$/,
  /^\/best-practices$/,
  /^\/best-practices-overview$/,
  /^\/best-practices-overview\/(?:category|country|subregion|sdg|period)\/[^/]+$/,
  /^\/best-practices-overview(?:\/(?:category|country|subregion|sdg|period)\/[^/]+)?\/page\/\d+$/,
  /^\/best-practices-overview\/view\/[\w-]+$/,
  /^\/media-gallery$/,
  /^\/media-gallery\/event(?:\/[\w-]+)?$/,
  /^\/contact-us(?:\/sent)?$/,
  /^\/search$/,
  /^\/(?:module|national-urban-agenda|asia-pacific-region|privacy-policy)$/,
  /^\/(?:open-data|developers)$/,
  /^\/national-reports\/country\/[A-Z]{2}$/,
  /^\/national-reports\/status(?:\/\d{4})?$/,
  /^\/(?:server-error|unauthorized-access)$/,
  // The sign-in pages: `/login` itself is served in the visitor's language (src/server/auth-pages.ts).
  /^\/(?:login|signup|email\/verification)$/,
];

const PREFIXED = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

/** The language of a page from its path: `/fr/national-reports` is French, `/national-reports` English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The English path of a page in any language: `/fr/national-reports` → `/national-reports`, `/fr/` → `/`. */
export function pathWithoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  const rest = locale === DEFAULT_LOCALE ? pathname : pathname.slice(locale.length + 1);
  return rest.replace(/(.)\/+$/, '$1') || '/';
}

/** Whether the page at this English path exists in every language. */
export function isTranslated(path: string): boolean {
  const clean = path.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
  return TRANSLATED_PATHS.some((pattern) => pattern.test(clean));
}

/**
 * The address of an English path in `locale`: `/national-reports` in French is `/fr/national-reports`, `/` is `/fr/`.
 */
export function localisedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}

/** Where a link to `path` should go from a page in `locale`: the same language when the page exists in it. */
export function linkFor(locale: Locale, path: string): string {
  return isTranslated(path) ? localisedPath(locale, path) : path;
}

/** `getStaticPaths` of a page built in every language from one file under `src/pages/[...lang]/`. */
export function languagePaths(): { params: { lang: string | undefined } }[] {
  return LOCALES.map((l) => ({ params: { lang: l === DEFAULT_LOCALE ? undefined : l } }));
}

/** `getStaticPaths` of a page family (one page per cycle…) built in every language: each path once per language. */
export function inEveryLanguage<P extends Record<string, string>, T>(paths: readonly { params: P; props: T }[]) {
  return languagePaths().flatMap(({ params: { lang } }) =>
    paths.map((p) => ({ params: { ...p.params, lang }, props: p.props })),
  );
}

/** The prefixes of the languages other than English (`zh`, `fr`, `ru`). */
export const PREFIXED_LOCALES: readonly Locale[] = PREFIXED;

/**
 * French puts a space before `: ; ? !` and inside `« »`: a no-break one, so that a narrow screen
 * never starts a line with the sign alone ("Source" / ":"). For the portal's own words (the public
 * catalogues and the back-office's), not for what people wrote.
 */
export function frenchSpaces(text: string): string {
  return text.replace(/ ([:;?!»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}
