import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ReportResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { fetchCycleBundles } from '../../src/lib/public-api/national-reports.ts';
import { fetchProfileCategories } from '../../src/lib/public-api/urbanisation-profile.ts';
import { wholeFlowCsv, wholeFlowJson } from '../../src/lib/sdmx/messages.ts';
import { cycleAnswersOf, profileSource, reportsSource } from '../../src/lib/sdmx/sources.ts';
import { importOpenData } from '../../src/lib/urbanisation-profile/open-data-import.server.ts';
import { DatasetResponseSchema } from '../../src/lib/urbanisation-profile/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
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
import { decodeDataMessage, expectValid, parseCsv, validSdmxData } from '../support/sdmx.ts';

/**
 * The static SDMX files of the site build (issue 36, decision 073): made from what the build
 * reads of the public API (the collections' loaders), through the API's own path, they hold the
 * very observations GET /api/sdmx/data/{flow}/all answers, on the same data: the CSV byte for
 * byte, the JSON message but for its id and time of preparation.
 */

const ctx = await createTestContext();
const YEAR = 2031;
const CATEGORY = 'demography-urbanisation';
const CHANGED = '2031-02-03';
const JSON_TYPE = 'application/vnd.sdmx.data+json;version=2.0.0';

let admin: TestUser;
let server: ServerType;
const previousApiUrl = process.env['PUBLIC_API_URL'];
let categories: Awaited<ReturnType<typeof fetchProfileCategories>> = [];
let bundles: Awaited<ReturnType<typeof fetchCycleBundles>> = [];

const post = (path: string, token: string, json: unknown) => ctx.request(path, { method: 'POST', token, json });

/** A published report of YEAR for `code`, its compulsory answers given (some in parts). */
async function publishedReport(code: string) {
  const member = await createUser(ctx, { role: 'state_member', country: code });
  const stateAdmin = await createUser(ctx, { role: 'state_admin', country: code });
  const questions = await questionsByCode(ctx, member);
  expect((await saveAnswers(ctx, member, YEAR, code, compulsoryAnswers(questions.values()))).status).toBe(200);
  const { report } = await viewReport(ctx, member, YEAR, code);
  await updateReport(ctx, member, YEAR, code, { version: report.version, action: 'complete' });
  const uploaded = await expectJson(await upload(ctx, stateAdmin, report.uuid, pdfBytes()), 200, ReportResponseSchema);
  let version = uploaded.data.version;
  for (const action of ['accept', 'publish']) {
    const response = await updateReport(ctx, admin, YEAR, code, { version, action });
    version = (await expectJson(response, 200, ReportResponseSchema)).data.version;
  }
}

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  await importOpenData(ctx.deps);
  // A country's own figure beside the open data (REPORTING_TYPE N).
  const path = `/api/profile/analytics/${CATEGORY}/PH/2019`;
  const saved = await expectJson(
    await post(`${path}/saved`, admin.token, {
      values: [{ indicator: 'URB_POP_PCT', value: 48.25, source: 'Philippine Statistics Authority' }],
    }),
    200,
    DatasetResponseSchema,
  );
  await post(`${path}/publish`, admin.token, { published: true, version: saved.data.version });
  await openCycle(ctx, admin, { year: YEAR });
  await publishedReport('ID');
  await publishedReport('MY');
  // The site build reads the API over HTTP, through the collections' loaders: so does this test.
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  process.env['PUBLIC_API_URL'] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  categories = await fetchProfileCategories();
  bundles = await fetchCycleBundles();
}, 120_000);

afterAll(async () => {
  if (previousApiUrl === undefined) delete process.env['PUBLIC_API_URL'];
  else process.env['PUBLIC_API_URL'] = previousApiUrl;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
});

const meta = (flow: string) => ({
  id: `${flow}-file`,
  prepared: `${CHANGED}T00:00:00Z`,
  baseUrl: ctx.deps.env.PUBLIC_SITE_URL.replace(/\/+$/, ''),
});

/** The API's whole-flow answers, JSON and CSV. */
async function apiAnswers(flow: string) {
  const json = await ctx.request(`/api/sdmx/data/${flow}/all`);
  expect(json.status).toBe(200);
  expect(json.headers.get('content-type')).toBe(JSON_TYPE);
  const csv = await ctx.request(`/api/sdmx/data/${flow}/all?format=csv`);
  expect(csv.status).toBe(200);
  return { json: (await json.json()) as { meta: object; data: object }, csv: await csv.text() };
}

/** A file and the API's answer agree: the CSV byte for byte, the JSON message's data whole. */
async function expectSameAsApi(flow: string, data: Parameters<typeof wholeFlowCsv>[0]) {
  const file = { json: JSON.parse(wholeFlowJson(data, meta(flow))) as typeof api.json, csv: wholeFlowCsv(data) };
  const api = await apiAnswers(flow);
  expectValid(validSdmxData, file.json);
  expect(file.csv).toBe(api.csv);
  expect(decodeDataMessage(file.json)).toEqual(decodeDataMessage(api.json));
  expect(file.json.data).toEqual(api.json.data);
  expect(file.json.meta).toMatchObject({ id: `${flow}-file`, prepared: `${CHANGED}T00:00:00Z` });
  return { rows: parseCsv(file.csv), decoded: decodeDataMessage(file.json) };
}

describe('the static SDMX files', () => {
  test('DF_URBAN_PROFILE from the themes the build reads: the observations GET …/all answers', async () => {
    const { rows, decoded } = await expectSameAsApi('DF_URBAN_PROFILE', profileSource(categories).data);
    // The curated open data, whole: thousands of figures, each with its source and licence.
    const themeRows = categories.flatMap((c) => c.indicators.flatMap((i) => i.values));
    expect(rows.length).toBe(themeRows.length);
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows.every((r) => r['SOURCE_DETAIL'] !== '' && r['LICENCE'] !== '')).toBe(true);
    expect(decoded).toContainEqual(
      expect.objectContaining({ REF_AREA: '608', INDICATOR: 'URB_POP_PCT', TIME_PERIOD: '2019', OBS_VALUE: '48.25' }),
    );
    expect(decoded.find((r) => r['REF_AREA'] === '608' && r['TIME_PERIOD'] === '2019')).toMatchObject({
      REPORTING_TYPE: 'N',
      SOURCE_DETAIL: 'Philippine Statistics Authority',
    });
  });

  test('DF_NATIONAL_REPORTS from the cycles the build reads: the same observations, questions in parts', async () => {
    expect(bundles.map((b) => b.cycle.year)).toContain(YEAR);
    const { rows } = await expectSameAsApi('DF_NATIONAL_REPORTS', reportsSource(bundles.map(cycleAnswersOf)).data);
    expect(new Set(rows.map((r) => r['REF_AREA']))).toEqual(new Set(['360', '458']));
    expect(rows.map((r) => r['QUESTION'])).toEqual(expect.arrayContaining(['Q01', 'Q12_female', 'Q12_male']));
  });

  test('a flow without figures is still a file: SDMX error 100 (no results) in JSON, a CSV header', () => {
    const empty = reportsSource([]).data;
    const message = JSON.parse(wholeFlowJson(empty, meta('DF_NATIONAL_REPORTS'))) as { errors?: { code: number }[] };
    expectValid(validSdmxData, message);
    expect(message).not.toHaveProperty('data');
    expect(message.errors?.map((e) => e.code)).toEqual([100]);
    const csv = wholeFlowCsv(empty);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect(csv).toMatch(/^STRUCTURE,STRUCTURE_ID,ACTION,REF_AREA,QUESTION,CYCLE,OBS_VALUE,/);
  });
});
