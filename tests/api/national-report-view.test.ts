import { beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { usernameFromEmail } from '../../src/lib/identity/queries.server.ts';
import {
  CycleListResponseSchema,
  ReportGroupsResponseSchema,
  ReportResponseSchema,
  ReportViewResponseSchema,
  SaveAnswersResponseSchema,
  type Report,
  type ReportView,
} from '../../src/lib/national-reports/schema.ts';
import {
  QuestionListResponseSchema,
  QuestionResponseSchema,
  SubcategoryListResponseSchema,
  ThrustListResponseSchema,
  type Question,
} from '../../src/lib/national-reports/question-schema.ts';
import type { Answer } from '../../src/lib/questionnaires/schema.ts';
import { makeImage, uploadForm } from '../fixtures/cms.ts';
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
} from '../support/national-reports.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * GET …/{year}/{country_code}/view, the data-entry screen's one request, compared value by value
 * with what the other endpoints serve of the same report: the report as its update and the
 * printable report give it, the cycle as the cycle list gives it, the questions as the question
 * list gives them (a submitted report keeping a question's old wording, a retired question kept
 * where it was answered), the answers as their saves returned them (their editor with a uuid),
 * the thrusts and subcategories as the reference lists give them; and the 404 body.
 */
const ctx = await createTestContext();
const YEAR = 2026;
const BASE = '/api/report/type/national';
const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
await openCycle(ctx, admin, { year: YEAR });

let questions: Map<string, Question>;
/** Every answer as its last save returned it, by report and question uuid. */
const savedAnswers = new Map<string, Map<string, Answer>>();
/** KH: answered, completed and submitted with a signed copy; then Q04 is reworded (KH keeps its wording). */
let khAdmin: TestUser;
let khMember: TestUser;
let khReport: Report;
/** PH: in progress, with a cover; answers Q39, which is then retired (PH keeps it, VN never shows it). */
let phMember: TestUser;
let retired: Question;
const REWORDED = 'Share of the urban population living in slums (reworded)';

/** Saves answers, each with the version of its last save (none for a first answer). */
async function save(
  user: TestUser,
  country: string,
  answers: readonly ({ question_uuid: string } & Record<string, unknown>)[],
) {
  const kept = savedAnswers.get(country) ?? savedAnswers.set(country, new Map()).get(country)!;
  const sent = answers.map((a) => ({
    ...a,
    ...(kept.has(a.question_uuid) && { version: kept.get(a.question_uuid)!.version }),
  }));
  const body = await expectJson(await saveAnswers(ctx, user, YEAR, country, sent), 200, SaveAnswersResponseSchema);
  for (const answer of body.data.answers) kept.set(answer.question_uuid, answer);
  return body.data;
}

const view = (user: TestUser, year: number, country: string) =>
  ctx.request(`${BASE}/${year}/${country}/view`, { token: user.token });

async function viewData(user: TestUser, country: string): Promise<ReportView> {
  const response = await view(user, YEAR, country);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status']);
  expect(body).toMatchObject({ status: 200, message: 'National report' });
  expect(Object.keys(body['data'] as object).sort()).toEqual([
    'answers',
    'cycle',
    'previous',
    'questions',
    'report',
    'subcategories',
    'thrusts',
  ]);
  // Nothing beyond the schema, and nothing the schema would change when it parses.
  const parsed = deepStrict(ReportViewResponseSchema).parse(body);
  expect(parsed).toEqual(body);
  return parsed.data;
}

async function listOf<T extends z.ZodType<{ data: unknown }>>(path: string, schema: T): Promise<z.output<T>['data']> {
  return (await expectJson(await ctx.request(path, { token: admin.token }), 200, schema)).data;
}

