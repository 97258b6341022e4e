import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { nationalReports, reportFiles } from '../../src/lib/db/schema.ts';
import {
  AnswersConflictResponseSchema,
  CycleListResponseSchema,
  LockedResponseSchema,
  ReportConflictResponseSchema,
  ReportGroupsResponseSchema,
  ReportListResponseSchema,
  ReportResponseSchema,
  ReportViewResponseSchema,
  SaveAnswersResponseSchema,
  type Report,
} from '../../src/lib/national-reports/schema.ts';
import {
  ActivityResponseSchema,
  AnswerHistoryResponseSchema,
  DashboardResponseSchema,
} from '../../src/lib/national-reports/activity-schema.ts';
import {
  QuestionListResponseSchema,
  SubcategoryListResponseSchema,
  ThrustListResponseSchema,
  type Question,
} from '../../src/lib/national-reports/question-schema.ts';
import { AclResponseSchema } from '../../src/lib/access/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { allow, describeEndpointAccess } from '../support/endpoint-access.ts';
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

const ctx = await createTestContext();
const YEAR = 2026;
const BASE = '/api/report/type/national';
const opener = await createUser(ctx, { role: 'admin', country: 'JP' });
await openCycle(ctx, opener, { year: YEAR });
const questions = await questionsByCode(ctx, opener);
const q = (code: string) => questions.get(code)!;

// Each successful save in the matrix answers a question nobody has answered yet (no version needed).
const freshQuestions = ['Q07', 'Q17', 'Q30', 'Q11', 'Q22', 'Q24', 'Q25', 'Q27'];
let nextFresh = 0;

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/question/ref/thrust',
    path: () => '/api/question/ref/thrust',
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(ThrustListResponseSchema),
  },
  {
    method: 'GET',
    label: '/api/question/ref/subcategory',
    path: () => '/api/question/ref/subcategory?thrust=TC1',
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(SubcategoryListResponseSchema),
  },
  {
    method: 'GET',
    label: '/api/question/list',
    path: () => '/api/question/list?question_tier=1',
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(QuestionListResponseSchema),
  },
  {
    method: 'GET',
    label: `${BASE}/cycles`,
    path: () => `${BASE}/cycles`,
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(CycleListResponseSchema),
  },
  {
    method: 'GET',
    label: `${BASE}/dashboard`,
    path: () => `${BASE}/dashboard`,
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(DashboardResponseSchema),
  },
  {
    method: 'GET',
    label: `${BASE}/{year}`,
    path: () => `${BASE}/${YEAR}`,
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(ReportListResponseSchema),
  },
  {
    method: 'GET',
    label: `${BASE}/{year}/{cc}/view`,
    path: () => `${BASE}/${YEAR}/PH/view`,
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(ReportViewResponseSchema),
  },
  {
    method: 'GET',
    label: `${BASE}/{year}/{cc}/preview`,
    path: () => `${BASE}/${YEAR}/PH/preview?tier=1`,
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(ReportGroupsResponseSchema),
  },
  {
    method: 'GET',
    label: `${BASE}/{year}/{cc}/view-report`,
    path: () => `${BASE}/${YEAR}/PH/view-report`,
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(ReportGroupsResponseSchema),
  },
  {
    method: 'GET',
    label: `${BASE}/{year}/{cc}/history`,
    path: () => `${BASE}/${YEAR}/PH/history?question=${q('Q01').uuid}`,
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(AnswerHistoryResponseSchema),
  },
  {
    method: 'GET',
    label: `${BASE}/{year}/{cc}/activity`,
    path: () => `${BASE}/${YEAR}/PH/activity`,
    expected: allow('tuxuri', 'admin'),
    schema: ActivityResponseSchema,
  },
  {
    method: 'POST',
    label: `${BASE}/{year}/{cc}/saved`,
    path: () => `${BASE}/${YEAR}/PH/saved`,
    json: () => ({
      answers: [{ question_uuid: q(freshQuestions[nextFresh++ % freshQuestions.length]!).uuid, value: 12 }],
    }),
    // Answering is the country's work: administrators are refused by the workflow.
    expected: allow('stateAdmin', 'stateMember'),
    schema: deepStrict(SaveAnswersResponseSchema),
  },
  {
    method: 'POST',
    label: '/api/question/saved',
    path: () => '/api/question/saved',
    json: () => ({
      code: `X${randomUUID()
        .slice(0, 6)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, 'A')}`,
      thrust: 'TC1',
      subcategory: '1.1',
      question_tier: 3,
      text: 'A test question',
      answer_type: 'txt',
    }),
    expected: allow('tuxuri', 'admin'),
    schema: z.object({ status: z.literal(200), message: z.string(), data: z.object({ code: z.string() }).loose() }),
  },
]);

