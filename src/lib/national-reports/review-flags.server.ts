import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { nationalReports, reportAnswers } from '../db/schema.ts';
import type { AppDeps } from '../deps.server.ts';
import { ApiError } from '../http/errors.server.ts';
import { wordIn } from '../i18n/api-messages.ts';
import { requestLanguage } from '../i18n/request-language.server.ts';
import { say } from '../i18n/said.ts';
import { readForm } from '../questionnaires/answers-route.server.ts';
import {
  outlierFlag,
  outlierStats,
  reviewFlags,
  reviewIndex,
  reviewNumber,
  type ReviewAnswer,
  type ReviewFlag,
} from '../questionnaires/review-rules.ts';
import type { Answer, AnswerValue, FormQuestion } from '../questionnaires/schema.ts';
import { nationalReportForm, type ReportKey } from './answers.server.ts';
import { previousAnswers } from './previous-answers.server.ts';
import type { ReportFlag } from './flags-schema.ts';
import type { ReportStatus } from './schema.ts';

/**
 * A national report's review flags (decision 078): the engine's review rules on its answers, its questions as the
 * report keeps them (a locked report keeps the rules it was checked against), and the same country's answers of the
 * previous cycle; for reviewers also the outliers among the cycle's submitted reports.
 */

/** The statuses whose answers the country has handed in: the population outliers are measured in. */
const HANDED_IN: readonly ReportStatus[] = ['submitted', 'accepted', 'published'];

/** The outliers among this report's figures: each against the cycle's handed-in answers to the same question. */
async function outliers(
  db: DbOrTx,
  year: number,
  asked: readonly { id: number; question: FormQuestion; value: AnswerValue }[],
): Promise<ReviewFlag[]> {
  if (asked.length === 0) return [];
  const rows = await db
    .select({ question: reportAnswers.questionId, value: reportAnswers.value })
    .from(reportAnswers)
    .innerJoin(nationalReports, eq(nationalReports.id, reportAnswers.reportId))
    .where(
      and(
        eq(nationalReports.year, year),
        inArray(nationalReports.status, [...HANDED_IN]),
        inArray(
          reportAnswers.questionId,
          asked.map((a) => a.id),
        ),
      ),
    );
  const values = new Map<number, number[]>();
  for (const row of rows) {
    if (typeof row.value !== 'number') continue;
    const list = values.get(row.question) ?? [];
    list.push(row.value);
    values.set(row.question, list);
  }
  return asked.flatMap(({ id, question, value }) => {
    const found = outlierFlag(question, value, outlierStats(values.get(id) ?? []));
    return found ? [found] : [];
  });
}

/** A flag as the API serves it: its message worded in the request's language, the answer's value and explanation. */
function served(flag: ReviewFlag, answer: Answer | undefined): ReportFlag {
  return {
    question_uuid: flag.question,
    question_code: flag.code,
    rule: flag.rule,
    // The body's own message is worded on the way out; the flags' in the data are worded here.
    message: wordIn(requestLanguage(), say(flag.message, flag.values)),
    values: flag.values,
    value: answer?.value ?? null,
    explanation: answer?.explanation ?? null,
  };
}

/**
 * Every flag of the report `key`, in the questions' order; with `outliers`, also the answers far from the other
 * countries' (the reviewer's). Null when there is no such report.
 */
export async function reportFlags(
  deps: Pick<AppDeps, 'db' | 'changes'>,
  key: ReportKey,
  options: { outliers: boolean },
): Promise<ReportFlag[] | null> {
  const read = await readForm(deps, nationalReportForm, key);
  if (!read) return null;
  const formQuestions = read.questions.map((q) => q.question);
  const index = reviewIndex(formQuestions);
  const byUuid = new Map(read.answers.map((a) => [a.question_uuid, a]));
  const reviewed = new Map<string, ReviewAnswer>(read.answers.map((a) => [a.question_uuid, a]));
  const previous = await previousAnswers(deps.db, key);
  const flags = reviewFlags(index, reviewed, previous.values);
  if (options.outliers) {
    const figures = read.questions.flatMap((q) => {
      const value = byUuid.get(q.question.uuid)?.value ?? null;
      return reviewNumber(q.question, value) === null ? [] : [{ id: q.id, question: q.question, value }];
    });
    flags.push(...(await outliers(deps.db, key.year, figures)));
  }
  const order = new Map(formQuestions.map((q, i) => [q.uuid, i]));
  flags.sort((a, b) => order.get(a.question)! - order.get(b.question)!);
  return flags.map((flag) => served(flag, byUuid.get(flag.question)));
}

/**
 * The rules whose flags must be explained before a report is submitted. An answer outside its expected range was
 * saved with a warning long before these rules, and reports were submitted with such warnings: it stays a warning
 * (listed for the reviewer with any explanation given), as decision 078 says.
 */
const EXPLAIN_BEFORE_SUBMISSION: readonly ReviewFlag['rule'][] = ['expected_change', 'compare', 'required_if'];

/**
 * Before a report is submitted (decision 078): every answer flagged by a rule of EXPLAIN_BEFORE_SUBMISSION needs its
 * explanation. 409 naming each answer that lacks one (`errors`, by `answers.<code>.explanation`), else nothing.
 */
export async function requireExplainedFlags(deps: Pick<AppDeps, 'db' | 'changes'>, key: ReportKey): Promise<void> {
  const flags = (await reportFlags(deps, key, { outliers: false })) ?? [];
  const unexplained = flags.filter((flag) => EXPLAIN_BEFORE_SUBMISSION.includes(flag.rule) && !flag.explanation);
  if (unexplained.length === 0) return;
  const errors: Record<string, string[]> = {};
  for (const flag of unexplained) (errors[`answers.${flag.question_code}.explanation`] ??= []).push(flag.message);
  const codes = [...new Set(unexplained.map((flag) => flag.question_code))];
  throw new ApiError(
    409,
    say(
      '{count, plural, one {One flagged answer needs} other {# flagged answers need}} an explanation before the ' +
        'report is submitted: {codes}',
      {
        count: codes.length,
        codes: codes.join(', '),
      },
    ),
    errors,
  );
}
