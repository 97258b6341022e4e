import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  CycleListResponseSchema,
  SaveAnswersResponseSchema,
  AnswersConflictResponseSchema,
} from '../../src/lib/national-reports/schema.ts';
import { type Completeness } from '../../src/lib/questionnaires/schema.ts';
import { QuestionResponseSchema, type Question } from '../../src/lib/national-reports/question-schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { openCycle, questionsByCode, saveAnswers, viewReport } from '../support/national-reports.ts';

/**
 * The questionnaire engine's save beyond one request at a time: saves arriving together run in one
 * transaction and each keeps its own outcome; the stored completeness, kept incrementally, stays
 * what a full count says across question edits, retirements and restorations.
 */
const ctx = await createTestContext();
const YEAR = 2026;
let admin: TestUser;
let ph: TestUser;
let th: TestUser;
let vn: TestUser;
let questions: Map<string, Question>;
const uuid = (code: string) => questions.get(code)!.uuid;
const answer = (code: string, value: unknown, extra: Record<string, unknown> = {}) => ({
  question_uuid: uuid(code),
  value,
  source: 'National statistics office',
  data_year: 2024,
  ...extra,
});

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  ph = await createUser(ctx, { role: 'state_member', country: 'PH' });
  th = await createUser(ctx, { role: 'state_member', country: 'TH' });
  vn = await createUser(ctx, { role: 'state_member', country: 'VN' });
  await openCycle(ctx, admin, { year: YEAR });
  questions = await questionsByCode(ctx, ph);
});

/** The completeness the report lists show (stored), the view's (counted from every answer) must agree. */
async function storedCompleteness(user: TestUser): Promise<Completeness | undefined> {
  const cycles = await expectJson(
    await ctx.request('/api/report/type/national/cycles', { token: user.token }),
    200,
    CycleListResponseSchema,
  );
  return cycles.data.find((c) => c.year === YEAR)?.report?.completeness;
}

