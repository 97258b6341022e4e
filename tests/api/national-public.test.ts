import { beforeAll, describe, expect, test } from 'vitest';
import { ReportResponseSchema } from '../../src/lib/national-reports/schema.ts';
import {
  PublicAnswersResponseSchema,
  PublicCyclesResponseSchema,
  PublicReportListResponseSchema,
  PublicReportResponseSchema,
  PublicStatisticResponseSchema,
} from '../../src/lib/national-reports/public-schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
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

/** The public endpoints (no sign-in) only ever show published reports, and answer from a cache with ETags. */

const ctx = await createTestContext();
const YEAR = 2026;
const PUBLIC = '/api/report/type/national/public';
let admin: TestUser;
const country: Record<string, { admin: TestUser; member: TestUser }> = {};
/** A comment officials leave for each other: never public. */
const INTERNAL_COMMENT = 'Internal note: figure to confirm with the statistics office';

/** Takes a country's report through the workflow up to `status`. */
async function reach(code: string, status: 'in_progress' | 'completed' | 'submitted' | 'accepted' | 'published') {
  const { admin: stateAdmin, member } = country[code]!;
  const questions = await questionsByCode(ctx, member);
  const answers: Record<string, unknown>[] = compulsoryAnswers(questions.values());
  answers.push({
    question_uuid: questions.get('Q18')!.uuid,
    value: 'Heritage districts',
    source: '',
    data_year: 2024,
    comment: INTERNAL_COMMENT,
  });
  expect((await saveAnswers(ctx, member, YEAR, code, answers)).status).toBe(200);
  if (status === 'in_progress') return;
  let { report } = await viewReport(ctx, member, YEAR, code);
  await updateReport(ctx, member, YEAR, code, {
    version: report.version,
    action: 'complete',
    title: `${code} national report`,
    executive_summary: 'Summary',
  });
  if (status === 'completed') return;
  report = (await expectJson(await upload(ctx, stateAdmin, report.uuid, pdfBytes()), 200, ReportResponseSchema)).data;
  for (const action of ['accept', 'publish'] as const) {
    if (status === 'submitted' || (status === 'accepted' && action === 'publish')) return;
    report = (
      await expectJson(
        await updateReport(ctx, admin, YEAR, code, { version: report.version, action }),
        200,
        ReportResponseSchema,
      )
    ).data;
  }
}

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  for (const code of ['ID', 'MY', 'TH', 'VN', 'PH']) {
    country[code] = {
      admin: await createUser(ctx, { role: 'state_admin', country: code }),
      member: await createUser(ctx, { role: 'state_member', country: code, name: `Official ${code} Santoso` }),
    };
  }
  await openCycle(ctx, admin, { year: YEAR, closes: 20, timely_days: 7 });
  await reach('ID', 'published');
  await reach('MY', 'published');
  await reach('TH', 'accepted');
  await reach('VN', 'submitted');
  await reach('PH', 'in_progress');
});

