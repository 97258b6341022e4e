import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  CmsItemResponseSchema,
  CmsListResponseSchema,
  PublicCmsListResponseSchema,
  type CmsRecord as CmsItem,
} from '../../src/lib/cms/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { insertCmsItem, makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { storedNames } from '../support/stored-files.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { cmsVersion, withVersion } from '../support/versions.ts';

const StrictItem = deepStrict(CmsItemResponseSchema);
const StrictList = deepStrict(CmsListResponseSchema);
const StrictPublic = deepStrict(PublicCmsListResponseSchema);
const StrictGeneric = deepStrict(GenericResponseSchema);

const ctx = await createTestContext();
const png = await makeImage('png', 64, 48);
const accessTarget = await insertCmsItem(ctx, { cmsType: 'partner', title: 'Access target' });
/** Items the allowed users of the access checks delete, one per request. */
const doomed = await Promise.all(Array.from({ length: 16 }, () => insertCmsItem(ctx, { title: 'Doomed' })));
let nextDoomed = 0;

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/cms/{cms_type}/list',
    path: () => '/api/cms/banner/list',
    expected: allow(...ADMIN_LEVEL),
    schema: StrictList,
  },
  {
    method: 'GET',
    label: '/api/cms/{cms_type}/view/{uuid}',
    path: () => `/api/cms/partner/view/${accessTarget.uuid}`,
    expected: allow(...ADMIN_LEVEL),
    schema: StrictItem,
  },
  {
    method: 'POST',
    label: '/api/cms/saved',
    path: () => '/api/cms/saved',
    json: () => ({ cms_type: 'banner', title: 'Made by the access checks' }),
    expected: allow(...ADMIN_LEVEL),
    status: 201,
    schema: StrictItem,
  },
  {
    method: 'POST',
    label: '/api/cms/status/{uuid}',
    path: () => `/api/cms/status/${accessTarget.uuid}`,
    json: async () => ({ status: 'draft', version: await cmsVersion(ctx, accessTarget.uuid) }),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictItem,
  },
  {
    method: 'POST',
    label: '/api/cms/upload/{uuid}',
    path: () => `/api/cms/upload/${accessTarget.uuid}`,
    body: () => uploadForm(png),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictItem,
  },
  {
    method: 'POST',
    label: '/api/cms/delete/{uuid}',
    path: () => `/api/cms/delete/${doomed[nextDoomed++]!.uuid}`,
    // Each doomed item is deleted once, at its first version.
    json: () => ({ version: 1 }),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictGeneric,
  },
]);

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
});

/** A save of the item `json.uuid` names is based on its current version (the stale ones are in versions.test.ts). */
const post = async (json: { uuid?: string; [field: string]: unknown }) =>
  ctx.request('/api/cms/saved', {
    token: admin.token,
    json: json.uuid ? withVersion(json, await cmsVersion(ctx, json.uuid)) : json,
  });
const save = async (json: { uuid?: string; [field: string]: unknown }, status = 201) =>
  (await expectJson(await post(json), status, StrictItem)).data;
const view = (type: string, uuid: string) => ctx.request(`/api/cms/${type}/view/${uuid}`, { token: admin.token });
const setStatus = async (uuid: string, json: object) =>
  ctx.request(`/api/cms/status/${uuid}`, { token: admin.token, json: withVersion(json, await cmsVersion(ctx, uuid)) });
const remove = async (uuid: string) =>
  ctx.request(`/api/cms/delete/${uuid}`, { token: admin.token, json: { version: await cmsVersion(ctx, uuid) } });

/** Whether `action` made the site builder run a build (each finished build changes the live id). */
async function rebuilds(action: () => Promise<unknown>): Promise<boolean> {
  await ctx.builder.settled();
  const before = ctx.builder.status().live?.id;
  await action();
  await ctx.builder.settled();
  return ctx.builder.status().live?.id !== before;
}

