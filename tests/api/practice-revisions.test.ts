/**
 * Issue 16, item 6 for best practices (decision 033): publication is a snapshot. "Revise" sends
 * a published practice back to its authors; the public library (list, facets, page, related
 * cards: what the site, its data files and search index are built from) keeps showing it as it
 * was published — text, pictures, card — until a new version is published; archiving takes it
 * off. The pictures the kept copy shows stay stored until it is dropped. Rebuilds are asked for
 * only when the public library changes.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import {
  PublicFacetsResponseSchema,
  PublicListResponseSchema,
  PublicShowResponseSchema,
} from '../../src/lib/best-practices/public-schema.ts';
import {
  PracticeListResponseSchema,
  PracticeResponseSchema,
  type BestPractice,
  type PracticeSaveBody,
} from '../../src/lib/best-practices/schema.ts';
import type { ChangeEvent } from '../../src/lib/events/change-events.ts';
import { COMPLETE_PRACTICE } from '../fixtures/best-practices.ts';
import { makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { storedNames } from '../support/stored-files.ts';

const StrictPractice = deepStrict(PracticeResponseSchema);
const ctx = await createTestContext();
const events: ChangeEvent[] = [];
ctx.deps.changes.onCommit('test-probe', { domains: ['best-practices'] }, (event) => events.push(event));
const filesOf = (uuid: string) => storedNames(ctx.deps.storage, `best-practices/${uuid}`);

const REVISED: PracticeSaveBody = {
  title: 'ทางเดินริมแม่น้ำ · 伊洛伊洛河滨步道',
  summary: 'Набережная реки Илоило: تفرجگاه کنار رودخانه ایلوئیلو، بازسازی شده.',
  narrative: { results: 'ผลลัพธ์ใหม่ 新的成果 نتایج تازه Новые результаты' },
};

let admin: TestUser;
let phAdmin: TestUser;
let member: TestUser;
let vnAdmin: TestUser;
beforeAll(async () => {
  [admin, phAdmin, member, vnAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP', name: 'Aiko Reviewer' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
    createUser(ctx, { role: 'state_member', country: 'PH', name: 'Jose Author' }),
    createUser(ctx, { role: 'state_admin', country: 'VN' }),
  ]);
});

const show = async (p: { uuid: string }) =>
  (
    await expectJson(
      await ctx.request(`/api/best-practice/show/${p.uuid}`, { token: admin.token }),
      200,
      StrictPractice,
    )
  ).data;
const save = (user: TestUser, p: BestPractice, body: PracticeSaveBody) =>
  ctx.request('/api/best-practice/saved', { token: user.token, json: { uuid: p.uuid, version: p.version, ...body } });
const saved = async (user: TestUser, p: BestPractice, body: PracticeSaveBody) =>
  (await expectJson(await save(user, p, body), 200, StrictPractice)).data;
const act = (user: TestUser, p: BestPractice, action: string, note?: string) =>
  ctx.request(`/api/best-practice/${p.uuid}/transition`, {
    token: user.token,
    json: { action, note, version: p.version },
  });
const acted = async (user: TestUser, p: BestPractice, action: string, note?: string) =>
  (await expectJson(await act(user, p, action, note), 200, StrictPractice)).data;
const upload = async (user: TestUser, p: BestPractice, width: number) =>
  (
    await expectJson(
      await ctx.request(`/api/best-practice/${p.uuid}/upload?version=${p.version}`, {
        method: 'POST',
        token: user.token,
        body: uploadForm(await makeImage('png', width, 600)),
      }),
      201,
      StrictPractice,
    )
  ).data;
const publicShow = (p: { uuid: string }) => ctx.request(`/api/best-practice/public/show/${p.uuid}`);
const publicPage = async (p: { uuid: string }) =>
  (await expectJson(await publicShow(p), 200, PublicShowResponseSchema)).data;
const publicCard = async (p: { uuid: string }) =>
  (
    await expectJson(await ctx.request('/api/best-practice/public/list?per_page=100'), 200, PublicListResponseSchema)
  ).data.find((c) => c.uuid === p.uuid);

/** A PH practice with one picture, written by the focal point and published by the reviewer. */
async function publishedPractice(title: string): Promise<BestPractice> {
  let p = (
    await expectJson(
      await ctx.request('/api/best-practice/saved', {
        token: member.token,
        json: { title, country_code: 'PH', ...COMPLETE_PRACTICE },
      }),
      201,
      StrictPractice,
    )
  ).data;
  p = await upload(member, p, 800);
  p = await acted(member, p, 'submit');
  return acted(admin, p, 'publish');
}