let admin: TestUser;
let tuxuri: TestUser;
let stateAdmin: TestUser;
let member: TestUser;
let otherAdmin: TestUser;
let otherMember: TestUser;
beforeAll(async () => {
  [admin, tuxuri, stateAdmin, member, otherAdmin, otherMember] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'tuxuri', country: 'TH' }),
    createUser(ctx, { role: 'state_admin', country: 'KH' }),
    createUser(ctx, { role: 'state_member', country: 'KH' }),
    createUser(ctx, { role: 'state_admin', country: 'VN' }),
    createUser(ctx, { role: 'state_member', country: 'VN' }),
  ]);
});

describe('country scope', () => {
  test('a country administrator of another country sees only its own country', async () => {
    await expectError(await ctx.request(`${BASE}/${YEAR}/KH/view`, { token: otherAdmin.token }), 403);
    await expectError(await ctx.request(`${BASE}/${YEAR}/KH/preview`, { token: otherAdmin.token }), 403);
    await expectError(await ctx.request(`${BASE}/${YEAR}/KH/view-report?format=pdf`, { token: otherAdmin.token }), 403);
    await expectError(
      await ctx.request(`${BASE}/${YEAR}/KH/history?question=${q('Q01').uuid}`, { token: otherAdmin.token }),
      403,
    );
    await expectError(
      await saveAnswers(ctx, otherAdmin, YEAR, 'KH', [{ question_uuid: q('Q07').uuid, value: 1 }]),
      403,
    );
    await expectError(await updateReport(ctx, otherAdmin, YEAR, 'KH', { version: 1, title: 'Not mine' }), 403);
    const list = await expectJson(
      await ctx.request(`${BASE}/${YEAR}`, { token: otherAdmin.token }),
      200,
      ReportListResponseSchema,
    );
    expect(list.data.map((r) => r.country.code)).toEqual(['VN']);
    expect(list.total).toBe(1);
    const cycles = await expectJson(
      await ctx.request(`${BASE}/cycles`, { token: otherMember.token }),
      200,
      CycleListResponseSchema,
    );
    const own = cycles.data.find((c) => c.year === YEAR)?.report;
    expect(own?.country.code).toBe('VN');
    // Not started, and still it says how many questions there are.
    expect(own?.completeness).toMatchObject({ answered: 0, total: expect.any(Number), compulsory_total: 13 });
    expect(own!.completeness.total).toBeGreaterThanOrEqual(38);
    const dash = await expectJson(
      await ctx.request(`${BASE}/dashboard`, { token: otherMember.token }),
      200,
      DashboardResponseSchema,
    );
    expect(dash.data.own.map((r) => r.country.code)).toEqual(['VN']);
    expect(dash.data.region).toBeNull();
  });

  test('administrators see every active country of the cycle, with counts by status', async () => {
    const list = await expectJson(
      await ctx.request(`${BASE}/${YEAR}?per_page=100`, { token: admin.token }),
      200,
      ReportListResponseSchema,
    );
    expect(list.total).toBe(58);
    expect(Object.values(list.counts).reduce((a, b) => a + b, 0)).toBe(58);
    const sea = await expectJson(
      await ctx.request(`${BASE}/${YEAR}?subregion=south-east-asia&sort=-country`, { token: admin.token }),
      200,
      ReportListResponseSchema,
    );
    expect(sea.total).toBe(11);
    expect(sea.data[0]!.country.code).toBe('VN');
    const dash = await expectJson(
      await ctx.request(`${BASE}/dashboard`, { token: admin.token }),
      200,
      DashboardResponseSchema,
    );
    expect(dash.data.region?.countries_total).toBe(58);
    expect(dash.data.cycle?.year).toBe(YEAR);
  });

  test('bad list queries are 400s naming the field; unknown years 404', async () => {
    await expectError(await ctx.request(`${BASE}/${YEAR}?status=lost`, { token: admin.token }), 400, {
      fields: ['status'],
    });
    await expectError(await ctx.request(`${BASE}/${YEAR}?per_page=1000`, { token: admin.token }), 400, {
      fields: ['per_page'],
    });
    await expectError(await ctx.request(`${BASE}/2030`, { token: admin.token }), 404);
    await expectError(await ctx.request(`${BASE}/2030/KH/view`, { token: admin.token }), 404);
  });

  test('search finds a name or an exact country code; LIKE characters in it are plain text', async () => {
    const search = async (q: string) =>
      (
        await expectJson(
          await ctx.request(`${BASE}/${YEAR}?per_page=100&q=${encodeURIComponent(q)}`, { token: admin.token }),
          200,
          ReportListResponseSchema,
        )
      ).data.map((r) => r.country.code);
    expect(await search('vn')).toEqual(['VN']);
    expect(await search('cambo')).toEqual(['KH']);
    // A trailing backslash was an unterminated escape (500); % and _ matched every code.
    expect(await search('\\')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('_h')).toEqual([]);
  });
});

