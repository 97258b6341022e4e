import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  LockedResponseSchema,
  ReportConflictResponseSchema,
  ReportResponseSchema,
  type Report,
} from '../../src/lib/national-reports/schema.ts';
import {
  PublicReportListResponseSchema,
  PublicReportResponseSchema,
} from '../../src/lib/national-reports/public-schema.ts';
import { makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
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

/**
 * The report header's cover picture: POST …/{uuid}/report/cover (the CMS image rules), its
 * description and removal through …/report/update, and the public report's `cover`.
 */
const ctx = await createTestContext();
const YEAR = 2026;
const BASE = '/api/report/type/national';
const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
await openCycle(ctx, admin, { year: YEAR });

let tuxuri: TestUser;
let phAdmin: TestUser;
let phMember: TestUser;
let vnAdmin: TestUser;
let noRole: TestUser;
let jpeg: Buffer;
beforeAll(async () => {
  [tuxuri, phAdmin, phMember, vnAdmin, noRole] = await Promise.all([
    createUser(ctx, { role: 'tuxuri', country: 'TH' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
    createUser(ctx, { role: 'state_member', country: 'PH' }),
    createUser(ctx, { role: 'state_admin', country: 'VN' }),
    createUser(ctx, { role: null, country: 'PH' }),
  ]);
  jpeg = await makeImage('jpeg', 2000, 1200, { comment: 'Secret location note' });
});

const reportOf = async (country: string) => (await viewReport(ctx, admin, YEAR, country)).report;

function sendCover(
  user: TestUser | null,
  report: Pick<Report, 'uuid' | 'version'> | string,
  bytes: Uint8Array,
  options: { version?: number | null; name?: string; type?: string } = {},
) {
  const uuid = typeof report === 'string' ? report : report.uuid;
  const version =
    options.version === undefined ? (typeof report === 'string' ? null : report.version) : options.version;
  return ctx.request(`${BASE}/${uuid}/report/cover${version === null ? '' : `?version=${version}`}`, {
    token: user?.token ?? null,
    body: uploadForm(bytes, { name: options.name ?? 'cover.jpg', type: options.type ?? 'image/jpeg' }),
  });
}

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

describe('who may set the cover', () => {
  test(
    'without a sign-in: 401; another country, no role: ' + '403; administrators and the country’s users: 200',
    async () => {
      const report = await reportOf('PH');
      await expectError(await sendCover(null, report, jpeg), 401);
      await expectError(await sendCover(vnAdmin, report, jpeg), 403);
      await expectError(await sendCover(noRole, report, jpeg), 403);
      for (const user of [tuxuri, admin, phAdmin, phMember]) {
        const before = await reportOf('PH');
        const body = await expectJson(await sendCover(user, before, jpeg), 200, deepStrict(ReportResponseSchema));
        expect(body.data.version).toBe(before.version + 1);
        expect(body.data.cover).not.toBeNull();
      }
    },
  );
});

describe('the picture', () => {
  test('is re-encoded into WebP renditions plus a JPEG, served from /uploads, without its metadata', async () => {
    const body = await expectJson(await sendCover(admin, await reportOf('KH'), jpeg), 200, ReportResponseSchema);
    const cover = body.data.cover!;
    expect(cover.alt).toBeNull();
    expect(cover.image).toMatchObject({ width: 1600, height: 960 });
    expect(cover.image.variants.map((v) => `${v.format}-${v.width}`)).toEqual([
      'webp-480',
      'webp-960',
      'webp-1600',
      'jpeg-1600',
    ]);
    for (const variant of cover.image.variants) {
      expect(variant.url).toMatch(
        new RegExp(`^/uploads/national-reports/${body.data.uuid}/cover/${hashOf(jpeg)}-\\d+\\.(webp|jpg)$`),
      );
      // The report is not published: its cover is for those who may open it (private, uncached).
      expect((await ctx.request(variant.url)).status).toBe(404);
      const file = await ctx.request(variant.url, { token: admin.token });
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('private, no-store');
      expect(file.headers.get('content-type')).toBe(variant.format === 'webp' ? 'image/webp' : 'image/jpeg');
      expect(Buffer.from(await file.arrayBuffer()).includes('Secret location note')).toBe(false);
    }
    // The view (what the header screen reads) carries it too.
    expect((await reportOf('KH')).cover).toEqual(cover);
  });

  test('a new picture replaces the old one, whose files are deleted', async () => {
    const first = (await expectJson(await sendCover(admin, await reportOf('MM'), jpeg), 200, ReportResponseSchema))
      .data;
    const png = await makeImage('png', 900, 600);
    const second = (
      await expectJson(
        await sendCover(admin, first, png, { name: 'cover.png', type: 'image/png' }),
        200,
        ReportResponseSchema,
      )
    ).data;
    expect(second.cover!.image.variants.map((v) => `${v.format}-${v.width}`)).toEqual([
      'webp-480',
      'webp-900',
      'png-900',
    ]);
    for (const variant of first.cover!.image.variants)
      expect((await ctx.request(variant.url, { token: admin.token })).status).toBe(404);
    for (const variant of second.cover!.image.variants)
      expect((await ctx.request(variant.url, { token: admin.token })).status).toBe(200);
  });
});

describe('bad uploads are refused and change nothing', () => {
  test('not an image: 415; a damaged one: 400; too large: 413; empty or missing: 400; not multipart: 415', async () => {
    const report = await reportOf('LA');
    await expectError(await sendCover(phAdmin, report, pdfBytes(), { name: 'cover.jpg', type: 'image/jpeg' }), 403);
    await expectError(await sendCover(admin, report, pdfBytes(), { name: 'cover.jpg', type: 'image/jpeg' }), 415, {
      message: /not a JPEG, PNG or WebP/,
    });
    await expectError(
      await sendCover(admin, report, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
        name: 'cover.svg',
        type: 'image/svg+xml',
      }),
      415,
    );
    const damaged = Buffer.concat([jpeg.subarray(0, 400), Buffer.alloc(2000, 7)]);
    await expectError(await sendCover(admin, report, damaged), 400, { message: /could not be read/ });
    await expectError(await sendCover(admin, report, new Uint8Array(5 * 1024 * 1024 + 1)), 413, {
      message: /larger than 5 MB/,
    });
    await expectError(await sendCover(admin, report, new Uint8Array(0)), 400, { fields: ['file'] });
    await expectError(
      await ctx.request(`${BASE}/${report.uuid}/report/cover?version=${report.version}`, {
        token: admin.token,
        body: uploadForm(jpeg, { field: 'other' }),
      }),
      400,
      { fields: ['file'] },
    );
    await expectError(
      await ctx.request(`${BASE}/${report.uuid}/report/cover?version=${report.version}`, {
        token: admin.token,
        json: {},
      }),
      415,
    );
    expect(await reportOf('LA')).toMatchObject({ cover: null, version: report.version });
  });

  test('an unknown report: 404; a malformed id or version: 400', async () => {
    await expectError(await sendCover(admin, '00000000-0000-4000-8000-000000000000', jpeg, { version: 1 }), 404);
    await expectError(await sendCover(admin, 'not-a-uuid', jpeg, { version: 1 }), 400, { fields: ['uuid'] });
    const report = await reportOf('LA');
    await expectError(await sendCover(admin, report, jpeg, { version: 0 }), 400, { fields: ['version'] });
  });
});

describe('versions', () => {
  test(
    'no version: 428; a stale one: 409 with the report ' + 'as it is now, and the picture’s files are not kept',
    async () => {
      const report = await reportOf('BD');
      await expectError(await sendCover(admin, report, jpeg, { version: null }), 428, { fields: ['version'] });
      const changed = await expectJson(
        await updateReport(ctx, admin, YEAR, 'BD', { version: report.version, title: 'Changed meanwhile' }),
        200,
        ReportResponseSchema,
      );
      const png = await makeImage('png', 700, 500);
      const stale = await expectJson(
        await sendCover(admin, report, png, { name: 'c.png', type: 'image/png' }),
        409,
        ReportConflictResponseSchema,
      );
      expect(stale.current).toMatchObject({ version: changed.data.version, title: 'Changed meanwhile', cover: null });
      expect((await ctx.request(`/uploads/national-reports/${report.uuid}/cover/${hashOf(png)}-700.png`)).status).toBe(
        404,
      );
      // If-Match works as well as ?version=.
      const ok = await ctx.request(`${BASE}/${report.uuid}/report/cover`, {
        token: admin.token,
        headers: { 'If-Match': `"${changed.data.version}"` },
        body: uploadForm(png, { name: 'c.png', type: 'image/png' }),
      });
      expect((await expectJson(ok, 200, ReportResponseSchema)).data.cover).not.toBeNull();
    },
  );
});

describe('description and removal through report/update', () => {
  test(
    'the description is saved; cover: null removes the ' + 'picture and its files; anything else is refused',
    async () => {
      const withCover = (
        await expectJson(await sendCover(phMember, await reportOf('PH'), jpeg), 200, ReportResponseSchema)
      ).data;
      const described = await expectJson(
        await updateReport(ctx, phMember, YEAR, 'PH', {
          version: withCover.version,
          cover_alt: 'Jeepneys on a Manila avenue at dusk',
        }),
        200,
        ReportResponseSchema,
      );
      expect(described.data.cover).toEqual({
        image: withCover.cover!.image,
        alt: 'Jeepneys on a Manila avenue at dusk',
      });
      await expectError(
        await updateReport(ctx, phMember, YEAR, 'PH', {
          version: described.data.version,
          cover: { url: '/uploads/x.png' },
        }),
        400,
        { fields: ['cover'] },
      );
      await expectError(
        await updateReport(ctx, phMember, YEAR, 'PH', { version: described.data.version, cover_alt: 'x'.repeat(251) }),
        400,
        { fields: ['cover_alt'] },
      );
      const removed = await expectJson(
        await updateReport(ctx, phMember, YEAR, 'PH', { version: described.data.version, cover: null }),
        200,
        ReportResponseSchema,
      );
      expect(removed.data.cover).toBeNull();
      expect(removed.data.version).toBe(described.data.version + 1);
      for (const variant of withCover.cover!.image.variants) expect((await ctx.request(variant.url)).status).toBe(404);
      const events = removed.data.events.map((e) => e.action);
      expect(events).toContain('cover');
    },
  );
});

describe('locks', () => {
  test(
    'a country may not change the cover of a submitted report ' +
      '(423) or a completed one (409); an administrator may',
    async () => {
      const questions = await questionsByCode(ctx, admin);
      expect((await saveAnswers(ctx, vnAdmin, YEAR, 'VN', compulsoryAnswers(questions.values()))).status).toBe(200);
      const started = await reportOf('VN');
      const completed = await expectJson(
        await updateReport(ctx, vnAdmin, YEAR, 'VN', { version: started.version, action: 'complete' }),
        200,
        ReportResponseSchema,
      );
      await expectError(await sendCover(vnAdmin, completed.data, jpeg), 409, { message: /marked complete/ });
      const submitted = await expectJson(
        await upload(ctx, vnAdmin, completed.data.uuid, pdfBytes()),
        200,
        ReportResponseSchema,
      );
      const locked = await expectJson(await sendCover(vnAdmin, submitted.data, jpeg), 423, LockedResponseSchema);
      expect(locked.reason).toBe('submitted');
      await expectJson(await sendCover(admin, submitted.data, jpeg), 200, ReportResponseSchema);
    },
  );
});

describe('the public report', () => {
  test('a published report shows its cover and description; one without a cover says null', async () => {
    const vn = await reportOf('VN');
    const accepted = await expectJson(
      await updateReport(ctx, admin, YEAR, 'VN', {
        version: vn.version,
        action: 'accept',
        cover_alt: 'The Hanoi skyline',
      }),
      200,
      ReportResponseSchema,
    );
    // Accepted, not yet published: the picture is the country's and the secretariat's only.
    const picture = accepted.data.cover!.image.variants[0]!.url;
    expect((await ctx.request(picture)).status).toBe(404);
    expect((await ctx.request(picture, { token: phAdmin.token })).status).toBe(404);
    expect((await ctx.request(picture, { token: vnAdmin.token })).headers.get('cache-control')).toBe(
      'private, no-store',
    );
    await expectJson(
      await updateReport(ctx, admin, YEAR, 'VN', { version: accepted.data.version, action: 'publish' }),
      200,
      ReportResponseSchema,
    );
    const published = await ctx.request(picture);
    expect(published.status).toBe(200);
    expect(published.headers.get('cache-control')).toBe('public, max-age=3600');
    const one = await expectJson(
      await ctx.request(`${BASE}/public/report/${YEAR}/VN`),
      200,
      deepStrict(PublicReportResponseSchema),
    );
    expect(one.data.report.cover).toEqual({ image: accepted.data.cover!.image, alt: 'The Hanoi skyline' });
    const list = await expectJson(
      await ctx.request(`${BASE}/public/list?year=${YEAR}`),
      200,
      deepStrict(PublicReportListResponseSchema),
    );
    expect(list.data.find((r) => r.country.code === 'VN')?.cover?.alt).toBe('The Hanoi skyline');
    // Removing the cover of a published report reaches the public answer at once (the cache is invalidated).
    await expectJson(
      await updateReport(ctx, admin, YEAR, 'VN', { version: (await reportOf('VN')).version, cover: null }),
      200,
      ReportResponseSchema,
    );
    const after = await expectJson(
      await ctx.request(`${BASE}/public/report/${YEAR}/VN`),
      200,
      PublicReportResponseSchema,
    );
    expect(after.data.report.cover).toBeNull();
  });
});
