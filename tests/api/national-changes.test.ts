import { beforeAll, describe, expect, test } from 'vitest';
import { ReportChangesResponseSchema } from '../../src/lib/national-reports/changes-schema.ts';
import type { Question } from '../../src/lib/national-reports/question-schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import {
  compulsoryAnswers,
  openCycle,
  pdfBytes,
  questionsByCode,
  saveAnswers,
  updateReport,
  upload,
  viewReport,
} from '../support/national-reports.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * Issue 34 item 3: what a country changed since its report was returned, since it was submitted,
 * and against its report of the previous cycle (decision 077).
 */

const ctx = await createTestContext();
const PREVIOUS = 2051;
const YEAR = 2052;
const BASE = '/api/report/type/national';

let admin: TestUser;
let phAdmin: TestUser;
let phMember: TestUser;
let thMember: TestUser;
let questions: Map<string, Question>;
/** Three compulsory questions of one number each, and one text question. */
let [qa, qb, qc, qd]: Question[] = [];
let qText: Question;

/** The compulsory answers, each figure inside its question's expected range (no flag to explain at submission). */
function expectedAnswers(questions: Map<string, Question>) {
  const inside = (q: Question, v: unknown) =>
    typeof v === 'number' ? Math.min(Math.max(v, q.expected_min ?? v), q.expected_max ?? v) : v;
  return compulsoryAnswers(questions.values()).map((a) => {
    const q = [...questions.values()].find((x) => x.uuid === a.question_uuid)!;
    const value =
      a.value && typeof a.value === 'object'
        ? Object.fromEntries(Object.entries(a.value).map(([k, v]) => [k, inside(q, v)]))
        : inside(q, a.value);
    return { ...a, value };
  });
}

beforeAll(async () => {
  [admin, phAdmin, phMember, thMember] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Admin' }),
    createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Pia Santos' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Marco Reyes' }),
    createUser(ctx, { role: 'state_member', country: 'TH' }),
  ]);
  await openCycle(ctx, admin, { year: PREVIOUS });
  await openCycle(ctx, admin, { year: YEAR });
  questions = await questionsByCode(ctx, phMember);
  const numbers = [...questions.values()].filter(
    (q) => q.compulsory && !q.parts.length && ['pct', 'num', 'int'].includes(q.answer_type) && q.code !== 'Q21',
  );
  [qa, qb, qc, qd] = numbers;
  qText = [...questions.values()].find((q) => q.answer_type === 'txt' && !q.compulsory)!;
  expect(qd, 'four numeric compulsory questions').toBeDefined();
  expect(qText).toBeDefined();
});

/** The figure each question was first answered with (inside its expected range). */
const base = (q: Question) => expectedAnswers(questions).find((a) => a.question_uuid === q.uuid)!.value as number;

function changes(user: TestUser, since: string, year = YEAR, country = 'PH') {
  return ctx.request(`${BASE}/${year}/${country}/changes?since=${since}`, { token: user.token });
}
const changesOk = async (user: TestUser, since: string) =>
  expectJson(await changes(user, since), 200, deepStrict(ReportChangesResponseSchema));