describe('the workflow end to end', () => {
  let report: Report;
  const reload = async () => (report = (await viewReport(ctx, admin, YEAR, 'KH')).report);
  const act = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await updateReport(ctx, user, YEAR, 'KH', { version: report.version, ...body });
    if (response.status === 200) report = (await expectJson(response, 200, ReportResponseSchema)).data;
    return response;
  };

  test('not started → in progress on the first save, with completeness', async () => {
    await reload();
    expect(report.status).toBe('not_started');
    const response = await saveAnswers(ctx, member, YEAR, 'KH', [
      { question_uuid: q('Q01').uuid, value: 12.5, source: 'Household survey 2023', data_year: 2023 },
    ]);
    const body = await expectJson(response, 200, deepStrict(SaveAnswersResponseSchema));
    expect(body.data.report.status).toBe('in_progress');
    // 38 seeded questions, plus those the access matrix above created (they join this year's forms).
    const total = (await viewReport(ctx, member, YEAR, 'KH')).questions.length;
    expect(total).toBeGreaterThanOrEqual(38);
    expect(body.data.report.completeness).toEqual({
      answered: 1,
      total,
      compulsory_total: 13,
      compulsory_answered: 1,
      invalid: 0,
      pct: Math.round(100 / total),
    });
    expect(body.data.answers).toEqual([
      expect.objectContaining({
        question_uuid: q('Q01').uuid,
        value: 12.5,
        state: 'saved',
        version: 1,
        updated_by: { name: member.name, uuid: member.uuid },
      }),
    ]);
    await reload();
    expect(report.events.map((e) => [e.action, e.from, e.to])).toEqual([['start', 'not_started', 'in_progress']]);
  });

  test('complete is refused while compulsory questions are missing, then accepted', async () => {
    await expectError(await act(member, { action: 'complete' }), 409, {
      message: /12 required questions are still unanswered/,
    });
    const all = compulsoryAnswers(questions.values()).filter((a) => a.question_uuid !== q('Q01').uuid);
    await expectJson(await saveAnswers(ctx, member, YEAR, 'KH', all), 200, SaveAnswersResponseSchema);
    await reload();
    expect(await act(member, { action: 'complete' })).toHaveProperty('status', 200);
    expect(report.status).toBe('completed');
  });

  test('a completed report: answers frozen (409), the member may reopen and complete again', async () => {
    await expectError(
      await saveAnswers(ctx, member, YEAR, 'KH', [{ question_uuid: q('Q18').uuid, value: 'Festivals' }]),
      409,
      { message: /reopen/ },
    );
    expect((await act(member, { action: 'reopen' })).status).toBe(200);
    expect(report.status).toBe('in_progress');
    expect((await act(member, { action: 'complete' })).status).toBe(200);
  });

  test('submission: only the country administrator uploads; a member gets 403', async () => {
    await expectError(await upload(ctx, member, report.uuid, pdfBytes()), 403);
    await expectError(await upload(ctx, otherAdmin, report.uuid, pdfBytes()), 403);
    const body = await expectJson(
      await upload(ctx, stateAdmin, report.uuid, pdfBytes()),
      200,
      deepStrict(ReportResponseSchema),
    );
    report = body.data;
    expect(report).toMatchObject({ status: 'submitted', locked: true, lock_reason: 'submitted' });
    expect(report.file).toMatchObject({ v: 1, name: 'signed-report.pdf', uploaded_by: { name: stateAdmin.name } });
    expect(report.submitted_at).not.toBeNull();
  });

  test('a submitted report is locked: 423 with the reason', async () => {
    const response = await saveAnswers(ctx, member, YEAR, 'KH', [{ question_uuid: q('Q18').uuid, value: 'x' }]);
    const body = await expectJson(response, 423, deepStrict(LockedResponseSchema));
    expect(body).toEqual({
      status: 423,
      message: 'The report has been submitted: its answers are locked',
      reason: 'submitted',
    });
    expect((await expectJson(await act(member, { title: 'Renamed' }), 423, LockedResponseSchema)).reason).toBe(
      'submitted',
    );
  });

  test('the signed file: the country and administrators may fetch it; others not', async () => {
    const ok = await ctx.request(`${BASE}/${report.uuid}/report/file`, { token: member.token });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(pdfBytes());
    expect((await ctx.request(`${BASE}/${report.uuid}/report/file?v=1`, { token: admin.token })).status).toBe(200);
    await expectError(await ctx.request(`${BASE}/${report.uuid}/report/file`, { token: otherAdmin.token }), 403);
    await expectError(await ctx.request(`${BASE}/${report.uuid}/report/file`), 401);
    await expectError(await ctx.request(`${BASE}/${report.uuid}/report/file?v=9`, { token: admin.token }), 404);
    // The stored file itself is no public upload: /uploads/ would hand it to anyone with its name.
    const stored = await ctx.deps.db
      .select({ key: reportFiles.storageKey })
      .from(reportFiles)
      .innerJoin(nationalReports, eq(nationalReports.id, reportFiles.reportId))
      .where(eq(nationalReports.uuid, report.uuid));
    expect(stored).toHaveLength(1);
    expect(await ctx.deps.storage.get(stored[0]!.key)).not.toBeNull();
    const direct = await ctx.request(`/uploads/${stored[0]!.key}`);
    expect(direct.status).toBe(404);
    expect(new Uint8Array(await direct.arrayBuffer())).not.toEqual(pdfBytes());
  });

  test('return needs a note; a state_admin may return a submitted report', async () => {
    await expectError(await act(stateAdmin, { action: 'return' }), 409, { message: /note is required/ });
    expect((await act(stateAdmin, { action: 'return', note: 'Q04 needs the 2024 census figure' })).status).toBe(200);
    expect(report.status).toBe('in_progress');
    expect(report.events.at(-1)).toMatchObject({
      action: 'return',
      from: 'submitted',
      to: 'in_progress',
      note: 'Q04 needs the 2024 census figure',
      by: { name: stateAdmin.name },
    });
    expect((await act(member, { action: 'complete' })).status).toBe(200);
    report = (
      await expectJson(
        await upload(ctx, stateAdmin, report.uuid, pdfBytes(10), 'signed-v2.pdf'),
        200,
        ReportResponseSchema,
      )
    ).data;
    expect(report.files.map((f) => f.v)).toEqual([2, 1]);
  });

  test('only administrators accept, publish, unpublish and unlock', async () => {
    await expectError(await act(stateAdmin, { action: 'accept' }), 403);
    await expectError(await act(member, { action: 'publish' }), 403);
    await expectError(await act(admin, { action: 'publish' }), 409, { message: /submitted cannot be published/ });
    expect((await act(admin, { action: 'accept' })).status).toBe(200);
    expect((await act(tuxuri, { action: 'publish' })).status).toBe(200);
    expect(report).toMatchObject({ status: 'published', lock_reason: 'published' });
    expect(report.published_at).not.toBeNull();
    // Once published the latest file is public, without a token.
    expect((await ctx.request(`${BASE}/${report.uuid}/report/file`)).status).toBe(200);
    expect((await ctx.request(`${BASE}/${report.uuid}/report/file?v=1`)).status).toBe(401);
    expect((await act(admin, { action: 'unpublish' })).status).toBe(200);
    expect(report.status).toBe('accepted');
    await expectError(await ctx.request(`${BASE}/${report.uuid}/report/file`), 401);
    await expectError(await act(admin, { action: 'unlock' }), 409, { message: /note is required/ });
    expect((await act(admin, { action: 'unlock', note: 'Late correction of Q12' })).status).toBe(200);
    expect(report).toMatchObject({ status: 'in_progress', locked: false });
    const save = await saveAnswers(ctx, member, YEAR, 'KH', [
      { question_uuid: q('Q18').uuid, value: 'Creative districts in Phnom Penh' },
    ]);
    expect(save.status).toBe(200);
  });

  test('the timeline, the answer history and the activity log record who, when and what', async () => {
    await reload();
    expect(report.events.map((e) => e.action)).toEqual([
      'start',
      'complete',
      'reopen',
      'complete',
      'submit',
      'return',
      'complete',
      'submit',
      'accept',
      'publish',
      'unpublish',
      'unlock',
    ]);
    await expectJson(
      await saveAnswers(ctx, member, YEAR, 'KH', [{ question_uuid: q('Q01').uuid, value: 11, version: 1 }]),
      200,
      SaveAnswersResponseSchema,
    );
    const history = await expectJson(
      await ctx.request(`${BASE}/${YEAR}/KH/history?question=${q('Q01').uuid}`, { token: member.token }),
      200,
      AnswerHistoryResponseSchema,
    );
    expect(history.data.map((h) => [h.action, h.before?.value ?? null, h.after?.value, h.version])).toEqual([
      ['update', 12.5, 11, 2],
      ['create', null, 12.5, 1],
    ]);
    expect(history.data[0]).toMatchObject({ by: { name: member.name }, value: 11 });
    const activity = await expectJson(
      await ctx.request(`${BASE}/${YEAR}/KH/activity`, { token: admin.token }),
      200,
      ActivityResponseSchema,
    );
    expect(activity.data.some((a) => a.action === 'unlock' && a.note === 'Late correction of Q12')).toBe(true);
    expect(activity.data.filter((a) => a.question_code === 'Q01')).toHaveLength(2);
    await expectError(await ctx.request(`${BASE}/${YEAR}/KH/activity`, { token: stateAdmin.token }), 403);
  });

  test('the printable report as JSON and as a PDF', async () => {
    const json = await expectJson(
      await ctx.request(`${BASE}/${YEAR}/KH/view-report`, { token: member.token }),
      200,
      ReportGroupsResponseSchema,
    );
    expect(json.data.groups.map((g) => g.thrust.code)).toEqual(['TC1', 'TC2', 'TC3', 'EI1', 'EI2', 'EI3', 'FR']);
    const item = json.data.groups[0]!.subcategories[0]!.items[0]!;
    expect(item).toMatchObject({ question: { code: 'Q01' }, display: '11 %' });
    const pdf = await ctx.request(`${BASE}/${YEAR}/KH/view-report?format=pdf`, { token: member.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.byteLength).toBeGreaterThan(3000);
    await expectError(await ctx.request(`${BASE}/${YEAR}/KH/view-report?format=doc`, { token: member.token }), 400, {
      fields: ['format'],
    });
    const tier3 = await expectJson(
      await ctx.request(`${BASE}/${YEAR}/KH/preview?tier=3`, { token: member.token }),
      200,
      ReportGroupsResponseSchema,
    );
    const tiers = tier3.data.groups.flatMap((g) =>
      g.subcategories.flatMap((s) => s.items.map((i) => i.question.question_tier)),
    );
    expect(new Set(tiers)).toEqual(new Set([3]));
  });
});

