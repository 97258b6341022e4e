import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, profileDatasets } from '../../src/lib/db/schema.ts';
import type { ChangeEvent } from '../../src/lib/events/change-events.ts';
import { ErrorResponseSchema, GenericResponseSchema } from '../../src/lib/http/schema.ts';
import {
  CategoryListResponseSchema,
  CategoryResponseSchema,
  DatasetResponseSchema,
  DatasetSchema,
  GridResponseSchema,
  ImportResponseSchema,
  PublicCategoriesResponseSchema,
  PublicCategoryResponseSchema,
  PublicCountryResponseSchema,
} from '../../src/lib/urbanisation-profile/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const ctx = await createTestContext();
const ANALYTICS_VIEW = allow('tuxuri', 'admin', 'stateAdmin', 'stateMember');
const ANALYTICS_WRITE = allow('tuxuri', 'admin', 'stateAdmin');
const CATEGORY = 'demography-urbanisation';
const Conflict = GenericResponseSchema.extend({ current: DatasetSchema });

let year = 2030;
const nextYear = () => year++;
/** The latest year an import takes. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/profile/category/list',
    path: () => '/api/profile/category/list',
    expected: ANALYTICS_VIEW,
    schema: deepStrict(CategoryListResponseSchema),
  },
  {
    method: 'GET',
    label: '/api/profile/category/{slug}',
    path: () => `/api/profile/category/${CATEGORY}`,
    expected: ANALYTICS_VIEW,
    schema: deepStrict(CategoryResponseSchema),
  },
  {
    method: 'POST',
    label: '/api/profile/category/saved',
    path: () => '/api/profile/category/saved',
    json: () => ({ slug: `made-${Math.random().toString(36).slice(2, 8)}`, name: 'A new category' }),
    expected: allow(...ADMIN_LEVEL),
    schema: deepStrict(CategoryResponseSchema),
  },
  {
    method: 'GET',
    label: '/api/profile/analytics/{slug}',
    path: () => `/api/profile/analytics/${CATEGORY}`,
    expected: ANALYTICS_VIEW,
    schema: deepStrict(GridResponseSchema),
  },
  // PH: the country of the state users.
  {
    method: 'GET',
    label: '/api/profile/analytics/{slug}/PH/{year}',
    path: () => `/api/profile/analytics/${CATEGORY}/PH/2020`,
    expected: ANALYTICS_VIEW,
    schema: deepStrict(DatasetResponseSchema),
  },
  {
    method: 'GET',
    label: '/api/profile/analytics/{slug}/JP/{year} (another country)',
    path: () => `/api/profile/analytics/${CATEGORY}/JP/2020`,
    expected: allow(...ADMIN_LEVEL),
    schema: deepStrict(DatasetResponseSchema),
  },
  {
    method: 'POST',
    label: '/api/profile/analytics/{slug}/PH/{year}/saved',
    path: () => `/api/profile/analytics/${CATEGORY}/PH/${nextYear()}/saved`,
    json: () => ({ values: [{ indicator: 'URB_POP_PCT', value: 50.5, source: 'PSA' }] }),
    expected: ANALYTICS_WRITE,
    schema: deepStrict(DatasetResponseSchema),
  },
  {
    method: 'POST',
    label: '/api/profile/analytics/{slug}/JP/{year}/saved (another country)',
    path: () => `/api/profile/analytics/${CATEGORY}/JP/${nextYear()}/saved`,
    json: () => ({ values: [{ indicator: 'URB_POP_PCT', value: 92, source: 'Statistics Bureau' }] }),
    expected: allow(...ADMIN_LEVEL),
    schema: deepStrict(DatasetResponseSchema),
  },
  {
    method: 'POST',
    label: '/api/profile/import/preview',
    path: () => '/api/profile/import/preview',
    json: () => ({ csv: 'country_code,indicator,year,value,source\nPH,URB_GROWTH,2019,1.9,PSA\n' }),
    expected: ANALYTICS_WRITE,
    schema: deepStrict(ImportResponseSchema),
  },
  {
    method: 'GET',
    label: '/api/profile/dashboard/missing',
    path: () => '/api/profile/dashboard/missing',
    expected: allow(...ADMIN_LEVEL),
    schema: GenericResponseSchema.passthrough(),
  },
]);

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

const post = (path: string, token: string, json: unknown) => ctx.request(path, { method: 'POST', token, json });

/** Whether `action` made the site builder run a build (each finished build changes the live id). */
async function rebuilds(action: () => Promise<unknown>): Promise<boolean> {
  await ctx.builder.settled();
  const before = ctx.builder.status().live?.id;
  await action();
  await ctx.builder.settled();
  return ctx.builder.status().live?.id !== before;
}

