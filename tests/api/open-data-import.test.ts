import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, profileDatasets, profileFigures, profileIndicators } from '../../src/lib/db/schema.ts';
import type { ChangeEvent } from '../../src/lib/events/change-events.ts';
import { readCsv } from '../../src/lib/urbanisation-profile/csv.ts';
import { OPEN_DATA_DIR, OpenDataError } from '../../src/lib/urbanisation-profile/open-data-files.server.ts';
import {
  importOpenData,
  type OpenDataImportResult,
} from '../../src/lib/urbanisation-profile/open-data-import.server.ts';
import { publicCategoryCsv } from '../../src/lib/urbanisation-profile/public-csv.ts';
import { seedProfileReference } from '../../src/lib/urbanisation-profile/seed.server.ts';
import {
  DatasetResponseSchema,
  PublicCategoryResponseSchema,
  PublicCountryResponseSchema,
} from '../../src/lib/urbanisation-profile/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { datasetColumns } from '../../src/lib/urbanisation-profile/queries.server.ts';

/** Issue 18 items 2 and 4 (CSV): the curated open data loaded as figures of origin 'open_data' (decision 029). */

const ctx = await createTestContext();
const CATEGORY = 'demography-urbanisation';

const events: ChangeEvent[] = [];
afterAll(ctx.deps.changes.onCommit('test-probe', { domains: ['profile'] }, (event) => events.push(event)));

const openRows = async () =>
  (
    await ctx.deps.db
      .select({ n: count(), version: max(profileDatasets.version) })
      .from(profileDatasets)
      .where(eq(profileDatasets.origin, 'open_data'))
  )[0]!;
const auditCount = async () => (await ctx.deps.db.select({ n: count() }).from(auditEvents))[0]!.n;
const post = (path: string, token: string, json: unknown) => ctx.request(path, { method: 'POST', token, json });

/** The rows of the curated files, counted from the files themselves. */
function rowsInFiles(): number {
  const manifest = JSON.parse(readFileSync(join(OPEN_DATA_DIR, 'manifest.json'), 'utf8')) as { rows: number }[];
  return manifest.reduce((n, e) => n + e.rows, 0);
}

let admin: TestUser;
let stateAdmin: TestUser;
let first: OpenDataImportResult;
/**
 * The first import's CPU time: with PGlite the database works in this process, so it counts all the work, whatever else
 * the machine runs.
 */
let firstCpuMs = 0;
beforeAll(async () => {
  [admin, stateAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
  ]);
  // A country's figure entered before the import, for a year the open data also hold (PH 2019: 53.71579).
  const path = `/api/profile/analytics/${CATEGORY}/PH/2019`;
  await expectJson(
    await post(`${path}/saved`, stateAdmin.token, {
      values: [{ indicator: 'URB_POP_PCT', value: 51.2, source: 'Philippine Statistics Authority' }],
    }),
    200,
    DatasetResponseSchema,
  );
  await expectJson(
    await post(`${path}/publish`, admin.token, { published: true, version: 1 }),
    200,
    DatasetResponseSchema,
  );
  const from = events.length;
  const cpu = process.cpuUsage();
  first = await importOpenData(ctx.deps);
  const used = process.cpuUsage(cpu);
  firstCpuMs = Math.round((used.user + used.system) / 1000);
  console.log(
    `open data import (${ctx.deps.db.constructor.name}): ${first.figures} figures, ${first.datasets} datasets, ` +
      `${first.ms} ms (${firstCpuMs} ms of CPU)`,
  );
  expect(events.slice(from).map(({ type, site, actorId }) => ({ type, site, actorId }))).toEqual([
    { type: 'profile.open_data.imported', site: true, actorId: null },
  ]);
});