describe('versions', () => {
  test('a stale report version: 409 with the report as it is now', async () => {
    const { report } = await viewReport(ctx, otherAdmin, YEAR, 'VN');
    expect(
      (await updateReport(ctx, otherAdmin, YEAR, 'VN', { version: report.version, title: 'Viet Nam report' })).status,
    ).toBe(200);
    const stale = await updateReport(ctx, otherMember, YEAR, 'VN', { version: report.version, title: 'Another title' });
    const body = await expectJson(stale, 409, ReportConflictResponseSchema);
    expect(body.current).toMatchObject({ title: 'Viet Nam report', version: report.version + 1 });
    await expectError(await updateReport(ctx, otherMember, YEAR, 'VN', { title: 'No version' }), 400, {
      fields: ['version'],
    });
    // If-Match carries the version as well.
    const viaHeader = await ctx.request(`${BASE}/${YEAR}/VN/report/update`, {
      token: otherMember.token,
      json: { title: 'Via If-Match' },
      headers: { 'If-Match': `"${report.version + 1}"` },
    });
    expect(viaHeader.status).toBe(200);
  });

  test('stale answers: 409 with the current answers, and nothing of the batch is saved', async () => {
    const first = await saveAnswers(ctx, otherMember, YEAR, 'VN', [
      { question_uuid: q('Q04').uuid, value: 5.8, source: 'UN-Habitat 2018', data_year: 2018 },
    ]);
    expect(first.status).toBe(200);
    // Someone else, who had not seen that answer, answers the same question and another one.
    const stale = await saveAnswers(ctx, otherAdmin, YEAR, 'VN', [
      { question_uuid: q('Q07').uuid, value: 5000 },
      { question_uuid: q('Q04').uuid, value: 6.1, source: 'Census' },
    ]);
    const body = await expectJson(stale, 409, deepStrict(AnswersConflictResponseSchema));
    expect(body.current).toEqual([
      expect.objectContaining({
        question_uuid: q('Q04').uuid,
        value: 5.8,
        version: 1,
        updated_by: { name: otherMember.name, uuid: otherMember.uuid },
      }),
    ]);
    const view = await viewReport(ctx, otherAdmin, YEAR, 'VN');
    expect(view.answers.find((a) => a.question_uuid === q('Q07').uuid)).toBeUndefined();
    // With the version read, the change goes through; a wrong version does not.
    expect(
      (await saveAnswers(ctx, otherAdmin, YEAR, 'VN', [{ question_uuid: q('Q04').uuid, value: 6.1, version: 1 }]))
        .status,
    ).toBe(200);
    await expectJson(
      await saveAnswers(ctx, otherMember, YEAR, 'VN', [{ question_uuid: q('Q04').uuid, value: 7, version: 1 }]),
      409,
      AnswersConflictResponseSchema,
    );
  });

  test('fields left out keep their value', async () => {
    const view = await viewReport(ctx, otherAdmin, YEAR, 'VN');
    const q04 = view.answers.find((a) => a.question_uuid === q('Q04').uuid)!;
    const response = await saveAnswers(ctx, otherMember, YEAR, 'VN', [
      { question_uuid: q('Q04').uuid, comment: 'Checked with the statistics office', version: q04.version },
    ]);
    const body = await expectJson(response, 200, SaveAnswersResponseSchema);
    expect(body.data.answers[0]).toMatchObject({
      value: 6.1,
      source: 'UN-Habitat 2018',
      data_year: 2018,
      comment: 'Checked with the statistics office',
    });
  });
});

