import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { nationalReports, notifications, reportReminders } from '../../src/lib/db/schema.ts';
import { CycleListResponseSchema, CycleResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { ReminderJob } from '../../src/lib/national-reports/reminder-job.server.ts';
import { sendDueReminders } from '../../src/lib/national-reports/reminders.server.ts';
import { NotificationListResponseSchema } from '../../src/lib/notifications/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { startMailSink } from '../support/mail.ts';
import {
  compulsoryAnswers,
  pdfBytes,
  questionsByCode,
  saveAnswers,
  updateReport,
  upload,
  viewReport,
} from '../support/national-reports.ts';
import { deepStrict } from '../support/schemas.ts';

const sink = await startMailSink();
const ctx = await createTestContext({ env: { SMTP_URL: sink.url, PUBLIC_SITE_URL: 'https://portal.example' } });
const BASE = '/api/report/type/national';
const StrictList = deepStrict(NotificationListResponseSchema);
const StrictCycle = deepStrict(CycleResponseSchema);

/** Noon UTC, `days` days from a YYYY-MM-DD date: the clock the reminders run on. */
const at = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000);
const run = (now: Date) => sendDueReminders(ctx.deps, now);
// Every active country gets a report in each cycle, and each reminder is a transaction of its own: minutes on a busy
// machine.

let admin: TestUser;
let phAdmin: TestUser;
let phMember: TestUser;
let phInactive: TestUser;
let thMember: TestUser;
beforeAll(async () => {
  [admin, phAdmin, phMember, phInactive, thMember] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Admin' }),
    createUser(ctx, { role: 'state_admin', country: 'PH', name: 'Pia Santos' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Marco Reyes' }),
    createUser(ctx, { role: 'state_member', country: 'PH', status: 0 }),
    createUser(ctx, { role: 'state_member', country: 'TH', name: 'Somchai' }),
  ]);
});

function saveCycle(json: Record<string, unknown>) {
  return ctx.request(`${BASE}/cycles/saved`, { token: admin.token, json });
}

async function openCycle(year: number, closes: string, extra: Record<string, unknown> = {}) {
  return expectJson(
    await saveCycle({ year, opens_at: `${year}-01-01`, closes_at: closes, status: 'open', ...extra }),
    200,
    StrictCycle,
  );
}

const reportsOf = async (year: number) =>
  (await ctx.deps.db.select({ n: count() }).from(nationalReports).where(eq(nationalReports.year, year)))[0]!.n;

/** The reminder notifications a person has about a cycle's report, oldest first. */
async function remindersOf(me: TestUser, year: number) {
  const body = await expectJson(
    await ctx.request('/api/notifications?per_page=100', { token: me.token }),
    200,
    StrictList,
  );
  return body.data.filter((n) => n.kind === 'report.reminder' && n.title.endsWith(` ${year}`)).reverse();
}

