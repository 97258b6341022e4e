/**
 * What the server's texts in the portal's languages share (decision 043): catalogues of ICU
 * messages worded by the portal's one formatter (message-format.ts, decision 064), as plain text or
 * as HTML (the words escaped, each value in a `<bdi>`, so a practice title in Arabic script keeps
 * its direction inside a French sentence), dates by `Intl`, and country names by the UN's short
 * names or CLDR. Plain Node, for the API and the mail.
 */
import { countryNameIn } from '../../i18n/countries.ts';
import { LOCALE_INFO, LOCALES, type Locale } from '../../i18n/locales.ts';
import { formatMessage } from './message-format.ts';

export type TextCatalogue = Record<string, string>;
export type Values = Record<string, string | number | null | undefined>;

/** A stored language code, or English for anything else (null: not chosen yet). */
export function localeOr(value: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'en';
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The message `key` of `catalogues[locale]` (English when missing) with its values filled in,
 * each made safe and isolated (decision 057): `html` escapes the words and the values and puts
 * each value in a <bdi>; plain text (an email's subject and text, the bell's list) puts a value
 * written right to left inside FSI … PDI.
 */
export function fillMessage(
  catalogues: Record<Locale, TextCatalogue>,
  locale: Locale,
  key: string,
  values: Values = {},
  html = false,
): string {
  const message = catalogues[locale][key] ?? catalogues.en[key];
  if (message === undefined) throw new Error(`No message ${key}`);
  return formatMessage(LOCALE_INFO[locale].tag, message, values, { markup: html ? 'html' : 'text' });
}

/**
 * A calendar day (YYYY-MM-DD) in words: `18 December 2026`, `18 décembre 2026`, `18 декабря 2026 г.`, `2026年12月18日`.
 */
export function formatDay(locale: Locale, day: string | Date): string {
  const date = typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day;
  // English as the UN writes it (day month year), not the American order.
  const tag = locale === 'en' ? 'en-GB' : LOCALE_INFO[locale].tag;
  return new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A country's name in the language (the one implementation is src/i18n/countries.ts). */
export { countryNameIn };

const percentSigns = new Map<string, string>();

/**
 * How the language writes the percent sign after a number: `%` in English and Chinese, ` %` (no-break) in French and
 * Russian.
 */
export function percentSign(tag = 'en'): string {
  let sign = percentSigns.get(tag);
  if (sign === undefined) {
    const parts = new Intl.NumberFormat(tag, { style: 'percent' }).formatToParts(0.5);
    const at = parts.findIndex((p) => p.type === 'percentSign');
    sign = parts
      .slice(at > 0 && parts[at - 1]!.type === 'literal' ? at - 1 : at)
      .map((p) => p.value)
      .join('');
    percentSigns.set(tag, sign);
  }
  return sign;
}

/**
 * A number already written, with its unit: "%" as the language writes it, other units after a
 * no-break space (a narrow phone must not leave "50.5" at the end of one line and its unit on the next).
 */
export function withUnit(text: string, unit: string | null | undefined, tag = 'en'): string {
  if (!unit || !text) return text;
  return unit === '%' ? `${text}${percentSign(tag)}` : `${text}\u00a0${unit}`;
}