describe('the cycle’s lock', () => {
  test('after closes_at + expiry_days the answers lock (423 cycle_closed) until an administrator unlocks', async () => {
    await openCycle(ctx, admin, { year: 2022, opens: -400, closes: -60, expiry_days: 10 });
    const { report } = await viewReport(ctx, member, 2022, 'KH');
    expect(report).toMatchObject({ locked: true, lock_reason: 'cycle_closed', status: 'not_started' });
    const body = await expectJson(
      await saveAnswers(ctx, member, 2022, 'KH', [{ question_uuid: q('Q07').uuid, value: 100 }]),
      423,
      LockedResponseSchema,
    );
    expect(body.reason).toBe('cycle_closed');
    await expectJson(
      await updateReport(ctx, member, 2022, 'KH', { version: report.version, title: 'Late' }),
      423,
      LockedResponseSchema,
    );
    await expectError(await updateReport(ctx, admin, 2022, 'KH', { version: report.version, action: 'unlock' }), 409);
    const unlocked = await updateReport(ctx, admin, 2022, 'KH', {
      version: report.version,
      action: 'unlock',
      note: 'Data arrived late',
    });
    expect((await expectJson(unlocked, 200, ReportResponseSchema)).data).toMatchObject({
      locked: false,
      status: 'in_progress',
    });
    expect((await saveAnswers(ctx, member, 2022, 'KH', [{ question_uuid: q('Q07').uuid, value: 100 }])).status).toBe(
      200,
    );
  });
});

