/** A theme's key facts as a page writes them (decision 061; the rules in src/lib/urbanisation-profile/key-facts.ts). */
import { withUnit } from '../charts/format.ts';
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { keyFactNumber } from '../../lib/urbanisation-profile/key-facts.ts';

export { keyFactField, keyFactNumber } from '../../lib/urbanisation-profile/key-facts.ts';

/**
 * A key fact's value and unit as the page's language writes them: "37 468" and " milliers
 * d’habitants", "91,78" and " %" (the unit with the no-break space or sign that joins it to the
 * number). A value that is not a number comes as it is (or as translated).
 */
export function keyFactParts(locale: Locale, value: string, unit: string | null): { value: string; unit: string } {
  const parsed = keyFactNumber(value);
  const { tag } = LOCALE_INFO[locale];
  const text = parsed
    ? new Intl.NumberFormat(tag, {
        minimumFractionDigits: parsed.decimals,
        maximumFractionDigits: parsed.decimals,
      }).format(parsed.value)
    : value.trim();
  return { value: text, unit: withUnit(text, unit, tag).slice(text.length) };
}