describe('only published reports are public', () => {
  test('list: the two published reports, never the others', async () => {
    const body = await expectJson(await ctx.request(`${PUBLIC}/list`), 200, deepStrict(PublicReportListResponseSchema));
    expect(body.data.map((r) => r.country.code).sort()).toEqual(['ID', 'MY']);
    expect(body.data[0]).toMatchObject({
      year: YEAR,
      demo: false,
      file_url: expect.stringMatching(/\/report\/file\?v=1$/),
    });
    const latest = await expectJson(
      await ctx.request(`${PUBLIC}/list?latest_4=true`),
      200,
      PublicReportListResponseSchema,
    );
    expect(latest.data.length).toBe(2);
    const th = await expectJson(
      await ctx.request(`${PUBLIC}/list?country_code=th`),
      200,
      PublicReportListResponseSchema,
    );
    expect(th.data).toEqual([]);
    await expectError(await ctx.request(`${PUBLIC}/list?country_code=Thailand`), 400, { fields: ['country_code'] });
  });

  test('the published file is public; the public file link works without a token', async () => {
    const body = await expectJson(
      await ctx.request(`${PUBLIC}/list?country_code=ID`),
      200,
      PublicReportListResponseSchema,
    );
    const file = await ctx.request(body.data[0]!.file_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });

  test('one report: published ones only, without comments or who changed what', async () => {
    const body = await expectJson(
      await ctx.request(`${PUBLIC}/report/${YEAR}/ID`),
      200,
      deepStrict(PublicReportResponseSchema),
    );
    const items = body.data.groups.flatMap((g) => g.subcategories.flatMap((s) => s.items));
    const q01 = items.find((i) => i.question.code === 'Q01')!;
    expect(q01.answer).toEqual({
      question_uuid: q01.question.uuid,
      value: 10,
      text: null,
      data_year: 2024,
      source: 'National statistics office',
    });
    expect(q01.display).toBe('10 %');
    for (const code of ['TH', 'VN', 'PH', 'KH']) {
      await expectError(await ctx.request(`${PUBLIC}/report/${YEAR}/${code}`), 404);
    }
  });

  test('no public answer carries its internal comment or the name of the official who saved it', async () => {
    const internal = [INTERNAL_COMMENT, 'Official ID Santoso', 'Official MY Santoso', country['ID']!.member.email];
    const report = await ctx.request(`${PUBLIC}/report/${YEAR}/ID`);
    const answers = await ctx.request(`${PUBLIC}/answers?year=${YEAR}`);
    const list = await ctx.request(`${PUBLIC}/list`);
    for (const response of [report, answers, list]) {
      expect(response.status).toBe(200);
      const text = await response.text();
      for (const secret of internal) expect(text, response.url).not.toContain(secret);
      expect(text).not.toMatch(/"(comment|updated_by|created_by|warnings)"/);
    }
    // The comment is stored: the back office shows it, so the check above can fail.
    const view = await viewReport(ctx, admin, YEAR, 'ID');
    expect(
      view.answers.some((a) => a.comment === INTERNAL_COMMENT && a.updated_by?.name === 'Official ID Santoso'),
    ).toBe(true);
  });

  test('statistic: every country of the cycle by status, on time and completeness', async () => {
    const body = await expectJson(
      await ctx.request(`${PUBLIC}/statistic?year=${YEAR}`),
      200,
      deepStrict(PublicStatisticResponseSchema),
    );
    expect(body.data).toMatchObject({
      year: YEAR,
      countries_total: 58,
      by_status: { published: 2, accepted: 1, submitted: 1, in_progress: 1, not_started: 53 },
      submitted: 4,
      on_time: 4,
      published: 2,
      demo: false,
    });
    const vn = body.data.countries.find((c) => c.code === 'VN')!;
    expect(vn).toMatchObject({ status: 'submitted', on_time: true, subregion: 'south-east-asia' });
    expect(body.data.countries.find((c) => c.code === 'PH')).toMatchObject({ submitted_at: null, on_time: null });
    await expectError(await ctx.request(`${PUBLIC}/statistic?year=2019`), 404);
    await expectError(await ctx.request(`${PUBLIC}/statistic`), 400, { fields: ['year'] });
  });

  test('answers: only published countries, with the question metadata once', async () => {
    const body = await expectJson(
      await ctx.request(`${PUBLIC}/answers?year=${YEAR}`),
      200,
      deepStrict(PublicAnswersResponseSchema),
    );
    expect(new Set(body.data.map((r) => r.country_code))).toEqual(new Set(['ID', 'MY']));
    expect(body.questions.length).toBeGreaterThanOrEqual(38);
    expect(body.thrusts.length).toBe(7);
    const row = body.data.find((r) => r.country_code === 'ID' && r.question_code === 'Q26')!;
    expect(row).toMatchObject({
      country: 'Indonesia',
      thrust: 'EI1',
      question_tier: 1,
      display: expect.stringContaining('Yes'),
    });
  });

  test('cycles: with the number of published reports', async () => {
    const body = await expectJson(await ctx.request(`${PUBLIC}/cycles`), 200, deepStrict(PublicCyclesResponseSchema));
    expect(body.data).toEqual([
      expect.objectContaining({ year: YEAR, status: 'open', countries_total: 58, published: 2, demo: false }),
    ]);
  });
});

describe('the public cache', () => {
  test('an ETag and a 304 for the same answer; any write of the domain makes a new one', async () => {
    const first = await ctx.request(`${PUBLIC}/list`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await ctx.request(`${PUBLIC}/list`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    // Publishing Thailand changes the list at once.
    const { report } = await viewReport(ctx, admin, YEAR, 'TH');
    expect((await updateReport(ctx, admin, YEAR, 'TH', { version: report.version, action: 'publish' })).status).toBe(
      200,
    );
    const after = await ctx.request(`${PUBLIC}/list`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    const body = await expectJson(after, 200, PublicReportListResponseSchema);
    expect(body.data.map((r) => r.country.code).sort()).toEqual(['ID', 'MY', 'TH']);

    // Unpublishing takes it away again.
    const { report: th } = await viewReport(ctx, admin, YEAR, 'TH');
    expect((await updateReport(ctx, admin, YEAR, 'TH', { version: th.version, action: 'unpublish' })).status).toBe(200);
    const hidden = await expectJson(await ctx.request(`${PUBLIC}/list`), 200, PublicReportListResponseSchema);
    expect(hidden.data.map((r) => r.country.code).sort()).toEqual(['ID', 'MY']);
    await expectError(await ctx.request(`${PUBLIC}/report/${YEAR}/TH`), 404);
  });
});
