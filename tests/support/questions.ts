import { formQuestionOf, type Question } from '../../src/lib/national-reports/question-schema.ts';
import type { FormQuestion } from '../../src/lib/questionnaires/schema.ts';

/**
 * A national-report question for unit tests of the engine's users (form store, question form):
 * an optional tier-2 percentage of subcategory 1.1 with no limits, changed by `patch`.
 */
export function testQuestion(patch: Partial<Question> = {}): Question {
  const code = patch.code ?? 'Q01';
  return {
    uuid: '00000000-0000-4000-8000-000000000001',
    code,
    thrust: 'TC1',
    subcategory: '1.1',
    question_tier: 2,
    text: `Question ${code}`,
    help: null,
    answer_type: 'pct',
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
    sdg_refs: [],
    sdg_tier: null,
    nua_paragraphs: null,
    source_hint: null,
    sort: 0,
    retired_at: null,
    version: 1,
    ...patch,
  };
}

/** `testQuestion` as the engine and the data-entry kit read it (a form question). */
export function testFormQuestion(patch: Partial<Question> = {}): FormQuestion {
  return formQuestionOf(testQuestion(patch));
}