describe('GET /api/cms/{cms_type}/list', () => {
  const titles = ['Lotus photo walk', 'Mekong river talk', 'Harbour at dusk', 'Lotus pond video'];
  let items: CmsItem[];
  beforeAll(async () => {
    items = [];
    items.push(
      await save({ cms_type: 'video', title: titles[0], display_order: 3, status: 'published', event: 'Urban Forum' }),
    );
    items.push(
      await save({ cms_type: 'video', title: titles[1], display_order: 1, description: 'A talk about lotus farming' }),
    );
    items.push(
      await save({ cms_type: 'video', title: titles[2], display_order: 2, status: 'unpublished', event: 'Lotus Week' }),
    );
    items.push(
      await save({
        cms_type: 'video',
        title: titles[3],
        display_order: 1,
        media_kind: 'video',
        video_url: 'https://www.youtube.com/watch?v=abc123',
        status: 'published',
      }),
    );
  });
  const list = async (query = '') =>
    expectJson(await ctx.request(`/api/cms/video/list${query}`, { token: admin.token }), 200, StrictList);

  test('lists one type in display order, then creation order, 20 per page', async () => {
    const body = await list();
    expect(body).toMatchObject({ total: 4, page: 1, per_page: 20 });
    expect(body.data.map((i) => i.title)).toEqual([titles[1], titles[3], titles[2], titles[0]]);
    expect(body.data.every((i) => i.cms_type === 'video')).toBe(true);
  });

  test('searches title, description and event, case-insensitively; % and _ are plain characters', async () => {
    expect((await list('?q=LOTUS')).data.map((i) => i.title).sort()).toEqual(
      [titles[0], titles[1], titles[2], titles[3]].sort(),
    );
    expect((await list('?q=forum')).data.map((i) => i.title)).toEqual([titles[0]]);
    expect((await list('?q=lotus%20farming')).data.map((i) => i.title)).toEqual([titles[1]]);
    expect((await list('?q=L_tus')).total).toBe(0);
    expect((await list('?q=%25')).total).toBe(0);
  });

  test('filters by status and media kind', async () => {
    expect((await list('?status=published')).data.map((i) => i.title)).toEqual([titles[3], titles[0]]);
    expect((await list('?status=draft')).data.map((i) => i.title)).toEqual([titles[1]]);
    expect((await list('?media_kind=video')).data.map((i) => i.title)).toEqual([titles[3]]);
    expect((await list('?media_kind=photo&status=unpublished')).data.map((i) => i.title)).toEqual([titles[2]]);
    expect(await list('?status=&media_kind=&q=&order=&page=&per_page=')).toEqual(await list());
  });

  test('orders by title or by last change', async () => {
    expect((await list('?order=title')).data.map((i) => i.title)).toEqual([...titles].sort());
    await save({ uuid: items[1]!.uuid, cms_type: 'video', title: titles[1], display_order: 1 }, 200);
    expect((await list('?order=-updated_at')).data[0]!.title).toBe(titles[1]);
    expect((await list('?order=updated_at')).data.at(-1)!.title).toBe(titles[1]);
  });

  test('pages', async () => {
    const first = await list('?per_page=3');
    const second = await list('?per_page=3&page=2');
    expect(first.data).toHaveLength(3);
    expect(second).toMatchObject({ total: 4, page: 2, per_page: 3 });
    expect(second.data.map((i) => i.title)).toEqual([titles[0]]);
  });

  test('an unknown type: 400 naming cms_type', async () => {
    await expectError(await ctx.request('/api/cms/slider/list', { token: admin.token }), 400, { fields: ['cms_type'] });
  });

  test.each([
    ['?status=live', ['status']],
    ['?media_kind=audio', ['media_kind']],
    ['?order=id', ['order']],
    ['?per_page=101', ['per_page']],
    ['?page=0', ['page']],
    [`?q=${'x'.repeat(101)}`, ['q']],
  ])('%s: 400 naming the field', async (query, fields) => {
    await expectError(await ctx.request(`/api/cms/video/list${query}`, { token: admin.token }), 400, { fields });
  });
});

