import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { nationalReports, questions as questionRows, reportAnswers } from '../../src/lib/db/schema.ts';
import { ReportFlagsResponseSchema } from '../../src/lib/national-reports/flags-schema.ts';
import { QuestionResponseSchema, type Question } from '../../src/lib/national-reports/question-schema.ts';
import { SaveAnswersResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { FormAnswersReadResponseSchema } from '../../src/lib/questionnaires/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import {
  closeCycle,
  completedReport,
  openCycle,
  pdfBytes,
  questionsByCode,
  saveAnswers,
  updateReport,
  upload,
  viewReport,
} from '../support/national-reports.ts';

/**
 * Review with evidence (issue 34 item 4, decision 078): a question's expected change and checks, saved and checked;
 * the answer's explanation; the submission refused while a flag lacks one; the reviewer's list of flags with the
 * outliers among the cycle's submitted reports; a closed cycle keeps the rules it was checked against.
 */
const ctx = await createTestContext();
const PREVIOUS = 2025;
const SOURCE = 'National statistics office';
const YEAR = 2026;
const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
const phMember = await createUser(ctx, { role: 'state_member', country: 'PH' });
const vnMember = await createUser(ctx, { role: 'state_member', country: 'VN' });
await openCycle(ctx, admin, { year: PREVIOUS });
await openCycle(ctx, admin, { year: YEAR });
let byCode = await questionsByCode(ctx, admin);
const uuidOf = (code: string) => byCode.get(code)!.uuid;

/** A report handed in (its previous-cycle answers count only then); the workflow's own steps are tested elsewhere. */
async function handIn(year: number, country: string) {
  await ctx.deps.db
    .update(nationalReports)
    .set({ status: 'submitted' })
    .where(and(eq(nationalReports.year, year), eq(nationalReports.countryCode, country)));
}

const flagsOf = async (user: TestUser, year: number, country: string) =>
  (
    await expectJson(
      await ctx.request(`/api/report/type/national/${year}/${country}/flags`, { token: user.token }),
      200,
      ReportFlagsResponseSchema,
    )
  ).data;

const saveQuestion = (body: Record<string, unknown>) =>
  ctx.request('/api/question/saved', { token: admin.token, json: body });

async function saved(question: Question, patch: Record<string, unknown>): Promise<Question> {
  const response = await saveQuestion({ uuid: question.uuid, version: question.version, ...patch });
  const body = await expectJson(response, 200, QuestionResponseSchema);
  byCode = await questionsByCode(ctx, admin);
  return body.data;
}

async function expect400(patch: Record<string, unknown>, field: string) {
  const q = byCode.get('Q03')!;
  const response = await saveQuestion({ uuid: q.uuid, version: q.version, ...patch });
  const text = await response.text();
  expect(response.status, text).toBe(400);
  expect(Object.keys((JSON.parse(text) as { errors: Record<string, string[]> }).errors), text).toContain(field);
}

// Q01 gets the expected change the tests check (the demo's rules are on other questions).
await saved(byCode.get('Q01')!, { expected_change: 0.5 });

describe('a question’s review rules', () => {
  test('are saved with the question and served with it', async () => {
    const q = await saved(byCode.get('Q03')!, {
      expected_change: 0.25,
      checks: [{ kind: 'compare', op: 'lte', other: 'Q04' }],
    });
    expect(q.expected_change).toBe(0.25);
    expect(q.checks).toEqual([{ kind: 'compare', op: 'lte', other: 'Q04' }]);
    // The seeded demo rules are the engine's shape too.
    expect(byCode.get('Q09')!.checks).toEqual([{ kind: 'compare', op: 'lte', other: 'Q08' }]);
  });

  test('naming a question the form does not have, or itself, is a 400 on the check', async () => {
    await expect400({ checks: [{ kind: 'compare', op: 'lte', other: 'Q99' }] }, 'checks.0.other');
    await expect400({ checks: [{ kind: 'compare', op: 'lte', other: 'Q03' }] }, 'checks.0.other');
  });

  test('a comparison with a question that is no figure, or a value the other cannot have, is a 400', async () => {
    await expect400({ checks: [{ kind: 'compare', op: 'gt', other: 'Q02' }] }, 'checks.0.other');
    await expect400({ checks: [{ kind: 'required_if', other: 'Q02', equals: 'maybe' }] }, 'checks.0.equals');
    await expect400({ checks: [{ kind: 'compare', op: 'about', other: 'Q04' }] }, 'checks.0.op');
    await expect400({ expected_change: -0.5 }, 'expected_change');
    await expect400({ checks: [{ kind: 'sometimes', other: 'Q04' }] }, 'checks.0.kind');
  });
});