/** The profile's change events as the bus released them (after their commit). */
const events: ChangeEvent[] = [];
afterAll(ctx.deps.changes.onCommit('test-probe', { domains: ['profile'] }, (event) => events.push(event)));
/** The change events `action` released, as type and effect on the public site. */
async function eventsOf(action: () => Promise<unknown>): Promise<{ type: string; site: boolean; data: unknown }[]> {
  const from = events.length;
  await action();
  return events.slice(from).map(({ type, site, data }) => ({ type, site, data }));
}

describe('seeded reference data', () => {
  test('eight categories, the real figures published', async () => {
    const list = await expectJson(
      await ctx.request('/api/profile/public/categories'),
      200,
      deepStrict(PublicCategoriesResponseSchema),
    );
    // Categories made through the API start unpublished (the access tests above make some).
    expect(list.data.map((c) => c.slug)).toEqual([
      'demography-urbanisation',
      'housing-slums',
      'basic-services',
      'economy-jobs',
      'environment-climate',
      'disaster-risk',
      'culture',
      'governance',
    ]);
    const cat = await expectJson(
      await ctx.request(`/api/profile/public/category/${CATEGORY}`),
      200,
      deepStrict(PublicCategoryResponseSchema),
    );
    const urban = cat.data.indicators.find((i) => i.code === 'URB_POP_PCT')!;
    expect(urban.source_series).toBe('SP.URB.TOTL.IN.ZS');
    expect(urban.values).toHaveLength(18);
    expect(urban.values.find((v) => v.country_code === 'SG')?.value).toBe(100);
    expect(urban.values.find((v) => v.country_code === 'LK')?.value).toBe(18.71);
    const city = cat.data.indicators.find((i) => i.code === 'LARGEST_CITY_POP')!;
    expect(city.values.find((v) => v.country_code === 'JP')).toMatchObject({ value: 37468, note: 'Tokyo', year: 2018 });
    const slums = await expectJson(
      await ctx.request('/api/profile/public/category/housing-slums'),
      200,
      PublicCategoryResponseSchema,
    );
    expect(
      slums.data.indicators.find((i) => i.code === 'SLUM_PCT')!.values.map((v) => [v.country_code, v.value]),
    ).toEqual([
      ['MM', 58.3],
      ['VN', 5.8],
    ]);
  });

  test('a country page compares with the regional median', async () => {
    const body = await expectJson(
      await ctx.request('/api/profile/public/country/ph'),
      200,
      deepStrict(PublicCountryResponseSchema),
    );
    const urban = body.data.categories
      .find((c) => c.slug === CATEGORY)!
      .indicators.find((i) => i.code === 'URB_POP_PCT')!;
    expect(urban.latest?.value).toBe(47.41);
    // 18 values: the median is the mean of the 9th and 10th (Bangladesh 38.18, Philippines 47.41).
    expect(urban.regional_median).toBeCloseTo((38.18 + 47.41) / 2, 5);
    expect(urban.countries_reporting).toBe(18);
    await expectError(await ctx.request('/api/profile/public/country/XX'), 404);
    await expectError(await ctx.request('/api/profile/public/category/no-such'), 404);
  });
});

