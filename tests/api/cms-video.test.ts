import { beforeAll, describe, expect, test } from 'vitest';
import { CmsItemResponseSchema, VideoListResponseSchema } from '../../src/lib/cms/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { insertCmsItem } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictItem = deepStrict(CmsItemResponseSchema);
const StrictVideos = deepStrict(VideoListResponseSchema);
const StrictGeneric = deepStrict(GenericResponseSchema);

const ctx = await createTestContext();
const video = (values: Parameters<typeof insertCmsItem>[1] = {}) =>
  insertCmsItem(ctx, { cmsType: 'video', mediaKind: 'video', videoUrl: 'https://youtu.be/abc', ...values });
/** Videos the allowed users of the access checks delete, one per request. */
const doomed = await Promise.all(Array.from({ length: 16 }, () => video({ title: 'Doomed video' })));
let nextDoomed = 0;

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/video/list',
    path: () => '/api/video/list',
    expected: allow(...ADMIN_LEVEL),
    schema: StrictVideos,
  },
  {
    method: 'POST',
    label: '/api/video/create',
    path: () => '/api/video/create',
    json: () => ({ title: 'Made by the access checks', video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    expected: allow(...ADMIN_LEVEL),
    status: 201,
    schema: StrictItem,
  },
  {
    method: 'GET',
    label: '/api/video/delete/{id}',
    // A GET carries its version in the query; each doomed video is deleted once, at version 1.
    path: () => `/api/video/delete/${doomed[nextDoomed++]!.id}?version=1`,
    expected: allow(...ADMIN_LEVEL),
    schema: StrictGeneric,
  },
]);

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'tuxuri', country: 'TH' });
});

const create = (json: unknown) => ctx.request('/api/video/create', { token: admin.token, json });
const list = async () =>
  (await expectJson(await ctx.request('/api/video/list', { token: admin.token }), 200, StrictVideos)).data;

describe('POST /api/video/create', () => {
  test('adds a media-gallery video, a draft unless told otherwise', async () => {
    const body = await expectJson(
      await create({
        title: ' Keynote ',
        video_url: 'https://vimeo.com/76979871',
        event: 'Urban Forum 2025',
        description: '',
      }),
      201,
      StrictItem,
    );
    expect(body).toMatchObject({ status: 201, message: 'Video added' });
    expect(body.data).toMatchObject({
      cms_type: 'video',
      media_kind: 'video',
      title: 'Keynote',
      video_url: 'https://vimeo.com/76979871',
      event: 'Urban Forum 2025',
      event_slug: 'urban-forum-2025',
      description: null,
      status: 'draft',
      published_at: null,
      image: null,
    });
  });

  test('a published video is published at once, shows in the public list and rebuilds the site', async () => {
    await ctx.builder.settled();
    const before = ctx.builder.status().live?.id;
    const publicTitles = async () =>
      ((await (await ctx.request('/api/public/cms/video')).json()) as { data: { title: string }[] }).data.map(
        (i) => i.title,
      );
    expect(await publicTitles()).not.toContain('Live');
    const body = await expectJson(
      await create({ title: 'Live', video_url: 'https://youtu.be/xyz', status: 'published' }),
      201,
      StrictItem,
    );
    expect(await publicTitles()).toContain('Live');
    expect(
      (await ctx.request(`/api/video/delete/${body.data.id}?version=${body.data.version}`, { token: admin.token }))
        .status,
    ).toBe(200);
    expect(await publicTitles()).not.toContain('Live');
    expect(body.data.published_at).not.toBeNull();
    await ctx.builder.settled();
    expect(ctx.builder.status().live?.id).not.toBe(before);
  });

  test.each([
    'https://www.youtube.com/watch?v=1',
    'https://youtube.com/shorts/1',
    'https://m.youtube.com/watch?v=1',
    'https://youtu.be/1',
    'http://vimeo.com/1',
    'https://player.vimeo.com/video/1',
  ])('%s is accepted', async (video_url) => {
    await expectJson(await create({ title: 'Fine', video_url }), 201, StrictItem);
  });

  test.each([
    'https://example.com/watch?v=1',
    'https://youtube.com.evil.example/watch?v=1',
    'https://notyoutube.com/watch?v=1',
    'https://user:pw@youtube.com/watch?v=1',
    'https://vimeo.com:8443/1',
    'javascript:alert(1)',
    'youtube.com/watch?v=1',
  ])('%s: 400 naming video_url', async (video_url) => {
    await expectError(await create({ title: 'Nope', video_url }), 400, { fields: ['video_url'] });
  });

  test.each([
    [{ video_url: 'https://youtu.be/1' }, ['title']],
    [{ title: 'x' }, ['video_url']],
    [{ title: 'x', video_url: 'https://youtu.be/1', status: 'live' }, ['status']],
    [{ title: 5, video_url: 7 }, ['title', 'video_url']],
  ])('%j: 400 naming %j', async (json, fields) => {
    await expectError(await create(json), 400, { fields });
  });
});

describe('GET /api/video/list', () => {
  test('lists hosted videos only, in display order', async () => {
    const later = await video({ title: 'Second', displayOrder: 5 });
    const first = await video({ title: 'First', displayOrder: -1 });
    const photo = await insertCmsItem(ctx, { cmsType: 'video', mediaKind: 'photo', title: 'A photo' });
    const data = await list();
    expect(data.every((i) => i.cms_type === 'video' && i.media_kind === 'video')).toBe(true);
    expect(data[0]!.id).toBe(first.id);
    expect(data.map((i) => i.id)).toContain(later.id);
    expect(data.map((i) => i.id)).not.toContain(photo.id);
  });
});

describe('GET /api/video/delete/{id}', () => {
  test('deletes a video', async () => {
    const doomedVideo = await video();
    await expectError(await ctx.request(`/api/video/delete/${doomedVideo.id}`, { token: admin.token }), 428, {
      fields: ['version'],
    });
    const response = await ctx.request(`/api/video/delete/${doomedVideo.id}?version=1`, { token: admin.token });
    expect(await expectJson(response, 200, StrictGeneric)).toEqual({ status: 200, message: 'Video deleted' });
    expect((await list()).map((i) => i.id)).not.toContain(doomedVideo.id);
    await expectError(await ctx.request(`/api/video/delete/${doomedVideo.id}`, { token: admin.token }), 404);
  });

  test('only videos: a photo, a banner or an unknown id is a 404', async () => {
    const photo = await insertCmsItem(ctx, { cmsType: 'video', mediaKind: 'photo' });
    const banner = await insertCmsItem(ctx, { cmsType: 'banner' });
    for (const id of [photo.id, banner.id, 999_999]) {
      await expectError(await ctx.request(`/api/video/delete/${id}`, { token: admin.token }), 404);
    }
    await expectJson(await ctx.request(`/api/cms/video/view/${photo.uuid}`, { token: admin.token }), 200, StrictItem);
  });

  test.each(['abc', '1.5', '-1', '0x10', '99999999999'])('id %s: 400 naming id', async (id) => {
    await expectError(await ctx.request(`/api/video/delete/${id}`, { token: admin.token }), 400, { fields: ['id'] });
  });

  test('deleting a published video rebuilds the site', async () => {
    const live = await video({ status: 'published', publishedAt: new Date() });
    await ctx.builder.settled();
    const before = ctx.builder.status().live?.id;
    await expectJson(
      await ctx.request(`/api/video/delete/${live.id}`, { token: admin.token, headers: { 'If-Match': '"1"' } }),
      200,
      StrictGeneric,
    );
    await ctx.builder.settled();
    expect(ctx.builder.status().live?.id).not.toBe(before);
  });
});
