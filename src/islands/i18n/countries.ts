/** Country names in the signed-in page's language: the UN's short name where CLDR differs, else `Intl.DisplayNames`. */
import { UN_NAMES } from '../../i18n/countries.ts';
import { LOCALE_INFO } from '../../i18n/locales.ts';
import { PAGE_LOCALE } from './page-locale.ts';

let names: Intl.DisplayNames | undefined;

/** `code`'s name in the page's language; `english` (the portal's own name) on an English page or when none is known. */
export function countryName(code: string, english: string): string {
  if (PAGE_LOCALE === 'en') return english;
  const un = UN_NAMES[code.toUpperCase()]?.[PAGE_LOCALE];
  if (un) return un;
  try {
    names ??= new Intl.DisplayNames([LOCALE_INFO[PAGE_LOCALE].tag], { type: 'region', fallback: 'none' });
    return names.of(code.toUpperCase()) ?? english;
  } catch {
    return english;
  }
}
