/**
 * An answer as a translated report page writes it (decisions 038 and 040): numbers and percentages the
 * language's way, yes and no in the language; what the question's parts and choices are called
 * comes from the database (English until content translation). English pages keep the API's words.
 */
import { formatAnswer } from '../../lib/questionnaires/engine.ts';
import { LOCALE_INFO, type Locale } from '../../i18n/locales.ts';
import { t } from '../../i18n/t.ts';
import { withUnit } from '../charts/format.ts';

type Question = Parameters<typeof formatAnswer>[0];
type Value = Parameters<typeof formatAnswer>[1];

export function answerText(locale: Locale, q: Question, value: Value): string {
  const { tag } = LOCALE_INFO[locale];
  const unit = q.unit ?? (q.answer_type === 'pct' ? '%' : null);
  return formatAnswer(q, value, (v) => {
    if (v === null || v === undefined) return '–';
    if (typeof v === 'boolean') return t(locale, v ? 'answer.yes' : 'answer.no');
    return withUnit(v.toLocaleString(tag, { maximumFractionDigits: 6 }), unit, tag);
  });
}