describe('GET /api/cms/{cms_type}/view/{uuid}', () => {
  test('returns the item with every field', async () => {
    const saved = await save({
      cms_type: 'partner',
      title: 'UN-Habitat',
      description: 'Partner of the programme',
      link: 'https://unhabitat.org',
      display_order: 4,
    });
    const body = await expectJson(await view('partner', saved.uuid), 200, StrictItem);
    expect(body).toEqual({
      status: 200,
      message: 'CMS item',
      data: {
        id: saved.id,
        uuid: saved.uuid,
        cms_type: 'partner',
        title: 'UN-Habitat',
        description: 'Partner of the programme',
        link: 'https://unhabitat.org',
        display_order: 4,
        status: 'draft',
        media_kind: 'photo',
        video_url: null,
        event: null,
        event_slug: null,
        image: null,
        image_crop: null,
        image_alt: null,
        published_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        version: 1,
        updated_by: { id: expect.any(Number), name: expect.any(String) },
      },
    });
  });

  test('a malformed uuid or an unknown type: 400; an unknown uuid or one of another type: 404', async () => {
    const banner = await insertCmsItem(ctx, { cmsType: 'banner' });
    await expectError(await view('partner', 'not-a-uuid'), 400, { fields: ['uuid'] });
    await expectError(await view('sliders', banner.uuid), 400, { fields: ['cms_type'] });
    await expectError(await view('banner', crypto.randomUUID()), 404);
    await expectError(await view('partner', banner.uuid), 404, { message: /No partner item/ });
    await expectJson(await view('banner', banner.uuid), 200, StrictItem);
  });
});