describe('an answer’s explanation', () => {
  test('is saved through the answers route and served back, bounded', async () => {
    const response = await saveAnswers(ctx, phMember, YEAR, 'PH', [
      { question_uuid: uuidOf('Q08'), value: 60, source: SOURCE },
      { question_uuid: uuidOf('Q09'), value: 70, source: SOURCE, explanation: 'Sanitation is from the 2024 census' },
    ]);
    const body = await expectJson(response, 200, SaveAnswersResponseSchema);
    expect(body.data.answers[1]!.explanation).toBe('Sanitation is from the 2024 census');
    const read = await expectJson(
      await ctx.request(`/api/forms/national-report/${YEAR}-PH/answers`, { token: phMember.token }),
      200,
      FormAnswersReadResponseSchema,
    );
    expect(read.data.answers.find((a) => a.question_uuid === uuidOf('Q09'))!.explanation).toBe(
      'Sanitation is from the 2024 census',
    );
    const view = await viewReport(ctx, phMember, YEAR, 'PH');
    const q09 = view.answers.find((a) => a.question_uuid === uuidOf('Q09'))!;
    const tooLong = await saveAnswers(ctx, phMember, YEAR, 'PH', [
      { question_uuid: uuidOf('Q09'), version: q09.version, explanation: 'x'.repeat(1001) },
    ]);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty(
      'answers.0.explanation',
    );
  });

  test('the form’s load brings the previous handed-in cycle’s answers (the expected change offline)', async () => {
    expect(
      (await saveAnswers(ctx, phMember, PREVIOUS, 'PH', [{ question_uuid: uuidOf('Q01'), value: 20, source: SOURCE }]))
        .status,
    ).toBe(200);
    await handIn(PREVIOUS, 'PH');
    const view = await viewReport(ctx, phMember, YEAR, 'PH');
    expect(view.previous?.year).toBe(PREVIOUS);
    expect(view.previous?.answers).toContainEqual({ question_uuid: uuidOf('Q01'), value: 20 });
  });
});

describe('the flags of a report', () => {
  test('list each flag with its message, value and explanation; no outliers for the country', async () => {
    expect(
      (await saveAnswers(ctx, phMember, YEAR, 'PH', [{ question_uuid: uuidOf('Q01'), value: 45, source: SOURCE }]))
        .status,
    ).toBe(200);
    const flags = await flagsOf(phMember, YEAR, 'PH');
    const change = flags.find((f) => f.question_code === 'Q01')!;
    expect(change).toMatchObject({ rule: 'expected_change', value: 45, explanation: null });
    expect(change.values).toMatchObject({ previous: 20, change: 125, limit: 50 });
    expect(change.message).toBe('45 differs from the previous answer (20) by 125 %, more than the expected ±50 %');
    const compare = flags.find((f) => f.question_code === 'Q09')!;
    expect(compare).toMatchObject({ rule: 'compare', explanation: 'Sanitation is from the 2024 census', value: 70 });
    expect(flags.some((f) => f.rule === 'outlier')).toBe(false);
  });

  test('are worded in the request’s language', async () => {
    const response = await ctx.request(`/api/report/type/national/${YEAR}/PH/flags`, {
      token: phMember.token,
      headers: { 'accept-language': 'fr' },
    });
    const flags = (await expectJson(response, 200, ReportFlagsResponseSchema)).data;
    expect(flags.find((f) => f.question_code === 'Q09')!.message).toContain('devrait être au plus égal à');
  });

  test('another country is a 403, a report not there a 404', async () => {
    expect((await ctx.request(`/api/report/type/national/${YEAR}/PH/flags`, { token: vnMember.token })).status).toBe(
      403,
    );
    expect((await ctx.request(`/api/report/type/national/2031/PH/flags`, { token: admin.token })).status).toBe(404);
    expect((await ctx.request(`/api/report/type/national/${YEAR}/PH/flags`)).status).toBe(401);
  });
});