describe('reminders before and after the closing date', { timeout: 180_000 }, () => {
  const YEAR = 2031;
  const CLOSES = '2031-03-31';

  test('14, 7 and 1 days before, and the day after: each once, to the country, never twice', async () => {
    await openCycle(YEAR, CLOSES);
    const reports = await reportsOf(YEAR);
    expect(reports).toBeGreaterThan(2);
    // The days in between, and a second run on the same day, send nothing.
    const expected: [number, number][] = [
      [-20, 0],
      [-14, reports],
      [-14, 0],
      [-10, 0],
      [-7, reports],
      [-3, 0],
      [-1, reports],
      [-1, 0],
      [0, 0],
      [1, reports],
      [2, 0],
      [30, 0],
    ];
    for (const [day, sent] of expected) expect(await run(at(CLOSES, day)), `day ${day}`).toBe(sent);

    const titles = (await remindersOf(phMember, YEAR)).map((n) => n.title);
    expect(titles).toEqual([
      `Report due in 14 days: Philippines ${YEAR}`,
      `Report due in 7 days: Philippines ${YEAR}`,
      `Report due tomorrow: Philippines ${YEAR}`,
      `Report overdue: Philippines ${YEAR}`,
    ]);
    const [first] = await remindersOf(phAdmin, YEAR);
    expect(first).toMatchObject({
      body: `The national report of Philippines for ${YEAR} is due on 31 March 2031 and has not been submitted yet.`,
      link: `/module/report/national/PH/${YEAR}/indicator/form`,
    });
    expect((await remindersOf(phAdmin, YEAR)).at(-1)?.body).toMatch(
      /was due on 31 March 2031 and has not been submitted yet/,
    );
    // Only the report's own country: Thailand hears of its own report, the secretariat and an inactive account of none.
    expect((await remindersOf(thMember, YEAR)).map((n) => n.title)).toEqual(
      titles.map((t) => t.replace('Philippines', 'Thailand')),
    );
    expect(await remindersOf(admin, YEAR)).toEqual([]);
    expect(await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, phInactive.id))).toEqual([]);
  });

  test('a restarted job (a new instance on the same database) sends nothing already sent', async () => {
    const job = new ReminderJob({ run: (now) => sendDueReminders(ctx.deps, now), now: () => at(CLOSES, 1) });
    expect(await job.runOnce()).toBe(0);
    expect(await job.runOnce(at(CLOSES, -1))).toBe(0);
    await job.stop();
  });

  test('each reminder goes by email too, unless the person turned reminder emails off', async () => {
    const year = 2032;
    const closes = '2032-06-30';
    const prefs = await ctx.request('/api/notifications/preferences', {
      token: phAdmin.token,
      json: { email: { 'report.reminder': false }, version: 1 },
    });
    expect(prefs.status, await prefs.clone().text()).toBe(200);
    await openCycle(year, closes);
    expect(await run(at(closes, -7))).toBe(await reportsOf(year));
    await ctx.deps.mail!.runOnce();
    const mails = sink.received.filter((m) => m.subject?.startsWith(`Report due in 7 days: Philippines ${year}`));
    expect(mails.map((m) => m.to)).toEqual([expect.stringContaining(phMember.email)]);
    expect(mails[0]?.text).toContain('Dear Marco Reyes,');
    expect(mails[0]?.text).toContain(`https://portal.example/module/report/national/PH/${year}/indicator/form`);
    // The notification itself still reaches the person who turned the email off.
    expect((await remindersOf(phAdmin, year)).map((n) => n.title)).toEqual([
      `Report due in 7 days: Philippines ${year}`,
    ]);
  });

  test('ticks running at the same time send each reminder once', async () => {
    const year = 2033;
    const closes = '2033-05-31';
    await openCycle(year, closes);
    const job = new ReminderJob({ run: (now) => sendDueReminders(ctx.deps, now) });
    const now = at(closes, -1);
    const sent = await Promise.all([run(now), run(now), job.runOnce(now), run(now)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(await reportsOf(year));
    expect((await remindersOf(phMember, year)).map((n) => n.title)).toEqual([
      `Report due tomorrow: Philippines ${year}`,
    ]);
    const rows = await ctx.deps.db
      .select({ n: count() })
      .from(reportReminders)
      .innerJoin(nationalReports, eq(nationalReports.id, reportReminders.reportId))
      .where(eq(nationalReports.year, year));
    expect(rows[0]!.n).toBe(await reportsOf(year));
  });

  test('a moved closing date has reminders of its own; a cycle not open, or not yet opened, sends none', async () => {
    const year = 2034;
    const cycle = await openCycle(year, '2034-04-30');
    expect(await run(at('2034-04-30', -1))).toBe(await reportsOf(year));
    const moved = await expectJson(
      await saveCycle({ year, closes_at: '2034-05-31', version: cycle.data.version }),
      200,
      StrictCycle,
    );
    expect(await run(at('2034-05-31', -7))).toBe(await reportsOf(year));
    await expectJson(await saveCycle({ year, status: 'closed', version: moved.data.version }), 200, StrictCycle);
    expect(await run(at('2034-05-31', -1))).toBe(0);

    await openCycle(2035, '2035-01-10', { opens_at: '2035-01-05' });
    // Nine days before the closing date, but the cycle opens only in four.
    expect(await run(at('2035-01-10', -9))).toBe(0);
  });
});

