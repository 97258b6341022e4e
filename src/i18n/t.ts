/**
 * The public site's interface strings, compiled into the pages at build (decision 038): each
 * component asks `translator(locale)` for its strings; no catalogue and no script reaches the
 * browser. A message is ICU MessageFormat, worded by the portal's one formatter
 * (src/lib/i18n/message-format.ts, decision 064): `{name}`, `{count, plural, one {…} other {…}}`.
 * Numbers, percentages and dates come from `Intl`.
 */
import en from './messages/en.json';
import fr from './messages/fr.json';
import ru from './messages/ru.json';
import zh from './messages/zh.json';
import { countryNameIn } from './countries.ts';
import { frenchSpaces, LOCALE_INFO, type Locale } from './locales.ts';
import { formatMessage } from '../lib/i18n/message-format.ts';

export type MessageKey = keyof typeof en;
export type Message = string;
export type Catalogue = Record<string, Message>;
type Params = Record<string, string | number>;

export const CATALOGUES: Record<Locale, Catalogue> = { en, zh, fr, ru };

/** French with its no-break spaces (frenchSpaces), made once. */
let spacedFrench: Catalogue | undefined;

/**
 * The message `key` in `locale`, English when the language lacks it (the catalogue test forbids
 * that). Numbers are written the language's way (one fraction digit at most), and a text written
 * right to left (a practice's title, a city) is isolated from the words around it (decision 057).
 */
export function t(locale: Locale, key: MessageKey, params: Params = {}): string {
  if (locale === 'fr')
    spacedFrench ??= Object.fromEntries(Object.entries(CATALOGUES.fr).map(([k, text]) => [k, frenchSpaces(text)]));
  const message = (locale === 'fr' ? spacedFrench : CATALOGUES[locale])?.[key] ?? CATALOGUES.en[key];
  if (message === undefined) throw new Error(`No message ${key}`);
  return formatMessage(LOCALE_INFO[locale].tag, message, params, { maximumFractionDigits: 1 });
}

/** `t` bound to one language, as components use it: `const m = translator(locale); m('nav.about')`. */
export function translator(locale: Locale): (key: MessageKey, params?: Params) => string {
  return (key, params) => t(locale, key, params);
}

/** A number the language's way: `12,345.6` in English, `12 345,6` in French and Russian. */
export function formatNumber(locale: Locale, value: number, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(LOCALE_INFO[locale].tag, { maximumFractionDigits }).format(value);
}

/** A percentage given in points (12.5 → `12.5%`, `12,5 %`). */
export function formatPercent(locale: Locale, points: number, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(LOCALE_INFO[locale].tag, { style: 'percent', maximumFractionDigits }).format(
    points / 100,
  );
}

/** A calendar date (`2026-11-26` or a Date) the language's way, e.g. `26 November 2026`, `26 novembre 2026`. */
export function formatDate(locale: Locale, date: string | Date): string {
  const value = typeof date === 'string' ? new Date(date.length === 10 ? `${date}T00:00:00Z` : date) : date;
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
}

/**
 * A country's or territory's name in the language: the UN's short name where CLDR differs, else CLDR's
 * (`Intl.DisplayNames`); `fallback` when neither has one.
 */
export function countryName(locale: Locale, code: string, fallback: string): string {
  return countryNameIn(locale, code, fallback);
}
