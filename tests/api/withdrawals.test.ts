/**
 * Issue 31, item 1: withdrawal is immediate and cannot fail silently. A withdrawn report, practice,
 * country or figure leaves the public pages of every instance at once (410 Gone, the site's own
 * page), before any rebuild and while every build fails; making it public again brings them back.
 * A failed build is tried again by itself; the second failure in a row is told to the
 * administrators; /api/health and /metrics say how far the live site is behind its decisions.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox, notifications, siteWithdrawals } from '../../src/lib/db/schema.ts';
import { HealthResponseSchema } from '../../src/lib/ops/schema.ts';
import { SiteFiles } from '../../src/server/site-files.ts';
import { COMPLETE_ROW, insertPractice } from '../fixtures/best-practices.ts';
import { createTestContext, type TestContext } from '../support/app.ts';
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
import { countryVersion, withVersion } from '../support/versions.ts';

const YEAR = 2032;
const work = mkdtempSync(join(tmpdir(), 'apua-withdrawals-'));
const controlFile = join(work, 'control.json');
const logFile = join(work, 'builds.log');
const practiceUuid = '6f1c2d8e-5b7a-4c3e-9d21-0a8b7c6d5e4f';

/** A built site holding the pages the test withdraws, in English and French. */
async function builtSite(): Promise<SiteFiles> {
  const dir = join(work, 'site');
  const page = (title: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  const pages: Record<string, string> = {
    '/index.html': page('Home'),
    '/404.html': page('Page not found'),
    '/fr/page-not-found/index.html': page('Page introuvable'),
    '/page-withdrawn/index.html': page('This page has been withdrawn'),
    '/fr/page-withdrawn/index.html': page('Cette page a été retirée'),
    [`/national-reports/${YEAR}/PH/index.html`]: page('Rapport national des Philippines'),
    [`/fr/national-reports/${YEAR}/PH/index.html`]: page('Rapport national des Philippines (fr)'),
    [`/best-practices-overview/view/${practiceUuid}/index.html`]: page('Nước sạch cho mọi người'),
    '/urbanisation-profile/view/MN/index.html': page('Монголия'),
    '/national-reports/country/MN/index.html': page('Монголия: national reports'),
    '/ru/urbanisation-profile/view/TH/index.html': page('Таиланд'),
  };
  for (const [path, html] of Object.entries(pages)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), html);
  }
  return SiteFiles.load(dir);
}

