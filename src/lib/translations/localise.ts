/**
 * The questionnaire's own words in a language (decision 044): a question's wording, help, unit,
 * text box label, choices and parts, and the names of thrusts and subcategories, as administrators
 * translated them, else the English. One implementation for the back-office's form and preview
 * (from the page's translations) and the printed report (from the database's), so a question
 * reads the same in each.
 */
import type { Question, Subcategory, Thrust } from '../national-reports/question-schema.ts';
import type { Translatable } from './schema.ts';

/** A record's translated field, or undefined when it has none. */
export type ContentLookup = (entity: Translatable, key: string, field: string) => string | undefined;

/** Whether the question's wording is translated (the rest of it falls back field by field). */
export function isQuestionTranslated(question: Pick<Question, 'uuid'>, lookup: ContentLookup): boolean {
  return Boolean(lookup('question', question.uuid, 'text'));
}

/** A question with its words in the lookup's language, field by field; the English where a field has no translation. */
export function localisedQuestion<Q extends Question>(question: Q, lookup: ContentLookup): Q {
  const of = (field: string, english: string) => lookup('question', question.uuid, field) || english;
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

export function localisedThrust<T extends Thrust>(thrust: T, lookup: ContentLookup): T {
  return { ...thrust, name: lookup('thrust', thrust.code, 'name') || thrust.name };
}

export function localisedSubcategory<S extends Subcategory>(subcategory: S, lookup: ContentLookup): S {
  return { ...subcategory, name: lookup('subcategory', subcategory.code, 'name') || subcategory.name };
}