describe('datasets', () => {
  test('create, update with the version, stale version 409, audit', async () => {
    const path = `/api/profile/analytics/${CATEGORY}/PH/2025`;
    const created = await expectJson(
      await post(`${path}/saved`, stateAdmin.token, {
        values: [{ indicator: 'URB_POP_PCT', value: 48.1, source: 'PSA', data_year: 2024 }],
        narrative: 'Growth',
      }),
      200,
      deepStrict(DatasetResponseSchema),
    );
    expect(created.data).toMatchObject({ version: 1, status: 'draft', exists: true, narrative: 'Growth' });
    // Fields left out keep their value.
    const updated = await expectJson(
      await post(`${path}/saved`, stateAdmin.token, { values: [{ indicator: 'URB_GROWTH', value: 1.8 }], version: 1 }),
      200,
      DatasetResponseSchema,
    );
    expect(updated.data.version).toBe(2);
    expect(updated.data.values.map((v) => [v.indicator, v.value])).toEqual([
      ['URB_POP_PCT', 48.1],
      ['URB_GROWTH', 1.8],
    ]);
    expect(updated.data.narrative).toBe('Growth');
    const stale = await expectJson(
      await post(`${path}/saved`, stateAdmin.token, { values: [], version: 1 }),
      409,
      Conflict,
    );
    expect(stale.current.version).toBe(2);
    await expectError(await post(`${path}/saved`, stateAdmin.token, { narrative: 'x' }), 400, { fields: ['version'] });
    const [audits] = await ctx.deps.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.entity, 'profile_dataset'));
    expect(audits!.n).toBeGreaterThanOrEqual(2);
  });

  test('the questionnaire engine checks each value', async () => {
    const path = `/api/profile/analytics/${CATEGORY}/PH/2026/saved`;
    const body = await expectError(
      await post(path, admin.token, {
        values: [
          { indicator: 'URB_POP_PCT', value: 120 },
          { indicator: 'LARGEST_CITY_POP', value: 1.5 },
          { indicator: 'SLUM_PCT', value: 3 },
          { indicator: 'URB_GROWTH', value: 'many' },
        ],
      }),
      400,
      { fields: ['values.0.value', 'values.1.value', 'values.2.indicator', 'values.3.value'] },
    );
    expect(body.errors!['values.0.value']).toContain('must be at most 100 %');
    const [rows] = await ctx.deps.db
      .select({ n: count() })
      .from(profileDatasets)
      .where(and(eq(profileDatasets.countryCode, 'PH'), eq(profileDatasets.year, 2026)));
    expect(rows!.n).toBe(0);
  });

  test('a state member may view but not write; country users only their own country', async () => {
    await expectError(
      await post(`/api/profile/analytics/${CATEGORY}/PH/2027/saved`, member.token, { values: [] }),
      403,
    );
    await expectError(
      await post(`/api/profile/analytics/${CATEGORY}/VN/2027/saved`, stateAdmin.token, { values: [] }),
      403,
    );
    const grid = await expectJson(
      await ctx.request(`/api/profile/analytics/${CATEGORY}`, { token: stateAdmin.token }),
      200,
      GridResponseSchema,
    );
    expect(grid.data.countries.map((c) => c.code)).toEqual(['PH']);
    expect(new Set(grid.data.cells.map((c) => c.country_code))).toEqual(new Set(['PH']));
  });

  test('publishing is for administrators and reaches the public API (cache invalidated)', async () => {
    const path = `/api/profile/analytics/${CATEGORY}/ID/2028`;
    const before = await expectJson(
      await ctx.request(`/api/profile/public/country/ID`),
      200,
      PublicCountryResponseSchema,
    );
    expect(before.data.categories.find((c) => c.slug === CATEGORY)!.indicators[0]!.latest?.year).toBe(2020);
    await expectJson(
      await post(`${path}/saved`, admin.token, { values: [{ indicator: 'URB_POP_PCT', value: 58.9, source: 'BPS' }] }),
      200,
      DatasetResponseSchema,
    );
    await expectError(await post(`${path}/publish`, stateAdmin.token, { published: true, version: 1 }), 403);
    await expectJson(await post(`${path}/publish`, admin.token, { published: true, version: 2 }), 409, Conflict);
    const published = await expectJson(
      await post(`${path}/publish`, admin.token, { published: true, version: 1 }),
      200,
      DatasetResponseSchema,
    );
    expect(published.data.status).toBe('published');
    const after = await expectJson(
      await ctx.request(`/api/profile/public/country/ID`),
      200,
      PublicCountryResponseSchema,
    );
    expect(after.data.categories.find((c) => c.slug === CATEGORY)!.indicators[0]!.latest).toMatchObject({
      year: 2028,
      value: 58.9,
    });
  });
});

