/**
 * The sign-in pages at their plain addresses (`/login`, `/signup`, `/email/verification`) in the
 * visitor's language (issue 17): the language this browser chose last (the `apua-language`
 * cookie, written with the account's language), else the first of `Accept-Language` the portal
 * speaks. Links in emails and the back-office's redirects keep working in every language; the
 * prefixed addresses (`/fr/login`) stay as they are.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';
import { languageOfAcceptLanguage } from '../lib/i18n/request-language.server.ts';

const AUTH_PAGES = /^\/(?:login|signup|email\/verification)\/?$/;
const COOKIE = /(?:^|;\s*)apua-language=([a-z]{2})(?:;|$)/;

/** The language to serve `path` in, or null when the address names its own (or is not a sign-in page). */
export function authPageLocale(path: string, cookie: string | undefined, acceptLanguage: string | undefined): Locale | null {
  if (!AUTH_PAGES.test(path)) return null;
  const chosen = cookie ? COOKIE.exec(cookie)?.[1] : undefined;
  if (chosen && (LOCALES as readonly string[]).includes(chosen)) return chosen as Locale;
  return languageOfAcceptLanguage(acceptLanguage);
}

/** The built page's path for `path` in `locale` (`/login` in French is `/fr/login`). */
export function authPagePath(path: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
}