describe('uploads', () => {
  let uuid: string;
  beforeAll(async () => {
    const user = await createUser(ctx, { role: 'state_admin', country: 'LA' });
    const memberLA = await createUser(ctx, { role: 'state_member', country: 'LA' });
    expect((await saveAnswers(ctx, memberLA, YEAR, 'LA', compulsoryAnswers(questions.values()))).status).toBe(200);
    const { report } = await viewReport(ctx, memberLA, YEAR, 'LA');
    expect(
      (await updateReport(ctx, memberLA, YEAR, 'LA', { version: report.version, action: 'complete' })).status,
    ).toBe(200);
    uuid = report.uuid;
    laAdmin = user;
  });
  let laAdmin: TestUser;
  const status = async () => (await viewReport(ctx, laAdmin, YEAR, 'LA')).report;

  test('a PNG renamed .pdf: 415, nothing stored', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expectError(await upload(ctx, laAdmin, uuid, png, 'report.pdf'), 415, { fields: ['file'] });
    expect((await status()).files).toEqual([]);
  });

  test('a text file starting with spaces and then %PDF: 415', async () => {
    await expectError(
      await upload(ctx, laAdmin, uuid, new TextEncoder().encode('   %PDF-1.4 not really'), 'report.pdf'),
      415,
      { fields: ['file'] },
    );
  });

  test('an empty file: 400; no file field: 400; not multipart: 415', async () => {
    await expectError(await upload(ctx, laAdmin, uuid, new Uint8Array(0)), 400, { fields: ['file'] });
    const form = new FormData();
    form.set('other', 'x');
    await expectError(await ctx.request(`${BASE}/${uuid}/report/upload`, { token: laAdmin.token, body: form }), 400, {
      fields: ['file'],
    });
    await expectError(await ctx.request(`${BASE}/${uuid}/report/upload`, { token: laAdmin.token, json: {} }), 415);
  });

  test('a PDF over 20 MB: 413', async () => {
    await expectError(await upload(ctx, laAdmin, uuid, pdfBytes(20 * 1024 * 1024)), 413, {
      message: /larger than 20 MB/,
    });
    expect((await status()).status).toBe('completed');
  });

  test('an unknown report: 404; a report that is not complete: 409', async () => {
    await expectError(await upload(ctx, laAdmin, randomUUID(), pdfBytes()), 404);
    const { report } = await viewReport(ctx, otherAdmin, YEAR, 'VN');
    await expectError(await upload(ctx, otherAdmin, report.uuid, pdfBytes()), 409, {
      message: /Mark the report complete/,
    });
  });

  test('a refused upload is refused before its body is read: an oversized file gets the refusal, not 413', async () => {
    const big = pdfBytes(20 * 1024 * 1024);
    await expectError(await upload(ctx, laAdmin, randomUUID(), big), 404);
    const { report } = await viewReport(ctx, otherAdmin, YEAR, 'VN');
    await expectError(await upload(ctx, otherAdmin, report.uuid, big), 409, { message: /Mark the report complete/ });
    await expectError(await upload(ctx, otherAdmin, uuid, big), 403);
  });

  test(
    'with the version read, a report changed since is ' + 'a 409 with the report as it is now; no file is kept',
    async () => {
      const read = await status();
      expect(read.status).toBe('completed');
      // Meanwhile the report is reopened and completed again: the signed copy may show other answers.
      for (const action of ['reopen', 'complete']) {
        const { version } = await status();
        expect((await updateReport(ctx, laAdmin, YEAR, 'LA', { version, action })).status).toBe(200);
      }
      const form = new FormData();
      form.set(
        'file',
        new File([pdfBytes() as Uint8Array<ArrayBuffer>], 'signed-report.pdf', { type: 'application/pdf' }),
      );
      const stale = await ctx.request(`${BASE}/${uuid}/report/upload?version=${read.version}`, {
        token: laAdmin.token,
        body: form,
      });
      const body = await expectJson(stale, 409, ReportConflictResponseSchema);
      expect(body.current).toMatchObject({ uuid, status: 'completed', version: read.version + 2, files: [] });
      expect((await ctx.deps.storage.keys()).filter((key) => key.startsWith(`national-reports/${uuid}/`))).toEqual([]);
      await expectError(
        await ctx.request(`${BASE}/${uuid}/report/upload?version=x`, { token: laAdmin.token, body: form }),
        400,
        { fields: ['version'] },
      );
    },
  );

  test('a real PDF is stored and the report is submitted', async () => {
    const body = await expectJson(
      await upload(ctx, laAdmin, uuid, pdfBytes(), '../../etc/Signed "report"\u202eFDP.exe.pdf'),
      200,
      ReportResponseSchema,
    );
    // No folders, quotes or direction marks (which would show the name as "Signed reportfdp.exe…").
    expect(body.data).toMatchObject({
      status: 'submitted',
      file: { v: 1, name: 'Signed reportFDP.exe.pdf', size: pdfBytes().byteLength },
    });
  });
});