describe('revising a published practice', () => {
  let p: BestPractice;
  let published: Awaited<ReturnType<typeof publicPage>>;
  let publishedCard: Awaited<ReturnType<typeof publicCard>>;
  beforeAll(async () => {
    p = await publishedPractice('Iloilo River Esplanade');
    published = await publicPage(p);
    publishedCard = await publicCard(p);
  });

  test('nobody edits it in place: reviewers and authors alike are told to revise it first', async () => {
    await expectError(await save(admin, p, { summary: 'Edited live' }), 409, { message: /Revise/ });
    await expectError(await save(member, p, { summary: 'Edited live' }), 409, { message: /Revise/ });
    await expectError(
      await ctx.request(`/api/best-practice/${p.uuid}/upload?version=${p.version}`, {
        method: 'POST',
        token: admin.token,
        body: uploadForm(await makeImage('png', 640, 600)),
      }),
      409,
    );
  });

  test('revise: another country 403, a stale version 409, bad input 400, the wrong status 409', async () => {
    await expectError(await act(vnAdmin, p, 'revise'), 403);
    const stale = await act(member, { ...p, version: p.version - 1 }, 'revise');
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { current: BestPractice }).current).toMatchObject({
      status: 'published',
      version: p.version,
    });
    await expectError(
      await ctx.request(`/api/best-practice/${p.uuid}/transition`, { token: member.token, json: { action: 'revise' } }),
      400,
      { fields: ['version'] },
    );
    await expectError(
      await ctx.request(`/api/best-practice/${p.uuid}/transition`, {
        token: member.token,
        json: { action: 'rewrite', version: p.version },
      }),
      400,
      { fields: ['action'] },
    );
    await expectError(
      await ctx.request('/api/best-practice/not-a-uuid/transition', {
        token: member.token,
        json: { action: 'revise', version: 1 },
      }),
      400,
      { fields: ['uuid'] },
    );
    const draft = (
      await expectJson(
        await ctx.request('/api/best-practice/saved', {
          token: member.token,
          json: { title: 'Never published', country_code: 'PH' },
        }),
        201,
        StrictPractice,
      )
    ).data;
    await expectError(await act(member, draft, 'revise'), 409, { message: /draft cannot take “Revise”/ });
    expect((await show(p)).status).toBe('published');
  });

  test(
    'the authors revise it, in Thai, Chinese, Persian and Russian, with a new picture: the public library keeps ' +
      'the published version',
    async () => {
      events.length = 0;
      p = await acted(member, p, 'revise');
      expect(p).toMatchObject({ status: 'draft', public_copy_kept_at: expect.any(String) });
      expect(events.map((e) => [e.type, e.site])).toEqual([['practice.revised', false]]);
      const listed = (
        await expectJson(
          await ctx.request(`/api/best-practice/list?q=${encodeURIComponent('Esplanade')}`, { token: member.token }),
          200,
          PracticeListResponseSchema,
        )
      ).data;
      expect(listed.find((i) => i.uuid === p.uuid)?.public_copy_kept_at).toEqual(p.public_copy_kept_at);

      const oldFiles = await filesOf(p.uuid);
      p = await saved(member, p, REVISED);
      p = await upload(member, p, 1000);
      p = await saved(member, p, { images: [{ id: p.images[1]!.id, is_cover: true }] });
      expect(p.images).toHaveLength(1);
      expect(events.every((e) => !e.site)).toBe(true);

      // The page, the card, the facets: as published, pictures and card included, and the published picture's files are
      // all still stored.
      expect(await publicPage(p)).toEqual(published);
      expect(await publicCard(p)).toEqual(publishedCard);
      const facets = (
        await expectJson(await ctx.request('/api/best-practice/public/facets'), 200, PublicFacetsResponseSchema)
      ).data;
      expect(facets.countries.find((c) => c.code === 'PH')?.count).toBeGreaterThanOrEqual(1);
      const search = await expectJson(
        await ctx.request(`/api/best-practice/public/list?q=${encodeURIComponent('伊洛伊洛')}`),
        200,
        PublicListResponseSchema,
      );
      expect(search.total).toBe(0);
      expect(await filesOf(p.uuid)).toEqual(expect.arrayContaining(oldFiles));
      for (const url of [published.images[0]!.image.url, published.images[0]!.card.url])
        expect((await ctx.request(url)).status).toBe(200);
      // The contact never reaches the kept copy.
      expect(JSON.stringify(await publicPage(p))).not.toMatch(/private\.contact@city\.example/);
    },
  );

  test('submitted, returned, submitted again: still the published version; a revision cannot be rejected', async () => {
    p = await acted(member, p, 'submit');
    await expectError(await act(admin, p, 'reject', 'Not this time'), 409, { message: /request changes, or archive/ });
    p = await acted(admin, p, 'request_changes', 'ขอข้อมูลเพิ่ม — please add the 2024 figures');
    expect(p).toMatchObject({ status: 'changes_requested', public_copy_kept_at: expect.any(String) });
    p = await acted(member, p, 'submit');
    await expectError(
      await ctx.request(`/api/best-practice/${p.uuid}/delete`, { method: 'POST', token: admin.token }),
      409,
      { message: /archive it/ },
    );
    expect(await publicPage(p)).toEqual(published);
  });

  test(
    'publishing the new version: the public library changes ' + '(one site change) and the replaced picture’s files go',
    async () => {
      events.length = 0;
      const before = await filesOf(p.uuid);
      p = await acted(admin, p, 'publish');
      expect(p).toMatchObject({ status: 'published', public_copy_kept_at: null });
      expect(events.map((e) => [e.type, e.site])).toEqual([['practice.published', true]]);
      const page = await publicPage(p);
      expect(page).toMatchObject({
        title: REVISED.title,
        summary: REVISED.summary,
        narrative: { results: REVISED.narrative!.results },
      });
      expect(page.images.map((i) => i.id)).toEqual([p.images[0]!.id]);
      expect((await publicCard(p))?.cover?.image.url).toBe(p.images[0]!.card.url);
      const after = await filesOf(p.uuid);
      expect(after.length).toBeLessThan(before.length);
      expect((await ctx.request(published.images[0]!.card.url)).status).toBe(404);
      for (const url of [page.images[0]!.image.url, page.images[0]!.card.url])
        expect((await ctx.request(url)).status).toBe(200);
    },
  );
});

