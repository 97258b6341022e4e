/**
 * The printed report's own words in the reader's language (decision 060): headings, labels,
 * statuses, yes and no from `src/lib/i18n/pdf-messages/{en,zh,fr,ru}.json` (ICU messages worded by
 * the one formatter, decision 064); dates, numbers and percentages by `Intl`; countries by the UN's
 * short names or CLDR. English reads as before.
 */
import en from '../i18n/pdf-messages/en.json' with { type: 'json' };
import fr from '../i18n/pdf-messages/fr.json' with { type: 'json' };
import ru from '../i18n/pdf-messages/ru.json' with { type: 'json' };
import zh from '../i18n/pdf-messages/zh.json' with { type: 'json' };
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { countryNameIn, formatDay, withUnit, type TextCatalogue } from '../i18n/format.ts';
import { formatMessage } from '../i18n/message-format.ts';
import { formatAnswer, type ScalarFormat } from '../questionnaires/engine.ts';
import type { AnswerShape, AnswerValue } from '../questionnaires/schema.ts';

export const PDF_CATALOGUES: Record<Locale, TextCatalogue> = { en, zh, fr, ru };
export type PdfKey = keyof typeof en;

export interface PdfWords {
  locale: Locale;
  /** The BCP 47 tag of the reader's language (the printed words' `lang`). */
  tag: string;
  /** The message `key` with `{name}` filled in (numbers the language's way, years as written). */
  t(key: PdfKey, values?: Record<string, string | number>): string;
  /** A calendar day in words. */
  date(day: string | Date): string;
  /** A percentage given in points: `50 %` in English, `50 %` in French, `50%` in Chinese. */
  percent(points: number): string;
  /**
   * An answer's value as the reader reads it: numbers with their unit, yes and no, choices and parts by their
   * (translated) names.
   */
  display(q: AnswerShape, value: AnswerValue | undefined): string;
  country(code: string, name: string): string;
}

/** A number with its unit in the language: the percent sign as it writes it, other units after a no-break space. */
function numberWithUnit(tag: string, n: number, unit: string | null): string {
  return withUnit(n.toLocaleString(tag, { maximumFractionDigits: 6 }), unit, tag);
}

function scalarIn(locale: Locale, q: AnswerShape): ScalarFormat {
  const { tag } = LOCALE_INFO[locale];
  const unit = q.unit ?? (q.answer_type === 'pct' ? '%' : null);
  return (v) => {
    if (v === null || v === undefined) return '–';
    if (typeof v === 'boolean') return fill(locale, v ? 'yes' : 'no', {});
    return numberWithUnit(tag, v, unit);
  };
}

function fill(locale: Locale, key: PdfKey, values: Record<string, string | number>): string {
  const message = PDF_CATALOGUES[locale][key] ?? PDF_CATALOGUES.en[key];
  if (typeof message !== 'string') throw new Error(`No message ${key}`);
  return formatMessage(LOCALE_INFO[locale].tag, message, values, { markup: 'raw' });
}

/** The printed report's words in `locale`. */
export function pdfWords(locale: Locale): PdfWords {
  const { tag } = LOCALE_INFO[locale];
  return {
    locale,
    tag,
    t: (key, values = {}) => fill(locale, key, values),
    date: (day) => formatDay(locale, day),
    percent: (points) => (locale === 'en' ? `${points} %` : numberWithUnit(tag, points, '%')),
    // English keeps the API's own wording of answers ('58.3 %', 'Yes').
    display: (q, value) => (locale === 'en' ? formatAnswer(q, value) : formatAnswer(q, value, scalarIn(locale, q))),
    country: (code, name) => countryNameIn(locale, code, name),
  };
}
