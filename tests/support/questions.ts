import { plainQuestion } from '../../src/lib/questionnaires/plain-question.ts';
import type { Question } from '../../src/lib/questionnaires/schema.ts';

/**
 * A questionnaire question for unit tests of the engine's users (form store, question form):
 * an optional tier-2 percentage of subcategory 1.1 with no limits, changed by `patch`.
 */
export function testQuestion(patch: Partial<Question> = {}): Question {
  const code = patch.code ?? 'Q01';
  return plainQuestion({
    uuid: '00000000-0000-4000-8000-000000000001',
    code,
    thrust: 'TC1',
    subcategory: '1.1',
    question_tier: 2,
    text: `Question ${code}`,
    answer_type: 'pct',
    ...patch,
  });
}