describe('change events and rebuilds of the public site', () => {
  const figure = { country: 'KH', category: CATEGORY, year: 2024 };
  const path = `/api/profile/analytics/${CATEGORY}/KH/2024`;

  test(
    'publishing and withdrawing a dataset each queue a rebuild, with their audit and their event; a change in ' +
      'between does not',
    async () => {
      const draft = await expectJson(
        await post(`${path}/saved`, admin.token, {
          values: [{ indicator: 'URB_POP_PCT', value: 24.2, source: 'NIS Cambodia' }],
        }),
        200,
        DatasetResponseSchema,
      );
      let version = draft.data.version;
      // A draft is not public: saving it again changes nothing on the site.
      expect(
        await eventsOf(async () =>
          expect(
            await rebuilds(() =>
              post(`${path}/saved`, admin.token, {
                values: [{ indicator: 'URB_GROWTH', value: 3.1 }],
                version: version++,
              }),
            ),
          ).toBe(false),
        ),
      ).toEqual([{ type: 'profile.figure.saved', site: false, data: figure }]);

      expect(
        await eventsOf(async () =>
          expect(
            await rebuilds(() => post(`${path}/publish`, admin.token, { published: true, version: version++ })),
          ).toBe(true),
        ),
      ).toEqual([{ type: 'profile.figure.published', site: true, data: figure }]);
      // A change of a published dataset keeps its published version public (decision 033): nothing to rebuild.
      expect(
        await eventsOf(async () =>
          expect(
            await rebuilds(() =>
              post(`${path}/saved`, admin.token, {
                values: [{ indicator: 'URB_POP_PCT', value: 24.3 }],
                version: version++,
              }),
            ),
          ).toBe(false),
        ),
      ).toEqual([{ type: 'profile.figure.saved', site: false, data: figure }]);
      const kept = await expectJson(
        await ctx.request(`/api/profile/public/category/${CATEGORY}`),
        200,
        PublicCategoryResponseSchema,
      );
      expect(
        kept.data.indicators
          .find((i) => i.code === 'URB_POP_PCT')!
          .values.find((v) => v.country_code === 'KH' && v.year === 2024)?.value,
      ).toBe(24.2);

      // The defect of issue 15: a withdrawn figure stayed on the theme page and its chart.
      expect(
        await eventsOf(async () =>
          expect(
            await rebuilds(() => post(`${path}/publish`, admin.token, { published: false, version: version++ })),
          ).toBe(true),
        ),
      ).toEqual([{ type: 'profile.figure.withdrawn', site: true, data: figure }]);
      const pub = await expectJson(
        await ctx.request(`/api/profile/public/category/${CATEGORY}`),
        200,
        PublicCategoryResponseSchema,
      );
      expect(
        pub.data.indicators
          .find((i) => i.code === 'URB_POP_PCT')!
          .values.filter((v) => v.country_code === 'KH')
          .map((v) => v.year),
      ).toEqual([2020]);

      const audit = await ctx.deps.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entity, 'profile_dataset'),
            eq(auditEvents.entityId, String((await datasetId('KH', 2024))!)),
          ),
        );
      expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'publish', 'update', 'unpublish']);
    },
  );

  test('a refused change releases no event and queues no rebuild', async () => {
    const current = await expectJson(await ctx.request(path, { token: admin.token }), 200, DatasetResponseSchema);
    expect(
      await eventsOf(async () => {
        expect(
          await rebuilds(() =>
            post(`${path}/publish`, admin.token, { published: true, version: current.data.version + 1 }),
          ),
        ).toBe(false);
      }),
    ).toEqual([]);
  });

  test(
    'an import rebuilds nothing: a published dataset it ' + 'changes keeps its published version public (decision 033)',
    async () => {
      const csv = (value: number) =>
        `country_code,indicator,year,value,source\nKH,URB_POP_PCT,2022,${value},NIS Cambodia\n`;
      const imported = (site: boolean) => [
        { type: 'profile.dataset.imported', site, data: { category: CATEGORY, rows: 1 } },
      ];
      // No dataset yet: the import makes a draft.
      expect(
        await eventsOf(async () =>
          expect(await rebuilds(() => post('/api/profile/import', admin.token, { csv: csv(23.8) }))).toBe(false),
        ),
      ).toEqual(imported(false));
      await expectJson(
        await post(`/api/profile/analytics/${CATEGORY}/KH/2022/publish`, admin.token, { published: true, version: 1 }),
        200,
        DatasetResponseSchema,
      );
      expect(
        await eventsOf(async () =>
          expect(await rebuilds(() => post('/api/profile/import', admin.token, { csv: csv(23.9) }))).toBe(false),
        ),
      ).toEqual(imported(false));
      const shown = await expectJson(
        await ctx.request(`/api/profile/public/category/${CATEGORY}`),
        200,
        PublicCategoryResponseSchema,
      );
      expect(
        shown.data.indicators
          .find((i) => i.code === 'URB_POP_PCT')!
          .values.find((v) => v.country_code === 'KH' && v.year === 2022)?.value,
      ).toBe(23.8);
      const dataset = await expectJson(
        await ctx.request(`/api/profile/analytics/${CATEGORY}/KH/2022`, { token: admin.token }),
        200,
        DatasetResponseSchema,
      );
      expect(dataset.data).toMatchObject({ status: 'draft', public_copy_kept_at: expect.any(String) });
      // Nothing changed, nothing to tell.
      expect(await eventsOf(() => post('/api/profile/import', admin.token, { csv: csv(23.9) }))).toEqual([]);
    },
  );
});

