/**
 * Issue 15, item 2: every change that adds, changes or withdraws public data queues exactly one
 * rebuild of the site by itself (its change event, through the bus's standing subscriber), and the
 * public API follows at once; changes nobody outside sees queue none. Builds are observed as in
 * site.test.ts: the fake build appends a line to its log per run.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChangeType } from '../../src/lib/events/change-events.ts';
import { createTestContext } from '../support/app.ts';
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
import { cmsVersion, withVersion } from '../support/versions.ts';
import { COMPLETE_ROW, insertPractice } from '../fixtures/best-practices.ts';

const work = mkdtempSync(join(tmpdir(), 'apua-rebuilds-'));
const logFile = join(work, 'builds.log');
const ctx = await createTestContext({ buildEnv: { FAKE_BUILD_LOG: logFile } });
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The events that asked for a rebuild, as the bus released them. */
const siteEvents: ChangeType[] = [];
ctx.deps.changes.onCommit('test-probe', { site: true }, (event) => siteEvents.push(event.type));

const buildsRun = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length : 0);

/** How many builds `action` made by itself, and the events that asked for them. */
async function rebuildsOf(action: () => Promise<unknown>): Promise<{ builds: number; events: ChangeType[] }> {
  await ctx.builder.settled();
  const before = buildsRun();
  siteEvents.length = 0;
  await action();
  await ctx.builder.settled();
  return { builds: buildsRun() - before, events: [...siteEvents] };
}

async function ok(
  response: Response | Promise<Response>,
  status = 200,
): Promise<{ data: { version: number; uuid: string; status: string } }> {
  const r = await response;
  expect(r.status, await r.clone().text()).toBe(status);
  return (await r.json()) as { data: { version: number; uuid: string; status: string } };
}

let admin: TestUser;
let stateAdmin: TestUser;
let member: TestUser;
beforeAll(async () => {
  [admin, stateAdmin, member] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
    createUser(ctx, { role: 'state_member', country: 'PH' }),
  ]);
});

describe('national reports', () => {
  const YEAR = 2031;
  const publicReport = () => ctx.request(`/api/report/type/national/public/report/${YEAR}/PH`);
  const version = async () => (await viewReport(ctx, admin, YEAR, 'PH')).report.version;
  const act = async (user: TestUser, body: Record<string, unknown>) =>
    ok(updateReport(ctx, user, YEAR, 'PH', { version: await version(), ...body }));

  test(
    'answers and header edits of an unpublished report queue no rebuild; publishing and unpublishing queue one ' +
      'each, and the public API follows at once',
    async () => {
      await openCycle(ctx, admin, { year: YEAR });
      const questions = await questionsByCode(ctx, admin);
      expect(
        await rebuildsOf(async () =>
          expect((await saveAnswers(ctx, member, YEAR, 'PH', compulsoryAnswers(questions.values()))).status).toBe(200),
        ),
      ).toEqual({ builds: 0, events: [] });
      expect(await rebuildsOf(() => act(stateAdmin, { title: 'Philippines 2031' }))).toEqual({ builds: 0, events: [] });

      // Each step of the workflow changes the cycle's public reporting status (a status per country).
      expect(await rebuildsOf(() => act(member, { action: 'complete' }))).toEqual({
        builds: 1,
        events: ['report.completed'],
      });
      const { report } = await viewReport(ctx, admin, YEAR, 'PH');
      expect(await rebuildsOf(() => ok(upload(ctx, stateAdmin, report.uuid, pdfBytes())))).toEqual({
        builds: 1,
        events: ['report.submitted'],
      });
      expect(await rebuildsOf(() => act(admin, { action: 'accept' }))).toEqual({
        builds: 1,
        events: ['report.accepted'],
      });
      expect((await publicReport()).status).toBe(404);

      expect(await rebuildsOf(() => act(admin, { action: 'publish' }))).toEqual({
        builds: 1,
        events: ['report.published'],
      });
      expect((await publicReport()).status).toBe(200);
      // A published report's header is on its public page: an edit rebuilds too.
      expect(await rebuildsOf(() => act(admin, { title: 'Philippines 2031: the national report' }))).toEqual({
        builds: 1,
        events: ['report.updated'],
      });

      expect(await rebuildsOf(() => act(admin, { action: 'unpublish' }))).toEqual({
        builds: 1,
        events: ['report.unpublished'],
      });
      expect((await publicReport()).status).toBe(404);
      const list = (await (await ctx.request(`/api/report/type/national/public/list?year=${YEAR}`)).json()) as {
        data: unknown[];
      };
      expect(list.data).toEqual([]);
    },
  );

  test(
    'an administrator unlocking a published report keeps ' + 'its published copy public (decision 026): one rebuild',
    async () => {
      await act(admin, { action: 'publish' });
      expect((await publicReport()).status).toBe(200);
      expect(await rebuildsOf(() => act(admin, { action: 'unlock', note: 'A figure was wrong' }))).toEqual({
        builds: 1,
        events: ['report.unlocked'],
      });
      expect((await publicReport()).status).toBe(200);
    },
  );
});

