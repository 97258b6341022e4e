/**
 * The urbanisation profile's overview administration (issue 8): a theme's indicators (create,
 * edit with the code fixed, reorder, retire and restore) and its picture, through the real app,
 * database and emulator tokens.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { CMS_UPLOAD_MAX_BYTES } from '../../src/lib/cms/schema.ts';
import { auditEvents, profileDatasets } from '../../src/lib/db/schema.ts';
import type { ChangeEvent } from '../../src/lib/events/change-events.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import {
  IndicatorResponseSchema,
  type IndicatorSaveBody,
} from '../../src/lib/urbanisation-profile/indicator-schema.ts';
import {
  CategoryResponseSchema,
  CategorySchema,
  CategoryWithIndicatorsSchema,
  DatasetResponseSchema,
  ImportResponseSchema,
  IndicatorSchema,
  PublicCategoryResponseSchema,
  PublicCountryResponseSchema,
  type Category,
} from '../../src/lib/urbanisation-profile/schema.ts';
import { makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { storedNames } from '../support/stored-files.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { datasetColumns } from '../../src/lib/urbanisation-profile/queries.server.ts';

const ctx = await createTestContext();
const filesOf = (slug: string) => storedNames(ctx.deps.storage, `profile/${slug}`);
const IndicatorConflict = GenericResponseSchema.extend({ current: deepStrict(IndicatorSchema) });
const CategoryConflict = GenericResponseSchema.extend({ current: deepStrict(CategorySchema) });
const ListConflict = GenericResponseSchema.extend({ current: deepStrict(CategoryWithIndicatorsSchema) });
const StrictCategory = deepStrict(CategoryResponseSchema);
const StrictIndicator = deepStrict(IndicatorResponseSchema);

let admin: TestUser;
let stateAdmin: TestUser;
const post = (path: string, json: unknown, token = admin.token) =>
  ctx.request(`/api/profile/${path}`, { method: 'POST', token, json });
const categoryOf = async (slug: string) =>
  (await expectJson(await ctx.request(`/api/profile/category/${slug}`, { token: admin.token }), 200, StrictCategory))
    .data;
const createCategory = async (slug: string, extra: object = {}) => {
  await expectJson(await post('category/saved', { slug, name: `Theme ${slug}`, ...extra }), 200, StrictCategory);
  return categoryOf(slug);
};
let codes = 0;
const newCode = () => `T_${Date.now().toString(36).toUpperCase()}_${codes++}`;
const createIndicator = async (category: string, body: Partial<IndicatorSaveBody> = {}) =>
  (
    await expectJson(
      await post('indicator/saved', { code: newCode(), category, name: 'An indicator', source: 'A source', ...body }),
      200,
      StrictIndicator,
    )
  ).data;
const publishCategory = async (slug: string) => {
  const current = await categoryOf(slug);
  return (
    await expectJson(
      await post('category/saved', { slug, published: true, version: current.version }),
      200,
      StrictCategory,
    )
  ).data;
};

// The access matrix works on a theme of its own, so its writes disturb no other test.
const MATRIX = 'matrix-theme';
beforeAll(async () => {
  [admin, stateAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
  ]);
  await createCategory(MATRIX, { hero_alt: 'A picture for the access tests' });
  await createIndicator(MATRIX, { code: 'MATRIX_A' });
  await createIndicator(MATRIX, { code: 'MATRIX_B' });
});

const png = await makeImage('png', 1200, 675);

describeEndpointAccess(ctx, [
  {
    method: 'POST',
    label: '/api/profile/indicator/saved',
    path: () => '/api/profile/indicator/saved',
    json: () => ({ code: newCode(), category: MATRIX, name: 'Made by the matrix', source: 'A source' }),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictIndicator,
  },
  {
    method: 'POST',
    label: '/api/profile/indicator/reorder',
    path: () => '/api/profile/indicator/reorder',
    json: async () => {
      const active = (await categoryOf(MATRIX)).indicators.filter((i) => !i.retired_at);
      return { category: MATRIX, indicators: active.reverse().map((i) => ({ code: i.code, version: i.version })) };
    },
    expected: allow(...ADMIN_LEVEL),
    schema: StrictCategory,
  },
  {
    method: 'POST',
    label: '/api/profile/indicator/{code}/retire',
    path: () => '/api/profile/indicator/MATRIX_A/retire',
    json: async () => ({
      retired: true,
      version: (await categoryOf(MATRIX)).indicators.find((i) => i.code === 'MATRIX_A')!.version,
    }),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictIndicator,
  },
  {
    method: 'POST',
    label: '/api/profile/category/{slug}/hero',
    path: () => `/api/profile/category/${MATRIX}/hero`,
    body: () => uploadForm(png),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictCategory,
  },
]);

describe('indicators', () => {
  const THEME = 'indicator-theme';
  beforeAll(async () => {
    await createCategory(THEME);
  });

  test('an administrator creates one: after the others, audited, with the fields sent', async () => {
    const first = await createIndicator(THEME, { name: 'First' });
    const second = await createIndicator(THEME, {
      name: 'Households with internet access (%)',
      unit: '%',
      answer_type: 'pct',
      decimals: 1,
      source_series: 'IT_NET_BBND',
      licence: 'CC BY 4.0',
      sdg_ref: '17.6.1',
      expected_min: 5,
      expected_max: 95,
    });
    expect(second).toMatchObject({
      category: THEME,
      unit: '%',
      answer_type: 'pct',
      decimals: 1,
      source_series: 'IT_NET_BBND',
      sdg_ref: '17.6.1',
      expected_min: 5,
      expected_max: 95,
      retired_at: null,
      version: 1,
      sort: first.sort + 1,
    });
    const [audit] = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'profile_indicator'), eq(auditEvents.entityId, second.code)));
    expect(audit).toMatchObject({ action: 'create', actorId: admin.id });
  });

  test('bad input is a 400 naming the field, never a 500', async () => {
    const base = { code: newCode(), category: THEME, name: 'X', source: 'S' };
    const existing = await createIndicator(THEME);
    await expectError(await post('indicator/saved', { ...base, code: existing.code }), 400, { fields: ['code'] });
    await expectError(await post('indicator/saved', { ...base, code: 'lower case' }), 400, { fields: ['code'] });
    await expectError(await post('indicator/saved', { code: newCode() }), 400, {
      fields: ['category', 'name', 'source'],
    });
    await expectError(await post('indicator/saved', { ...base, category: 'no-such-theme' }), 400, {
      fields: ['category'],
    });
    await expectError(await post('indicator/saved', { ...base, expected_min: 9, expected_max: 3 }), 400, {
      fields: ['expected_max'],
    });
    await expectError(await post('indicator/saved', { ...base, answer_type: 'pct', expected_max: 120 }), 400, {
      fields: ['expected_max'],
    });
    await expectError(await post('indicator/saved', { ...base, decimals: 7 }), 400, { fields: ['decimals'] });
    await expectError(await post('indicator/saved', { ...base, sdg_ref: 'eleven' }), 400, { fields: ['sdg_ref'] });
    await expectError(await post('indicator/saved', { ...base, answer_type: 'txt' }), 400, { fields: ['answer_type'] });
  });

  test(
    'an edit goes against the version: fields left out stay, the code and theme never change, stale is 409 with ' +
      'current',
    async () => {
      const made = await createIndicator(THEME, { unit: 'km', decimals: 2, sdg_ref: '11.2.1' });
      const edited = await expectJson(
        await post('indicator/saved', { code: made.code, name: 'Renamed', sdg_ref: '', version: 1 }),
        200,
        StrictIndicator,
      );
      expect(edited.data).toMatchObject({ name: 'Renamed', unit: 'km', decimals: 2, sdg_ref: null, version: 2 });
      const stale = await expectJson(
        await post('indicator/saved', { code: made.code, name: 'Mine', version: 1 }),
        409,
        IndicatorConflict,
      );
      expect(stale.current).toMatchObject({ name: 'Renamed', version: 2 });
      await expectError(
        await post('indicator/saved', { code: made.code, category: 'housing-slums', version: 2 }),
        400,
        {
          fields: ['category'],
        },
      );
      await expectError(await post('indicator/saved', { code: 'NO_SUCH_CODE', name: 'X', version: 1 }), 404);
      const events = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'profile_indicator'), eq(auditEvents.entityId, made.code)))
        .orderBy(asc(auditEvents.id));
      expect(events.map((e) => e.action)).toEqual(['create', 'update']);
    },
  );

  test(
    'reorder: the order sent, each moved indicator versioned; a stale or partial list is a 409 with the theme as ' +
      'it is',
    async () => {
      const slug = 'reorder-theme';
      await createCategory(slug);
      const [a, b, c] = [await createIndicator(slug), await createIndicator(slug), await createIndicator(slug)];
      const reordered = await expectJson(
        await post('indicator/reorder', {
          category: slug,
          indicators: [c, a, b].map((i) => ({ code: i.code, version: i.version })),
        }),
        200,
        StrictCategory,
      );
      expect(reordered.data.indicators.map((i) => i.code)).toEqual([c.code, a.code, b.code]);
      expect(reordered.data.indicators.map((i) => i.sort)).toEqual([1, 2, 3]);
      const moved = reordered.data.indicators;
      // Stale: a's version is the one before the move.
      const stale = await expectJson(
        await post('indicator/reorder', {
          category: slug,
          indicators: [a, c, b].map((i) => ({ code: i.code, version: i.version })),
        }),
        409,
        ListConflict,
      );
      expect(stale.current.indicators.map((i) => i.code)).toEqual([c.code, a.code, b.code]);
      // Partial: one left out.
      await expectJson(
        await post('indicator/reorder', {
          category: slug,
          indicators: moved.slice(0, 2).map((i) => ({ code: i.code, version: i.version })),
        }),
        409,
        ListConflict,
      );
      await expectError(
        await post('indicator/reorder', {
          category: slug,
          indicators: [moved[0], moved[0]].map((i) => ({ code: i!.code, version: i!.version })),
        }),
        400,
        { fields: ['indicators'] },
      );
      await expectError(
        await post('indicator/reorder', { category: 'no-such-theme', indicators: [{ code: a.code, version: 1 }] }),
        404,
      );
      await expectError(await post('indicator/reorder', { category: slug, indicators: [] }), 400, {
        fields: ['indicators'],
      });
    },
  );

  test('a change to a published theme’s indicators rebuilds the site; an unpublished theme’s does not', async () => {
    const hidden = await createIndicator(THEME);
    const rebuilds = async (action: () => Promise<unknown>) => {
      await ctx.builder.settled();
      const before = ctx.builder.status().live?.id;
      await action();
      await ctx.builder.settled();
      return ctx.builder.status().live?.id !== before;
    };
    expect(
      await rebuilds(() => post('indicator/saved', { code: hidden.code, name: 'Quiet', version: hidden.version })),
    ).toBe(false);
    expect(await rebuilds(() => createIndicator('culture', { name: 'Museums per million people' }))).toBe(true);
  });
});

describe('retiring an indicator', () => {
  test('it leaves the form and the public pages, its figures stay; restoring brings them back', async () => {
    const slug = 'basic-services';
    const indicator = await createIndicator(slug, {
      name: 'Urban households with waste collection (%)',
      answer_type: 'pct',
      unit: '%',
    });
    const path = `analytics/${slug}/PH/2021`;
    await expectJson(
      await post(`${path}/saved`, {
        values: [{ indicator: indicator.code, value: 61.5, source: 'PSA', data_year: 2021 }],
      }),
      200,
      DatasetResponseSchema,
    );
    await expectJson(await post(`${path}/publish`, { published: true, version: 1 }), 200, DatasetResponseSchema);
    const publicCodes = async () =>
      (
        await expectJson(
          await ctx.request(`/api/profile/public/category/${slug}`),
          200,
          deepStrict(PublicCategoryResponseSchema),
        )
      ).data.indicators.map((i) => i.code);
    expect(await publicCodes()).toContain(indicator.code);

    await expectError(await post(`indicator/${indicator.code}/retire`, { retired: true }), 428, {
      fields: ['version'],
    });
    await expectJson(
      await post(`indicator/${indicator.code}/retire`, { retired: true, version: 2 }),
      409,
      IndicatorConflict,
    );
    const retired = await expectJson(
      await post(`indicator/${indicator.code}/retire`, { retired: true, version: 1 }),
      200,
      StrictIndicator,
    );
    expect(retired.data.retired_at).not.toBeNull();

    expect(await publicCodes()).not.toContain(indicator.code);
    const country = await expectJson(
      await ctx.request('/api/profile/public/country/PH'),
      200,
      deepStrict(PublicCountryResponseSchema),
    );
    expect(country.data.categories.flatMap((c) => c.indicators.map((i) => i.code))).not.toContain(indicator.code);
    const form = await expectJson(
      await ctx.request(`/api/profile/${path}`, { token: admin.token }),
      200,
      DatasetResponseSchema,
    );
    expect(form.data.indicators.map((i) => i.code)).not.toContain(indicator.code);
    // The back-office still lists it, to restore it.
    expect((await categoryOf(slug)).indicators.find((i) => i.code === indicator.code)?.retired_at).not.toBeNull();
    // No new figures: by the form or by a CSV import.
    await expectError(
      await post(`${path}/saved`, { values: [{ indicator: indicator.code, value: 62 }], version: 2 }),
      400,
      { fields: ['values.0.indicator'] },
    );
    const preview = await expectJson(
      await post('import/preview', {
        csv: `country_code,indicator,year,value,source\nPH,${indicator.code},2022,63,PSA\n`,
      }),
      200,
      ImportResponseSchema,
    );
    expect(preview.data.errors[0]!.message).toMatch(/retired/);
    // A save of the other figures keeps the retired one's.
    await expectJson(
      await post(`${path}/saved`, { values: [{ indicator: 'WATER_URBAN_PCT', value: 70 }], version: 2 }),
      200,
      DatasetResponseSchema,
    );
    const [row] = await ctx.deps.db
      .select(datasetColumns)
      .from(profileDatasets)
      .where(
        and(
          eq(profileDatasets.categorySlug, slug),
          eq(profileDatasets.countryCode, 'PH'),
          eq(profileDatasets.year, 2021),
        ),
      );
    expect(row!.values.map((v) => v.indicator).sort()).toEqual([indicator.code, 'WATER_URBAN_PCT'].sort());

    const restored = await expectJson(
      await post(`indicator/${indicator.code}/retire`, { retired: false, version: 2 }),
      200,
      StrictIndicator,
    );
    expect(restored.data).toMatchObject({ retired_at: null, version: 3 });
    expect(await publicCodes()).toContain(indicator.code);
    const events = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'profile_indicator'), eq(auditEvents.entityId, indicator.code)))
      .orderBy(asc(auditEvents.id));
    expect(events.map((e) => e.action)).toEqual(['create', 'retire', 'restore']);
  });

  test('country roles may not administer indicators', async () => {
    await expectError(
      await post('indicator/saved', { code: newCode(), category: 'culture', name: 'X', source: 'S' }, stateAdmin.token),
      403,
    );
    await expectError(await post('indicator/URB_POP_PCT/retire', { retired: true, version: 1 }, stateAdmin.token), 403);
  });
});

describe('the theme’s picture', () => {
  const upload = (slug: string, body: FormData, query: string) =>
    ctx.request(`/api/profile/category/${slug}/hero?${query}`, { method: 'POST', token: admin.token, body });

  test(
    'uploaded through the image pipeline, shown by the public API with its description, replaced and removed ' +
      'with its files',
    async () => {
      const slug = 'hero-theme';
      const theme = await createCategory(slug);
      await expectError(await upload(slug, uploadForm(png), `version=${theme.version}`), 400, { fields: ['hero_alt'] });
      const first = await expectJson(
        await upload(
          slug,
          uploadForm(png),
          `version=${theme.version}&alt=${encodeURIComponent('Rice terraces above a town')}`,
        ),
        200,
        StrictCategory,
      );
      const hero = first.data.hero_image!;
      expect(first.data).toMatchObject({ hero_alt: 'Rice terraces above a town', version: theme.version + 1 });
      expect(hero).toMatchObject({ width: 1200, height: 675 });
      expect(hero.variants.map((v) => [v.format, v.width])).toEqual([
        ['webp', 480],
        ['webp', 960],
        ['webp', 1200],
        ['png', 1200],
      ]);
      expect(await filesOf(slug)).toHaveLength(4);
      const served = await ctx.request(hero.variants[0]!.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');

      await publishCategory(slug);
      const pub = await expectJson(
        await ctx.request(`/api/profile/public/category/${slug}`),
        200,
        deepStrict(PublicCategoryResponseSchema),
      );
      expect(pub.data).toMatchObject({ hero_image: hero, hero_alt: 'Rice terraces above a town' });

      // A stale version: refused before any file is written.
      const stale = await expectJson(
        await upload(slug, uploadForm(await makeImage('jpeg', 800, 450)), `version=${theme.version}`),
        409,
        CategoryConflict,
      );
      expect(stale.current.hero_image).toEqual(hero);
      expect(await filesOf(slug)).toHaveLength(4);

      // Replaced: the old files go.
      const current = await categoryOf(slug);
      const second = await expectJson(
        await upload(slug, uploadForm(await makeImage('jpeg', 800, 450)), `version=${current.version}`),
        200,
        StrictCategory,
      );
      expect(second.data.hero_alt).toBe('Rice terraces above a town');
      expect(await filesOf(slug)).toEqual(second.data.hero_image!.variants.map((v) => v.url.split('/').pop()).sort());

      // The description cannot be emptied while there is a picture; removing the picture deletes its files.
      await expectError(await post('category/saved', { slug, hero_alt: '', version: second.data.version }), 400, {
        fields: ['hero_alt'],
      });
      await expectError(
        await post('category/saved', { slug, hero_image: 'https://example.org/x.png', version: second.data.version }),
        400,
        { fields: ['hero_image'] },
      );
      const removed = await expectJson(
        await post('category/saved', { slug, hero_image: null, version: second.data.version }),
        200,
        StrictCategory,
      );
      expect(removed.data.hero_image).toBeNull();
      expect(await filesOf(slug)).toEqual([]);
      const events = await ctx.deps.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'profile_category'), eq(auditEvents.entityId, slug)))
        .orderBy(asc(auditEvents.id));
      expect(events.map((e) => e.action)).toEqual(['create', 'hero', 'update', 'hero', 'update']);
    },
  );

  test('what is not a picture is refused with a clear 4xx and leaves nothing behind', async () => {
    const slug = 'hero-refusals';
    const theme = await createCategory(slug, { hero_alt: 'A market street' });
    await expectError(
      await upload(slug, uploadForm(Buffer.from('GIF89a not really')), `version=${theme.version}`),
      415,
    );
    await expectError(
      await upload(
        slug,
        uploadForm(Buffer.concat([png.subarray(0, 200), Buffer.alloc(200)])),
        `version=${theme.version}`,
      ),
      400,
    );
    await expectError(
      await upload(slug, uploadForm(Buffer.alloc(CMS_UPLOAD_MAX_BYTES + 1, 1)), `version=${theme.version}`),
      413,
      { message: /larger than 5 MB/ },
    );
    await expectError(await upload('no-such-theme', uploadForm(png), 'version=1'), 404);
    await expectError(await upload(slug, uploadForm(png), 'version=abc'), 400, { fields: ['version'] });
    expect(await filesOf(slug)).toEqual([]);
    expect((await categoryOf(slug)).version).toBe(theme.version);
  });
});

describe('change events of the overview', () => {
  test(
    'each change of a theme, its picture and its indicators releases its event; only those of a published theme ' +
      'rebuild the site',
    async () => {
      const seen: ChangeEvent[] = [];
      const stop = ctx.deps.changes.onCommit('test-probe', { domains: ['profile'] }, (event) => seen.push(event));
      const rebuilds = async (action: () => Promise<unknown>) => {
        await ctx.builder.settled();
        const before = ctx.builder.status().live?.id;
        await action();
        await ctx.builder.settled();
        return ctx.builder.status().live?.id !== before;
      };
      try {
        const slug = 'events-theme';
        expect(await rebuilds(() => createCategory(slug, { hero_alt: 'A street market' }))).toBe(false);
        const indicator = await createIndicator(slug);
        const picture = () =>
          ctx.request(`/api/profile/category/${slug}/hero`, {
            method: 'POST',
            token: admin.token,
            body: uploadForm(png),
          });
        expect(await rebuilds(async () => expectJson(await picture(), 200, StrictCategory))).toBe(false);
        expect(await rebuilds(() => publishCategory(slug))).toBe(true);
        expect(await rebuilds(async () => expectJson(await picture(), 200, StrictCategory))).toBe(true);
        const reorder = { category: slug, indicators: [{ code: indicator.code, version: indicator.version }] };
        expect(
          await rebuilds(async () => expectJson(await post('indicator/reorder', reorder), 200, StrictCategory)),
        ).toBe(true);
        await expectJson(
          await post(`indicator/${indicator.code}/retire`, { retired: true, version: indicator.version }),
          200,
          StrictIndicator,
        );
        await expectJson(
          await post(`indicator/${indicator.code}/retire`, { retired: false, version: indicator.version + 1 }),
          200,
          StrictIndicator,
        );
        expect(
          seen.map(({ type, site, data, actorId }) => ({ type, site, data, actor: actorId === admin.id })),
        ).toEqual([
          { type: 'profile.category.saved', site: false, data: { slug }, actor: true },
          { type: 'profile.indicator.saved', site: false, data: { code: indicator.code, category: slug }, actor: true },
          { type: 'profile.category.picture.saved', site: false, data: { slug }, actor: true },
          { type: 'profile.category.saved', site: true, data: { slug }, actor: true },
          { type: 'profile.category.picture.saved', site: true, data: { slug }, actor: true },
          { type: 'profile.indicator.reordered', site: true, data: { category: slug }, actor: true },
          {
            type: 'profile.indicator.retired',
            site: true,
            data: { code: indicator.code, category: slug },
            actor: true,
          },
          {
            type: 'profile.indicator.restored',
            site: true,
            data: { code: indicator.code, category: slug },
            actor: true,
          },
        ]);
      } finally {
        stop();
      }
    },
  );
});

describe('the theme’s own fields', () => {
  test('icon, order and publication are edited with the overview; an unknown icon is a 400', async () => {
    const theme: Category = await categoryOf('culture');
    const saved = await expectJson(
      await post('category/saved', { slug: 'culture', icon: 'globe', sort: 20, version: theme.version }),
      200,
      StrictCategory,
    );
    expect(saved.data).toMatchObject({ icon: 'globe', sort: 20 });
    await expectError(
      await post('category/saved', { slug: 'culture', icon: 'rocket', version: saved.data.version }),
      400,
      { fields: ['icon'] },
    );
  });
});

describe('figure years reach back to 1950 in the profile', () => {
  test(
    'a figure of 2000 is accepted; before 1950 or after ' + 'the dataset year is refused (the value left out stays)',
    async () => {
      const path = 'analytics/demography-urbanisation/KH/2010/saved';
      const saved = await expectJson(
        await post(path, { values: [{ indicator: 'URB_POP_PCT', value: 18.6, data_year: 2000, source: 'WUP 2018' }] }),
        200,
        DatasetResponseSchema,
      );
      expect(saved.data.values[0]).toMatchObject({ data_year: 2000 });
      expect(saved.data.warnings).toEqual({});
      await expectError(
        await post(path, { values: [{ indicator: 'URB_POP_PCT', data_year: 1949 }], version: 1 }),
        400,
        {
          fields: ['values.0.data_year'],
        },
      );
      const late = await expectError(
        await post(path, { values: [{ indicator: 'URB_POP_PCT', data_year: 2011 }], version: 1 }),
        400,
        { fields: ['values.0.data_year'] },
      );
      expect(late.errors!['values.0.data_year']).toEqual(['must be 2010 or earlier']);
    },
  );
});
