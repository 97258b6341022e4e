import { expect } from 'vitest';
import { QuestionListResponseSchema, type Question } from '../../src/lib/national-reports/question-schema.ts';
import { ReportViewResponseSchema, type ReportView } from '../../src/lib/national-reports/schema.ts';
import type { TestContext } from './app.ts';
import { createUser, type TestUser } from './factories.ts';
import { testPdf } from './pdf.ts';

const DAY = 86_400_000;
export const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** Opens a cycle through the admin API (which creates a report per active country). */
export async function openCycle(
  ctx: TestContext,
  admin: TestUser,
  cycle: { year: number; opens?: number; closes?: number; expiry_days?: number; timely_days?: number },
) {
  const response = await ctx.request('/api/report/type/national/cycles/saved', {
    token: admin.token,
    json: {
      year: cycle.year,
      opens_at: isoDay(cycle.opens ?? -30),
      closes_at: isoDay(cycle.closes ?? 30),
      expiry_days: cycle.expiry_days ?? 10,
      timely_days: cycle.timely_days ?? 7,
      guideline_version: 'Test guidelines',
      status: 'open',
    },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Closes a cycle through the admin API: its reports' answers are locked (`cycle_closed`). */
export async function closeCycle(ctx: TestContext, admin: TestUser, year: number) {
  const cycles = (await (await ctx.request('/api/report/type/national/cycles', { token: admin.token })).json()) as {
    data: { year: number; version: number }[];
  };
  const cycle = cycles.data.find((item) => item.year === year)!;
  const closed = await ctx.request('/api/report/type/national/cycles/saved', {
    token: admin.token,
    json: {
      year,
      version: cycle.version,
      opens_at: '2044-01-01',
      closes_at: '2044-12-31',
      expiry_days: 30,
      timely_days: 7,
      status: 'closed',
    },
  });
  expect(closed.status).toBe(200);
}

/** The seeded questions by code (Q01 … Q38). */
export async function questionsByCode(ctx: TestContext, user: TestUser): Promise<Map<string, Question>> {
  const response = await ctx.request('/api/question/list', { token: user.token });
  const body = QuestionListResponseSchema.parse(await response.json());
  return new Map(body.data.map((q) => [q.code, q]));
}

export async function viewReport(ctx: TestContext, user: TestUser, year: number, country: string): Promise<ReportView> {
  const response = await ctx.request(`/api/report/type/national/${year}/${country}/view`, { token: user.token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ReportViewResponseSchema.parse(await response.json()).data;
}

export function saveAnswers(ctx: TestContext, user: TestUser, year: number, country: string, answers: unknown[]) {
  return ctx.request(`/api/report/type/national/${year}/${country}/saved`, { token: user.token, json: { answers } });
}

export function updateReport(
  ctx: TestContext,
  user: TestUser,
  year: number,
  country: string,
  body: Record<string, unknown>,
) {
  return ctx.request(`/api/report/type/national/${year}/${country}/report/update`, { token: user.token, json: body });
}

/** A small but real PDF document (bytes as a PDF writer makes them). */
/** A well-formed one-page PDF without a digital signature; `extra` bytes of padding make it larger. */
export function pdfBytes(extra = 0): Uint8Array {
  return testPdf({ padding: extra });
}

/** POST …/report/upload; an unsigned PDF goes with "I confirm this is the signed copy" unless `confirm` is false. */
export function upload(
  ctx: TestContext,
  user: TestUser,
  uuid: string,
  bytes: Uint8Array,
  name = 'signed-report.pdf',
  type = 'application/pdf',
  confirm = true,
) {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  if (confirm) form.set('confirm_unsigned', 'true');
  return ctx.request(`/api/report/type/national/${uuid}/report/upload`, { token: user.token, body: form });
}

/** A valid answer for each compulsory (tier-1) question, with a source. */
export function compulsoryAnswers(questions: Iterable<Question>) {
  const out: { question_uuid: string; value: unknown; source: string; data_year: number }[] = [];
  for (const q of questions) {
    if (!q.compulsory) continue;
    let value: unknown = 10;
    if (q.parts.length) value = Object.fromEntries(q.parts.map((p) => [p.key, q.answer_type === 'yn' ? true : 10]));
    else if (q.answer_type === 'yn') value = true;
    else if (q.code === 'Q21') value = 0.75;
    out.push({ question_uuid: q.uuid, value, source: 'National statistics office', data_year: 2024 });
  }
  return out;
}

/**
 * A country's report of `year` with every compulsory answer saved and marked complete by its focal
 * point (ready for its signed copy), and the country's administrator who uploads it.
 */
export async function completedReport(
  ctx: TestContext,
  year: number,
  country: string,
  questions: Map<string, Question>,
): Promise<{ uuid: string; stateAdmin: TestUser }> {
  const stateAdmin = await createUser(ctx, { role: 'state_admin', country });
  const member = await createUser(ctx, { role: 'state_member', country });
  expect((await saveAnswers(ctx, member, year, country, compulsoryAnswers(questions.values()))).status).toBe(200);
  const { report } = await viewReport(ctx, member, year, country);
  expect((await updateReport(ctx, member, year, country, { version: report.version, action: 'complete' })).status).toBe(
    200,
  );
  return { uuid: report.uuid, stateAdmin };
}