describe('best practices', () => {
  const transition = async (uuid: string, action: string) => {
    const found = await ok(ctx.request(`/api/best-practice/show/${uuid}`, { token: admin.token }));
    return ok(
      ctx.request(`/api/best-practice/${uuid}/transition`, {
        token: admin.token,
        json: { action, version: found.data.version },
      }),
    );
  };
  const publicShow = (uuid: string) => ctx.request(`/api/best-practice/public/show/${uuid}`);

  test(
    'drafts, saves, comments and revisions queue no rebuild; publishing (a new version too) and archiving queue ' +
      'one each, and the public API follows at once',
    async () => {
      const created = await rebuildsOf(() =>
        ok(
          ctx.request('/api/best-practice/saved', {
            token: member.token,
            json: { title: 'Pocket parks', country_code: 'PH' },
          }),
          201,
        ),
      );
      expect(created).toEqual({ builds: 0, events: [] });

      const row = await insertPractice(ctx, { ...COMPLETE_ROW, status: 'submitted' });
      const comment = () =>
        ok(
          ctx.request(`/api/best-practice/${row.uuid}/comment`, {
            token: admin.token,
            json: { section: 'results', body: 'Figures, please.' },
          }),
          201,
        );
      expect(await rebuildsOf(comment)).toEqual({ builds: 0, events: [] });

      expect(await rebuildsOf(() => transition(row.uuid, 'publish'))).toEqual({
        builds: 1,
        events: ['practice.published'],
      });
      expect((await publicShow(row.uuid)).status).toBe(200);
      // A published practice is revised, not edited in place (decision 033): the public copy is kept, nothing
      // to rebuild until the new version is published.
      expect(await rebuildsOf(() => transition(row.uuid, 'revise'))).toEqual({ builds: 0, events: [] });
      const edit = async () => {
        const found = await ok(ctx.request(`/api/best-practice/show/${row.uuid}`, { token: admin.token }));
        return ok(
          ctx.request('/api/best-practice/saved', {
            token: admin.token,
            json: { uuid: row.uuid, version: found.data.version, summary: 'A river esplanade, now shaded.' },
          }),
        );
      };
      expect(await rebuildsOf(edit)).toEqual({ builds: 0, events: [] });
      expect(await rebuildsOf(() => transition(row.uuid, 'submit'))).toEqual({ builds: 0, events: [] });
      expect(((await (await publicShow(row.uuid)).json()) as { data: { summary: string } }).data.summary).not.toBe(
        'A river esplanade, now shaded.',
      );
      expect(await rebuildsOf(() => transition(row.uuid, 'publish'))).toEqual({
        builds: 1,
        events: ['practice.published'],
      });
      expect(((await (await publicShow(row.uuid)).json()) as { data: { summary: string } }).data.summary).toBe(
        'A river esplanade, now shaded.',
      );

      expect(await rebuildsOf(() => transition(row.uuid, 'archive'))).toEqual({
        builds: 1,
        events: ['practice.archived'],
      });
      expect((await publicShow(row.uuid)).status).toBe(404);
      const list = (await (await ctx.request('/api/best-practice/public/list?q=esplanade')).json()) as {
        data: { uuid: string }[];
      };
      expect(list.data.map((p) => p.uuid)).not.toContain(row.uuid);
    },
  );
});

describe('CMS items', () => {
  test(
    'a draft queues no rebuild; publishing and taking it ' + 'down queue one each, and the public API follows at once',
    async () => {
      const publicTitles = async () =>
        ((await (await ctx.request('/api/public/cms/partner')).json()) as { data: { title: string }[] }).data.map(
          (i) => i.title,
        );
      let uuid = '';
      expect(
        await rebuildsOf(async () => {
          uuid = (
            await ok(
              ctx.request('/api/cms/saved', {
                token: admin.token,
                json: { cms_type: 'partner', title: 'Harbour Trust' },
              }),
              201,
            )
          ).data.uuid;
        }),
      ).toEqual({ builds: 0, events: [] });
      const setStatus = async (status: string) =>
        ok(
          ctx.request(`/api/cms/status/${uuid}`, {
            token: admin.token,
            json: withVersion({ status }, await cmsVersion(ctx, uuid)),
          }),
        );
      expect(await rebuildsOf(() => setStatus('published'))).toEqual({ builds: 1, events: ['cms.item.published'] });
      expect(await publicTitles()).toContain('Harbour Trust');
      expect(await rebuildsOf(() => setStatus('unpublished'))).toEqual({ builds: 1, events: ['cms.item.unpublished'] });
      expect(await publicTitles()).not.toContain('Harbour Trust');
    },
  );
});

describe('what nobody outside sees', () => {
  test('a contact message and its first reading queue no rebuild', async () => {
    const sent = () =>
      ok(
        ctx.request('/api/contact-us', {
          json: { name: 'Visitor', email: 'v@example.org', subject: 'Hello', message: 'A question about the reports.' },
        }),
        201,
      );
    expect(await rebuildsOf(sent)).toEqual({ builds: 0, events: [] });
  });
});

test('"Publish site" queues one rebuild through its event', async () => {
  expect(
    await rebuildsOf(() => ok(ctx.request('/api/site/publish', { method: 'POST', token: admin.token }), 202)),
  ).toEqual({
    builds: 1,
    events: ['site.publish.requested'],
  });
});
