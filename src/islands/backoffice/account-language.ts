/**
 * The account's language drives the signed-in pages (issue 17, decision 042): the first sign-in
 * stores the browser's language in the account; afterwards the account's language is remembered
 * in this browser, and a page opened in another language reloads once in the account's.
 */
import type { Locale } from '../../i18n/locales.ts';
import { GenericResponseSchema } from '../../lib/http/schema.ts';
import type { Whoami } from '../../lib/identity/schema.ts';
import { browserLocale, PAGE_LOCALE, remembers, rememberLocale } from '../i18n/page-locale.ts';
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
 * Called with each whoami: returns true when the page is reloading in the account's language
 * (the caller then renders nothing more).
 */
export function followAccountLanguage(identity: Whoami): boolean {
  if (identity.language === null) {
    const chosen = browserLocale();
    // A failed save is tried again at the next sign-in; the page works meanwhile.
    void saveLanguage(chosen).catch(() => undefined);
    return reloadInto(chosen);
  }
  return reloadInto(identity.language);
}

function reloadInto(language: Locale): boolean {
  rememberLocale(language);
  // Without storage the reload would open in the browser's language again, and again: stay.
  if (language === PAGE_LOCALE || !remembers(language)) return false;
  leave.reload();
  return true;
}