describe('the open data import', () => {
  test('loads every curated figure as open data, with its source and licence, in under 10 s', async () => {
    expect(first.files).toBe(24);
    expect(first.skipped).toEqual([expect.stringMatching(/^demography-urbanisation\/city-population\.csv: /)]);
    // Every row is a figure, except the city files', merged into one figure per country and year.
    expect(first.figures).toBeGreaterThan(13_000);
    expect(first.figures).toBeLessThan(rowsInFiles());
    expect(first.inserted).toBe(first.datasets);
    expect([first.updated, first.deleted, first.unchanged]).toEqual([0, 0, 0]);
    expect(first.themes).toEqual([
      'basic-services',
      'demography-urbanisation',
      'disaster-risk',
      'economy-jobs',
      'environment-climate',
      'housing-slums',
    ]);
    expect(first.countries).toBe(58);
    expect(firstCpuMs).toBeLessThan(10_000);
    expect((await openRows()).n).toBe(first.datasets);
    // Every figure is a row of profile_figures (decision 066), the open data's as the countries'.
    const [stored] = await ctx.deps.db
      .select({ n: count() })
      .from(profileFigures)
      .innerJoin(profileDatasets, eq(profileDatasets.id, profileFigures.datasetId))
      .where(eq(profileDatasets.origin, 'open_data'));
    expect(Number(stored!.n)).toBe(first.figures);

    const body = await expectJson(
      await ctx.request('/api/profile/public/category/housing-slums'),
      200,
      deepStrict(PublicCategoryResponseSchema),
    );
    const wdi = body.data.indicators.find((i) => i.code === 'SLUM_PCT')!;
    const sdg = body.data.indicators.find((i) => i.code === 'SLUM_PCT_SDG')!;
    // Two sources of 11.1.1 stay two indicators: India 2018 is 5.41 in WDI and 35.2 in the SDG file.
    expect(wdi.values.find((v) => v.country_code === 'IN' && v.year === 2018)).toMatchObject({
      value: 5.41,
      origin: 'open_data',
      licence: 'CC BY 4.0',
    });
    expect(sdg.values.find((v) => v.country_code === 'IN' && v.year === 2018)).toMatchObject({
      value: 35.2,
      origin: 'open_data',
    });
    expect(wdi.values.find((v) => v.country_code === 'IN')!.source).toMatch(/World Bank/);
    expect([
      wdi.open_data,
      sdg.open_data,
      body.data.indicators.find((i) => i.code === 'TENURE_PCT')!.open_data,
    ]).toEqual([true, true, false]);
  });

  test('fills housing and economy with the series of decision 036, each on its own indicator', async () => {
    const indicator = async (category: string, code: string) => {
      const body = await expectJson(
        await ctx.request(`/api/profile/public/category/${category}`),
        200,
        deepStrict(PublicCategoryResponseSchema),
      );
      return body.data.indicators.find((i) => i.code === code)!;
    };
    const cooking = await indicator('housing-slums', 'CLEAN_COOKING_URBAN_PCT');
    expect(cooking).toMatchObject({ open_data: true, sdg_ref: '7.1.2' });
    expect(cooking.values.find((v) => v.country_code === 'PH' && v.year === 2022)).toMatchObject({
      value: 79.6,
      origin: 'open_data',
      licence: 'CC BY 4.0',
      is_estimate: false,
    });
    expect(new Set(cooking.values.map((v) => v.country_code)).size).toBe(49);
    // 8.2.1 fills the brief's own indicator; the ILO's figures are modelled, so each is an estimate.
    const perWorker = await indicator('economy-jobs', 'GDP_PER_WORKER_GROWTH');
    expect(perWorker.values.find((v) => v.country_code === 'AF' && v.year === 2002)).toMatchObject({
      value: 59.2,
      origin: 'open_data',
      is_estimate: true,
    });
    expect(perWorker.values.find((v) => v.country_code === 'AF')!.source).toMatch(/ILO modelled estimates/);
    // The ILO's projections for 2025 and 2026 are not figures.
    const employment = await indicator('economy-jobs', 'EMPLOYMENT_RATIO_PCT');
    expect(employment.values.find((v) => v.country_code === 'IN' && v.year === 2024)).toMatchObject({
      value: 53.23,
      origin: 'open_data',
    });
    expect(Math.max(...employment.values.map((v) => v.year))).toBe(2024);
  });

  test('a second import writes nothing', async () => {
    const before = { rows: await openRows(), audits: await auditCount(), events: events.length };
    const second = await importOpenData(ctx.deps);
    expect([second.inserted, second.updated, second.deleted]).toEqual([0, 0, 0]);
    expect(second.unchanged).toBe(first.datasets);
    expect({ rows: await openRows(), audits: await auditCount(), events: events.length }).toEqual(before);
  });

  test('a country’s figure is never overwritten: both are kept, the public pages show the country’s', async () => {
    const key = and(
      eq(profileDatasets.categorySlug, CATEGORY),
      eq(profileDatasets.countryCode, 'PH'),
      eq(profileDatasets.year, 2019),
    );
    const rows = await ctx.deps.db
      .select(datasetColumns)
      .from(profileDatasets)
      .where(key)
      .orderBy(profileDatasets.origin);
    expect(rows.map((r) => [r.origin, r.values.find((v) => v.indicator === 'URB_POP_PCT')?.value, r.version])).toEqual([
      ['country', 51.2, 2],
      ['open_data', 53.71579, 1],
    ]);
    const body = await expectJson(
      await ctx.request(`/api/profile/public/category/${CATEGORY}`),
      200,
      deepStrict(PublicCategoryResponseSchema),
    );
    const urban = body.data.indicators.find((i) => i.code === 'URB_POP_PCT')!;
    const ph = urban.values.filter((v) => v.country_code === 'PH');
    expect(ph.find((v) => v.year === 2019)).toMatchObject({
      value: 51.2,
      origin: 'country',
      source: 'Philippine Statistics Authority',
      licence: null,
    });
    // The seeded 2020 figure (reporting brief) wins over the newer open-data estimate (54.10777).
    expect(ph.find((v) => v.year === 2020)).toMatchObject({ value: 47.41, origin: 'country' });
    expect(ph.find((v) => v.year === 2018)).toMatchObject({ value: 53.20889, origin: 'open_data' });
    expect(new Set(ph.map((v) => v.year)).size).toBe(ph.length);
    const country = await expectJson(
      await ctx.request('/api/profile/public/country/PH'),
      200,
      deepStrict(PublicCountryResponseSchema),
    );
    expect(country.data.categories.filter((c) => c.indicators.some((i) => i.latest)).length).toBeGreaterThanOrEqual(5);

    // The back-office form shows both: the country's figure, and the open data beside it.
    const form = await expectJson(
      await ctx.request(`/api/profile/analytics/${CATEGORY}/PH/2019`, { token: stateAdmin.token }),
      200,
      deepStrict(DatasetResponseSchema),
    );
    expect(form.data.values.find((v) => v.indicator === 'URB_POP_PCT')?.value).toBe(51.2);
    expect(form.data.open_data.find((v) => v.indicator === 'URB_POP_PCT')).toMatchObject({
      value: 53.71579,
      licence: 'CC BY 4.0',
    });

    // A save of the country's figure after the import touches its own dataset only.
    const saved = await post(`/api/profile/analytics/${CATEGORY}/PH/2019/saved`, stateAdmin.token, {
      values: [{ indicator: 'URB_POP_PCT', value: 51.3 }],
      version: 2,
    });
    await expectJson(saved, 200, DatasetResponseSchema);
    const after = await ctx.deps.db
      .select(datasetColumns)
      .from(profileDatasets)
      .where(key)
      .orderBy(profileDatasets.origin);
    expect(after.map((r) => [r.origin, r.values.find((v) => v.indicator === 'URB_POP_PCT')?.value])).toEqual([
      ['country', 51.3],
      ['open_data', 53.71579],
    ]);
  });

  test('the public CSV and the signed-in export carry source, licence and origin columns', async () => {
    const body = await expectJson(
      await ctx.request(`/api/profile/public/category/${CATEGORY}`),
      200,
      PublicCategoryResponseSchema,
    );
    const [head, ...records] = readCsv(publicCategoryCsv(body.data)).rows;
    const header = head!.cells;
    expect(header).toEqual(expect.arrayContaining(['source', 'licence', 'origin', 'year']));
    const cells = (row: { cells: string[] }) => Object.fromEntries(row.cells.map((c, i) => [header[i], c]));
    const lines = records;
    const open = lines
      .map(cells)
      .find((r) => r['country_code'] === 'PH' && r['year'] === '2018' && r['indicator_code'] === 'URB_POP_PCT')!;
    expect(open).toMatchObject({ value: '53.20889', licence: 'CC BY 4.0', origin: 'open data' });
    expect(open['source']).toMatch(/Systema Globalis/);
    // The country changed its published 51.2 to 51.3 above: the public file keeps the published figure until it is
    // published again (decision 033).
    expect(
      lines
        .map(cells)
        .find((r) => r['country_code'] === 'PH' && r['year'] === '2019' && r['indicator_code'] === 'URB_POP_PCT'),
    ).toMatchObject({
      value: '51.2',
      origin: 'reported by the country',
    });

    const exported = await (await ctx.request('/api/profile/export.csv', { token: stateAdmin.token })).text();
    expect(exported.split('\r\n')[0]).toBe(
      'country_code,indicator,year,value,source,is_estimate,note,category,status,licence,origin',
    );
    expect(exported).toMatch(/\r\nPH,URB_POP_PCT,2019,53\.71579,[^\r]*,CC BY 4\.0,open_data\r\n/);
    // The signed-in export has the figure being changed, as a draft.
    expect(exported).toMatch(/\r\nPH,URB_POP_PCT,2019,51\.3,[^\r]*,draft,,country\r\n/);
  });
});

