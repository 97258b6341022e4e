import { formSectionsOf, type Question } from '../../../lib/national-reports/question-schema.ts';
import type { Answer, FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { testFormQuestion } from '../../../../tests/support/questions.ts';
import { createQuestionnaireForm } from '../questionnaire/form-store.ts';
import type { QuestionnaireFormOptions } from '../questionnaire/form-types.ts';
import { memoryStorage } from '../questionnaire/storage.ts';

/**
 * For the unit tests of the national report's questionnaire form (the form store, its autosave,
 * the answered rule): questions, stored answers and a form kept in memory.
 */

/**
 * Makes numbered questions, Q01, Q02 … each with a uuid of its own, `patch` laid over each; one
 * maker a test file (test files share a worker's modules, so the count is not kept here).
 */
export function numberedQuestions(): (patch: Partial<Question>) => FormQuestion {
  let n = 0;
  return (patch) => {
    n++;
    return testFormQuestion({
      uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      code: `Q${String(n).padStart(2, '0')}`,
      text: `Question ${n}`,
      sort: n,
      ...patch,
    });
  };
}

/** An answer as the server keeps it: saved, version 1, nothing filled in but `fields`. */
export function storedAnswer(question_uuid: string, fields: Partial<Answer> = {}): Answer {
  return {
    question_uuid,
    value: null,
    text: null,
    data_year: null,
    source: null,
    comment: null,
    state: 'saved',
    warnings: [],
    version: 1,
    updated_at: '2026-03-01T10:00:00Z',
    updated_by: null,
    ...fields,
  };
}

/** One thrust with one subcategory, where every question of `testFormQuestion` sits. */
export const ONE_SUBCATEGORY = formSectionsOf(
  [{ code: 'TC1', name: 'Social inclusion', nua_paragraphs: null, sort: 1 }],
  [{ code: '1.1', thrust: 'TC1', name: 'Ending poverty', sort: 1 }],
);

/**
 * A form for the year 2026 that keeps its drafts in memory, starts with no answers, is not locked
 * and does not try a failed send again by itself (the test does); `options` say the rest.
 */
export function testForm<Extra>(
  options: Pick<QuestionnaireFormOptions<Extra>, 'questions' | 'transport'> & Partial<QuestionnaireFormOptions<Extra>>,
) {
  return createQuestionnaireForm<Extra>({
    storageKey: 'drafts:u1:PH-2026',
    storage: memoryStorage(),
    answers: [],
    sections: ONE_SUBCATEGORY,
    dataYearMax: 2026,
    lockedMessage: null,
    retryDelay: () => null,
    ...options,
  });
}
