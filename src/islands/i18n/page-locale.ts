/**
 * The language of the signed-in pages (issue 17, decision 042). It is fixed for the life of the
 * page: chosen before the first render from what this browser last used (the account's language,
 * remembered here), else from the browser's languages; changing it saves the account's language
 * and reloads the page, so every catalogue of the page is loaded once, in one language.
 */
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type Locale } from '../../i18n/locales.ts';

const STORAGE_KEY = 'apua-language';
/** The same choice as a cookie, so the server can give `/login` in it (src/server/auth-pages.ts). */
export const LANGUAGE_COOKIE = 'apua-language';

/** The portal's language for a browser's list of languages (`navigator.languages`): the first one it speaks. */
export function chooseLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const primary = language.toLowerCase().split(/[-_]/)[0] ?? '';
    const match = LOCALES.find((locale) => locale === primary);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** What the browser's languages ask for, whatever this browser used last. */
export function browserLocale(): Locale {
  return typeof navigator === 'undefined' ? DEFAULT_LOCALE : chooseLocale(navigator.languages ?? [navigator.language]);
}

function initialLocale(): Locale {
  // The sign-in pages are built in each language: their islands speak the page's.
  const fixed = typeof document === 'undefined' ? undefined : document.documentElement.dataset['pageLocale'];
  if (isLocale(fixed)) return fixed;
  const remembered = storage()?.getItem(STORAGE_KEY);
  return isLocale(remembered) ? remembered : browserLocale();
}

/** The language of this page. */
export const PAGE_LOCALE: Locale = initialLocale();

/** The tag `Intl` formats with: British English's day-month-year for English, as before. */
export const INTL_TAG = PAGE_LOCALE === 'en' ? 'en-GB' : LOCALE_INFO[PAGE_LOCALE].tag;

/** Whether this browser has remembered `locale` (false where storage is refused). */
export function remembers(locale: Locale): boolean {
  return storage()?.getItem(STORAGE_KEY) === locale;
}

/** Remembers `locale` for the next page of this browser. */
export function rememberLocale(locale: Locale): void {
  if (typeof document !== 'undefined')
    document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    storage()?.setItem(STORAGE_KEY, locale);
  } catch {
    // Private windows may refuse storage: the account's language still applies after sign-in.
  }
}

if (typeof document !== 'undefined') {
  document.documentElement.lang = LOCALE_INFO[PAGE_LOCALE].tag;
}
