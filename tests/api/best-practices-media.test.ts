import { crc32, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { publishedPracticesQuery } from '../../src/lib/best-practices/public-queries.server.ts';
import {
  PublicFacetsResponseSchema,
  PublicListResponseSchema,
  PublicShowResponseSchema,
} from '../../src/lib/best-practices/public-schema.ts';
import {
  PRACTICE_IMAGE_MAX_BYTES,
  PRACTICE_PDF_MAX_BYTES,
  PracticeListResponseSchema,
  PracticeResponseSchema,
  type BestPractice,
} from '../../src/lib/best-practices/schema.ts';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { auditEvents, bestPractices } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { COMPLETE_PRACTICE, insertPractice } from '../fixtures/best-practices.ts';
import { makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { storedNames } from '../support/stored-files.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const StrictPractice = deepStrict(PracticeResponseSchema);
const ctx = await createTestContext();
const filesOf = (uuid: string) => storedNames(ctx.deps.storage, `best-practices/${uuid}`);

let admin: TestUser;
let member: TestUser;
let vnAdmin: TestUser;
beforeAll(async () => {
  [admin, member, vnAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_member', country: 'PH' }),
    createUser(ctx, { role: 'state_admin', country: 'VN' }),
  ]);
});

const create = async (body: object = {}): Promise<BestPractice> =>
  (
    await expectJson(
      await ctx.request('/api/best-practice/saved', {
        token: member.token,
        json: { title: 'Esplanade', country_code: 'PH', ...body },
      }),
      201,
      StrictPractice,
    )
  ).data;
const send = (user: TestUser, p: BestPractice, kind: 'upload' | 'attachment', body: FormData, query = '') =>
  ctx.request(`/api/best-practice/${p.uuid}/${kind}?version=${p.version}${query}`, {
    method: 'POST',
    token: user.token,
    body,
  });
const pdf = (extra = '') => Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${extra}%%EOF\n`);

/** A PNG whose header declares `width` × `height` pixels but whose data is a few bytes: a decompression bomb. */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('images', () => {
  test(
    'a picture and its crop: renditions re-encoded, a 16:9 ' + 'card from the crop sent, the first image is the cover',
    async () => {
      const p = await create();
      const body = await expectJson(
        await send(
          member,
          p,
          'upload',
          uploadForm(await makeImage('jpeg', 2000, 1500, { comment: 'secret-exif' }), {
            name: 'river.jpg',
            type: 'image/jpeg',
          }),
          '&crop=0.1,0.2,0.8,0.5',
        ),
        201,
        StrictPractice,
      );
      const [image] = body.data.images;
      expect(image).toMatchObject({ is_cover: true, caption: null });
      expect(image!.image.variants.map((v) => [v.format, v.width])).toEqual([
        ['webp', 480],
        ['webp', 960],
        ['webp', 1600],
        ['jpeg', 1600],
      ]);
      expect(image!.card.variants.map((v) => [v.format, v.width, v.height])).toEqual([
        ['webp', 480, 270],
        ['webp', 960, 540],
        ['jpeg', 960, 540],
      ]);
      expect(body.data.version).toBe(p.version + 1);
      expect(image!.crop).toEqual({ x: 0.1, y: 0.2, width: 0.8, height: 0.5 });
      // 4 renditions, 3 card renditions and the upload itself, kept for later crops but never served.
      expect(await filesOf(p.uuid)).toHaveLength(8);
      const original = (await filesOf(p.uuid)).find((name) => name.endsWith('.original'))!;
      expect((await ctx.request(`/uploads/best-practices/${p.uuid}/${original}`)).status).toBe(404);
      // A draft's files are private (decision 035): its author reads them.
      const served = await ctx.request(image!.card.variants[0]!.url, { token: member.token });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await served.arrayBuffer()).includes('secret-exif')).toBe(false);

      // Captions, credits and the cover are saved with the form; an image left out is removed with its files.
      let data = body.data;
      data = (
        await expectJson(
          await send(member, data, 'upload', uploadForm(await makeImage('png', 800, 800))),
          201,
          StrictPractice,
        )
      ).data;
      const [first, second] = data.images;
      const after = await expectJson(
        await ctx.request('/api/best-practice/saved', {
          token: member.token,
          json: {
            uuid: p.uuid,
            version: data.version,
            images: [{ id: second!.id, caption: 'The esplanade at dusk', credit: 'City of Iloilo', is_cover: true }],
          },
        }),
        200,
        StrictPractice,
      );
      expect(after.data.images).toMatchObject([
        { id: second!.id, caption: 'The esplanade at dusk', credit: 'City of Iloilo', is_cover: true },
      ]);
      expect(after.data.images[0]!.card.variants.at(-1)).toMatchObject({ width: 800, height: 450 });
      expect((await filesOf(p.uuid)).some((name) => first!.image.url.endsWith(name))).toBe(false);
      // the removed image's upload went too
      expect((await filesOf(p.uuid)).filter((name) => name.endsWith('.original'))).toHaveLength(1);
      await expectError(
        await ctx.request('/api/best-practice/saved', {
          token: member.token,
          json: { uuid: p.uuid, version: after.data.version, images: [{ id: 'made-up' }] },
        }),
        400,
        { fields: ['images'] },
      );
    },
  );

  test.each([
    ['a text file named .jpg', Buffer.from('just some text, not a picture'), 'photo.jpg', 'image/jpeg'],
    ['a PDF named .png', pdf(), 'photo.png', 'image/png'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.png', 'image/png'],
  ])('%s: 415, nothing stored', async (_label, bytes, name, type) => {
    const p = await create();
    await expectError(await send(member, p, 'upload', uploadForm(bytes, { name, type })), 415, {
      message: /not a JPEG, PNG or WebP/,
    });
    expect(await filesOf(p.uuid)).toEqual([]);
  });

  test('a decompression bomb (a tiny PNG declaring 100,000 × 100,000 pixels): 413, nothing stored', async () => {
    const p = await create();
    const bomb = bombPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2000);
    await expectError(await send(member, p, 'upload', uploadForm(bomb)), 413, { message: /million pixels/ });
    expect(await filesOf(p.uuid)).toEqual([]);
  });

  test('an oversized image: 413 naming the limit', async () => {
    const p = await create();
    const big = new Uint8Array(PRACTICE_IMAGE_MAX_BYTES + 1);
    big.set(await makeImage('png', 10, 10));
    await expectError(await send(member, p, 'upload', uploadForm(big)), 413, { message: /larger than 8 MB/ });
  });

  test('a stale version: 409 and the new files are removed; a bad crop: 400', async () => {
    const p = await create();
    const stale = { ...p, version: p.version + 5 };
    expect((await send(member, stale, 'upload', uploadForm(await makeImage('png', 300, 200)))).status).toBe(409);
    expect(await filesOf(p.uuid)).toEqual([]);
    await expectError(
      await send(member, p, 'upload', uploadForm(await makeImage('png', 300, 200)), '&crop=0.5,0.5,0.9,0.9'),
      400,
      { fields: ['crop'] },
    );
  });

  test('another country’s state_admin may not upload; nor may anyone once the practice waits for review', async () => {
    let p = await create(COMPLETE_PRACTICE);
    await expectError(await send(vnAdmin, p, 'upload', uploadForm(await makeImage('png', 50, 50))), 403);
    p = (
      await expectJson(
        await ctx.request(`/api/best-practice/${p.uuid}/transition`, {
          token: member.token,
          json: { action: 'submit', version: p.version },
        }),
        200,
        StrictPractice,
      )
    ).data;
    await expectError(await send(member, p, 'upload', uploadForm(await makeImage('png', 50, 50))), 409);
  });
});

describe('cropping the card again', () => {
  /** 1600 × 900: the left half red, the right half blue. */
  const halves = () =>
    sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0000ff' } })
      .composite([
        { input: { create: { width: 800, height: 900, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
      ])
      .jpeg()
      .toBuffer();
  const crop = (user: TestUser, p: BestPractice, imageId: string, json: unknown) =>
    ctx.request(`/api/best-practice/${p.uuid}/image/${imageId}/crop`, { token: user.token, json });
  /** The average colour of the card's largest WebP: [r, g, b]. */
  const cardColour = async (image: BestPractice['images'][number]) => {
    const served = await ctx.request(image.card.variants.filter((v) => v.format === 'webp').at(-1)!.url, {
      token: admin.token,
    });
    expect(served.status).toBe(200);
    const { channels } = await sharp(Buffer.from(await served.arrayBuffer())).stats();
    return channels.slice(0, 3).map((c) => Math.round(c.mean));
  };
  const uploaded = async () => {
    const p = await create();
    return (
      await expectJson(
        await send(member, p, 'upload', uploadForm(await halves(), { name: 'halves.jpg', type: 'image/jpeg' })),
        201,
        StrictPractice,
      )
    ).data;
  };

  test(
    'a new crop is cut from the uploaded picture: a new card, the old card’s files gone, the rest kept; ' +
      'versioned and audited',
    async () => {
      const p = await uploaded();
      const [before] = p.images;
      expect(before!.crop).toBeNull();
      const [r, , b] = await cardColour(before!);
      expect(r! > 50 && b! > 50).toBe(true); // the centre: half red, half blue
      const filesBefore = await filesOf(p.uuid);

      const left = { x: 0, y: 0, width: 0.5, height: 0.5 };
      const body = await expectJson(
        await crop(member, p, before!.id, { crop: left, version: p.version }),
        200,
        StrictPractice,
      );
      const [after] = body.data.images;
      expect(body.data.version).toBe(p.version + 1);
      expect(after).toMatchObject({ id: before!.id, crop: left, image: before!.image, is_cover: true });
      expect(after!.card.url).not.toBe(before!.card.url);
      expect(after!.card.variants.map((v) => [v.format, v.width, v.height])).toEqual([
        ['webp', 480, 270],
        ['webp', 800, 450],
        ['jpeg', 800, 450],
      ]);
      const [red, green, blue] = await cardColour(after!);
      expect(red).toBeGreaterThan(200);
      expect(green! + blue!).toBeLessThan(40);
      const filesAfter = await filesOf(p.uuid);
      for (const v of before!.card.variants)
        expect(
          filesAfter.some((name) => v.url.endsWith(`/${name}`)),
          v.url,
        ).toBe(false);
      for (const v of [...after!.card.variants, ...after!.image.variants])
        expect(
          filesAfter.some((name) => v.url.endsWith(`/${name}`)),
          v.url,
        ).toBe(true);
      expect(filesAfter.filter((name) => name.endsWith('.original'))).toEqual(
        filesBefore.filter((name) => name.endsWith('.original')),
      );
      const [event] = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, p.uuid), eq(auditEvents.note, 'New crop of the card picture')));
      expect(event).toMatchObject({ action: 'update', actorId: member.id });
    },
  );

  test(
    'a stale version: 409 with the practice as it is ' + 'now, the card and files unchanged; no version: 400',
    async () => {
      const p = await uploaded();
      const id = p.images[0]!.id;
      const newer = (
        await expectJson(
          await ctx.request('/api/best-practice/saved', {
            token: member.token,
            json: { uuid: p.uuid, version: p.version, city: 'Jaro' },
          }),
          200,
          StrictPractice,
        )
      ).data;
      const files = await filesOf(p.uuid);
      const stale = await expectJson(
        await crop(member, p, id, { crop: { x: 0.5, y: 0, width: 0.5, height: 0.5 }, version: p.version }),
        409,
        deepStrict(GenericResponseSchema.extend({ current: PracticeResponseSchema.shape.data })),
      );
      expect(stale.current).toMatchObject({ version: newer.version, city: 'Jaro' });
      expect(stale.current.images[0]!.card).toEqual(p.images[0]!.card);
      expect(await filesOf(p.uuid)).toEqual(files);
      await expectError(await crop(member, newer, id, { crop: { x: 0.5, y: 0, width: 0.5, height: 0.5 } }), 400, {
        fields: ['version'],
      });
    },
  );

  test('bad input is a 4xx naming it; an unknown image 404', async () => {
    const p = await uploaded();
    const id = p.images[0]!.id;
    await expectError(
      await crop(member, p, id, { crop: { x: 0.8, y: 0, width: 0.5, height: 0.5 }, version: p.version }),
      400,
      { fields: ['crop'] },
    );
    await expectError(
      await crop(member, p, id, { crop: { x: -1, y: 0, width: 0, height: 2 }, version: p.version }),
      400,
      { fields: ['crop', 'crop.x', 'crop.width', 'crop.height'] },
    );
    await expectError(await crop(member, p, id, { version: p.version }), 400, { fields: ['crop'] });
    await expectError(
      await crop(member, p, 'nope0000', { crop: { x: 0, y: 0, width: 1, height: 1 }, version: p.version }),
      404,
      { message: /No image/ },
    );
    await expectError(
      await crop(member, p, 'a%2Fb', { crop: { x: 0, y: 0, width: 1, height: 1 }, version: p.version }),
      400,
      { fields: ['id'] },
    );
  });

  test('the practice’s writers only, in their turn: another country 403; waiting for review 409', async () => {
    let p = await uploaded();
    const id = p.images[0]!.id;
    const json = () => ({ crop: { x: 0, y: 0, width: 1, height: 1 }, version: p.version });
    await expectError(await crop(vnAdmin, p, id, json()), 403);
    p = (
      await expectJson(
        await ctx.request('/api/best-practice/saved', {
          token: member.token,
          json: { uuid: p.uuid, version: p.version, ...COMPLETE_PRACTICE },
        }),
        200,
        StrictPractice,
      )
    ).data;
    p = (
      await expectJson(
        await ctx.request(`/api/best-practice/${p.uuid}/transition`, {
          token: member.token,
          json: { action: 'submit', version: p.version },
        }),
        200,
        StrictPractice,
      )
    ).data;
    await expectError(await crop(member, p, id, json()), 409, { message: /cannot be edited now/ });
    // The reviewer may still adjust it while reviewing.
    expect((await expectJson(await crop(admin, p, id, json()), 200, StrictPractice)).data.images[0]!.crop).toEqual({
      x: 0,
      y: 0,
      width: 1,
      height: 1,
    });
  });

  test(
    'an image stored before uploads were kept is cut from its largest rendition; with no picture left, a 409 ' +
      'that says what to do',
    async () => {
      const p = await uploaded();
      const [row] = await ctx.deps.db.select().from(bestPractices).where(eq(bestPractices.uuid, p.uuid));
      const legacy = row!.images.map(({ original: _original, ...rest }) => rest);
      await ctx.deps.storage.delete([row!.images[0]!.original!]);
      await ctx.deps.db.update(bestPractices).set({ images: legacy }).where(eq(bestPractices.uuid, p.uuid));
      const id = p.images[0]!.id;
      const body = await expectJson(
        await crop(member, p, id, { crop: { x: 0.5, y: 0.5, width: 0.5, height: 0.5 }, version: p.version }),
        200,
        StrictPractice,
      );
      const [red, , blue] = await cardColour(body.data.images[0]!);
      expect(blue).toBeGreaterThan(200);
      expect(red).toBeLessThan(20);

      await ctx.deps.storage.deleteFolder(`best-practices/${p.uuid}`);
      await expectError(
        await crop(member, body.data, id, { crop: { x: 0, y: 0, width: 1, height: 1 }, version: body.data.version }),
        409,
        { message: /upload it again/ },
      );
    },
  );
});

describe('documents', () => {
  test('a PDF: stored under its hash, downloaded (never shown inline), titled', async () => {
    const p = await create();
    const body = await expectJson(
      await send(
        member,
        p,
        'attachment',
        uploadForm(pdf(), { name: '../Annual report 2023.pdf', type: 'application/pdf' }),
        '&title=Annual%20report',
      ),
      201,
      StrictPractice,
    );
    const [doc] = body.data.attachments;
    expect(doc).toMatchObject({ title: 'Annual report', file_name: 'Annual report 2023.pdf', size: pdf().length });
    const served = await ctx.request(doc!.url, { token: member.token });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('attachment');
  });

  test.each([
    ['a PNG named .pdf', () => makeImage('png', 20, 20)],
    ['an HTML page named .pdf', async () => Buffer.from('<html><script>alert(1)</script></html>')],
  ])('%s: 415', async (_label, make) => {
    const p = await create();
    await expectError(
      await send(member, p, 'attachment', uploadForm(await make(), { name: 'report.pdf', type: 'application/pdf' })),
      415,
      { message: /not a PDF/ },
    );
    expect(await filesOf(p.uuid)).toEqual([]);
  });

  test('an oversized PDF: 413', async () => {
    const p = await create();
    const big = Buffer.concat([pdf(), Buffer.alloc(PRACTICE_PDF_MAX_BYTES)]);
    await expectError(
      await send(member, p, 'attachment', uploadForm(big, { name: 'big.pdf', type: 'application/pdf' })),
      413,
    );
  });
});

describe('the public library', () => {
  let published: BestPractice;
  beforeAll(async () => {
    let p = await create({ ...COMPLETE_PRACTICE, title: 'Public esplanade' });
    p = (
      await expectJson(
        await send(member, p, 'upload', uploadForm(await makeImage('png', 1200, 800))),
        201,
        StrictPractice,
      )
    ).data;
    const step = async (user: TestUser, action: string) =>
      (p = (
        await expectJson(
          await ctx.request(`/api/best-practice/${p.uuid}/transition`, {
            token: user.token,
            json: { action, version: p.version },
          }),
          200,
          StrictPractice,
        )
      ).data);
    await step(member, 'submit');
    await step(admin, 'publish');
    published = p;
    await create({ ...COMPLETE_PRACTICE, title: 'Draft never public' });
  });

  test('the public queries never select the contact columns', () => {
    const { sql } = publishedPracticesQuery(ctx.deps.db).toSQL();
    expect(sql).not.toMatch(/contact/);
    expect(sql).toMatch(/"status" = \$1/);
  });

  test('list, facets and show: published practices only, and never the private contact', async () => {
    const list = await ctx.request('/api/best-practice/public/list');
    const listText = await list.clone().text();
    const body = await expectJson(list, 200, deepStrict(PublicListResponseSchema));
    expect(body.data.map((c) => c.title)).toEqual(['Public esplanade']);
    expect(body.data[0]!.cover?.image.width).toBe(960);
    const facets = await expectJson(
      await ctx.request('/api/best-practice/public/facets'),
      200,
      deepStrict(PublicFacetsResponseSchema),
    );
    expect(facets.data).toMatchObject({
      total: 1,
      countries: [{ code: 'PH', count: 1, subregion: 'south-east-asia' }],
      subregions: [{ id: 'south-east-asia', count: 1 }],
      sdg_goals: [
        { goal: 11, count: 1 },
        { goal: 13, count: 1 },
      ],
      periods: [{ key: 'ongoing', count: 1 }],
      start_years: [{ year: 2019, count: 1 }],
    });
    expect(facets.data.categories.map((c) => c.slug)).toEqual([
      'planning-design-public-space',
      'climate-drr-resilience',
    ]);
    const show = await ctx.request(`/api/best-practice/public/show/${published.uuid}`);
    const showText = await show.clone().text();
    const shown = await expectJson(show, 200, deepStrict(PublicShowResponseSchema));
    expect(shown.data.narrative.results).toMatch(/Eleven kilometres/);
    for (const text of [listText, showText, JSON.stringify(facets)]) {
      expect(text).not.toMatch(/contact|Private Contact Person|private\.contact@city\.example|\+63 33 000 0000/i);
    }
  });

  test('related practices: shared themes first, never the practice itself, never an unpublished one', async () => {
    const other = await insertPractice(ctx, {
      title: 'Related in Viet Nam',
      countryCode: 'VN',
      status: 'published',
      publishedAt: new Date(),
      categories: ['climate-drr-resilience'],
    });
    await insertPractice(ctx, {
      title: 'Unrelated',
      countryCode: 'JP',
      status: 'published',
      publishedAt: new Date(),
      categories: ['municipal-finance'],
    });
    await insertPractice(ctx, {
      title: 'Related but a draft',
      countryCode: 'PH',
      status: 'draft',
      categories: ['climate-drr-resilience'],
    });
    const shown = await expectJson(
      await ctx.request(`/api/best-practice/public/show/${published.uuid}`),
      200,
      PublicShowResponseSchema,
    );
    expect(shown.related.map((r) => r.title)).toEqual([other.title]);
    const total = (await expectJson(await ctx.request('/api/best-practice/public/list'), 200, PublicListResponseSchema))
      .total;
    expect(total).toBe(3);
    await ctx.deps.db.delete(bestPractices).where(inArray(bestPractices.title, ['Related in Viet Nam', 'Unrelated']));
    ctx.deps.publicCache.invalidate('best-practices'); // rows removed behind the API's back
  });

  test('filters combine; unknown and unpublished practices are 404; bad queries 400', async () => {
    const get = async (q: string) =>
      (await expectJson(await ctx.request(`/api/best-practice/public/list?${q}`), 200, PublicListResponseSchema)).total;
    expect(
      await get(
        'country_code=ph&category=climate-drr-resilience&sdg=13&period=ongoing&year=2019&subregion=south-east-asia',
      ),
    ).toBe(1);
    expect(await get('sdg=1')).toBe(0);
    expect(await get('period=completed')).toBe(0);
    expect(await get('q=esplanade')).toBe(1);
    const draft = (
      await expectJson(
        await ctx.request('/api/best-practice/list?q=never', { token: admin.token }),
        200,
        PracticeListResponseSchema,
      )
    ).data[0]!;
    await expectError(await ctx.request(`/api/best-practice/public/show/${draft.uuid}`), 404);
    await expectError(await ctx.request('/api/best-practice/public/list?sdg=18'), 400, { fields: ['sdg'] });
    await expectError(await ctx.request('/api/best-practice/public/show/nope'), 400, { fields: ['uuid'] });
  });

  test(
    'answers come from the shared public cache: an ETag ' + 'and a 304; a write of the domain makes a new answer',
    async () => {
      const first = await ctx.request('/api/best-practice/public/list');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await ctx.request('/api/best-practice/public/list', { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      const show = await ctx.request(`/api/best-practice/public/show/${published.uuid}`);
      expect(
        (
          await ctx.request(`/api/best-practice/public/show/${published.uuid}`, {
            headers: { 'If-None-Match': show.headers.get('etag')! },
          })
        ).status,
      ).toBe(304);

      // Featuring the practice changes its card at once, and un-featuring it changes it back.
      const act = async (action: string) => {
        const current = (
          await expectJson(
            await ctx.request(`/api/best-practice/show/${published.uuid}`, { token: admin.token }),
            200,
            StrictPractice,
          )
        ).data;
        expect(
          (
            await ctx.request(`/api/best-practice/${published.uuid}/transition`, {
              token: admin.token,
              json: { action, version: current.version },
            })
          ).status,
        ).toBe(200);
      };
      await act('feature');
      const featured = await ctx.request('/api/best-practice/public/list', { headers: { 'If-None-Match': etag } });
      expect(featured.status).toBe(200);
      expect((await expectJson(featured, 200, PublicListResponseSchema)).data[0]!.featured).toBe(true);
      await act('unfeature');
      expect((await ctx.request('/api/best-practice/public/list', { headers: { 'If-None-Match': etag } })).status).toBe(
        304,
      );
    },
  );
});