describe('saves arriving together', () => {
  test('run in shared transactions, and each keeps its own outcome: 200, 400, 403, 409', async () => {
    // Signed in once before: on PGlite a first lookup of a person would wait for the open transaction.
    for (const user of [ph, th, vn, admin])
      expect((await ctx.request('/api/whoami', { token: user.token })).status).toBe(200);
    const transactions: unknown[] = [];
    // The first save's transaction is held open a moment, so the others arrive while it runs.
    const stop = ctx.deps.changes.inTransaction('probe', { types: ['report.answers.saved'] }, async (_, tx) => {
      transactions.push(tx);
      if (transactions.length === 1) await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const save = (user: TestUser, country: string, answers: unknown[]) =>
      saveAnswers(ctx, user, YEAR, country, answers);
    const responses = await Promise.all([
      save(ph, 'PH', [answer('Q07', 10)]),
      save(ph, 'PH', [answer('Q11', 50)]),
      save(ph, 'PH', [answer('Q17', 3.5, { version: 4 })]),
      save(ph, 'PH', [answer('Q23', 5000)]),
      save(th, 'TH', [answer('Q07', 20)]),
      save(th, 'TH', [answer('Q07', 21)]),
      save(admin, 'PH', [answer('Q31', 20)]),
      save(vn, 'VN', [answer('Q07', 30), answer('Q11', 40)]),
      save(vn, 'VN', [answer('Q17', 1, { version: 2 })]),
    ]);
    stop();
    const [first, second, stale, invalid, thFirst, thSecond, byAdmin, vnBoth, vnStale] = responses;
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(200);
    expect((await expectJson(stale!, 409, AnswersConflictResponseSchema)).current).toEqual([]);
    await expectError(invalid!, 400, { fields: ['answers.0.value'] });
    await expectError(byAdmin!, 403);
    expect((await expectJson(vnBoth!, 200, SaveAnswersResponseSchema)).data.answers.map((a) => a.value)).toEqual([
      30, 40,
    ]);
    expect(vnStale!.status).toBe(409);
    // Two first answers to one question: one is saved, the other finds it (409 with it).
    const pair = [thFirst!, thSecond!];
    expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
    const conflict = await expectJson(
      pair.find((r) => r.status === 409)!,
      409,
      AnswersConflictResponseSchema,
    );
    expect(conflict.current).toMatchObject([{ question_uuid: uuid('Q07'), version: 1 }]);
    // Four saves wrote answers, in fewer transactions than saves.
    expect(transactions).toHaveLength(4);
    expect(new Set(transactions).size).toBeLessThan(4);

    const view = await viewReport(ctx, ph, YEAR, 'PH');
    expect(view.answers.map((a) => a.question_uuid).sort()).toEqual([uuid('Q07'), uuid('Q11')].sort());
    expect(view.report.status).toBe('in_progress');
    expect(view.report.completeness.answered).toBe(2);
    expect(await storedCompleteness(ph)).toEqual(view.report.completeness);
    const history = await ctx.request(`/api/report/type/national/${YEAR}/PH/history?question=${uuid('Q07')}`, {
      token: ph.token,
    });
    expect(((await history.json()) as { data: unknown[] }).data).toHaveLength(1);
    // The report started once, with one audit event of it.
    expect(view.report.events.filter((e) => e.action === 'start')).toHaveLength(1);
  });
});

describe('completeness kept incrementally', () => {
  async function expectAgreement(saved: Response) {
    const body = await expectJson(saved, 200, SaveAnswersResponseSchema);
    const view = await viewReport(ctx, vn, YEAR, 'VN');
    expect(body.data.report.completeness).toEqual(view.report.completeness);
    expect(await storedCompleteness(vn)).toEqual(view.report.completeness);
    return view.report.completeness;
  }
  const edit = async (code: string, fields: Record<string, unknown>) => {
    const current = (await questionsByCode(ctx, admin)).get(code)!;
    return (
      await expectJson(
        await ctx.request('/api/question/saved', {
          token: admin.token,
          json: { uuid: current.uuid, version: current.version, ...fields },
        }),
        200,
        QuestionResponseSchema,
      )
    ).data;
  };
  const retire = async (code: string, retired: boolean) => {
    const all = await expectJson(
      await ctx.request('/api/question/list?include_retired=true', { token: admin.token }),
      200,
      z.object({ data: z.array(QuestionResponseSchema.shape.data) }).loose(),
    );
    const q = all.data.find((item) => item.code === code)!;
    expect(
      (
        await ctx.request(`/api/question/retire/${q.uuid}`, {
          token: admin.token,
          json: { version: q.version, retired },
        })
      ).status,
    ).toBe(200);
  };
  const current = async (code: string) =>
    (await viewReport(ctx, vn, YEAR, 'VN')).answers.find((a) => a.question_uuid === uuid(code));
  const saveVn = async (code: string, value: unknown) => {
    const before = await current(code);
    return saveAnswers(ctx, vn, YEAR, 'VN', [answer(code, value, before ? { version: before.version } : {})]);
  };

  test('across question edits, retirements and restorations, every save agrees with a full count', async () => {
    await expectAgreement(await saveVn('Q17', 12.25));
    await expectAgreement(await saveVn('Q36', 7));
    // A hard limit below the answer: it becomes invalid in the stored completeness at once.
    await edit('Q17', { max: 5 });
    const afterEdit = (await viewReport(ctx, vn, YEAR, 'VN')).report.completeness;
    expect(afterEdit.invalid).toBe(1);
    expect(await storedCompleteness(vn)).toEqual(afterEdit);
    await expectAgreement(await saveVn('Q31', 20));
    // Retired: Q36 stays in this form (answered), Q35 leaves it.
    await retire('Q36', true);
    await retire('Q35', true);
    const retiredTotal = (await expectAgreement(await saveVn('Q31', 21))).total;
    expect(retiredTotal).toBe(afterEdit.total - 1);
    await retire('Q35', false);
    expect((await expectAgreement(await saveVn('Q31', 22))).total).toBe(afterEdit.total);
    // Corrected: no longer invalid.
    expect((await expectAgreement(await saveVn('Q17', 4.5))).invalid).toBe(0);
    await retire('Q36', false);
    await edit('Q17', { max: null });
  });

  test(
    'a stored completeness without its basis (reports ' + 'from before the engine kept one) is counted again',
    async () => {
      await ctx.deps.db.execute(sql`
      update national_reports set completeness_basis = null,
        completeness =
          '{"answered":37,"total":38,"compulsory_total":1,"compulsory_answered":1,"invalid":0,"pct":97}'::jsonb
      where year = ${YEAR} and country_code = 'VN'`);
      const view = await viewReport(ctx, vn, YEAR, 'VN');
      const counted = await expectAgreement(await saveVn('Q31', 23));
      expect(counted).toEqual(view.report.completeness);
    },
  );
});
