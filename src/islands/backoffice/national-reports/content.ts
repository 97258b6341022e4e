/**
 * The questionnaire's own words in the page's language (decision 044): thrusts, subcategories
 * and questions (wording, help, unit, the text box's label, choices, parts) as administrators
 * translated them, else the English. Loaded with the national reports' part (top-level await),
 * only on a page not in English.
 */
import type { Question, Subcategory, Thrust } from '../../../lib/questionnaires/schema.ts';
import { contentText, loadContentTranslations } from '../../i18n/content.ts';

const entities = await loadContentTranslations();

/** A question with its words in the page's language. */
export function localQuestion(question: Question): Question {
  const of = (field: string, english: string) => contentText(entities, 'question', question.uuid, field, english).text;
  return {
    ...question,
    text: of('text', question.text),
    help: question.help === null ? null : of('help', question.help),
    unit: question.unit === null ? null : of('unit', question.unit),
    text_label: question.text_label === null ? null : of('text_label', question.text_label),
    options: question.options.map((o) => ({ ...o, label: of(`option.${o.value}`, o.label) })),
    parts: question.parts.map((p) => ({ ...p, label: of(`part.${p.key}`, p.label) })),
  };
}

export const localThrust = (thrust: Thrust): Thrust => ({ ...thrust, name: contentText(entities, 'thrust', thrust.code, 'name', thrust.name).text });
export const localSubcategory = (sub: Subcategory): Subcategory => ({ ...sub, name: contentText(entities, 'subcategory', sub.code, 'name', sub.name).text });