describe('submission', () => {
  test('is refused while a flagged answer lacks its explanation, naming it; allowed once explained', async () => {
    const th = await createUser(ctx, { role: 'state_member', country: 'TH' });
    expect(
      (await saveAnswers(ctx, th, PREVIOUS, 'TH', [{ question_uuid: uuidOf('Q01'), value: 40, source: SOURCE }]))
        .status,
    ).toBe(200);
    await handIn(PREVIOUS, 'TH');
    // Every compulsory answer is 10: Q01 falls by 75 % from the previous cycle's 40.
    const { uuid, stateAdmin } = await completedReport(ctx, YEAR, 'TH', byCode);
    const refused = await upload(ctx, stateAdmin, uuid, pdfBytes());
    const body = (await refused.json()) as { message: string; errors: Record<string, string[]> };
    expect(refused.status, JSON.stringify(body)).toBe(409);
    expect(Object.keys(body.errors)).toEqual(['answers.Q01.explanation']);
    expect(body.message).toContain('Q01');

    let { report, answers } = await viewReport(ctx, th, YEAR, 'TH');
    expect((await updateReport(ctx, th, YEAR, 'TH', { version: report.version, action: 'reopen' })).status).toBe(200);
    const q01 = answers.find((a) => a.question_uuid === uuidOf('Q01'))!;
    const explained = await saveAnswers(ctx, th, YEAR, 'TH', [
      { question_uuid: uuidOf('Q01'), version: q01.version, explanation: 'A new survey method since 2024' },
    ]);
    expect(explained.status).toBe(200);
    ({ report, answers } = await viewReport(ctx, th, YEAR, 'TH'));
    expect((await updateReport(ctx, th, YEAR, 'TH', { version: report.version, action: 'complete' })).status).toBe(200);
    const accepted = await upload(ctx, stateAdmin, uuid, pdfBytes());
    expect(accepted.status, await accepted.clone().text()).toBe(200);
  });
});

describe('outliers', () => {
  test('among the cycle’s submitted answers are the reviewer’s only', async () => {
    const { db } = ctx.deps;
    const countries = ['ID', 'MY', 'LA', 'KH', 'MM', 'BD'];
    const values = [30, 31, 32, 33, 34, 95];
    const [q10] = await db.select({ id: questionRows.id }).from(questionRows).where(eq(questionRows.code, 'Q10'));
    const reports = await db
      .select({ id: nationalReports.id, country: nationalReports.countryCode })
      .from(nationalReports)
      .where(and(eq(nationalReports.year, YEAR), inArray(nationalReports.countryCode, countries)));
    expect(reports).toHaveLength(countries.length);
    for (const report of reports) {
      await db
        .insert(reportAnswers)
        .values({ reportId: report.id, questionId: q10!.id, value: values[countries.indexOf(report.country)]! });
      await db.update(nationalReports).set({ status: 'submitted' }).where(eq(nationalReports.id, report.id));
    }
    const bdMember = await createUser(ctx, { role: 'state_member', country: 'BD' });
    const reviewer = await flagsOf(admin, YEAR, 'BD');
    expect(reviewer.find((f) => f.rule === 'outlier')).toMatchObject({ question_code: 'Q10', value: 95 });
    // Thailand's report, submitted above with 10, counts among them: 10, 30–34, 95.
    expect(reviewer.find((f) => f.rule === 'outlier')!.values['median']).toBe(32);
    expect((await flagsOf(bdMember, YEAR, 'BD')).some((f) => f.rule === 'outlier')).toBe(false);
    // 34 is within the others' spread.
    expect((await flagsOf(admin, YEAR, 'MM')).some((f) => f.rule === 'outlier')).toBe(false);
  });
});

describe('a closed cycle', () => {
  test('keeps the rules its answers were checked against', async () => {
    const lk = await createUser(ctx, { role: 'state_member', country: 'LK' });
    const figures = [
      { question_uuid: uuidOf('Q08'), value: 50, source: SOURCE },
      { question_uuid: uuidOf('Q09'), value: 55, source: SOURCE },
    ];
    expect((await saveAnswers(ctx, lk, PREVIOUS, 'LK', figures)).status).toBe(200);
    expect((await saveAnswers(ctx, lk, YEAR, 'LK', figures)).status).toBe(200);
    expect((await flagsOf(admin, PREVIOUS, 'LK')).map((f) => f.question_code)).toContain('Q09');
    expect((await flagsOf(admin, YEAR, 'LK')).map((f) => f.question_code)).toContain('Q09');
    await closeCycle(ctx, admin, PREVIOUS);
    // The rule is dropped: the open cycle no longer flags Q09, the closed one still does.
    await saved(byCode.get('Q09')!, { checks: [] });
    expect((await flagsOf(admin, YEAR, 'LK')).some((f) => f.question_code === 'Q09')).toBe(false);
    const closed = await flagsOf(admin, PREVIOUS, 'LK');
    expect(closed.find((f) => f.question_code === 'Q09')).toMatchObject({ rule: 'compare', value: 55 });
  });
});