describe('archiving a practice being revised', () => {
  test('takes it off the public library at once; restoring publishes it as it now is', async () => {
    let p = await publishedPractice('Cebu bus rapid transit');
    p = await acted(phAdmin, p, 'revise');
    p = await saved(phAdmin, p, { title: 'Cebu BRT — Себу 宿务' });
    // A new crop of the picture the published version shows: the published card stays served.
    const publishedCard = (await publicPage(p)).images[0]!.card.url;
    const crop = { crop: { x: 0, y: 0, width: 0.6, height: 0.6 }, version: p.version };
    p = (
      await expectJson(
        await ctx.request(`/api/best-practice/${p.uuid}/image/${p.images[0]!.id}/crop`, {
          token: phAdmin.token,
          json: crop,
        }),
        200,
        StrictPractice,
      )
    ).data;
    expect(p.images[0]!.card.url).not.toBe(publishedCard);
    expect((await ctx.request(publishedCard)).status).toBe(200);
    expect((await publicPage(p)).title).toBe('Cebu bus rapid transit');
    await expectError(await act(phAdmin, p, 'archive'), 403);
    events.length = 0;
    p = await acted(admin, p, 'archive');
    expect(p).toMatchObject({ status: 'archived', public_copy_kept_at: null });
    expect(events.map((e) => [e.type, e.site])).toEqual([['practice.archived', true]]);
    await expectError(await publicShow(p), 404);
    expect(await publicCard(p)).toBeUndefined();
    p = await acted(admin, p, 'unarchive');
    expect((await publicPage(p)).title).toBe('Cebu BRT — Себу 宿务');
    // The files of the dropped copy that the practice no longer shows are gone.
    expect((await ctx.request(publishedCard)).status).toBe(404);
  });
});
