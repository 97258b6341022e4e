/**
 * The sign-in pages' addresses in each language (issue 32, decision 059). A sign-in page names
 * its language in its address (`/zh/login`, or `/login?lang=en` for English, since the plain
 * `/login` is given in the language this browser chose last: src/server/auth-pages.ts), or leaves
 * it to the server. A language named in the address is one the person chose: the back-office
 * starts in it. Pure: used by the pages, the sign-in islands and the server.
 */
import { DEFAULT_LOCALE, LOCALES, localeOfPath, pathWithoutLocale, type Locale } from './locales.ts';

/** The sign-in pages, by their English paths. */
export const SIGN_IN_PATHS: readonly string[] = ['/login', '/signup', '/email/verification'];

/** Whether the English `path` is one of the sign-in pages. */
export const isSignInPath = (path: string): boolean => SIGN_IN_PATHS.includes(path);

/**
 * The portal's language a `lang` parameter names: its primary subtag (`zh-CN`, which the identity
 * service puts in the links of its emails, is Chinese), or null when it names none of the four.
 */
export function namedLanguage(value: string | null | undefined): Locale | null {
  const primary = (value ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return (LOCALES as readonly string[]).includes(primary) ? (primary as Locale) : null;
}

/**
 * The address of sign-in page `path` (an English path) in `locale`, the language named: `/zh/login`,
 * `/login?lang=en`; null `locale` leaves the language to the server (`/login`). `params` are added
 * to the query (`next`, `email`).
 */
export function signInHref(path: string, locale: Locale | null, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  if (locale === DEFAULT_LOCALE) query.set('lang', DEFAULT_LOCALE);
  const base = locale === null || locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

/**
 * The language a sign-in page's address names (`/fr/login`: French; `/login?lang=en`: English),
 * or null when the server chose it from the cookie or the browser's languages.
 */
export function signInPageLanguage(pathname: string, search: string): Locale | null {
  const prefixed = localeOfPath(pathname);
  if (prefixed !== DEFAULT_LOCALE) return prefixed;
  if (!isSignInPath(pathWithoutLocale(pathname))) return null;
  return namedLanguage(new URLSearchParams(search).get('lang'));
}

/** What a sign-in page's address carries to the same page in another language. */
const CARRIED = ['next', 'email'];

/** `href` (a sign-in page in another language) with the `next` and `email` of the current address's `search`. */
export function carryQuery(href: string, search: string): string {
  const from = new URLSearchParams(search);
  const [path, query = ''] = href.split('?');
  const to = new URLSearchParams(query);
  for (const name of CARRIED) {
    const value = from.get(name);
    if (value !== null) to.set(name, value);
  }
  const joined = to.toString();
  return joined ? `${path}?${joined}` : path!;
}