describe('a database seeded before a limit changed', () => {
  const limits = async () =>
    (
      await ctx.deps.db
        .select({ min: profileIndicators.min, max: profileIndicators.max })
        .from(profileIndicators)
        .where(eq(profileIndicators.code, 'GDP_PER_WORKER_GROWTH'))
    )[0];

  test('takes the catalogue’s limits at the next start, and the import goes through', async () => {
    // The limits this indicator had before decision 036: the ILO's 59.2 for Afghanistan in 2002 was refused.
    await ctx.deps.db
      .update(profileIndicators)
      .set({ min: -50, max: 50 })
      .where(eq(profileIndicators.code, 'GDP_PER_WORKER_GROWTH'));
    await expect(importOpenData(ctx.deps)).rejects.toThrow(
      new RegExp(
        String.raw`^economy-jobs\/gdp-per-employed-growth\.csv, row 4: 59\.2 ` +
          String.raw`is outside the range of GDP_PER_WORKER_GROWTH \(-50 to 50\)`,
      ),
    );
    await seedProfileReference(ctx.deps.db);
    expect(await limits()).toEqual({ min: -100, max: 200 });
    const again = await importOpenData(ctx.deps);
    expect([again.inserted, again.updated, again.deleted]).toEqual([0, 0, 0]);
  });
});