const files = await builtSite();
const ctx = await createTestContext({
  site: { current: () => files },
  buildEnv: { FAKE_BUILD_CONTROL: controlFile, FAKE_BUILD_LOG: logFile },
  env: { METRICS_TOKEN: 'metrics-secret-for-tests' },
  // Tried again after 0.3 s, 0.6 s, then 1 s: the backoff's shape, on a test's clock.
  retryDelaySeconds: (failures) => Math.min(0.3 * 2 ** (failures - 1), 1),
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const failBuilds = (fail: boolean) => writeFileSync(controlFile, JSON.stringify(fail ? { fail: true } : {}));

async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not within ${ms} ms: ${what}`);
    await sleep(50);
  }
}

const statusOf = async (path: string, on: Pick<TestContext, 'request'> = ctx) => (await on.request(path)).status;

let admin: TestUser;
let stateAdmin: TestUser;
let member: TestUser;
beforeAll(async () => {
  [admin, stateAdmin, member] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
    createUser(ctx, { role: 'state_member', country: 'PH' }),
  ]);
  failBuilds(false);
});

describe('a withdrawn report leaves the public site at once, whatever the build does', { timeout: 120_000 }, () => {
  const act = async (user: TestUser, body: Record<string, unknown>) => {
    const version = (await viewReport(ctx, admin, YEAR, 'PH')).report.version;
    const response = await updateReport(ctx, user, YEAR, 'PH', { version, ...body });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const reportPages = [
    `/national-reports/${YEAR}/PH`,
    `/national-reports/${YEAR}/PH/`,
    `/national-reports/${YEAR}/PH/index.html`,
    `/fr/national-reports/${YEAR}/PH`,
  ];

  test('unpublished while every build fails: 410 on both instances within seconds; published again: back', async () => {
    await openCycle(ctx, admin, { year: YEAR });
    const questions = await questionsByCode(ctx, admin);
    expect((await saveAnswers(ctx, member, YEAR, 'PH', compulsoryAnswers(questions.values()))).status).toBe(200);
    await act(member, { action: 'complete' });
    const { report } = await viewReport(ctx, admin, YEAR, 'PH');
    expect((await upload(ctx, stateAdmin, report.uuid, pdfBytes())).status).toBe(200);
    await act(admin, { action: 'accept' });
    await act(admin, { action: 'publish' });
    await ctx.builder.settled();
    for (const path of reportPages) expect(await statusOf(path), path).toBe(200);

    failBuilds(true);
    const other = ctx.openInstance ? await ctx.openInstance() : null;
    await act(admin, { action: 'unpublish', note: 'Figures under revision' });
    // This instance knows at once (its own commit); another within its poll.
    for (const path of reportPages) expect(await statusOf(path), path).toBe(410);
    const gone = await ctx.request(`/fr/national-reports/${YEAR}/PH`);
    expect(await gone.text()).toContain('Cette page a été retirée');
    expect(await (await ctx.request(`/national-reports/${YEAR}/PH`)).text()).toContain('This page has been withdrawn');
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await ctx.request(`/national-reports/${YEAR}/PH`, { method: 'HEAD' })).status).toBe(410);
    if (other)
      await within(
        5000,
        'the other instance takes the page off',
        async () => (await statusOf(`/national-reports/${YEAR}/PH`, other)) === 410,
      );
    // Another country's pages and the home page are untouched.
    expect(await statusOf('/')).toBe(200);
    expect(await statusOf('/urbanisation-profile/view/MN')).toBe(200);

    // Published again (the builds still fail): back on every instance.
    await act(admin, { action: 'publish' });
    expect(await statusOf(`/national-reports/${YEAR}/PH`)).toBe(200);
    if (other)
      await within(
        5000,
        'the other instance serves it again',
        async () => (await statusOf(`/national-reports/${YEAR}/PH`, other)) === 200,
      );
    failBuilds(false);
    await within(
      20_000,
      'a build goes live again',
      async () => ctx.builder.status().failing === undefined && ctx.builder.status().current.state === 'idle',
    );
  });
});

describe('practices, countries and figures', { timeout: 60_000 }, () => {
  test('an archived practice is gone at once and back when restored', async () => {
    const practice = await insertPractice(ctx, {
      ...COMPLETE_ROW,
      uuid: practiceUuid,
      title: 'Nước sạch cho mọi người',
      countryCode: 'VN',
      status: 'published',
    });
    const path = `/best-practices-overview/view/${practice.uuid}`;
    expect(await statusOf(path)).toBe(200);
    const transition = (action: string, version: number) =>
      ctx.request(`/api/best-practice/${practice.uuid}/transition`, { token: admin.token, json: { action, version } });
    const archived = await transition('archive', practice.version);
    expect(archived.status, await archived.clone().text()).toBe(200);
    expect(await statusOf(path)).toBe(410);
    const { data } = (await archived.json()) as { data: { version: number } };
    expect((await transition('unarchive', data.version)).status).toBe(200);
    expect(await statusOf(path)).toBe(200);
  });

  test('a country turned off takes all its pages off at once; turned on, they are back', async () => {
    const setStatus = async (status: number) =>
      ctx.request('/api/country/MN/update/status', {
        token: admin.token,
        json: withVersion({ status }, await countryVersion(ctx, 'MN')),
      });
    expect((await setStatus(0)).status).toBe(200);
    expect(await statusOf('/urbanisation-profile/view/MN')).toBe(410);
    expect(await statusOf('/national-reports/country/MN')).toBe(410);
    expect(await statusOf('/ru/urbanisation-profile/view/TH')).toBe(200);
    expect((await setStatus(1)).status).toBe(200);
    expect(await statusOf('/urbanisation-profile/view/MN')).toBe(200);
  });

  test("a withdrawn figure takes its country's profile page off until a build made after it is live", async () => {
    await ctx.builder.settled();
    await ctx.deps.changes.write(ctx.deps.db, (w) =>
      w.emit({
        type: 'profile.figure.withdrawn',
        data: { country: 'TH', category: 'demography-urbanisation', year: 2020 },
        actorId: admin.id,
        site: true,
      }),
    );
    expect(await statusOf('/ru/urbanisation-profile/view/TH')).toBe(410);
    await ctx.builder.request();
    expect(ctx.builder.status().failing).toBeUndefined();
    expect(await statusOf('/ru/urbanisation-profile/view/TH')).toBe(200);
    // The block has done its work: forgotten once the build holding the withdrawal is live.
    await within(
      5000,
      'the block forgotten',
      async () =>
        (await ctx.deps.db.select().from(siteWithdrawals).where(eq(siteWithdrawals.key, 'figures:TH'))).length === 0,
    );
  });
});

describe('builds that fail are tried again, told, and shown', { timeout: 60_000 }, () => {
  const StrictHealth = deepStrict(HealthResponseSchema);
  const health = async () => (await expectJson(await ctx.request('/api/health'), 200, StrictHealth)).data.site;

  test(
    'a failing build is retried with backoff; the second failure tells the administrators once; health and ' +
      'metrics say it',
    async () => {
      await ctx.builder.settled();
      const toldBefore = new Set(
        (await ctx.deps.db.select().from(notifications).where(eq(notifications.kind, 'site.build.failing'))).map(
          (n) => n.id,
        ),
      );
      const before = await health();
      expect(before.failing_since).toBeNull();
      expect(before.last_error).toBeNull();

      failBuilds(true);
      await ctx.deps.changes.write(ctx.deps.db, (w) =>
        w.emit({ type: 'site.publish.requested', data: {}, actorId: admin.id, site: true }),
      );
      await ctx.deps.changes.write(ctx.deps.db, (w) =>
        w.emit({
          type: 'profile.figure.withdrawn',
          data: { country: 'KH', category: 'housing', year: 2021 },
          actorId: admin.id,
          site: true,
        }),
      );
      // Tried again by itself: at least three failures without anyone asking.
      await within(20_000, 'three failures in a row', async () => (ctx.builder.status().failing?.failures ?? 0) >= 3);
      const during = await health();
      expect(during.failing_since).not.toBeNull();
      expect(during.last_error).toMatch(/exited with 1/);
      expect(during.pending_changes).toBeGreaterThanOrEqual(1);
      expect(during.behind_since).not.toBeNull();

      const metrics = await (
        await ctx.request('/metrics', { headers: { Authorization: 'Bearer metrics-secret-for-tests' } })
      ).text();
      expect(metrics).toMatch(/^apua_site_pending_changes [1-9]/m);
      expect(metrics).toMatch(/^apua_site_failing_seconds [0-9.]+/m);

      // Once for this streak, to each administrator, however many tries fail.
      const told = (
        await ctx.deps.db.select().from(notifications).where(eq(notifications.kind, 'site.build.failing'))
      ).filter((n) => !toldBefore.has(n.id));
      expect(told.filter((n) => n.userId === admin.id)).toHaveLength(1);
      const mails = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'site.build.failing'));
      expect(mails.some((mail) => mail.text.includes('exited with 1'))).toBe(true);

      failBuilds(false);
      await within(
        20_000,
        'a build goes live',
        async () => ctx.builder.status().failing === undefined && ctx.builder.status().current.state === 'idle',
      );
      const after = await health();
      expect(after.failing_since).toBeNull();
      expect(after.pending_changes).toBe(0);
    },
  );
});
