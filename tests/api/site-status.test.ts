/**
 * Issue 16, item 8: one publishing status. Every committed change of the public site is listed by
 * name as waiting until a build that started after it is live; a change made during a build waits
 * for the next one; a failed build leaves them waiting; a rolled-back change is never listed; the
 * estimate comes from the live build's duration. "Publish now" is admin-level and is no change.
 * Issue 32, item 1: the changes are worded in the reader's language, names as the language says
 * them, what people wrote as written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { profileCategories, siteChanges } from '../../src/lib/db/schema.ts';
import type { ChangeEvent } from '../../src/lib/events/change-events.ts';
import { SiteStatusResponseSchema, type SiteStatusData } from '../../src/lib/site/schema.ts';
import { liveInSeconds } from '../../src/lib/site/estimate.ts';
import { COMPLETE_ROW, insertPractice } from '../fixtures/best-practices.ts';
import { insertCmsItem } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictStatus = deepStrict(SiteStatusResponseSchema);
const work = mkdtempSync(join(tmpdir(), 'apua-site-status-'));
const controlFile = join(work, 'control.json');
const gateFile = join(work, 'gate');
const ctx = await createTestContext({ buildEnv: { FAKE_BUILD_CONTROL: controlFile } });
afterAll(() => rmSync(work, { recursive: true, force: true }));

function control(options: { gated?: boolean; fail?: boolean }) {
  rmSync(gateFile, { force: true });
  writeFileSync(
    controlFile,
    JSON.stringify({ ...(options.gated && { gate: gateFile }), ...(options.fail && { fail: true }) }),
  );
}
const release = () => writeFileSync(gateFile, '');
afterEach(async () => {
  release();
  await ctx.builder.settled();
  control({});
});

async function waitFor(what: string, predicate: () => boolean, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

let admin: TestUser;
let stateAdmin: TestUser;
beforeAll(async () => {
  [admin, stateAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'TH' }),
  ]);
});

const status = async (language?: string): Promise<SiteStatusData> =>
  (
    await expectJson(
      await ctx.request('/api/site/status', {
        token: admin.token,
        ...(language && { headers: { 'Accept-Language': language } }),
      }),
      200,
      StrictStatus,
    )
  ).data;
const titles = async () => (await status()).waiting.changes.map((c) => c.title);

/** Commits `events` as one change, the way a service does. */
async function commit(...events: ChangeEvent[]): Promise<void> {
  await ctx.deps.changes.write(ctx.deps.db, async (w) => {
    for (const event of events) await w.emit(event);
  });
}