describe('reference data (administrators)', () => {
  test('create, update with version, retire and restore a question', async () => {
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
    const question = (
      await expectJson(
        created,
        200,
        z.object({ data: z.object({ uuid: z.string(), version: z.number(), code: z.string() }).loose() }).loose(),
      )
    ).data;
    const stale = await ctx.request('/api/question/saved', {
      token: admin.token,
      json: {
        uuid: question.uuid,
        version: 99,
        code: 'Q39',
        thrust: 'TC3',
        subcategory: '3.2',
        question_tier: 2,
        text: 'x',
        answer_type: 'pct',
      },
    });
    expect(
      (await expectJson(stale, 409, z.object({ current: z.object({ version: z.number() }).loose() }).loose())).current
        .version,
    ).toBe(1);
    await expectError(
      await ctx.request('/api/question/saved', {
        token: admin.token,
        json: { code: 'Q39', thrust: 'TC3', subcategory: '3.2', question_tier: 2, text: 'Dup', answer_type: 'pct' },
      }),
      400,
      { fields: ['code'] },
    );
    await expectError(
      await ctx.request('/api/question/saved', {
        token: admin.token,
        json: {
          code: 'Q40',
          thrust: 'TC1',
          subcategory: '3.2',
          question_tier: 2,
          text: 'x',
          answer_type: 'single',
          options: [],
        },
      }),
      400,
      { fields: ['options'] },
    );
    // The stored completeness of the open cycle's reports counts the new question at once.
    const cycles = await expectJson(
      await ctx.request(`${BASE}/cycles`, { token: otherMember.token }),
      200,
      CycleListResponseSchema,
    );
    const viewed = await viewReport(ctx, otherMember, YEAR, 'VN');
    expect(cycles.data.find((c) => c.year === YEAR)?.report?.completeness.total).toBe(viewed.questions.length);
    expect(viewed.questions.some((x) => x.uuid === question.uuid)).toBe(true);
    const retired = await ctx.request(`/api/question/retire/${question.uuid}`, {
      token: admin.token,
      json: { version: question.version },
    });
    expect(retired.status).toBe(200);
    const list = await expectJson(
      await ctx.request('/api/question/list', { token: member.token }),
      200,
      QuestionListResponseSchema,
    );
    expect(list.data.some((x: Question) => x.uuid === question.uuid)).toBe(false);
    const all = await expectJson(
      await ctx.request('/api/question/list?include_retired=true', { token: member.token }),
      200,
      QuestionListResponseSchema,
    );
    expect(all.data.find((x: Question) => x.uuid === question.uuid)?.retired_at).not.toBeNull();
    await expectError(
      await ctx.request(`/api/question/retire/${question.uuid}`, { token: stateAdmin.token, json: {} }),
      403,
    );
  });

  test('cycles: creating one twice needs the version; a state_admin may not', async () => {
    await expectError(
      await ctx.request(`${BASE}/cycles/saved`, {
        token: admin.token,
        json: { year: YEAR, opens_at: '2026-01-01', closes_at: '2026-12-31' },
      }),
      400,
      { fields: ['version'] },
    );
    await expectError(
      await ctx.request(`${BASE}/cycles/saved`, {
        token: admin.token,
        json: { year: 2030, opens_at: '2030-05-01', closes_at: '2030-01-01' },
      }),
      400,
      { fields: ['closes_at'] },
    );
    await expectError(
      await ctx.request(`${BASE}/cycles/saved`, {
        token: stateAdmin.token,
        json: { year: 2030, opens_at: '2030-01-01', closes_at: '2030-05-01' },
      }),
      403,
    );
  });

  test(
    'an opened cycle whose countries have their reports cannot go back to draft (400 on status); one without ' +
      'reports can',
    async () => {
      const cycles = (
        await expectJson(await ctx.request(`${BASE}/cycles`, { token: admin.token }), 200, CycleListResponseSchema)
      ).data;
      const open = cycles.find((c) => c.year === YEAR)!;
      await expectError(
        await ctx.request(`${BASE}/cycles/saved`, {
          token: admin.token,
          json: { year: YEAR, version: open.version, status: 'draft' },
        }),
        400,
        {
          fields: ['status'],
          message: /status/,
        },
      );
      const still = (
        await expectJson(await ctx.request(`${BASE}/cycles`, { token: admin.token }), 200, CycleListResponseSchema)
      ).data.find((c) => c.year === YEAR)!;
      expect(still).toMatchObject({ status: 'open', version: open.version });
      // A cycle closed before it was ever opened has no reports: back to draft is fine.
      const created = await ctx.request(`${BASE}/cycles/saved`, {
        token: admin.token,
        json: { year: 2033, opens_at: '2033-01-01', closes_at: '2033-06-30', status: 'closed' },
      });
      expect(created.status).toBe(200);
      const version = ((await created.json()) as { data: { version: number } }).data.version;
      const back = await ctx.request(`${BASE}/cycles/saved`, {
        token: admin.token,
        json: { year: 2033, version, status: 'draft' },
      });
      expect(back.status).toBe(200);
    },
  );
});

