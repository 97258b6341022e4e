/** Country names in the signed-in page's language (the one implementation is src/i18n/countries.ts). */
import { countryNameIn } from '../../i18n/countries.ts';
import { PAGE_LOCALE } from './page-locale.ts';

/** `code`'s name in the page's language; `english` (the portal's own name) on an English page or when none is known. */
export function countryName(code: string, english: string): string {
  return countryNameIn(PAGE_LOCALE, code, english);
}
