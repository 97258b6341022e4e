import { describe, expect, it } from 'vitest';
import { completeness, formatAnswer, isAnswered } from '../../../lib/questionnaires/engine.ts';
import { printedAnswer } from '../../../lib/national-reports/printed-answer.ts';
import type { Answer } from '../../../lib/questionnaires/schema.ts';
import { formQuestionOf, type Question } from '../../../lib/national-reports/question-schema.ts';
import { testQuestion } from '../../../../tests/support/questions.ts';
import { questionsIn } from '../questionnaire/form-views.ts';
import { storedAnswer, testForm } from './form-fixtures.ts';

/**
 * One rule says whether a question is answered (decision 060): the form on screen (its
 * completeness and its "unanswered" filter), the stored completeness, and the printed report
 * (preview and PDF, through printedAnswer) agree, for a choice described in words with no option
 * ticked as for the rest.
 */

const OPTIONS = [
  { value: 'registration', label: 'Simpler business registration' },
  { value: 'credit', label: 'Access to credit' },
];
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const questions: Question[] = [
  testQuestion({
    uuid: uuid(1),
    code: 'Q15',
    answer_type: 'multi',
    options: OPTIONS,
    with_text: true,
    text_label: 'Describe the main measures',
    sort: 1,
  }),
  testQuestion({ uuid: uuid(2), code: 'Q33', answer_type: 'yn', with_text: true, sort: 2 }),
  testQuestion({ uuid: uuid(3), code: 'Q04', answer_type: 'pct', with_text: true, sort: 3 }),
  testQuestion({ uuid: uuid(4), code: 'Q32', answer_type: 'multi', options: OPTIONS, sort: 4 }),
  testQuestion({ uuid: uuid(5), code: 'Q28', answer_type: 'txt', sort: 5 }),
  testQuestion({ uuid: uuid(6), code: 'Q38', answer_type: 'multi', options: OPTIONS, with_text: true, sort: 6 }),
];

const stored = (question: Question, fields: Partial<Answer>) => storedAnswer(question.uuid, fields);

/**
 * Q15: a description, no option ticked · Q33: a description, neither yes nor no · Q04: a figure's details without the
 * figure · Q32: [] · Q28: a narrative · Q38: ticked and described.
 */
const answers: Answer[] = [
  stored(questions[0]!, {
    value: [],
    text: 'Business registration was simplified in 2021 and a microcredit fund opened.',
  }),
  stored(questions[1]!, { text: 'The National Urban Mobility Policy (2020) covers every city above 500,000.' }),
  stored(questions[2]!, { text: 'No survey since 2018.' }),
  stored(questions[3]!, { value: [] }),
  stored(questions[4]!, { value: 'Provinces share planning powers with cities.' }),
  stored(questions[5]!, { value: ['credit'], text: 'Da Nang, 2023' }),
];
const EXPECTED = [true, true, false, false, true, true];

describe('the answered rule, the same on screen, in completeness and in print', () => {
  it('counts a choice described in words as answered, a figure only with its number', () => {
    expect(questions.map((q, i) => isAnswered(q, answers[i]))).toEqual(EXPECTED);
    expect(completeness(questions.map(formQuestionOf), answers, { dataYearMax: 2026 })).toMatchObject({
      answered: 4,
      total: 6,
      invalid: 0,
    });
  });

  it('the form on screen counts and filters by it', () => {
    const form = testForm({
      questions: questions.map(formQuestionOf),
      answers,
      transport: async () => ({ kind: 'offline', message: 'offline' }),
      onSaved: () => {},
    });
    expect(form.$completeness.get()).toMatchObject({ answered: 4, total: 6 });
    form.setFilters({ show: 'unanswered' });
    const unanswered = questionsIn(form.$groups.get()).map((q) => q.code);
    expect(unanswered).toEqual(questions.filter((_, i) => !EXPECTED[i]).map((q) => q.code));
  });

  it('the printed report says "Not answered" exactly where the others do, and prints the description', () => {
    const printed = questions.map((q, i) => printedAnswer(q, answers[i]!, formatAnswer));
    expect(printed.map((p) => p.answered)).toEqual(EXPECTED);
    expect(printed[0]).toEqual({ answered: true, value: '', description: answers[0]!.text });
    expect(printed[5]).toEqual({ answered: true, value: 'Access to credit', description: 'Da Nang, 2023' });
    expect(printedAnswer(questions[0]!, null, formatAnswer)).toEqual({ answered: false, value: '', description: null });
  });
});