describe('a submitted report is not reminded', { timeout: 180_000 }, () => {
  test('the country that submitted hears nothing; the others are still reminded', async () => {
    const year = 2036;
    const closes = '2036-12-31';
    await expectJson(
      await saveCycle({ year, opens_at: '2026-01-01', closes_at: closes, status: 'open' }),
      200,
      StrictCycle,
    );
    const questions = await questionsByCode(ctx, phMember);
    expect((await saveAnswers(ctx, phMember, year, 'PH', compulsoryAnswers(questions.values()))).status).toBe(200);
    let view = await viewReport(ctx, phMember, year, 'PH');
    expect(
      (await updateReport(ctx, phMember, year, 'PH', { action: 'complete', version: view.report.version })).status,
    ).toBe(200);
    view = await viewReport(ctx, phAdmin, year, 'PH');
    const uploaded = await upload(ctx, phAdmin, view.report.uuid, pdfBytes());
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);

    expect(await run(at(closes, -14))).toBe((await reportsOf(year)) - 1);
    expect(await run(at(closes, 1))).toBe((await reportsOf(year)) - 1);
    expect(await remindersOf(phMember, year)).toEqual([]);
    expect(await remindersOf(phAdmin, year)).toEqual([]);
    expect((await remindersOf(thMember, year)).length).toBe(2);
    const ph = await ctx.deps.db
      .select({ n: count() })
      .from(reportReminders)
      .innerJoin(nationalReports, eq(nationalReports.id, reportReminders.reportId))
      .where(and(eq(nationalReports.year, year), eq(nationalReports.countryCode, 'PH')));
    expect(ph[0]!.n).toBe(0);
  });
});

describe('the reminder days of a cycle', { timeout: 180_000 }, () => {
  test('default [14, 7, 1]; chosen days are kept largest first and used', async () => {
    const year = 2037;
    const created = await openCycle(year, '2037-03-31');
    expect(created.data.reminder_days).toEqual([14, 7, 1]);
    const saved = await expectJson(
      await saveCycle({ year, reminder_days: [3, 10], version: created.data.version }),
      200,
      StrictCycle,
    );
    expect(saved.data.reminder_days).toEqual([10, 3]);
    // Left out of a later save, they stay.
    const kept = await expectJson(
      await saveCycle({ year, guideline_version: 'Guidelines 2037', version: saved.data.version }),
      200,
      StrictCycle,
    );
    expect(kept.data.reminder_days).toEqual([10, 3]);
    const list = await expectJson(
      await ctx.request(`${BASE}/cycles`, { token: admin.token }),
      200,
      deepStrict(CycleListResponseSchema),
    );
    expect(list.data.find((c) => c.year === year)?.reminder_days).toEqual([10, 3]);

    const n = await reportsOf(year);
    const days: [number, number][] = [
      [-14, 0],
      [-10, n],
      [-7, 0],
      [-3, n],
      [-1, 0],
      [1, n],
    ];
    for (const [day, sent] of days) expect(await run(at('2037-03-31', day)), `day ${day}`).toBe(sent);
    expect((await remindersOf(phMember, year)).map((r) => r.title)).toEqual([
      `Report due in 10 days: Philippines ${year}`,
      `Report due in 3 days: Philippines ${year}`,
      `Report overdue: Philippines ${year}`,
    ]);
  });

  test('an empty list sends only the reminder after the closing date', async () => {
    const year = 2038;
    await openCycle(year, '2038-03-31', { reminder_days: [] });
    expect(await run(at('2038-03-31', -1))).toBe(0);
    expect(await run(at('2038-03-31', 1))).toBe(await reportsOf(year));
  });

  test.each([
    ['a negative day', [-1], 'reminder_days.0', 'must be at least 0 days'],
    ['a fraction', [1.5], 'reminder_days.0', 'must be a whole number of days'],
    ['text', ['seven'], 'reminder_days.0', 'must be a whole number of days'],
    ['a day past a year', [400], 'reminder_days.0', 'must be at most 366 days'],
    ['the same day twice', [7, 7], 'reminder_days', 'must not name the same day twice'],
    ['too many days', [30, 21, 14, 7, 3, 2, 1], 'reminder_days', 'must hold at most 6 days'],
    ['not a list', '14,7,1', 'reminder_days', 'must be a list of days before the closing date'],
  ])('%s is refused with a 400 that names the field', async (_, reminderDays, field, message) => {
    const response = await saveCycle({
      year: 2039,
      opens_at: '2039-01-01',
      closes_at: '2039-03-31',
      reminder_days: reminderDays,
    });
    const body = await expectError(response, 400, { fields: [field] });
    expect(body.errors?.[field]).toEqual([message]);
  });
});