describe('a refresh of the files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'open-data-'));
    cpSync(OPEN_DATA_DIR, dir, { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Rewrites one file of the copy (and its checksum unless told not to). */
  function edit(file: string, change: (text: string) => string, options: { checksum?: boolean } = {}) {
    const text = change(readFileSync(join(dir, file), 'utf8'));
    writeFileSync(join(dir, file), text);
    if (options.checksum === false) return;
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { file: string; sha256: string }[];
    manifest.find((e) => e.file === file)!.sha256 = createHash('sha256').update(text).digest('hex');
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  }

  test('a changed figure rewrites its dataset alone', async () => {
    edit('demography-urbanisation/urban-population-pct.csv', (t) =>
      t.replace('PHL,PH,2018,53.20889,', 'PHL,PH,2018,53.1,'),
    );
    const result = await importOpenData(ctx.deps, { dir });
    expect([result.inserted, result.updated, result.deleted]).toEqual([0, 1, 0]);
    const body = await expectJson(
      await ctx.request(`/api/profile/public/category/${CATEGORY}`),
      200,
      PublicCategoryResponseSchema,
    );
    expect(
      body.data.indicators
        .find((i) => i.code === 'URB_POP_PCT')!
        .values.find((v) => v.country_code === 'PH' && v.year === 2018)?.value,
    ).toBe(53.1);
  });

  test('a file that differs from its checksum is refused, and nothing is written', async () => {
    const before = { rows: await openRows(), audits: await auditCount() };
    edit('economy-jobs/unemployment-rate-15plus.csv', (t) => t.replace('AFG,AF,2008,2.494,', 'AFG,AF,2008,2.5,'), {
      checksum: false,
    });
    const refused = importOpenData(ctx.deps, { dir });
    await expect(refused).rejects.toThrow(OpenDataError);
    await expect(refused).rejects.toThrow(/economy-jobs\/unemployment-rate-15plus\.csv differs from its checksum/);
    expect({ rows: await openRows(), audits: await auditCount() }).toEqual(before);
  });

  test('a value outside its indicator’s range names the file and row', async () => {
    edit('economy-jobs/unemployment-rate-15plus.csv', (t) => t.replace('AFG,AF,2008,2.5,', 'AFG,AF,2008,250,'));
    await expect(importOpenData(ctx.deps, { dir })).rejects.toThrow(
      /^economy-jobs\/unemployment-rate-15plus\.csv, row 2: 250 is outside the range of UNEMPLOYMENT_PCT/,
    );
  });
});
