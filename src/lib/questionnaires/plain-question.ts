import type { Question } from './schema.ts';

/**
 * A question written in code rather than in the questions table (a form's fixed catalogue): the
 * fields that name it, and the rest as a question with no limits, choices, parts or references.
 */
export function plainQuestion(
  fields: Pick<Question, 'uuid' | 'code' | 'thrust' | 'subcategory' | 'text' | 'answer_type'> & Partial<Question>,
): Question {
  return {
    question_tier: 3,
    help: null,
    unit: null,
    options: [],
    min: null,
    max: null,
    expected_min: null,
    expected_max: null,
    decimals: null,
    parts: [],
    with_text: false,
    text_label: null,
    compulsory: false,
    sdg_refs: [],
    sdg_tier: null,
    nua_paragraphs: null,
    source_hint: null,
    sort: 0,
    retired_at: null,
    version: 1,
    ...fields,
  };
}