beforeAll(async () => {
  [khAdmin, khMember, phMember] = await Promise.all([
    createUser(ctx, { role: 'state_admin', country: 'KH', name: 'Sokha Chan' }),
    createUser(ctx, { role: 'state_member', country: 'KH', name: 'Dara Pich' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: null }),
  ]);
  questions = await questionsByCode(ctx, admin);

  // KH: every compulsory answer, one above its expected range (a warning), a text answer; header; complete; submit.
  await save(khMember, 'KH', compulsoryAnswers(questions.values()));
  await save(khMember, 'KH', [
    { question_uuid: questions.get('Q23')!.uuid, value: 150, source: 'WHO', data_year: 2022 },
    { question_uuid: questions.get('Q18')!.uuid, value: 'Creative districts and heritage tourism' },
  ]);
  let report = (await viewData(khMember, 'KH')).report;
  const header = await updateReport(ctx, khMember, YEAR, 'KH', {
    version: report.version,
    title: 'Cambodia: national report 2026',
    executive_summary: 'Housing first.\nThen transport.',
    written_in: 'en',
    contact: { name: 'Dara Pich', email: 'dara@example.org', phone: null },
  });
  report = (await expectJson(header, 200, ReportResponseSchema)).data;
  const completed = await updateReport(ctx, khMember, YEAR, 'KH', { version: report.version, action: 'complete' });
  report = (await expectJson(completed, 200, ReportResponseSchema)).data;
  khReport = (await expectJson(await upload(ctx, khAdmin, report.uuid, pdfBytes()), 200, ReportResponseSchema)).data;
  expect(khReport.status).toBe('submitted');

  // Q04 reworded while KH's answers are locked: KH keeps the wording it was answered against.
  const q04 = questions.get('Q04')!;
  const reworded = await ctx.request('/api/question/saved', {
    token: admin.token,
    json: { uuid: q04.uuid, version: q04.version, text: REWORDED },
  });
  expect((await expectJson(reworded, 200, QuestionResponseSchema)).data.text).toBe(REWORDED);

  // PH: a cover with its description, answers by a member without a name, one to a question retired afterwards.
  const created = await ctx.request('/api/question/saved', {
    token: admin.token,
    json: {
      code: 'Q39',
      thrust: 'TC3',
      subcategory: '3.2',
      question_tier: 2,
      text: 'Share of urban trees',
      answer_type: 'pct',
      expected_max: 60,
    },
  });
  const q39 = (await expectJson(created, 200, QuestionResponseSchema)).data;
  const ph = (await viewData(phMember, 'PH')).report;
  const cover = await ctx.request(`${BASE}/${ph.uuid}/report/cover?version=${ph.version}`, {
    token: phMember.token,
    body: uploadForm(await makeImage('jpeg', 1200, 800), { name: 'cover.jpg', type: 'image/jpeg' }),
  });
  const covered = (await expectJson(cover, 200, ReportResponseSchema)).data;
  const described = await updateReport(ctx, phMember, YEAR, 'PH', {
    version: covered.version,
    cover_alt: 'Manila Bay at dusk',
  });
  expect(described.status).toBe(200);
  await save(phMember, 'PH', [
    { question_uuid: q39.uuid, value: 75 },
    { question_uuid: questions.get('Q07')!.uuid, value: 12000 },
    { question_uuid: questions.get('Q06')!.uuid, value: true },
  ]);
  const retiring = await ctx.request(`/api/question/retire/${q39.uuid}`, {
    token: admin.token,
    json: { version: q39.version },
  });
  retired = (await expectJson(retiring, 200, QuestionResponseSchema)).data;
  expect(retired.retired_at).not.toBeNull();
}, 120_000);

/** The view's data checked against what the other endpoints serve; `expected`: its questions, in order. */
async function expectSameAsElsewhere(country: string, data: ReportView, expected: Question[]) {
  // The questions: in the form's order, each as the question list (or the kept wording) gives it.
  expect(data.questions).toEqual(expected);
  // The answers: in the questions' order, each as its save returned it.
  const saved = savedAnswers.get(country) ?? new Map<string, Answer>();
  expect(data.answers).toEqual(expected.flatMap((q) => (saved.has(q.uuid) ? [saved.get(q.uuid)!] : [])));
  // The report, questions and answers as the printable report gives them (which names editors without their uuid).
  const printed = await listOf(`${BASE}/${YEAR}/${country}/view-report`, ReportGroupsResponseSchema);
  expect(data.report).toEqual(printed.report);
  const items = printed.groups.flatMap((g) => g.subcategories.flatMap((s) => s.items));
  expect(new Set(items.map((i) => i.question.uuid))).toEqual(new Set(expected.map((q) => q.uuid)));
  for (const item of items) {
    expect(item.question).toEqual(expected.find((q) => q.uuid === item.question.uuid));
    const answer = data.answers.find((a) => a.question_uuid === item.question.uuid) ?? null;
    const named = answer?.updated_by ? { ...answer, updated_by: { name: answer.updated_by.name } } : answer;
    expect(item.answer).toEqual(named);
  }
  // The cycle as the cycle list gives it; the thrusts and subcategories as their lists give them.
  const cycles = await listOf(`${BASE}/cycles`, CycleListResponseSchema);
  const { counts: _counts, report: _own, ...cycle } = cycles.find((c) => c.year === YEAR)!;
  expect(data.cycle).toEqual(cycle);
  expect(data.thrusts).toEqual(await listOf('/api/question/ref/thrust', ThrustListResponseSchema));
  expect(data.subcategories).toEqual(await listOf('/api/question/ref/subcategory', SubcategoryListResponseSchema));
}

