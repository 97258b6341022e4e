/**
 * The account's language drives the signed-in pages (issue 17, decision 042): the first sign-in
 * stores the sign-in page's language (else the browser's) in the account; a sign-in page whose
 * address named its language (`/zh/login`) makes it the account's (decision 059); afterwards the
 * account's language is remembered in this browser, and a page opened in another language reloads
 * once in the account's.
 */
import type { Locale } from '../../i18n/locales.ts';
import { GenericResponseSchema } from '../../lib/http/schema.ts';
import type { Whoami } from '../../lib/identity/schema.ts';
import { browserLocale, PAGE_LOCALE, remembers, rememberLocale } from '../i18n/page-locale.ts';
import { languageAfterSignIn, takeArrival } from '../i18n/sign-in-language.ts';
import { api } from './lib/api.ts';
import { leave } from './lib/location.ts';

/** Saves the signed-in person's language; the caller reloads the page to show it. */
export async function saveLanguage(language: Locale): Promise<void> {
  await api.request('POST', 'user/saved/language', { schema: GenericResponseSchema, body: { language } });
  rememberLocale(language);
}

/** Changes the language from the top bar: saved in the account, then the page reloads in it. */
export async function switchLanguage(language: Locale): Promise<void> {
  await saveLanguage(language);
  leave.reload();
}

/**
 * The language this page chose at its first whoami when the account's differed: it stands while the save is on its way.
 */
let chosenHere: Locale | null = null;

/**
 * Called with each whoami: returns true when the page is reloading in the account's language
 * (the caller then renders nothing more).
 */
export function followAccountLanguage(identity: Whoami): boolean {
  const arrival = takeArrival();
  const account = chosenHere ?? identity.language;
  const chosen = languageAfterSignIn(account, arrival, browserLocale());
  if (chosen !== account) {
    chosenHere = chosen;
    // A failed save is tried again at the next sign-in; the page works meanwhile.
    void saveLanguage(chosen).catch(() => undefined);
  }
  return reloadInto(chosen);
}

function reloadInto(language: Locale): boolean {
  rememberLocale(language);
  // Without storage the reload would open in the browser's language again, and again: stay.
  if (language === PAGE_LOCALE || !remembers(language)) return false;
  leave.reload();
  return true;
}
