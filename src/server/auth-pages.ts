/**
 * The sign-in pages at their plain addresses (`/login`, `/signup`, `/email/verification`) in the
 * visitor's language (issue 17): the language this browser chose last (the `apua-language`
 * cookie, written with the account's language), else the first of `Accept-Language` the portal
 * speaks. Links in emails and the back-office's redirects keep working in every language; the
 * prefixed addresses (`/fr/login`) stay as they are, and `?lang=en` names English (decision 059:
 * the sign-in page's language switch, which must reach English whatever the cookie says).
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';
import { namedLanguage } from '../i18n/sign-in-pages.ts';
import { languageOfAcceptLanguage } from '../lib/i18n/request-language.server.ts';

const AUTH_PAGES = /^\/(?:login|signup|email\/verification)\/?$/;
const COOKIE = /(?:^|;\s*)apua-language=([a-z]{2})(?:;|$)/;

const isLocale = (value: string | undefined): value is Locale => (LOCALES as readonly string[]).includes(value ?? '');

/**
 * The language to serve `path` in, or null when the address names its own (or is not a sign-in
 * page). `named` is the address's `lang` query parameter: a language chosen on the page itself,
 * or the one the identity service adds to the links of its emails (`zh-CN`).
 */
export function authPageLocale(
  path: string,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  named?: string,
): Locale | null {
  if (!AUTH_PAGES.test(path)) return null;
  const inAddress = namedLanguage(named);
  if (inAddress) return inAddress;
  const chosen = cookie ? COOKIE.exec(cookie)?.[1] : undefined;
  if (isLocale(chosen)) return chosen;
  return languageOfAcceptLanguage(acceptLanguage);
}

/** The built page's path for `path` in `locale` (`/login` in French is `/fr/login`). */
export function authPagePath(path: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
}