describe('POST /api/cms/saved', () => {
  test('creates a draft photo item; the event gives its slug; blank optional fields are null', async () => {
    const response = await ctx.request('/api/cms/saved', {
      token: admin.token,
      json: {
        cms_type: 'video',
        title: '  Opening session  ',
        event: 'Asia-Pacific Urban Forum 2025',
        link: '',
        description: '',
      },
    });
    const body = await expectJson(response, 201, StrictItem);
    expect(body).toMatchObject({ status: 201, message: 'Item created' });
    expect(body.data).toMatchObject({
      title: 'Opening session',
      status: 'draft',
      media_kind: 'photo',
      event: 'Asia-Pacific Urban Forum 2025',
      event_slug: 'asia-pacific-urban-forum-2025',
      link: null,
      description: null,
      display_order: 0,
      published_at: null,
    });
  });

  test('updates the item named by uuid: fields left out keep their value, null clears them', async () => {
    const created = await save({
      cms_type: 'banner',
      title: 'Old',
      description: 'Kept',
      link: 'https://a.example',
      event: 'Day one',
    });
    const updated = await save(
      { uuid: created.uuid, cms_type: 'banner', title: 'New', link: null, display_order: 7 },
      200,
    );
    expect(updated).toMatchObject({
      id: created.id,
      uuid: created.uuid,
      title: 'New',
      description: 'Kept',
      link: null,
      event: 'Day one',
      event_slug: 'day-one',
      display_order: 7,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    const renamed = await save({ uuid: created.uuid, cms_type: 'banner', title: 'New', event: 'Day Two!' }, 200);
    expect(renamed).toMatchObject({ event: 'Day Two!', event_slug: 'day-two' });
    const cleared = await save({ uuid: created.uuid, cms_type: 'banner', title: 'New', event: '' }, 200);
    expect(cleared).toMatchObject({ event: null, event_slug: null });
  });

  test(
    'each write answers its last editor as a fresh read does: the person who made it, by name, or by email ' +
      'without one',
    async () => {
      const editor = await createUser(ctx, { role: 'admin', country: 'TH', name: 'สมชาย ใจดี' });
      const nameless = await createUser(ctx, { role: 'admin', country: 'KZ', name: null });
      const created = await save({ cms_type: 'partner', title: 'Edited by many' });
      expect(created.updated_by).toEqual({ id: admin.id, name: admin.name ?? admin.email });
      const edit = { uuid: created.uuid, cms_type: 'partner', title: 'Edited by many, again' };
      const byEditor = await expectJson(
        await ctx.request('/api/cms/saved', { token: editor.token, json: withVersion(edit, created.version) }),
        200,
        StrictItem,
      );
      expect(byEditor.data.updated_by).toEqual({ id: editor.id, name: 'สมชาย ใจดี' });
      const status = { status: 'published', version: byEditor.data.version };
      const byNameless = await expectJson(
        await ctx.request(`/api/cms/status/${created.uuid}`, { token: nameless.token, json: status }),
        200,
        StrictItem,
      );
      expect(byNameless.data.updated_by).toEqual({ id: nameless.id, name: nameless.email });
      const read = await expectJson(await view('partner', created.uuid), 200, StrictItem);
      expect(read.data).toEqual(byNameless.data);
    },
  );

  test(
    'a banner keeps the crop and alt text chosen in the form; the public list carries them; a new picture drops ' +
      'the crop',
    async () => {
      const crop = { x: 0.1, y: 0.2, width: 0.5, height: 0.375 };
      const created = await save({
        cms_type: 'banner',
        title: 'Crop me',
        image_crop: crop,
        image_alt: '  Boats on the Chao Phraya at dusk  ',
      });
      expect(created).toMatchObject({ image_crop: crop, image_alt: 'Boats on the Chao Phraya at dusk' });
      // Fields left out keep their value; the Thai alt text is kept as typed.
      const renamed = await save(
        { uuid: created.uuid, cms_type: 'banner', title: 'Cropped', image_alt: 'เรือบนแม่น้ำเจ้าพระยา' },
        200,
      );
      expect(renamed).toMatchObject({ image_crop: crop, image_alt: 'เรือบนแม่น้ำเจ้าพระยา' });
      await save({ uuid: created.uuid, cms_type: 'banner', title: 'Cropped', status: 'published' }, 200);
      const publicList = await expectJson(await ctx.request('/api/public/cms/banner'), 200, StrictPublic);
      expect(publicList.data.find((item) => item.uuid === created.uuid)).toMatchObject({
        image_crop: crop,
        image_alt: 'เรือบนแม่น้ำเจ้าพระยา',
      });

      const uploaded = await expectJson(
        await ctx.request(`/api/cms/upload/${created.uuid}`, { token: admin.token, body: uploadForm(png) }),
        200,
        StrictItem,
      );
      expect(uploaded.data).toMatchObject({ image_crop: null, image_alt: 'เรือบนแม่น้ำเจ้าพระยา' });
      const cleared = await save({ uuid: created.uuid, cms_type: 'banner', title: 'Cropped', image_alt: '' }, 200);
      expect(cleared.image_alt).toBeNull();
    },
  );

  test('a crop outside the picture, or on an item that is not a banner: 400 naming image_crop', async () => {
    const outside = await ctx.request('/api/cms/saved', {
      token: admin.token,
      json: { cms_type: 'banner', title: 'Bad crop', image_crop: { x: 0.8, y: 0, width: 0.5, height: 0.5 } },
    });
    await expectError(outside, 400, { fields: ['image_crop'] });
    const partner = await ctx.request('/api/cms/saved', {
      token: admin.token,
      json: { cms_type: 'partner', title: 'No crop', image_crop: { x: 0, y: 0, width: 1, height: 0.5 } },
    });
    await expectError(partner, 400, { fields: ['image_crop'] });
    const long = await ctx.request('/api/cms/saved', {
      token: admin.token,
      json: { cms_type: 'banner', title: 'Long alt', image_alt: 'x'.repeat(301) },
    });
    await expectError(long, 400, { fields: ['image_alt'] });
  });

  test('publishing sets published_at once; saving a published item again keeps it', async () => {
    const created = await save({ cms_type: 'partner', title: 'Soon public' });
    const published = await save(
      { uuid: created.uuid, cms_type: 'partner', title: 'Soon public', status: 'published' },
      200,
    );
    expect(published.published_at).not.toBeNull();
    const again = await save({ uuid: created.uuid, cms_type: 'partner', title: 'Public, renamed' }, 200);
    expect(again).toMatchObject({ status: 'published', published_at: published.published_at });
  });

  test('an unknown uuid: 404; a malformed one: 400; the type of an item cannot change', async () => {
    const created = await save({ cms_type: 'partner', title: 'A partner' });
    await expectError(await post({ uuid: crypto.randomUUID(), cms_type: 'partner', title: 'x' }), 404);
    await expectError(await post({ uuid: 'nope', cms_type: 'partner', title: 'x' }), 400, { fields: ['uuid'] });
    await expectError(await post({ uuid: created.uuid, cms_type: 'banner', title: 'x' }), 400, {
      fields: ['cms_type'],
    });
  });

  test('a media-gallery video needs a YouTube or Vimeo address', async () => {
    const video = await save({
      cms_type: 'video',
      title: 'Keynote',
      media_kind: 'video',
      video_url: 'https://vimeo.com/123456',
    });
    expect(video).toMatchObject({ media_kind: 'video', video_url: 'https://vimeo.com/123456' });
    // Turning a photo into a video without an address: refused on the saved item as a whole.
    const photo = await save({ cms_type: 'video', title: 'A photo' });
    await expectError(
      await post({ uuid: photo.uuid, cms_type: 'video', title: 'A photo', media_kind: 'video', video_url: null }),
      400,
      { fields: ['video_url'] },
    );
  });

  test.each([
    [{ title: 'No type' }, ['cms_type']],
    [{ cms_type: 'slider', title: 'x' }, ['cms_type']],
    [{ cms_type: 'banner' }, ['title']],
    [{ cms_type: 'banner', title: '   ' }, ['title']],
    [{ cms_type: 'banner', title: 'x'.repeat(161) }, ['title']],
    [{ cms_type: 'banner', title: 'x', display_order: '3' }, ['display_order']],
    [{ cms_type: 'banner', title: 'x', display_order: -1 }, ['display_order']],
    [{ cms_type: 'banner', title: 'x', display_order: 1.5 }, ['display_order']],
    [{ cms_type: 'banner', title: 'x', link: 'javascript:alert(1)' }, ['link']],
    [{ cms_type: 'banner', title: 'x', link: 'ftp://files.example' }, ['link']],
    [{ cms_type: 'banner', title: 'x', status: 'live' }, ['status']],
    [{ cms_type: 'banner', title: 'x', description: 'd'.repeat(2001) }, ['description']],
    [{ cms_type: 'banner', title: 'x', media_kind: 'video', video_url: 'https://youtu.be/x' }, ['media_kind']],
    [{ cms_type: 'video', title: 'x', media_kind: 'video' }, ['video_url']],
    [
      { cms_type: 'video', title: 'x', media_kind: 'video', video_url: 'https://evil.example/watch?v=1' },
      ['video_url'],
    ],
    [
      { cms_type: 'video', title: 'x', media_kind: 'video', video_url: 'https://youtube.com.evil.example/x' },
      ['video_url'],
    ],
    [{ cms_type: 'video', title: 'x', event: 'e'.repeat(121) }, ['event']],
  ])('%j: 400 naming %j', async (json, fields) => {
    await expectError(await ctx.request('/api/cms/saved', { token: admin.token, json }), 400, { fields });
  });

  test('a body that is not JSON: 415; malformed JSON: 400', async () => {
    const headers = { 'Content-Type': 'text/plain' };
    await expectError(await ctx.request('/api/cms/saved', { token: admin.token, headers, body: 'title=x' }), 415);
    await expectError(
      await ctx.request('/api/cms/saved', {
        token: admin.token,
        headers: { 'Content-Type': 'application/json' },
        body: '{"title":',
      }),
      400,
    );
  });

  test('a wrong method: 404 in JSON, never a 500', async () => {
    await expectError(await ctx.request('/api/cms/saved', { token: admin.token }), 404);
    await expectError(await ctx.request(`/api/cms/delete/${accessTarget.uuid}`, { token: admin.token }), 404);
  });
});

describe('POST /api/cms/status/{uuid}', () => {
  test('publishing sets published_at; taking down keeps it; both rebuild the site, draft changes do not', async () => {
    const item = await save({ cms_type: 'banner', title: 'Status walk' });
    let published: CmsItem | undefined;
    expect(
      await rebuilds(async () => {
        published = (await expectJson(await setStatus(item.uuid, { status: 'published' }), 200, StrictItem)).data;
      }),
    ).toBe(true);
    expect(published).toMatchObject({ status: 'published', published_at: expect.any(String) });
    expect(await rebuilds(() => setStatus(item.uuid, { status: 'published' }))).toBe(false);
    const down = await expectJson(await setStatus(item.uuid, { status: 'unpublished' }), 200, StrictItem);
    expect(down).toMatchObject({
      message: 'The item is now unpublished',
      data: { status: 'unpublished', published_at: published!.published_at },
    });
    await ctx.builder.settled();
    expect(await rebuilds(() => setStatus(item.uuid, { status: 'draft' }))).toBe(false);
  });

  test('bad input: 400; an unknown uuid: 404', async () => {
    const item = await insertCmsItem(ctx);
    await expectError(await setStatus(item.uuid, { status: 'live' }), 400, { fields: ['status'] });
    await expectError(await setStatus(item.uuid, {}), 400, { fields: ['status'] });
    await expectError(await setStatus('123', { status: 'draft' }), 400, { fields: ['uuid'] });
    await expectError(await setStatus(crypto.randomUUID(), { status: 'draft' }), 404);
  });
});

describe('rebuilds of the public site', () => {
  test('saving a published item rebuilds; saving a draft does not', async () => {
    const draft = await save({ cms_type: 'partner', title: 'Quiet draft' });
    expect(await rebuilds(() => save({ uuid: draft.uuid, cms_type: 'partner', title: 'Still a draft' }, 200))).toBe(
      false,
    );
    expect(
      await rebuilds(() => save({ uuid: draft.uuid, cms_type: 'partner', title: 'Out now', status: 'published' }, 200)),
    ).toBe(true);
    expect(await rebuilds(() => save({ uuid: draft.uuid, cms_type: 'partner', title: 'Out now, fixed' }, 200))).toBe(
      true,
    );
    expect(await rebuilds(() => save({ cms_type: 'partner', title: 'Born public', status: 'published' }))).toBe(true);
  });

  test('deleting a published item rebuilds; deleting a draft does not', async () => {
    const draft = await insertCmsItem(ctx);
    const live = await insertCmsItem(ctx, { status: 'published', publishedAt: new Date() });
    expect(await rebuilds(() => remove(draft.uuid))).toBe(false);
    expect(await rebuilds(() => remove(live.uuid))).toBe(true);
  });
});

describe('POST /api/cms/delete/{uuid}', () => {
  test('deletes the item and its files', async () => {
    const item = await insertCmsItem(ctx, { cmsType: 'partner' });
    await expectJson(
      await ctx.request(`/api/cms/upload/${item.uuid}`, { token: admin.token, body: uploadForm(png) }),
      200,
      StrictItem,
    );
    expect((await storedNames(ctx.deps.storage, `cms/${item.uuid}`)).length).toBeGreaterThan(0);
    const response = await remove(item.uuid);
    expect(await expectJson(response, 200, StrictGeneric)).toEqual({ status: 200, message: 'Item deleted' });
    await expectError(await view('partner', item.uuid), 404);
    expect(await storedNames(ctx.deps.storage, `cms/${item.uuid}`)).toEqual([]);
  });

  test('an unknown uuid: 404 (also the second time); a malformed one: 400', async () => {
    const item = await insertCmsItem(ctx);
    const del = remove;
    await expectJson(await del(item.uuid), 200, StrictGeneric);
    await expectError(await del(item.uuid), 404);
    await expectError(await del('../../etc'), 404);
    await expectError(await del('not-a-uuid'), 400, { fields: ['uuid'] });
  });
});

describe('GET /api/public/cms/{cms_type}', () => {
  test('is public and lists published items only, by display order then id', async () => {
    const a = await insertCmsItem(ctx, { cmsType: 'banner', title: 'Public B', status: 'published', displayOrder: 2 });
    const b = await insertCmsItem(ctx, { cmsType: 'banner', title: 'Public A', status: 'published', displayOrder: 1 });
    const c = await insertCmsItem(ctx, { cmsType: 'banner', title: 'Public C', status: 'published', displayOrder: 2 });
    await insertCmsItem(ctx, { cmsType: 'banner', title: 'Hidden draft', status: 'draft', displayOrder: 0 });
    await insertCmsItem(ctx, { cmsType: 'banner', title: 'Taken down', status: 'unpublished', displayOrder: 0 });
    const body = await expectJson(await ctx.request('/api/public/cms/banner'), 200, StrictPublic);
    expect(body.data.every((i) => i.status === 'published' && i.cms_type === 'banner')).toBe(true);
    const ours = body.data.filter((i) => [a.id, b.id, c.id].includes(i.id));
    expect(ours.map((i) => i.title)).toEqual(['Public A', 'Public B', 'Public C']);
    expect(body.data.map((i) => i.title)).not.toContain('Hidden draft');
    expect(body.data.map((i) => i.title)).not.toContain('Taken down');
  });

  test('an unknown type: 400', async () => {
    await expectError(await ctx.request('/api/public/cms/users'), 400, { fields: ['cms_type'] });
  });

  test('GET /api/public/cms/video/event/{slug}: the published media of one event', async () => {
    const event = 'Mayors Summit 2026';
    const photo = await save({
      cms_type: 'video',
      title: 'Summit photo',
      event,
      status: 'published',
      display_order: 2,
    });
    const video = await save({
      cms_type: 'video',
      title: 'Summit video',
      event,
      status: 'published',
      media_kind: 'video',
      video_url: 'https://youtu.be/xyz',
      display_order: 1,
    });
    await save({ cms_type: 'video', title: 'Summit draft', event });
    await save({ cms_type: 'video', title: 'Other event', event: 'Another day', status: 'published' });
    const body = await expectJson(
      await ctx.request('/api/public/cms/video/event/mayors-summit-2026'),
      200,
      StrictPublic,
    );
    expect(body.data.map((i) => i.id)).toEqual([video.id, photo.id]);
    expect(
      (await expectJson(await ctx.request('/api/public/cms/video/event/nothing-here'), 200, StrictPublic)).data,
    ).toEqual([]);
  });
});

describe('public CMS answers: cached until a CMS write, with ETag/304', () => {
  const titles = async (type = 'partner') =>
    (await expectJson(await ctx.request(`/api/public/cms/${type}`), 200, StrictPublic)).data.map((i) => i.title);

  test('a 304 for the ETag the client has; a new ETag once the list changes', async () => {
    const first = await ctx.request('/api/public/cms/banner');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    await first.arrayBuffer();
    const again = await ctx.request('/api/public/cms/banner', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect(
      (await ctx.request('/api/public/cms/banner', { headers: { 'If-None-Match': `W/${etag}, "other"` } })).status,
    ).toBe(304);
    await save({ cms_type: 'banner', title: 'Changes the banner list', status: 'published' });
    const changed = await ctx.request('/api/public/cms/banner', { headers: { 'If-None-Match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  test('the answer is kept: a row changed behind the server’s back does not show until a CMS write', async () => {
    const item = await insertCmsItem(ctx, { cmsType: 'partner', title: 'Cached partner', status: 'published' });
    expect(await titles()).toContain('Cached partner');
    // Not a write of the server: the cache does not know of it (this shows the answer is cached).
    await ctx.deps.db.execute(sql`update cms_items set title = 'Changed quietly' where id = ${item.id}`);
    expect(await titles()).toContain('Cached partner');
    await save({ cms_type: 'partner', title: 'Any CMS write' });
    expect(await titles()).toContain('Changed quietly');
  });

  test('every kind of CMS write invalidates it: save, status, upload, delete', async () => {
    const item = await save({ cms_type: 'partner', title: 'Partner seen in public', status: 'published' });
    expect(await titles()).toContain('Partner seen in public');
    await save({ uuid: item.uuid, cms_type: 'partner', title: 'Partner renamed', display_order: 0 }, 200);
    expect(await titles()).toContain('Partner renamed');

    const imageOf = async () =>
      (await expectJson(await ctx.request('/api/public/cms/partner'), 200, StrictPublic)).data.find(
        (i) => i.uuid === item.uuid,
      )?.image;
    expect(await imageOf()).toBeNull();
    await expectJson(
      await ctx.request(`/api/cms/upload/${item.uuid}`, { token: admin.token, body: uploadForm(png) }),
      200,
      StrictItem,
    );
    expect(await imageOf()).not.toBeNull();

    expect((await setStatus(item.uuid, { status: 'unpublished' })).status).toBe(200);
    expect(await titles()).not.toContain('Partner renamed');
    expect((await setStatus(item.uuid, { status: 'published' })).status).toBe(200);
    expect(await titles()).toContain('Partner renamed');
    expect(
      (
        await ctx.request(`/api/cms/delete/${item.uuid}`, {
          method: 'POST',
          token: admin.token,
          json: { version: await cmsVersion(ctx, item.uuid) },
        })
      ).status,
    ).toBe(200);
    expect(await titles()).not.toContain('Partner renamed');
  });

  test('the event pages too', async () => {
    const event = 'Cache Forum 2026';
    await save({ cms_type: 'video', title: 'Forum photo', event, status: 'published' });
    const path = '/api/public/cms/video/event/cache-forum-2026';
    expect((await expectJson(await ctx.request(path), 200, StrictPublic)).data.map((i) => i.title)).toEqual([
      'Forum photo',
    ]);
    await save({ cms_type: 'video', title: 'Forum photo two', event, status: 'published', display_order: 5 });
    expect((await expectJson(await ctx.request(path), 200, StrictPublic)).data.map((i) => i.title)).toEqual([
      'Forum photo',
      'Forum photo two',
    ]);
  });
});