async function datasetId(country: string, year: number): Promise<number | undefined> {
  const [row] = await ctx.deps.db
    .select({ id: profileDatasets.id })
    .from(profileDatasets)
    .where(
      and(
        eq(profileDatasets.categorySlug, CATEGORY),
        eq(profileDatasets.countryCode, country),
        eq(profileDatasets.year, year),
      ),
    );
  return row?.id;
}

describe('categories', () => {
  test('an administrator edits the overview against its version', async () => {
    const current = await expectJson(
      await ctx.request('/api/profile/category/culture', { token: admin.token }),
      200,
      CategoryResponseSchema,
    );
    const saved = await expectJson(
      await post('/api/profile/category/saved', admin.token, {
        slug: 'culture',
        body: '## Heritage\n\nText',
        key_facts: [{ label: 'Sites', value: '12', year: 2022 }],
        version: current.data.version,
      }),
      200,
      CategoryResponseSchema,
    );
    expect(saved.data).toMatchObject({
      version: current.data.version + 1,
      body: '## Heritage\n\nText',
      name: current.data.name,
    });
    expect(saved.data.key_facts).toEqual([{ label: 'Sites', value: '12', unit: null, year: 2022, source: null }]);
    const stale = await post('/api/profile/category/saved', admin.token, {
      slug: 'culture',
      name: 'X',
      version: current.data.version,
    });
    expect(stale.status).toBe(409);
    await expectError(
      await post('/api/profile/category/saved', admin.token, { slug: 'culture', name: 'x'.repeat(121), version: 9 }),
      400,
      { fields: ['name'] },
    );
    const pub = await expectJson(
      await ctx.request('/api/profile/public/category/culture'),
      200,
      PublicCategoryResponseSchema,
    );
    expect(pub.data.body).toBe('## Heritage\n\nText');
  });
});

