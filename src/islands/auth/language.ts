/**
 * The sign-in pages keep their language (issue 32, decision 059): their links to each other name
 * the language when the page's address named it (`/zh/login` → `/zh/signup`), the identity
 * service's emails go out in the page's language, and the back-office learns the language the
 * person signed in in.
 */
import type { Auth } from 'firebase/auth';
import { signInHref, signInPageLanguage } from '../../i18n/sign-in-pages.ts';
import { PAGE_LOCALE } from '../i18n/page-locale.ts';
import { identityLanguageCode, noteArrival } from '../i18n/sign-in-language.ts';

/** The language this page's address names, or null when the server chose it (the plain `/login`). */
const NAMED = typeof location === 'undefined' ? null : signInPageLanguage(location.pathname, location.search);

/** The address of another sign-in page (an English path) in this page's language, named as this page names it. */
export function authHref(path: string, params: Record<string, string> = {}): string {
  return signInHref(path, NAMED, params);
}

/** The same, as a full URL: the continue address of the identity service's emails. */
export function authUrl(path: string, params: Record<string, string> = {}): string {
  return `${location.origin}${authHref(path, params)}`;
}

/** Tells the back-office the language the person signed in in (before leaving for it). */
export function noteSignIn(): void {
  noteArrival({ locale: NAMED ?? PAGE_LOCALE, named: NAMED !== null });
}

/** The identity service writes its emails (verification, password reset) in the page's language. */
export function speakPageLanguage(auth: Auth): Auth {
  auth.languageCode = identityLanguageCode(PAGE_LOCALE);
  return auth;
}

/** The `lang` a link of the identity service's emails carries, for the emulator's simulated ones. */
export const EMAIL_LANGUAGE = identityLanguageCode(PAGE_LOCALE);