describe('the ACL rules of the national_report module apply on top of the roles', () => {
  const setMemberRules = async (enabled: Record<'view' | 'create' | 'update', boolean>) => {
    const acl = await expectJson(
      await ctx.request('/api/administration/acl', { token: admin.token }),
      200,
      AclResponseSchema,
    );
    const role = acl.roles.find((r) => r.name === 'state_member')!;
    const response = await ctx.request('/api/administration/acl/saved', {
      token: admin.token,
      json: {
        version: acl.version,
        modules: [
          {
            module: 'national_report',
            permissions: [
              {
                id: role.id,
                rules: (['view', 'create', 'update'] as const).map((action) => ({ action, enabled: enabled[action] })),
              },
            ],
          },
        ],
      },
    });
    expect(response.status).toBe(200);
  };

  test('a member without create/update may read but not answer; without view, not even read', async () => {
    await setMemberRules({ view: true, create: false, update: false });
    expect((await ctx.request(`${BASE}/${YEAR}/VN/view`, { token: otherMember.token })).status).toBe(200);
    await expectError(
      await saveAnswers(ctx, otherMember, YEAR, 'VN', [{ question_uuid: q('Q35').uuid, value: 'Training' }]),
      403,
    );
    const { report } = await viewReport(ctx, otherMember, YEAR, 'VN');
    await expectError(await updateReport(ctx, otherMember, YEAR, 'VN', { version: report.version, title: 'x' }), 403);
    await setMemberRules({ view: false, create: false, update: false });
    await expectError(await ctx.request(`${BASE}/${YEAR}/VN/view`, { token: otherMember.token }), 403);
    await expectError(await ctx.request(`${BASE}/${YEAR}`, { token: otherMember.token }), 403);
    await setMemberRules({ view: true, create: true, update: true });
    expect(
      (await saveAnswers(ctx, otherMember, YEAR, 'VN', [{ question_uuid: q('Q35').uuid, value: 'Training' }])).status,
    ).toBe(200);
  });

  test('create without update: first answers only; update without create: changes to saved answers only', async () => {
    const answerOf = async (code: string) =>
      (await viewReport(ctx, otherMember, YEAR, 'VN')).answers.find((a) => a.question_uuid === q(code).uuid);
    const q35 = (await answerOf('Q35'))!;
    await setMemberRules({ view: true, create: true, update: false });
    // Changing (or clearing) a saved answer is refused, and nothing of the batch is saved.
    await expectError(
      await saveAnswers(ctx, otherMember, YEAR, 'VN', [
        { question_uuid: q('Q36').uuid, value: 3 },
        { question_uuid: q('Q35').uuid, value: 'Changed', version: q35.version },
      ]),
      403,
      { message: /not change saved ones/ },
    );
    await expectError(
      await saveAnswers(ctx, otherMember, YEAR, 'VN', [
        { question_uuid: q('Q35').uuid, value: null, version: q35.version },
      ]),
      403,
    );
    expect(await answerOf('Q36')).toBeUndefined();
    expect(await answerOf('Q35')).toMatchObject({ value: 'Training', version: q35.version });
    expect((await saveAnswers(ctx, otherMember, YEAR, 'VN', [{ question_uuid: q('Q36').uuid, value: 3 }])).status).toBe(
      200,
    );
    await setMemberRules({ view: true, create: false, update: true });
    await expectError(
      await saveAnswers(ctx, otherMember, YEAR, 'VN', [{ question_uuid: q('Q30').uuid, value: 4 }]),
      403,
      { message: /not give new ones/ },
    );
    expect(
      (
        await saveAnswers(ctx, otherMember, YEAR, 'VN', [
          { question_uuid: q('Q35').uuid, value: 'Changed', version: q35.version },
        ])
      ).status,
    ).toBe(200);
    await setMemberRules({ view: true, create: true, update: true });
  });
});