describe('CSV import', () => {
  const header = 'country_code,indicator,year,value,source';
  test('preview shows changes and every bad row by line; import with a bad row writes nothing', async () => {
    const csv = [
      header,
      'PH,URB_POP_PCT,2020,47.41,"UN DESA, World Urbanization Prospects 2018, via World Bank, World ' +
        'Development Indicators (SP.URB.TOTL.IN.ZS), CC BY 4.0"',
      'PH,URB_GROWTH,2021,2.1,PSA',
      'XX,URB_GROWTH,2021,2.1,PSA',
      'PH,NOPE,2021,2.1,PSA',
      'PH,URB_POP_PCT,20x1,101,',
      'VN,URB_POP_PCT,2021,38,GSO',
    ].join('\n');
    const preview = await expectJson(
      await post('/api/profile/import/preview', stateAdmin.token, { csv }),
      200,
      deepStrict(ImportResponseSchema),
    );
    expect(preview.data.rows).toBe(6);
    expect(preview.data.unchanged).toBe(1);
    expect(preview.data.changes).toEqual([
      {
        line: 3,
        category: CATEGORY,
        country_code: 'PH',
        indicator: 'URB_GROWTH',
        year: 2021,
        before: null,
        after: 2.1,
        source: 'PSA',
      },
    ]);
    expect(preview.data.errors.map((e) => e.line)).toEqual([4, 5, 6, 7]);
    expect(preview.data.errors[2]!.message).toBe(
      `Row 6, column year: '20x1' is not a year: write a year from 1950 to ${NEXT_YEAR}; column value: 101 ` +
        `must be at most 100 %; column source: is empty: say where the figure comes from`,
    );
    expect(preview.data.errors[3]!.message).toBe(
      'Row 7, column country_code: you may import figures only for your own country, not VN',
    );
    expect(preview.data.format).toEqual({ file: 'csv', separator: ',', decimal_mark: '.', sheet: null });

    const before = await ctx.deps.db.select({ n: count() }).from(profileDatasets);
    const refused = await expectJson(
      await post('/api/profile/import', stateAdmin.token, { csv }),
      400,
      ErrorResponseSchema,
    );
    expect(refused.message).toMatch(/4 bad rows: nothing was imported/);
    expect(Object.keys(refused.errors ?? {})).toEqual(['line 4', 'line 5', 'line 6', 'line 7']);
    expect(await ctx.deps.db.select({ n: count() }).from(profileDatasets)).toEqual(before);
  });

  test('a clean file is imported in one go', async () => {
    const csv = [header, 'PH,URB_GROWTH,2021,2.1,PSA', 'PH,SLUM_PCT,2021,36.5,PSA'].join('\r\n');
    const done = await expectJson(
      await post('/api/profile/import', stateAdmin.token, { csv }),
      200,
      ImportResponseSchema,
    );
    expect(done.data.changes).toHaveLength(2);
    const slum = await expectJson(
      await ctx.request('/api/profile/analytics/housing-slums/PH/2021', { token: stateAdmin.token }),
      200,
      DatasetResponseSchema,
    );
    expect(slum.data.values[0]).toMatchObject({ indicator: 'SLUM_PCT', value: 36.5, source: 'PSA' });
    const again = await expectJson(
      await post('/api/profile/import/preview', stateAdmin.token, { csv }),
      200,
      ImportResponseSchema,
    );
    expect(again.data).toMatchObject({ unchanged: 2, changes: [] });
    const refused = await expectJson(
      await post('/api/profile/import', stateAdmin.token, { csv: 'a,b\n1,2' }),
      400,
      ErrorResponseSchema,
    );
    expect(refused.message).toMatch(/^The file cannot be imported: Row 1 must name the columns/);
    expect(Object.keys(refused.errors ?? {})).toEqual(['csv']);
  });

  test(
    'a file as a spreadsheet saves it where the decimal mark is a comma: byte-order mark, semicolons, CRLF, ' +
      'quotes',
    async () => {
      const csv =
        '\uFEFFcountry_code;indicator;year;value;source;note\r\nPH;URB_GROWTH;2016;1,75;"PSA; ' +
        'census";"two\r\nlines"\r\nPH;URB_GROWTH;2017;-0,5;PSA;\r\n';
      const preview = await expectJson(
        await post('/api/profile/import/preview', stateAdmin.token, { csv }),
        200,
        deepStrict(ImportResponseSchema),
      );
      expect(preview.data.format).toEqual({ file: 'csv', separator: ';', decimal_mark: ',', sheet: null });
      expect(preview.data.errors).toEqual([]);
      expect(preview.data.changes.map((c) => [c.line, c.year, c.after, c.source])).toEqual([
        [2, 2016, 1.75, 'PSA; census'],
        [4, 2017, -0.5, 'PSA'],
      ]);
      await expectJson(await post('/api/profile/import', stateAdmin.token, { csv }), 200, ImportResponseSchema);
      const saved = await expectJson(
        await ctx.request(`/api/profile/analytics/${CATEGORY}/PH/2016`, { token: stateAdmin.token }),
        200,
        DatasetResponseSchema,
      );
      expect(saved.data.values).toEqual([
        {
          indicator: 'URB_GROWTH',
          value: 1.75,
          data_year: 2016,
          source: 'PSA; census',
          is_estimate: false,
          note: 'two\nlines',
        },
      ]);
    },
  );

  test('numbers are decimals only; every problem names its row and column and what to write', async () => {
    const rows = [
      'PH,URB_GROWTH,2015,0x10,PSA',
      'PH,URB_GROWTH,2015,0b11,PSA',
      'PH,URB_GROWTH,2015,1e1,PSA',
      'PH,URB_GROWTH,2015,"12,5,3",PSA',
      'PH,URB_GROWTH,1949,1,PSA',
      `PH,URB_GROWTH,${NEXT_YEAR + 1},1,PSA`,
      `PH,URB_GROWTH,${NEXT_YEAR},1.5,PSA,false,An estimate`,
      'PH,URB_GROWTH,2014,1,PSA,maybe',
      'PH,URB_GROWTH,2013,1,PSA,,,extra',
    ];
    const csv = ['country_code,indicator,year,value,source,is_estimate,note', ...rows].join('\n');
    const preview = await expectJson(
      await post('/api/profile/import/preview', stateAdmin.token, { csv }),
      200,
      deepStrict(ImportResponseSchema),
    );
    expect(preview.data.changes.map((c) => [c.line, c.year, c.after])).toEqual([[8, NEXT_YEAR, 1.5]]);
    expect(preview.data.errors).toEqual([
      {
        line: 2,
        message:
          "Row 2, column value: '0x10' is not a number: write digits with at most a decimal point (1234.5), no " +
          'thousands separators',
      },
      {
        line: 3,
        message:
          "Row 3, column value: '0b11' is not a number: write digits with at most a decimal point (1234.5), no " +
          'thousands separators',
      },
      {
        line: 4,
        message:
          "Row 4, column value: '1e1' is not a number written out: write every digit, without an exponent " +
          '(1000, not 1e3)',
      },
      {
        line: 5,
        message:
          "Row 5, column value: '12,5,3' is not a number: write digits with at most a decimal point (1234.5), " +
          'no thousands separators',
      },
      { line: 6, message: `Row 6, column year: '1949' is not a year: write a year from 1950 to ${NEXT_YEAR}` },
      {
        line: 7,
        message: `Row 7, column year: '${NEXT_YEAR + 1}' is not a year: write a year from 1950 to ${NEXT_YEAR}`,
      },
      { line: 9, message: "Row 9, column is_estimate: 'maybe': write true or false" },
      {
        line: 10,
        message: 'Row 10, 8 values where row 1 names 7 columns: put a value that holds a comma in double quotes',
      },
    ]);
    const refused = await expectJson(
      await post('/api/profile/import', stateAdmin.token, { csv }),
      400,
      ErrorResponseSchema,
    );
    expect(refused.errors!['line 5']).toEqual([preview.data.errors[3]!.message]);
  });

  test('a file that is not CSV, or has no header, is refused as a whole', async () => {
    const open = await expectJson(
      await post('/api/profile/import/preview', stateAdmin.token, {
        csv: 'country_code,indicator,year,value,source\nPH,URB_GROWTH,2015,1,"PSA\n',
      }),
      400,
      ErrorResponseSchema,
    );
    expect(open.errors).toEqual({ csv: ['Row 2: a quoted value is not closed: end it with a double quote (")'] });
    // The message says it in full: the back-office shows it as it is.
    expect(open.message).toBe(
      'The file cannot be imported: Row 2: a quoted value is not closed: end it with a double quote (")',
    );
    const header = await expectJson(
      await post('/api/profile/import/preview', stateAdmin.token, {
        csv: 'country_code;indicator;year;value\nPH;URB_GROWTH;2015;1\n',
      }),
      400,
      ErrorResponseSchema,
    );
    expect(header.errors!['csv']![0]).toMatch(
      new RegExp(
        '^Row 1 must name the columns country_code, indicator, year, value, source, separated by commas or ' +
          'semicolons \\(missing: source\\)$',
      ),
    );
  });

  test('export CSV lists the figures of the user’s scope', async () => {
    const response = await ctx.request('/api/profile/export.csv', { token: stateAdmin.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await response.text();
    expect(text.split('\r\n')[0]).toBe(
      'country_code,indicator,year,value,source,is_estimate,note,category,status,licence,origin',
    );
    expect(text).toContain('PH,URB_POP_PCT,2020,47.41');
    expect(text).not.toContain('\r\nJP,');
  });
});

describe('fuzzed values never give a 5xx', () => {
  const hostile: unknown[] = [
    null,
    true,
    'x',
    '',
    [],
    {},
    Infinity,
    -Infinity,
    Number.MAX_VALUE,
    -0,
    0.3,
    '\u0000',
    { $gt: 1 },
    [1, 2],
    'NaN',
    2 ** 64,
  ];
  test.each(hostile.map((v) => [JSON.stringify(v) ?? String(v), v]))('value %s', async (_, value) => {
    for (const field of ['value', 'data_year', 'source', 'is_estimate', 'note', 'indicator']) {
      const entry = { indicator: 'URB_POP_PCT', value: 10, [field]: value };
      const response = await post(`/api/profile/analytics/${CATEGORY}/MN/2029/saved`, admin.token, {
        values: [entry],
        version: 1,
      });
      expect(response.status, `${field}: ${await response.clone().text()}`).toBeLessThan(500);
    }
    const csv = await post('/api/profile/import/preview', admin.token, {
      csv: `country_code,indicator,year,value,source\nMN,URB_POP_PCT,2020,${String(value)},x\n`,
    });
    expect(csv.status).toBeLessThan(500);
  });
});
