import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { isSafeKey } from '../../src/lib/storage/file-store.server.ts';
import { CMS_UPLOAD_MAX_BYTES, CmsItemResponseSchema, type CmsImage } from '../../src/lib/cms/schema.ts';
import { insertCmsItem, makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { storedBytes, storedNames } from '../support/stored-files.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { createSiteFixture } from '../support/site-fixture.ts';

const StrictItem = deepStrict(CmsItemResponseSchema);
const fixture = await createSiteFixture();
// A live site, as in production: paths outside /uploads/ get the site's own answers.
const ctx = await createTestContext({ site: { current: () => fixture.files } });
const uploadsDir = join(ctx.deps.env.DATA_DIR, 'uploads');

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'tuxuri', country: 'TH' });
});

const upload = (uuid: string, body: BodyInit, headers: Record<string, string> = {}) =>
  ctx.request(`/api/cms/upload/${uuid}`, { method: 'POST', token: admin.token, body, headers });
const uploaded = async (uuid: string, bytes: Uint8Array, options?: Parameters<typeof uploadForm>[1]) =>
  (await expectJson(await upload(uuid, uploadForm(bytes, options)), 200, StrictItem)).data;
const filesOf = (uuid: string) => storedNames(ctx.deps.storage, `cms/${uuid}`);

describe('POST /api/cms/upload/{uuid}: renditions', () => {
  test('a large PNG: WebP at 480, 960 and 1600 px plus a PNG at 1600, stored under the content hash', async () => {
    const item = await insertCmsItem(ctx, { cmsType: 'banner' });
    const data = await uploaded(item.uuid, await makeImage('png', 2000, 1000));
    const image = data.image!;
    expect(image.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['webp', 480, 240],
      ['webp', 960, 480],
      ['webp', 1600, 800],
      ['png', 1600, 800],
    ]);
    expect(image).toMatchObject({ url: image.variants[3]!.url, width: 1600, height: 800 });
    for (const variant of image.variants) {
      expect(variant.url).toMatch(new RegExp(`^/uploads/cms/${item.uuid}/[0-9a-f]{16}-${variant.width}\\.(webp|png)$`));
    }
    expect(await filesOf(item.uuid)).toEqual(image.variants.map((v) => v.url.split('/').at(-1)).sort());
    // Nothing half-written is left beside them.
    expect((await filesOf(item.uuid)).some((name) => name.endsWith('.tmp'))).toBe(false);
  });

  test('never upscales: a 300 px picture gives one WebP and one fallback at 300 px', async () => {
    const item = await insertCmsItem(ctx);
    const image = (await uploaded(item.uuid, await makeImage('png', 300, 200))).image!;
    expect(image.variants.map((v) => [v.format, v.width])).toEqual([
      ['webp', 300],
      ['png', 300],
    ]);
  });

  test('a 1200 px picture is rendered at 480, 960 and its own 1200 px', async () => {
    const item = await insertCmsItem(ctx);
    const image = (await uploaded(item.uuid, await makeImage('jpeg', 1200, 900))).image!;
    expect(image.variants.map((v) => [v.format, v.width])).toEqual([
      ['webp', 480],
      ['webp', 960],
      ['webp', 1200],
      ['jpeg', 1200],
    ]);
  });

  test('a JPEG: EXIF orientation applied, metadata stripped, fallback in JPEG', async () => {
    const item = await insertCmsItem(ctx);
    // 600 × 300 stored, "rotate 90°" in EXIF: a portrait picture 300 × 600 to the eye.
    const jpeg = await makeImage('jpeg', 600, 300, { orientation: 6, comment: 'Taken by someone at home' });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const image = (await uploaded(item.uuid, jpeg, { name: 'IMG_0001.JPG', type: 'image/jpeg' })).image!;
    expect(image.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['webp', 300, 600],
      ['jpeg', 300, 600],
    ]);
    for (const variant of image.variants) {
      const stored = await sharp(await storedBytes(ctx.deps.storage, variant.url)).metadata();
      expect(stored.format).toBe(variant.format);
      expect([stored.width, stored.height]).toEqual([300, 600]);
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
    }
  });

  test('a WebP: fallback JPEG, or PNG when it has transparency', async () => {
    const opaque = await insertCmsItem(ctx);
    expect(
      (
        await uploaded(opaque.uuid, await makeImage('webp', 500, 500), { name: 'x.webp', type: 'image/webp' })
      ).image!.variants.at(-1)!.format,
    ).toBe('jpeg');
    const clear = await insertCmsItem(ctx);
    expect(
      (await uploaded(clear.uuid, await makeImage('webp', 500, 500, { alpha: true }))).image!.variants.at(-1)!.format,
    ).toBe('png');
  });

  test('the declared type and name play no part: a PNG sent as "photo.jpg", image/jpeg is a PNG', async () => {
    const item = await insertCmsItem(ctx);
    const image = (
      await uploaded(item.uuid, await makeImage('png', 100, 100), { name: 'photo.jpg', type: 'image/jpeg' })
    ).image!;
    expect(image.url).toMatch(/\.png$/);
  });

  test('a new image replaces the old one, whose files are deleted; the same image again keeps its files', async () => {
    const item = await insertCmsItem(ctx, { status: 'published' });
    const first = (await uploaded(item.uuid, await makeImage('png', 100, 80))).image!;
    const second = (await uploaded(item.uuid, await makeImage('jpeg', 120, 90))).image!;
    expect(await filesOf(item.uuid)).toEqual(second.variants.map((v) => v.url.split('/').at(-1)).sort());
    for (const variant of first.variants) expect((await ctx.request(variant.url)).status).toBe(404);
    const again = (await uploaded(item.uuid, await makeImage('jpeg', 120, 90))).image!;
    expect(again).toEqual(second);
    for (const variant of again.variants) expect((await ctx.request(variant.url)).status).toBe(200);
  });

  test('uploading for a published item rebuilds the site; for a draft it does not', async () => {
    const rebuilds = async (uuid: string) => {
      await ctx.builder.settled();
      const before = ctx.builder.status().live?.id;
      await uploaded(uuid, await makeImage('png', 40, 40));
      await ctx.builder.settled();
      return ctx.builder.status().live?.id !== before;
    };
    expect(await rebuilds((await insertCmsItem(ctx, { status: 'published', publishedAt: new Date() })).uuid)).toBe(
      true,
    );
    expect(await rebuilds((await insertCmsItem(ctx, { status: 'draft' })).uuid)).toBe(false);
  });
});

