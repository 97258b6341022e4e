import type { FormQuestion } from './schema.ts';

/**
 * A form question written in code (a form's fixed catalogue, a test): the fields that name it,
 * and the rest as an optional question with no limits, choices, parts, rules or tags.
 */
export function formQuestion(
  fields: Pick<FormQuestion, 'uuid' | 'code' | 'text' | 'answer_type'> & Partial<FormQuestion>,
): FormQuestion {
  return {
    section: null,
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
    expected_change: null,
    checks: [],
    compulsory: false,
    source_required: false,
    source_hint: null,
    tags: [],
    sort: 0,
    retired_at: null,
    version: 1,
    ...fields,
  };
}