describe('what waits for the public site, by name', { timeout: 120_000 }, () => {
  test('published and withdrawn items are listed (newest first) until the build holding them is live', async () => {
    await ctx.builder.request(); // a first live build, timed
    expect((await status()).waiting).toEqual({ total: 0, changes: [] });
    const practice = await insertPractice(ctx, {
      ...COMPLETE_ROW,
      title: 'Green roofs of Bangkok',
      countryCode: 'TH',
      status: 'published',
    });
    const banner = await insertCmsItem(ctx, { title: 'Урбанистический форум 2026', status: 'unpublished' });

    control({ gated: true });
    await commit({
      type: 'report.published',
      data: { uuid: '00000000-0000-4000-8000-000000000001', year: 2026, country: 'TH', note: null },
      actorId: admin.id,
      site: true,
    });
    await commit({
      type: 'practice.archived',
      data: { uuid: practice.uuid, country: 'TH' },
      actorId: admin.id,
      site: true,
    });
    await commit({
      type: 'cms.item.unpublished',
      data: { uuid: banner.uuid, kind: 'banner' },
      actorId: admin.id,
      site: true,
    });
    // Nobody outside sees these: not listed.
    await commit({
      type: 'report.answers.saved',
      data: { uuid: '00000000-0000-4000-8000-000000000001', year: 2026, country: 'TH', questions: 3 },
      actorId: admin.id,
      site: false,
    });

    const during = await status();
    expect(during.waiting.total).toBe(3);
    expect(during.waiting.changes.map((c) => c.title)).toEqual([
      'Banner “Урбанистический форум 2026” withdrawn',
      'Best practice “Green roofs of Bangkok” withdrawn',
      'National report of Thailand 2026 published',
    ]);
    expect(during.waiting.changes[0]).toEqual({
      type: 'cms.item.unpublished',
      title: expect.any(String),
      at: expect.any(String),
    });
    expect(during.buildSeconds).toBeGreaterThan(0);
    expect(during.liveInSeconds).toBeGreaterThanOrEqual(1);

    release();
    await ctx.builder.settled();
    const after = await status();
    expect(after.current).toEqual({ state: 'idle' });
    expect(after.waiting).toEqual({ total: 0, changes: [] });
    expect(after.liveInSeconds).toBeNull();
    expect(after.live?.started).toEqual(expect.any(String));
  });

  test('a change made while a build runs waits for the next build', async () => {
    await ctx.builder.request(); // a timed live build to judge by
    control({ gated: true });
    await commit({ type: 'cycle.saved', data: { year: 2026, status: 'open' }, actorId: admin.id, site: true });
    await waitFor('the build to start', () => ctx.builder.status().current.state === 'building');
    await commit({
      type: 'report.unpublished',
      data: { uuid: '00000000-0000-4000-8000-000000000002', year: 2022, country: 'TH', note: 'Figures to check' },
      actorId: admin.id,
      site: true,
    });
    const during = await status();
    expect(during.waiting.changes.map((c) => c.title)).toEqual([
      'National report of Thailand 2022 withdrawn',
      'Reporting cycle 2026 updated',
    ]);
    // What it has left of this build, and one build more.
    expect(during.liveInSeconds).toBeGreaterThan(during.buildSeconds! * 0.9);

    // The first build goes live holding only the change made before it started; the builder has started the next.
    // The next build will wait at a gate of its own, so the moment between the two can be seen.
    const secondGate = join(work, 'gate-2');
    writeFileSync(controlFile, JSON.stringify({ gate: secondGate }));
    release();
    await waitFor(
      'the first build to go live',
      () => (ctx.builder.status().live?.started ?? '') > (during.live?.started ?? ''),
    );
    expect(await titles()).toEqual(['National report of Thailand 2022 withdrawn']);
    writeFileSync(secondGate, '');
    await ctx.builder.settled();
    expect(await titles()).toEqual([]);
  });

  test('a failed build leaves them waiting; a rolled-back change is never listed', async () => {
    await ctx.builder.settled();
    control({ fail: true });
    await commit({ type: 'cycle.saved', data: { year: 2027, status: 'draft' }, actorId: admin.id, site: true });
    await ctx.builder.settled();
    const failed = await status();
    expect(failed.lastFailure).not.toBeNull();
    expect(failed.waiting.changes.map((c) => c.title)).toEqual(['Reporting cycle 2027 updated']);

    await expect(
      ctx.deps.changes.write(ctx.deps.db, async (w) => {
        await w.emit({ type: 'cycle.saved', data: { year: 2028, status: 'draft' }, actorId: admin.id, site: true });
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await titles()).toEqual(['Reporting cycle 2027 updated']);

    control({});
    await ctx.builder.request();
    expect(await titles()).toEqual([]);
  });
});

describe('what waits, in the reader’s language', { timeout: 120_000 }, () => {
  test(
    'each change is worded in the language asked for: countries and themes named in it, titles as written, older ' +
      'lines in English',
    async () => {
      await ctx.builder.request();
      const [theme] = await ctx.deps.db.select().from(profileCategories).orderBy(asc(profileCategories.sort)).limit(1);
      const practice = await insertPractice(ctx, {
        ...COMPLETE_ROW,
        title: 'สวนบนหลังคากรุงเทพฯ',
        countryCode: 'TH',
        status: 'published',
      });
      const partner = await insertCmsItem(ctx, {
        cmsType: 'partner',
        title: 'باغ‌های شهری تهران',
        status: 'unpublished',
      });

      control({ gated: true });
      // A line written before changes kept their facts: it stays as it was written.
      await ctx.deps.db
        .insert(siteChanges)
        .values({ type: 'report.published', title: 'National report of Japan 2022 published' });
      const translate = (locale: string, name: string) =>
        ctx.request(`/api/translation/profile-category/${theme!.slug}/${locale}`, {
          method: 'POST',
          token: admin.token,
          json: { fields: { name } },
        });
      expect((await translate('ru', 'Жильё и городская среда')).status).toBe(200);
      expect((await translate('zh', '住房与城市环境')).status).toBe(200);
      const report = { uuid: '00000000-0000-4000-8000-000000000003', year: 2026, country: 'TH', note: null };
      await commit({ type: 'report.published', data: report, actorId: admin.id, site: true });
      await commit({
        type: 'practice.archived',
        data: { uuid: practice.uuid, country: 'TH' },
        actorId: admin.id,
        site: true,
      });
      await commit({
        type: 'profile.figure.published',
        data: { country: 'KH', category: theme!.slug, year: 2026 },
        actorId: admin.id,
        site: true,
      });
      await commit({
        type: 'profile.dataset.imported',
        data: { category: theme!.slug, rows: 3 },
        actorId: admin.id,
        site: true,
      });
      await commit({
        type: 'cms.item.unpublished',
        data: { uuid: partner.uuid, kind: 'partner' },
        actorId: admin.id,
        site: true,
      });
      await commit({
        type: 'practice.deleted',
        data: { uuid: '00000000-0000-4000-8000-0000000000ff', country: 'TH' },
        actorId: admin.id,
        site: true,
      });

      // What a person wrote in a right-to-left script is isolated, so that it keeps its direction in the sentence.
      const persian = '\u2068باغ‌های شهری تهران\u2069';
      const lines = async (language: string) => (await status(language)).waiting.changes.map((c) => c.title);
      expect(await lines('ru')).toEqual([
        'Практика удалена',
        `Партнер «${persian}» снят с публикации`,
        '3 значения импортированы по теме «Жильё и городская среда»',
        'Данные по теме «Жильё и городская среда» (Камбоджа, 2026) опубликованы',
        'Практика «สวนบนหลังคากรุงเทพฯ» снята с публикации',
        'Национальный доклад за 2026 год (Таиланд) опубликован',
        'Изменение общедоступного сайта',
        'Изменение общедоступного сайта',
        'National report of Japan 2022 published',
      ]);
      expect(await lines('zh-CN,zh;q=0.9')).toEqual([
        '最佳做法已删除',
        `合作伙伴“${persian}”已撤回`,
        '已为主题“住房与城市环境”导入 3 项数据',
        '柬埔寨 2026 年“住房与城市环境”数据已发布',
        '最佳做法“สวนบนหลังคากรุงเทพฯ”已撤回',
        '泰国 2026 年国家报告已发布',
        '公共网站的一项更改',
        '公共网站的一项更改',
        'National report of Japan 2022 published',
      ]);
      // French has no translation of the theme: its English name stands in.
      expect((await lines('fr'))[3]).toBe(`Données du thème «\u00a0${theme!.name}\u00a0» (Cambodge, 2026) publiées`);
      // English reads as it always did.
      expect(await lines('en')).toEqual([
        'Best practice deleted',
        `Partner “${persian}” withdrawn`,
        `3 figures imported for the theme “${theme!.name}”`,
        `${theme!.name} figures of Cambodia 2026 published`,
        'Best practice “สวนบนหลังคากรุงเทพฯ” withdrawn',
        'National report of Thailand 2026 published',
        'A change to the public site',
        'A change to the public site',
        'National report of Japan 2022 published',
      ]);
      // The language changes only the wording: the facts and the English line are stored once.
      const [stored] = await ctx.deps.db
        .select()
        .from(siteChanges)
        .where(eq(siteChanges.type, 'profile.figure.published'));
      expect(stored).toMatchObject({
        title: `${theme!.name} figures of Cambodia 2026 published`,
        facts: {
          kind: 'figures',
          verb: 'published',
          country: 'KH',
          countryName: 'Cambodia',
          year: 2026,
          theme: theme!.slug,
          themeName: theme!.name,
        },
      });

      // Publish now answers in the reader's language as well.
      const published = await expectJson(
        await ctx.request('/api/site/publish', {
          method: 'POST',
          token: admin.token,
          headers: { 'Accept-Language': 'ru' },
        }),
        202,
        StrictStatus,
      );
      expect(published.data.waiting.changes.map((c) => c.title).slice(-3)).toEqual([
        'Изменение общедоступного сайта',
        'Изменение общедоступного сайта',
        'National report of Japan 2022 published',
      ]);
      release();
      await ctx.builder.settled();
      expect(await lines('ru')).toEqual([]);
    },
  );
});

describe('Publish now', () => {
  test('is for administrators: a country administrator gets 403 and no build', async () => {
    await ctx.builder.settled();
    const before = ctx.builder.status().live;
    await expectError(await ctx.request('/api/site/publish', { method: 'POST', token: stateAdmin.token }), 403);
    await expectError(await ctx.request('/api/site/status', { token: stateAdmin.token }), 403);
    expect(ctx.builder.status()).toMatchObject({ current: { state: 'idle' }, live: before });
  });

  test('builds the site again at once and is itself no change waiting', async () => {
    await ctx.builder.settled();
    control({ gated: true });
    const accepted = await expectJson(
      await ctx.request('/api/site/publish', { method: 'POST', token: admin.token }),
      202,
      StrictStatus,
    );
    expect(accepted.data.current.state).toBe('queued');
    expect(accepted.data.waiting).toEqual({ total: 0, changes: [] });
    expect(accepted.data.liveInSeconds).toBeGreaterThanOrEqual(1);
    release();
    await ctx.builder.settled();
  });
});

describe('the estimate', () => {
  const live = { id: 'b', started: '2026-03-01T10:00:00.000Z', since: '2026-03-01T10:00:20.000Z' };
  const now = new Date('2026-03-01T11:00:05.000Z');
  test(
    'a queued build takes as long as the live one; a running one what it has left, and one more for later ' + 'changes',
    () => {
      expect(liveInSeconds({ current: { state: 'queued', since: 'x' }, live, lastFailure: null }, now, now)).toBe(20);
      const building = {
        current: { state: 'building' as const, since: '2026-03-01T11:00:00.000Z', progress: 10, step: 's' },
        live,
        lastFailure: null,
      };
      expect(liveInSeconds(building, new Date('2026-03-01T10:59:59.000Z'), now)).toBe(15);
      expect(liveInSeconds(building, new Date('2026-03-01T11:00:01.000Z'), now)).toBe(35);
      // Longer than the last build: never "0 s" or less.
      expect(liveInSeconds(building, null, new Date('2026-03-01T11:01:00.000Z'))).toBe(1);
      expect(liveInSeconds({ current: { state: 'idle' }, live, lastFailure: null }, now, now)).toBeNull();
      expect(
        liveInSeconds(
          { current: { state: 'queued', since: 'x' }, live: { id: 'b', since: live.since }, lastFailure: null },
          now,
          now,
        ),
      ).toBeNull();
    },
  );
});