describe('the view of a report is the report as every other endpoint serves it', () => {
  test('a submitted report: its answers, header, signed copy, timeline and kept wording', async () => {
    const data = await viewData(khMember, 'KH');
    const current = await listOf('/api/question/list', QuestionListResponseSchema);
    const q04 = questions.get('Q04')!;
    expect(current.find((q) => q.uuid === q04.uuid)!.text).toBe(REWORDED);
    const kept = current.map((q) => (q.uuid === q04.uuid ? { ...q, text: q04.text } : q));
    await expectSameAsElsewhere('KH', data, kept);
    expect(data.questions.find((q) => q.uuid === q04.uuid)!.text).toBe(q04.text);

    // The report as its upload returned it, but the completeness counted for the screen.
    expect(data.report).toEqual({ ...khReport, completeness: data.report.completeness });
    expect(data.report).toMatchObject({
      country_code: 'KH',
      year: YEAR,
      status: 'submitted',
      locked: true,
      lock_reason: 'submitted',
      title: 'Cambodia: national report 2026',
      executive_summary: 'Housing first.\nThen transport.',
      written_in: 'en',
      contact: { name: 'Dara Pich', email: 'dara@example.org', phone: null },
      cover: null,
      returned: null,
      published_at: null,
      public_copy_kept_at: null,
      demo: false,
      updated_by: { name: 'Sokha Chan' },
    });
    const size = pdfBytes().byteLength;
    const file = {
      v: 1,
      name: 'signed-report.pdf',
      size,
      uploaded_at: khReport.file!.uploaded_at,
      uploaded_by: { name: 'Sokha Chan' },
      url: `${BASE}/${khReport.uuid}/report/file?v=1`,
      pages: 1,
      signature: null,
    };
    expect(data.report.files).toEqual([file]);
    expect(data.report.file).toEqual(file);
    expect(data.report.events.map(({ at: _at, ...e }) => e)).toEqual([
      { action: 'start', from: 'not_started', to: 'in_progress', by: { name: 'Dara Pich' }, note: null },
      // The header edit: no change of status.
      { action: 'update', from: null, to: null, by: { name: 'Dara Pich' }, note: null },
      { action: 'complete', from: 'in_progress', to: 'completed', by: { name: 'Dara Pich' }, note: null },
      { action: 'submit', from: 'completed', to: 'submitted', by: { name: 'Sokha Chan' }, note: null },
    ]);
    // Answers name their editor with a uuid (the screen tells its own user's changes), and keep warnings.
    const q23 = data.answers.find((a) => a.question_uuid === questions.get('Q23')!.uuid)!;
    expect(q23).toMatchObject({
      value: 150,
      state: 'warning',
      warnings: ['150 µg/m³ is above the expected range (3 to 120 µg/m³): check the figure'],
      updated_by: { name: 'Dara Pich', uuid: khMember.uuid },
    });
    expect(data.report.completeness).toMatchObject({ answered: data.answers.length });
  });

  test('a report in progress: its cover, an answer to a retired question, editors named by username', async () => {
    const data = await viewData(phMember, 'PH');
    const all = await listOf('/api/question/list?include_retired=true', QuestionListResponseSchema);
    await expectSameAsElsewhere(
      'PH',
      data,
      all.filter((q) => q.retired_at === null || q.uuid === retired.uuid),
    );
    expect(data.questions.find((q) => q.uuid === retired.uuid)).toEqual(retired);
    expect(data.questions.find((q) => q.code === 'Q04')!.text).toBe(REWORDED);
    expect(data.report).toMatchObject({ status: 'in_progress', locked: false, lock_reason: null, files: [] });
    expect(data.report.cover).toMatchObject({ alt: 'Manila Bay at dusk', image: { width: 1200, height: 800 } });
    expect(data.answers.map((a) => a.updated_by)).toEqual(
      data.answers.map(() => ({ name: usernameFromEmail(phMember.email), uuid: phMember.uuid })),
    );
    expect(data.answers.find((a) => a.question_uuid === retired.uuid)).toMatchObject({ value: 75, state: 'warning' });
  });

  test('a report nobody started: every current question, no answers, no timeline', async () => {
    const data = await viewData(admin, 'VN');
    await expectSameAsElsewhere('VN', data, await listOf('/api/question/list', QuestionListResponseSchema));
    expect(data.answers).toEqual([]);
    expect(data.report).toMatchObject({
      status: 'not_started',
      events: [],
      files: [],
      file: null,
      updated_by: null,
      completeness: { answered: 0 },
    });
  });

  test('a view opened again after a save shows the save', async () => {
    const before = await viewData(phMember, 'PH');
    const q07 = savedAnswers.get('PH')!.get(questions.get('Q07')!.uuid)!;
    const saved = await save(phMember, 'PH', [{ question_uuid: q07.question_uuid, value: 5 }]);
    const after = await viewData(phMember, 'PH');
    expect(after.answers.find((a) => a.question_uuid === q07.question_uuid)).toEqual(saved.answers[0]);
    expect(after.report).toMatchObject({ status: saved.report.status, version: saved.report.version });
    expect(after.report.updated_at > before.report.updated_at).toBe(true);
    expect(after.report.completeness).toEqual(saved.report.completeness);
  });

  test('a cycle without a report for the country: 404 with the generic body', async () => {
    const response = await view(admin, 2030, 'KH');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, message: 'There is no 2030 report for KH' });
  });
});
