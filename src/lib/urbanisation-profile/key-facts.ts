/**
 * A theme's key facts as translatable content (issue 32, decision 061), shared by the translations
 * service (what can be translated) and the public pages (what they show). Administrators write
 * key facts in English: the label, unit and source (and a value that is words, not a number) are
 * texts of the theme's translations, `fact.<n>.<part>`; a value that is a number is written by
 * `Intl` on each page in its language, with as many decimals as the English has.
 */

/** The translatable text of part `part` of the key fact at `index` (0-based): `fact.<n>.<part>`, n from 1. */
export const keyFactField = (index: number, part: 'label' | 'value' | 'unit' | 'source') => `fact.${index + 1}.${part}`;

/**
 * A key fact's value as a number, when it is one written the English way ("37,468", "91.78",
 * "-2.5", "1,234,567.8"): the number and its decimals. Anything else (words, a range, "< 1") is null.
 */
export function keyFactNumber(value: string): { value: number; decimals: number } | null {
  const text = value.trim().replace('−', '-');
  if (!/^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/.test(text)) return null;
  const number = Number(text.replace(/,/g, ''));
  return Number.isFinite(number) ? { value: number, decimals: text.split('.')[1]?.length ?? 0 } : null;
}
