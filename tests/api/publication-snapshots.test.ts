/**
 * Issue 16, item 6 (decision 026): publication is a snapshot. A published report that is
 * unlocked for revision stays public as it was published (page, list, open data, signed PDF)
 * until a new version is published; unpublishing takes it off. Every step that changes what the
 * public sees still asks for a site rebuild (site: true).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { ChangeEvent } from '../../src/lib/events/change-events.ts';
import {
  PublicAnswersResponseSchema,
  PublicReportListResponseSchema,
  PublicReportResponseSchema,
} from '../../src/lib/national-reports/public-schema.ts';
import { ReportResponseSchema, type Report } from '../../src/lib/national-reports/schema.ts';
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

const ctx = await createTestContext();
const YEAR = 2026;
const CODE = 'ID';
const PUBLIC = '/api/report/type/national/public';
let admin: TestUser;
let stateAdmin: TestUser;
let member: TestUser;
let questions: Map<string, Question>;

const siteEvents: ChangeEvent[] = [];
ctx.deps.changes.onCommit('test-probe', { site: true }, (event) => siteEvents.push(event));

async function act(user: TestUser, body: Record<string, unknown>): Promise<Report> {
  const { report } = await viewReport(ctx, user, YEAR, CODE);
  return (
    await expectJson(
      await updateReport(ctx, user, YEAR, CODE, { version: report.version, ...body }),
      200,
      ReportResponseSchema,
    )
  ).data;
}

/** Complete, sign, accept and publish the report with the Q18 answer `q18` and `title`. */
async function publishWith(q18: string, title: string): Promise<Report> {
  const answers: Record<string, unknown>[] = compulsoryAnswers(questions.values());
  const { answers: stored } = await viewReport(ctx, member, YEAR, CODE);
  const version = (uuid: string) => stored.find((a) => a.question_uuid === uuid)?.version;
  const withVersions = [
    ...answers,
    { question_uuid: questions.get('Q18')!.uuid, value: q18, source: 'Ministry', data_year: 2024 },
  ].map((a) => ({
    ...a,
    ...(version(a['question_uuid'] as string) && { version: version(a['question_uuid'] as string) }),
  }));
  expect((await saveAnswers(ctx, member, YEAR, CODE, withVersions)).status).toBe(200);
  const completed = await act(member, { action: 'complete', title, executive_summary: 'Summary' });
  await expectJson(await upload(ctx, stateAdmin, completed.uuid, pdfBytes()), 200, ReportResponseSchema);
  await act(admin, { action: 'accept' });
  return act(admin, { action: 'publish' });
}

async function publicPage() {
  return ctx.request(`${PUBLIC}/report/${YEAR}/${CODE}`);
}
const q18Shown = (page: {
  groups: { subcategories: { items: { question: { code: string }; answer: { value: unknown } | null }[] }[] }[];
}) =>
  page.groups.flatMap((g) => g.subcategories.flatMap((s) => s.items)).find((i) => i.question.code === 'Q18')?.answer
    ?.value;

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  stateAdmin = await createUser(ctx, { role: 'state_admin', country: CODE });
  member = await createUser(ctx, { role: 'state_member', country: CODE });
  await openCycle(ctx, admin, { year: YEAR });
  questions = await questionsByCode(ctx, member);
  await publishWith('Heritage districts (as published)', 'Indonesia 2026 (as published)');
}, 180_000);

describe('a published report unlocked for revision', () => {
  test('stays public as it was published while the country revises it', async () => {
    siteEvents.length = 0;
    const unlocked = await act(admin, { action: 'unlock', note: 'Please correct the housing figures' });
    expect(unlocked).toMatchObject({ status: 'in_progress', public_copy_kept_at: expect.any(String) });
    expect(siteEvents.map((e) => e.type)).toContain('report.unlocked');

    // The country revises: a new answer, a new title and a new signed file on the way.
    const { answers } = await viewReport(ctx, member, YEAR, CODE);
    const q18 = answers.find((a) => a.question_uuid === questions.get('Q18')!.uuid)!;
    expect(
      (
        await saveAnswers(ctx, member, YEAR, CODE, [
          { question_uuid: q18.question_uuid, value: 'Revised answer', version: q18.version },
        ])
      ).status,
    ).toBe(200);
    await act(member, { title: 'Indonesia 2026 (being revised)' });

    const page = (await expectJson(await publicPage(), 200, PublicReportResponseSchema)).data;
    expect(page.report.title).toBe('Indonesia 2026 (as published)');
    expect(q18Shown(page)).toBe('Heritage districts (as published)');
    const list = (
      await expectJson(await ctx.request(`${PUBLIC}/list?year=${YEAR}`), 200, PublicReportListResponseSchema)
    ).data;
    expect(list.find((r) => r.country.code === CODE)).toMatchObject({
      title: 'Indonesia 2026 (as published)',
      file_url: expect.stringMatching(/\?v=1$/),
    });
    const data = (
      await expectJson(await ctx.request(`${PUBLIC}/answers?year=${YEAR}`), 200, PublicAnswersResponseSchema)
    ).data;
    expect(data.find((r) => r.country_code === CODE && r.question_code === 'Q18')).toMatchObject({
      value: 'Heritage districts (as published)',
    });
    expect(JSON.stringify(data)).not.toContain('Revised answer');
    // The signed PDF it was published with stays public; nothing else of the report is.
    const file = await ctx.request(new URL(page.report.file_url!, 'http://portal.test').pathname + '?v=1');
    expect(file.status).toBe(200);
    expect((await ctx.request(`/api/report/type/national/${page.report.uuid}/report/file?v=2`)).status).toBe(401);
  }, 180_000);

  test('a new version replaces it once published; unpublishing takes the report off', async () => {
    siteEvents.length = 0;
    const republished = await publishWith('Revised answer, published', 'Indonesia 2026 (second edition)');
    expect(republished).toMatchObject({ status: 'published', public_copy_kept_at: null });
    expect(siteEvents.find((e) => e.type === 'report.published')).toMatchObject({ site: true });
    const page = (await expectJson(await publicPage(), 200, PublicReportResponseSchema)).data;
    expect(page.report.title).toBe('Indonesia 2026 (second edition)');
    expect(q18Shown(page)).toBe('Revised answer, published');
    expect(page.report.file_url).toMatch(/\?v=2$/);

    // Unlocked again then unpublished: nothing is left on the public site.
    await act(admin, { action: 'unlock', note: 'One more correction' });
    expect((await publicPage()).status).toBe(200);
    await publishWith('Third answer', 'Indonesia 2026 (third edition)');
    const withdrawn = await act(admin, { action: 'unpublish' });
    expect(withdrawn).toMatchObject({ status: 'accepted', public_copy_kept_at: null });
    expect((await publicPage()).status).toBe(404);
    const list = (
      await expectJson(await ctx.request(`${PUBLIC}/list?year=${YEAR}`), 200, PublicReportListResponseSchema)
    ).data;
    expect(list.find((r) => r.country.code === CODE)).toBeUndefined();
  }, 180_000);
});
