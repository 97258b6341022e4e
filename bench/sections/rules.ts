/**
 * The review rules of the form engine (issue 34, decision 078): the data-entry kit checks every answer of the form as
 * the person types, so the check of a whole form must add no wait. A form of 300 numeric questions, each with an
 * expected range, an expected change and a comparison or "required if" check, answered and with a previous cycle's
 * answers: the time per answer of `reviewFlags` over the whole form, target under 1 ms per answer.
 */
import { formQuestion } from '../../src/lib/questionnaires/form-question.ts';
import { reviewFlags, reviewIndex, type ReviewAnswer } from '../../src/lib/questionnaires/review-rules.ts';
import type { AnswerValue, FormQuestion } from '../../src/lib/questionnaires/schema.ts';
import type { BenchContext, SectionReport } from '../lib/context.ts';

const QUESTIONS = 300;
/** The kit's budget per answer (the issue: "no added wait while typing"). */
const TARGET_MS_PER_ANSWER = 1;

function form(): { questions: FormQuestion[]; answers: Map<string, ReviewAnswer>; previous: Map<string, AnswerValue> } {
  const questions: FormQuestion[] = [];
  const answers = new Map<string, ReviewAnswer>();
  const previous = new Map<string, AnswerValue>();
  for (let i = 0; i < QUESTIONS; i++) {
    const code = `Q${String(i + 1).padStart(3, '0')}`;
    const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const other = `Q${String(((i + 7) % QUESTIONS) + 1).padStart(3, '0')}`;
    questions.push(
      formQuestion({
        uuid,
        code,
        text: code,
        answer_type: 'num',
        expected_min: 0,
        expected_max: 1000,
        expected_change: 0.5,
        checks: i % 2 === 0 ? [{ kind: 'compare', op: 'lte', other }] : [{ kind: 'required_if', other, equals: 5 }],
      }),
    );
    answers.set(uuid, { value: (i * 37) % 1200, text: null });
    previous.set(uuid, (i * 53) % 900);
  }
  return { questions, answers, previous };
}

export async function rulesSection(ctx: BenchContext): Promise<SectionReport> {
  const { questions, answers, previous } = form();
  const index = reviewIndex(questions);
  let flags = 0;
  for (let i = 0; i < 50; i++) flags = reviewFlags(index, answers, previous).length;
  const runs = 500;
  const started = performance.now();
  for (let i = 0; i < runs; i++) reviewFlags(index, answers, previous);
  const perForm = (performance.now() - started) / runs;
  const perAnswerUs = (perForm * 1000) / QUESTIONS;
  const indexStarted = performance.now();
  for (let i = 0; i < 100; i++) reviewIndex(questions);
  const indexMs = (performance.now() - indexStarted) / 100;
  ctx.log(`review rules: ${perAnswerUs.toFixed(2)} µs per answer, ${flags} flags in a form of ${QUESTIONS}`);
  const missed = perAnswerUs / 1000 >= TARGET_MS_PER_ANSWER;
  return {
    section: 'rules',
    title: 'Review rules in the browser and on the server (issue 34)',
    notes: [
      `A form of ${QUESTIONS} numeric questions, each with an expected range, an expected change and one check, all` +
        ` answered, with the previous cycle's answers; reviewFlags over the whole form, ${runs} runs.`,
    ],
    setup: { questions: QUESTIONS, flags, perFormMs: perForm, indexMs },
    rows: [],
    tables: [
      {
        title: 'Review rules',
        header: ['measure', 'value', 'target'],
        rows: [
          [
            'review rules, 300 answers: per answer',
            `${perAnswerUs.toFixed(2)} µs`,
            `< ${TARGET_MS_PER_ANSWER * 1000} µs`,
          ],
          ['review rules, 300 answers: whole form', `${perForm.toFixed(3)} ms`, ''],
          ['index of 300 questions (once per form)', `${indexMs.toFixed(3)} ms`, ''],
        ],
      },
    ],
    misses: missed ? [`review rules: ${perAnswerUs.toFixed(1)} µs per answer (target < 1 ms)`] : [],
  };
}