describe('POST /api/cms/upload/{uuid}: refused uploads change nothing', () => {
  let uuid: string;
  let original: CmsImage;
  beforeAll(async () => {
    uuid = (await insertCmsItem(ctx)).uuid;
    original = (await uploaded(uuid, await makeImage('png', 64, 64))).image!;
  });
  const unchanged = async () => {
    const body = await expectJson(
      await ctx.request(`/api/cms/banner/view/${uuid}`, { token: admin.token }),
      200,
      StrictItem,
    );
    expect(body.data.image).toEqual(original);
    expect(await filesOf(uuid)).toEqual(original.variants.map((v) => v.url.split('/').at(-1)).sort());
  };

  const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  test.each([
    ['HTML named .png, declared image/png', Buffer.from(html)],
    ['SVG named .png, declared image/png', Buffer.from(svg)],
    ['a GIF', gif],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
  ])('%s: 415', async (_label, bytes) => {
    await expectError(await upload(uuid, uploadForm(bytes, { name: 'picture.png', type: 'image/png' })), 415, {
      message: /not a JPEG, PNG or WebP image/,
    });
    await unchanged();
  });

  test('a PNG signature on garbage, and a truncated PNG: 400, the decoder refuses them', async () => {
    const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expectError(await upload(uuid, uploadForm(Buffer.concat([header, Buffer.alloc(2000, 7)]))), 400, {
      message: /looks like a PNG image but could not be read/,
    });
    const real = await makeImage('png', 400, 400, { alpha: true });
    await expectError(await upload(uuid, uploadForm(real.subarray(0, Math.floor(real.length / 2)))), 400);
    const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(100, 1)]);
    await expectError(await upload(uuid, uploadForm(riff)), 400, { message: /looks like a WEBP image/ });
    await unchanged();
  });

  test('a file over the limit: 413 naming the limit, with or without a Content-Length', async () => {
    const tooBig = new Uint8Array(CMS_UPLOAD_MAX_BYTES + 1);
    tooBig.set(await makeImage('png', 10, 10));
    await expectError(await upload(uuid, uploadForm(tooBig)), 413, { message: /larger than 5 MB/ });

    const huge = new Uint8Array(CMS_UPLOAD_MAX_BYTES * 2);
    const request = new Request('http://localhost/', { method: 'POST', body: uploadForm(huge) });
    const contentType = request.headers.get('content-type')!;
    const bytes = new Uint8Array(await request.arrayBuffer());
    await expectError(await upload(uuid, bytes, { 'Content-Type': contentType }), 413, { message: /larger than 5 MB/ });
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes.length) return controller.close();
        const chunk = bytes.subarray(sent, sent + 256 * 1024);
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await ctx.app.request(`/api/cms/upload/${uuid}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': contentType },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(response, 413);
    // Cut off soon after the limit, not read to the end.
    expect(sent).toBeLessThan(CMS_UPLOAD_MAX_BYTES + 1024 * 1024);
    await unchanged();
  });

  test('no file field, an empty file, a text field, a JSON body or a broken multipart body: 4xx', async () => {
    const png = await makeImage('png', 10, 10);
    await expectError(await upload(uuid, uploadForm(png, { field: 'image' })), 400, { fields: ['file'] });
    await expectError(await upload(uuid, uploadForm(new Uint8Array(0))), 400, { fields: ['file'] });
    const text = new FormData();
    text.append('file', 'not a file');
    await expectError(await upload(uuid, text), 400, { fields: ['file'] });
    await expectError(await upload(uuid, '{"file":"x"}', { 'Content-Type': 'application/json' }), 415);
    await expectError(await upload(uuid, 'file=x', { 'Content-Type': 'application/x-www-form-urlencoded' }), 415);
    await expectError(
      await upload(uuid, '--nope\r\nContent-Disposition: form-data; name="file"\r\n\r\nxx', {
        'Content-Type': 'multipart/form-data; boundary=other',
      }),
      400,
      {
        message: /not valid multipart/,
      },
    );
    await expectError(await upload(uuid, '', { 'Content-Type': 'multipart/form-data; boundary=x' }), 400);
    await unchanged();
  });

  test('an unknown item: 404; a malformed uuid: 400; GET: 404', async () => {
    const png = await makeImage('png', 10, 10);
    await expectError(await upload(crypto.randomUUID(), uploadForm(png)), 404);
    await expectError(await upload('nope', uploadForm(png)), 400, { fields: ['uuid'] });
    await expectError(await ctx.request(`/api/cms/upload/${uuid}`, { token: admin.token }), 404);
  });
});

describe('GET /uploads/*', () => {
  let image: CmsImage;
  let uuid: string;
  beforeAll(async () => {
    // Published: its pictures are anyone's to read (a draft's are not, see private-files.test.ts).
    uuid = (await insertCmsItem(ctx, { status: 'published' })).uuid;
    image = (await uploaded(uuid, await makeImage('jpeg', 1000, 500))).image!;
  });

  test(
    'serves each rendition with its type, an hour of ' + 'caching (the item may be withdrawn) and a sandboxing CSP',
    async () => {
      for (const variant of image.variants) {
        const response = await ctx.request(variant.url);
        expect(response.status, variant.url).toBe(200);
        expect(response.headers.get('content-type')).toBe(variant.format === 'webp' ? 'image/webp' : 'image/jpeg');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
        const body = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get('content-length'))).toBe(body.length);
        const metadata = await sharp(body).metadata();
        expect([metadata.format, metadata.width]).toEqual([variant.format, variant.width]);
      }
      const head = await ctx.request(image.url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    },
  );

  test('no listing, no unknown files, nothing outside the uploads folder', async () => {
    const paths = [
      '/uploads',
      '/uploads/',
      '/uploads/cms',
      '/uploads/cms/',
      `/uploads/cms/${uuid}`,
      `/uploads/cms/${uuid}/`,
      `/uploads/cms/${uuid}/0000000000000000-480.webp`,
      '/uploads/../../etc/passwd',
      '/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/cms/..%2f..%2f..%2f..%2fetc%2fpasswd',
      `/uploads/cms/${uuid}/..%2f..%2f..%2fclient-hash-secret`,
      '/uploads/%2fetc%2fpasswd',
      '/uploads/cms/%00.png',
    ];
    for (const path of paths) {
      const response = await ctx.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).not.toMatch(/^image\//);
    }
  });

  test('a file of another kind in the uploads folder is never served, whatever its name', async () => {
    const folder = join(uploadsDir, 'cms', uuid);
    for (const name of ['page.html', 'drawing.svg', 'script.js', 'abc.webp.tmp', '.hidden.png']) {
      const body = new TextEncoder().encode('<script>alert(1)</script>');
      // Through the store (disk or bucket) where the key is one it accepts; a hidden name only on disk.
      if (isSafeKey(`cms/${uuid}/${name}`)) await ctx.deps.storage.put(`cms/${uuid}/${name}`, body);
      else if (!process.env.TEST_DB || process.env.TEST_DB === 'pglite') {
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, name), body);
      }
      const response = await ctx.request(`/uploads/cms/${uuid}/${name}`);
      expect(response.status, name).toBe(404);
      expect(response.headers.get('content-type'), name).toMatch(/^text\/plain/);
    }
  });

  test('a real server sends the same headers', async () => {
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const response = await fetch(`${origin}${image.variants[0]!.url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const missing = await fetch(`${origin}/uploads/cms/${uuid}/nope.html`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toMatch(/^text\/plain/);
      await missing.text();
      // An oversized upload over a real socket: the 413 arrives, the rest of the body is not read.
      const tooBig = await fetch(`${origin}/api/cms/upload/${uuid}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}` },
        body: uploadForm(new Uint8Array(CMS_UPLOAD_MAX_BYTES * 3)),
      });
      expect(tooBig.status).toBe(413);
      expect(((await tooBig.json()) as { message: string }).message).toMatch(/larger than 5 MB/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('other methods: 405', async () => {
    await expectError(await ctx.request(image.url, { method: 'POST', body: 'x' }), 405);
  });
});