async function act(user: TestUser, body: Record<string, unknown>) {
  const { report } = await viewReport(ctx, user, YEAR, 'PH');
  const response = await updateReport(ctx, user, YEAR, 'PH', { ...body, version: report.version });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Saves answers by question, each with the version it has now. */
async function change(year: number, answers: { q: Question; value?: unknown; [field: string]: unknown }[]) {
  const view = await viewReport(ctx, phMember, year, 'PH');
  const versions = new Map(view.answers.map((a) => [a.question_uuid, a.version]));
  const body = answers.map(({ q, ...rest }) => ({
    question_uuid: q.uuid,
    ...rest,
    ...(versions.has(q.uuid) && { version: versions.get(q.uuid) }),
  }));
  const response = await saveAnswers(ctx, phMember, year, 'PH', body);
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('what changed since a return, and since a submission', () => {
  test('before any return or submission: an empty list that says why', async () => {
    expect((await saveAnswers(ctx, phMember, YEAR, 'PH', expectedAnswers(questions))).status).toBe(200);
    const sinceReturn = await changesOk(admin, 'return');
    expect(sinceReturn).toMatchObject({ data: [], since_at: null, since_year: null });
    expect(sinceReturn.message).toBe('This report has not been returned: there is nothing to compare since a return');
    const sinceSubmission = await changesOk(phMember, 'submission');
    expect(sinceSubmission).toMatchObject({ data: [], since_at: null });
    expect(sinceSubmission.message).toMatch(/has not been submitted/);
  });

  test('returned, changed, submitted again: exactly the changed answers, before and after, who and when', async () => {
    await act(phMember, { action: 'complete' });
    const { report } = await viewReport(ctx, phAdmin, YEAR, 'PH');
    expect((await upload(ctx, phAdmin, report.uuid, pdfBytes())).status).toBe(200);
    // Nothing changed since the submission.
    expect((await changesOk(admin, 'submission')).data).toEqual([]);
    await act(admin, { action: 'return', note: 'Check the figures' });
    const returnedAt = (await changesOk(admin, 'return')).since_at!;
    expect(Date.parse(returnedAt)).toBeGreaterThan(0);
    expect((await changesOk(admin, 'return')).data).toEqual([]);

    await change(YEAR, [
      { q: qa!, value: base(qa!) + 1 },
      { q: qb!, value: base(qb!), source: 'Census 2025 — สำมะโน' },
      // Only the note: no change.
      { q: qc!, value: base(qc!), comment: 'Checked again' },
      { q: qText, value: 'Жильё для всех — 人人有房' },
    ]);
    // Changed, then changed back: no change either.
    await change(YEAR, [{ q: qd!, value: 99 }]);
    await change(YEAR, [{ q: qd!, value: base(qd!) }]);
    await change(YEAR, [{ q: qa!, value: base(qa!) + 2 }]);

    const got = await changesOk(admin, 'return');
    expect(got.message).toBe('Changes since the report was returned');
    expect(got.since_at).toBe(returnedAt);
    const byQuestion = new Map(got.data.map((c) => [c.question_uuid, c]));
    expect([...byQuestion.keys()].sort()).toEqual([qa!.uuid, qb!.uuid, qText.uuid].sort());
    expect(byQuestion.get(qa!.uuid)).toEqual({
      question_uuid: qa!.uuid,
      before: { value: base(qa!), text: null, source: 'National statistics office', data_year: 2024 },
      after: { value: base(qa!) + 2, text: null, source: 'National statistics office', data_year: 2024 },
      changed_by: { name: 'Marco Reyes' },
      changed_at: expect.any(String),
    });
    expect(byQuestion.get(qb!.uuid)!.after!.source).toBe('Census 2025 — สำมะโน');
    expect(byQuestion.get(qText.uuid)).toMatchObject({ before: null, after: { value: 'Жильё для всех — 人人有房' } });
    expect(Date.parse(byQuestion.get(qa!.uuid)!.changed_at!)).toBeGreaterThanOrEqual(Date.parse(returnedAt));
    // In the questionnaire's order.
    const order = [...questions.values()].map((q) => q.uuid);
    const positions = got.data.map((c) => order.indexOf(c.question_uuid));
    expect(positions).toEqual([...positions].sort((x, y) => x - y));

    // Submitted again: the changes since the return stay; since the new submission there are none.
    await act(phMember, { action: 'complete' });
    expect((await upload(ctx, phAdmin, report.uuid, pdfBytes())).status).toBe(200);
    expect((await changesOk(admin, 'return')).data.map((c) => c.question_uuid).sort()).toEqual(
      [qa!.uuid, qb!.uuid, qText.uuid].sort(),
    );
    const sinceSubmission = await changesOk(phMember, 'submission');
    expect(sinceSubmission.message).toBe('Changes since the report was submitted');
    expect(sinceSubmission.data).toEqual([]);
  });
});

describe('the difference from the previous cycle', () => {
  test('no earlier report: an empty list that says why', async () => {
    const got = await changesOk(admin, 'previous_cycle').then(async () =>
      expectJson(await changes(admin, 'previous_cycle', PREVIOUS), 200, deepStrict(ReportChangesResponseSchema)),
    );
    expect(got).toMatchObject({ data: [], since_year: null });
    expect(got.message).toBe('This country has no report of an earlier cycle to compare with');
  });

  test('the answers that differ, question by question, with who changed this cycle’s and when', async () => {
    const previous = expectedAnswers(questions).map((a) => (a.question_uuid === qb!.uuid ? { ...a, value: 7 } : a));
    expect((await saveAnswers(ctx, phMember, PREVIOUS, 'PH', previous)).status).toBe(200);
    const got = await changesOk(admin, 'previous_cycle');
    expect(got.since_year).toBe(PREVIOUS);
    expect(got.message).toBe(`Changes since the ${PREVIOUS} report`);
    const byQuestion = new Map(got.data.map((c) => [c.question_uuid, c]));
    expect([...byQuestion.keys()].sort()).toEqual([qa!.uuid, qb!.uuid, qText.uuid].sort());
    expect(byQuestion.get(qa!.uuid)).toMatchObject({ before: { value: base(qa!) }, after: { value: base(qa!) + 2 } });
    expect(byQuestion.get(qb!.uuid)).toMatchObject({
      before: { value: 7, source: 'National statistics office' },
      after: { value: base(qb!), source: 'Census 2025 — สำมะโน' },
      changed_by: { name: 'Marco Reyes' },
    });
    expect(byQuestion.get(qText.uuid)).toMatchObject({ before: null, after: { value: 'Жильё для всех — 人人有房' } });
  });
});

describe('who may ask, and what', () => {
  test('another country: 403; no such report: 404; not signed in: 401', async () => {
    expect((await changes(thMember, 'return')).status).toBe(403);
    expect((await changes(admin, 'return', 2099)).status).toBe(404);
    expect((await ctx.request(`${BASE}/${YEAR}/PH/changes?since=return`)).status).toBe(401);
  });

  test('a missing or unknown point of comparison: 400 naming it', async () => {
    for (const query of ['', '?since=', '?since=yesterday', '?since=RETURN']) {
      const response = await ctx.request(`${BASE}/${YEAR}/PH/changes${query}`, { token: admin.token });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { errors?: Record<string, string[]> };
      expect(Object.keys(body.errors ?? {})).toContain('since');
    }
  });
});
