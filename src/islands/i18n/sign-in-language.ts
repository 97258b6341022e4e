/**
 * The language a person signs in in, carried to the back-office (issue 32, decision 059). The
 * sign-in page notes the language it speaks, and whether its address named it (`/zh/login`,
 * `/login?lang=en`: a choice) or the server chose it (`/login`: this browser's last language, else
 * its languages). The back-office's first whoami takes the note once: a named language wins over
 * the account's and becomes the account's; otherwise the account's language stands, and an account
 * without one takes the sign-in page's (decision 042's first sign-in, from the page the person read).
 */
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { rememberLocale } from './page-locale.ts';

/** What the sign-in page tells the back-office. */
export interface Arrival {
  locale: Locale;
  /** True when the sign-in page's address named its language: the person chose it. */
  named: boolean;
}

const KEY = 'apua-sign-in-language';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * Notes the sign-in page's language for the back-office; a language the address named is also
 * remembered for this browser, so the back-office opens in it without a reload.
 */
export function noteArrival(arrival: Arrival): void {
  if (arrival.named) rememberLocale(arrival.locale);
  try {
    storage()?.setItem(KEY, JSON.stringify(arrival));
  } catch {
    // Storage refused: the account's language applies, as before.
  }
}

/** The note of the last sign-in, once: taking it forgets it. */
export function takeArrival(): Arrival | null {
  const store = storage();
  let raw: string | null = null;
  try {
    raw = store?.getItem(KEY) ?? null;
    store?.removeItem(KEY);
  } catch {
    return null;
  }
  return parseArrival(raw);
}

/** A stored note, or null when there is none or it is not one. */
export function parseArrival(raw: string | null): Arrival | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { locale, named } = value as Record<string, unknown>;
    return isLocale(locale) && typeof named === 'boolean' ? { locale, named } : null;
  } catch {
    return null;
  }
}

/**
 * The back-office's language after whoami: the language the sign-in page's address named; else
 * the account's; else (no language yet) the sign-in page's, else the browser's.
 */
export function languageAfterSignIn(account: Locale | null, arrival: Arrival | null, browser: Locale): Locale {
  if (arrival?.named) return arrival.locale;
  return account ?? arrival?.locale ?? browser;
}

/**
 * The identity service's code for the language of its emails (verification, password reset):
 * Simplified Chinese is `zh-CN` among its templates' languages; the others are their own codes.
 */
export function identityLanguageCode(locale: Locale): string {
  return locale === 'zh' ? 'zh-CN' : locale;
}
