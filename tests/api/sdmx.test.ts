import { beforeAll, describe, expect, test } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { OPEN_DATA_COLUMNS, sortRows } from '../../src/components/national/open-data.ts';
import { REGION_COUNTRIES } from '../../src/lib/db/countries-data.ts';
import { ReportResponseSchema } from '../../src/lib/national-reports/schema.ts';
import { PublicAnswersResponseSchema } from '../../src/lib/national-reports/public-schema.ts';
import { toCsv } from '../../src/lib/open-data/csv.ts';
import { unitOf } from '../../src/lib/sdmx/series.ts';
import { ORIGIN_WORDS, publicCategoryCsv } from '../../src/lib/urbanisation-profile/public-csv.ts';
import {
  DatasetResponseSchema,
  PublicCategoriesResponseSchema,
  PublicCategoryResponseSchema,
} from '../../src/lib/urbanisation-profile/schema.ts';
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
import {
  decodeDataMessage,
  expectValid,
  parseCsv,
  sortedRows,
  validSdmxData,
  validSdmxStructure,
  type SdmxRow,
} from '../support/sdmx.ts';

/**
 * The SDMX API (issue 36): public, from the same published figures as the pages and the theme
 * CSV files, never a draft or a withdrawn figure; valid against the portal's own SDMX-JSON
 * schemas; SDMX-CSV and the theme files hold the same observations both ways.
 */

const ctx = await createTestContext();
const PROFILE = '/api/sdmx/data/DF_URBAN_PROFILE';
const REPORTS = '/api/sdmx/data/DF_NATIONAL_REPORTS';
const CATEGORY = 'demography-urbanisation';
const CYCLE = 2026;
const JSON_TYPE = 'application/vnd.sdmx.data+json;version=2.0.0';
const CSV_TYPE = 'application/vnd.sdmx.data+csv;version=2.0.0';
/** UN M49 without leading zeros, from the country list itself. */
const M49 = new Map(REGION_COUNTRIES.map((c) => [c.code, String(Number.parseInt(c.numeric, 10))]));
const ALPHA2 = new Map([...M49].map(([alpha2, m49]) => [m49, alpha2]));
let admin: TestUser;

const post = (path: string, json: unknown) => ctx.request(path, { method: 'POST', token: admin.token, json });

/** Saves a country's figures of `year` (a draft), and publishes them unless told otherwise. */
async function figure(country: string, year: number, value: number, steps: ('publish' | 'withdraw')[]) {
  const path = `/api/profile/analytics/${CATEGORY}/${country}/${year}`;
  const saved = await expectJson(
    await post(`${path}/saved`, { values: [{ indicator: 'URB_POP_PCT', value, source: `Census ${country}` }] }),
    200,
    DatasetResponseSchema,
  );
  let version = saved.data.version;
  for (const step of steps) {
    const done = await expectJson(
      await post(`${path}/publish`, { published: step === 'publish', version }),
      200,
      DatasetResponseSchema,
    );
    version = done.data.version;
  }
  return version;
}

/** Takes a country's report of the cycle through the workflow up to `status`. */
async function report(code: string, status: 'submitted' | 'published' | 'withdrawn') {
  const stateAdmin = await createUser(ctx, { role: 'state_admin', country: code });
  const member = await createUser(ctx, { role: 'state_member', country: code });
  const questions = await questionsByCode(ctx, member);
  expect((await saveAnswers(ctx, member, CYCLE, code, compulsoryAnswers(questions.values()))).status).toBe(200);
  let { report: current } = await viewReport(ctx, member, CYCLE, code);
  const complete = { version: current.version, action: 'complete', title: `${code} report`, executive_summary: 'S' };
  expect((await updateReport(ctx, member, CYCLE, code, complete)).status).toBe(200);
  ({ report: current } = await viewReport(ctx, member, CYCLE, code));
  current = (await expectJson(await upload(ctx, stateAdmin, current.uuid, pdfBytes()), 200, ReportResponseSchema)).data;
  if (status === 'submitted') return;
  for (const action of status === 'published' ? ['accept', 'publish'] : ['accept', 'publish', 'unpublish']) {
    const response = await updateReport(ctx, admin, CYCLE, code, { version: current.version, action });
    current = (await expectJson(response, 200, ReportResponseSchema)).data;
  }
}

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  await figure('ID', 2028, 58.9, ['publish']);
  await figure('KH', 2029, 33.3, []);
  await figure('LA', 2027, 44.4, ['publish', 'withdraw']);
  // Published, then changed: the public keeps the published figure until the change is published (decision 033).
  const version = await figure('MN', 2026, 70.1, ['publish']);
  await post(`/api/profile/analytics/${CATEGORY}/MN/2026/saved`, {
    values: [{ indicator: 'URB_POP_PCT', value: 70.9 }],
    version,
  });

  await openCycle(ctx, admin, { year: CYCLE, closes: 20, timely_days: 7 });
  await report('ID', 'published');
  await report('MY', 'published');
  await report('TH', 'submitted');
  await report('VN', 'withdrawn');
});

const get = (path: string, headers: Record<string, string> = {}) => ctx.request(path, { headers });

async function sdmxJson(path: string) {
  const response = await get(path);
  const body = await response.text();
  expect(response.status, body).toBe(200);
  expect(response.headers.get('content-type')).toBe(JSON_TYPE);
  const message = JSON.parse(body) as unknown;
  expectValid(validSdmxData, message);
  return message;
}

async function sdmxCsvRows(path: string, headers: Record<string, string> = {}) {
  const response = await get(path, headers);
  const body = await response.text();
  expect(response.status, body).toBe(200);
  expect(response.headers.get('content-type')).toBe(`${CSV_TYPE};charset=utf-8`);
  return { body, rows: parseCsv(body) };
}

/** The published themes as the public site reads them (what each theme's CSV file is written from). */
async function publicThemes() {
  const list = await expectJson(await get('/api/profile/public/categories'), 200, PublicCategoriesResponseSchema);
  const themes = [];
  for (const { slug } of list.data) {
    themes.push(
      (await expectJson(await get(`/api/profile/public/category/${slug}`), 200, PublicCategoryResponseSchema)).data,
    );
  }
  return themes;
}

const KEY = ['INDICATOR', 'REF_AREA', 'TIME_PERIOD'];
const withFlow = (rows: SdmxRow[]) =>
  rows.map((row) => ({ STRUCTURE: 'dataflow', STRUCTURE_ID: 'APUA:DF_URBAN_PROFILE(1.0.0)', ACTION: 'I', ...row }));

describe('the structure', () => {
  test('GET sdmx/dataflow: both flows, their key orders, today’s codelists, valid SDMX-JSON 2.0', async () => {
    const response = await get('/api/sdmx/dataflow', { Origin: 'https://stats.example.org' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.sdmx.structure+json;version=2.0.0');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const message = (await response.json()) as {
      data: {
        dataflows: { id: string; agencyID: string }[];
        dataStructures: {
          id: string;
          dataStructureComponents: {
            dimensionList: { dimensions: { id: string }[]; timeDimension?: unknown };
            attributeList: { attributes: { id: string }[] };
          };
        }[];
        codelists: { id: string; codes?: { id: string; name: string }[] }[];
      };
    };
    expectValid(validSdmxStructure, message);
    const { data } = message;
    expect(data.dataflows.map((f) => `${f.agencyID}:${f.id}`)).toEqual([
      'APUA:DF_URBAN_PROFILE',
      'APUA:DF_NATIONAL_REPORTS',
    ]);
    const [profile, reports] = data.dataStructures.map((d) => d.dataStructureComponents);
    expect(profile!.dimensionList.dimensions.map((d) => d.id)).toEqual([
      'FREQ',
      'REF_AREA',
      'INDICATOR',
      'URBANISATION',
    ]);
    expect(profile!.dimensionList.timeDimension).toBeDefined();
    expect(profile!.attributeList.attributes.map((a) => a.id)).toEqual(
      expect.arrayContaining([
        'UNIT_MEASURE',
        'UNIT_MULT',
        'OBS_STATUS',
        'NATURE',
        'SOURCE_DETAIL',
        'COMMENT_OBS',
        'SDG_SERIES',
      ]),
    );
    expect(reports!.dimensionList.dimensions.map((d) => d.id)).toEqual(['REF_AREA', 'QUESTION', 'CYCLE']);
    const codes = (id: string) => data.codelists.find((c) => c.id === id)?.codes?.map((c) => c.id) ?? [];
    const indicators = (await publicThemes()).flatMap((t) => t.indicators.map((i) => i.code));
    expect(codes('CL_INDICATOR')).toEqual(indicators);
    expect(codes('CL_AREA')).toContain('4');
    expect(codes('CL_CYCLE')).toEqual([String(CYCLE)]);
    // Numeric questions, parts as codes of their own; no question of another answer type.
    expect(codes('CL_QUESTION')).toEqual(expect.arrayContaining(['Q01', 'Q12_female', 'Q12_male']));
    expect(codes('CL_QUESTION')).not.toContain('Q06');

    const again = await get('/api/sdmx/dataflow', { 'If-None-Match': response.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  test('answers a CORS preflight from any origin', async () => {
    const response = await ctx.request(`${PROFILE}/all`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://stats.example.org',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'if-none-match',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });
});

describe('data', () => {
  test('a key and a period: SDMX-JSON 2.0 by default, the figures of the public theme', async () => {
    const message = await sdmxJson(`${PROFILE}/A.${M49.get('ID')}.URB_POP_PCT.?startPeriod=2020&endPeriod=2028-06`);
    const theme = (await publicThemes()).find((t) => t.slug === CATEGORY)!;
    const expected = theme.indicators
      .find((i) => i.code === 'URB_POP_PCT')!
      .values.filter((v) => v.country_code === 'ID' && v.year >= 2020 && v.year <= 2028)
      .map((v) => [String(v.year), String(v.value)]);
    expect(expected).toContainEqual(['2028', '58.9']);
    const rows = decodeDataMessage(message);
    expect(rows.map((r) => [r['TIME_PERIOD'], r['OBS_VALUE']]).sort()).toEqual(expected.sort());
    expect(rows.find((r) => r['TIME_PERIOD'] === '2028')).toMatchObject({
      FREQ: 'A',
      REF_AREA: '360',
      URBANISATION: '_T',
      UNIT_MEASURE: 'PT',
      OBS_STATUS: 'A',
      NATURE: 'C',
      REPORTING_TYPE: 'N',
      SOURCE_DETAIL: 'Census ID',
    });
  });

  test('SDMX-CSV 2.0 by Accept or by format=csv: the same observations as the JSON message', async () => {
    const path = `${PROFILE}/A.${M49.get('ID')}+${M49.get('PH')}..`;
    const byAccept = await sdmxCsvRows(path, { Accept: `${CSV_TYPE}, application/json;q=0.5` });
    const byFormat = await sdmxCsvRows(`${path}?format=csv`);
    expect(byFormat.body).toBe(byAccept.body);
    expect(byAccept.body.split('\r\n')[0]).toMatch(
      /^STRUCTURE,STRUCTURE_ID,ACTION,FREQ,REF_AREA,INDICATOR,URBANISATION,TIME_PERIOD,OBS_VALUE,/,
    );
    expect(new Set(byAccept.rows.map((r) => r['REF_AREA']))).toEqual(new Set(['360', '608']));
    const decoded = decodeDataMessage(await sdmxJson(path));
    expect(sortedRows(withFlow(decoded), KEY)).toEqual(sortedRows(byAccept.rows, KEY));
  });

  test('a whole flow comes compressed as the client accepts it, the same bytes once opened', async () => {
    const plain = await get(`${PROFILE}/all?format=csv`);
    const bytes = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    for (const [accept, encoding, open] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const res = await get(`${PROFILE}/all?format=csv`, { 'Accept-Encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
      const sent = Buffer.from(await res.arrayBuffer());
      expect(sent.length).toBeLessThan(bytes.length / 3);
      expect(open(sent).equals(bytes)).toBe(true);
    }
  });

  test.each(['AllDimensions', 'REF_AREA', 'INDICATOR'])(
    'dimensionAtObservation=%s: valid, the same observations',
    async (layout) => {
      const all = parseCsv(await (await get(`${PROFILE}/all?format=csv`)).text());
      const decoded = decodeDataMessage(await sdmxJson(`${PROFILE}/all?dimensionAtObservation=${layout}`));
      expect(sortedRows(withFlow(decoded), KEY)).toEqual(sortedRows(all, KEY));
    },
  );

  test('round trip: each observation of the SDMX-CSV is a row of its theme’s CSV, and the reverse', async () => {
    const { rows } = await sdmxCsvRows(`${PROFILE}/all`, { Accept: CSV_TYPE });
    const fromSdmx = rows.map((r) => ({
      indicator_code: r['INDICATOR']!,
      country_code: ALPHA2.get(r['REF_AREA']!)!,
      year: r['TIME_PERIOD']!,
      value: r['OBS_VALUE']!,
      unit: r['UNIT_MEASURE']!,
      is_estimate: r['OBS_STATUS'] === 'E' ? 'true' : 'false',
      note: r['COMMENT_OBS']!,
      source: r['SOURCE_DETAIL']!,
      licence: r['LICENCE']!,
      origin: r['REPORTING_TYPE'] === 'N' ? ORIGIN_WORDS.country : ORIGIN_WORDS.open_data,
      demo: r['DEMO'] === 'Y' ? 'true' : 'false',
    }));
    const fromThemes = [];
    for (const theme of await publicThemes()) {
      const units = new Map(theme.indicators.map((i) => [i.code, unitOf(i.unit, i.code).code]));
      for (const row of parseCsv(publicCategoryCsv(theme))) {
        fromThemes.push({
          indicator_code: row['indicator_code']!,
          country_code: row['country_code']!,
          year: row['year']!,
          value: row['value']!,
          unit: units.get(row['indicator_code']!)!,
          is_estimate: row['is_estimate']!,
          note: row['note']!,
          source: row['source']!,
          licence: row['licence']!,
          origin: row['origin']!,
          demo: row['demo']!,
        });
      }
    }
    expect(fromThemes.length).toBeGreaterThan(20);
    const key = ['indicator_code', 'country_code', 'year'];
    expect(sortedRows(fromSdmx, key)).toEqual(sortedRows(fromThemes, key));
  });

  test('national reports: every numeric answer of the published reports, as the open-data CSV has it', async () => {
    const { rows } = await sdmxCsvRows(`${REPORTS}/all?format=csv`);
    const answers = await expectJson(
      await get(`/api/report/type/national/public/answers?year=${CYCLE}`),
      200,
      PublicAnswersResponseSchema,
    );
    const expected: SdmxRow[] = [];
    for (const row of parseCsv(toCsv(OPEN_DATA_COLUMNS, sortRows(answers.data)))) {
      if (!['pct', 'num', 'int'].includes(row['answer_type']!)) continue;
      const parts: [string, unknown][] = row['value']!.startsWith('{')
        ? Object.entries(JSON.parse(row['value']!) as Record<string, unknown>).map(([k, v]) => [`_${k}`, v])
        : [['', Number(row['value'])]];
      for (const [part, value] of parts) {
        expected.push({
          REF_AREA: M49.get(row['country_code']!)!,
          QUESTION: `${row['question_code']!.replaceAll('.', '_')}${part}`,
          CYCLE: row['cycle']!,
          OBS_VALUE: String(value),
          REF_PERIOD: row['data_year']!,
          SOURCE_DETAIL: row['source']!,
        });
      }
    }
    const got = rows.map((r) => ({
      REF_AREA: r['REF_AREA']!,
      QUESTION: r['QUESTION']!,
      CYCLE: r['CYCLE']!,
      OBS_VALUE: r['OBS_VALUE']!,
      REF_PERIOD: r['REF_PERIOD']!,
      SOURCE_DETAIL: r['SOURCE_DETAIL']!,
    }));
    const key = ['REF_AREA', 'QUESTION', 'CYCLE'];
    expect(expected.length).toBeGreaterThan(10);
    expect(sortedRows(got, key)).toEqual(sortedRows(expected, key));
    expect(got).toContainEqual(expect.objectContaining({ REF_AREA: '360', QUESTION: 'Q12_female', OBS_VALUE: '10' }));
    // A flow without time dimension: a flat list by default, valid all the same.
    const flat = (await sdmxJson(`${REPORTS}/${M49.get('MY')}..?startPeriod=${CYCLE}`)) as {
      data: { dataSets: object[] };
    };
    expect(flat.data.dataSets[0]).toHaveProperty('observations');
    expect(new Set(decodeDataMessage(flat).map((r) => r['REF_AREA']))).toEqual(new Set(['458']));
  });
});

describe('nothing a page hides', () => {
  test('no draft, no withdrawn figure; a changed figure stays as published until the change is', async () => {
    for (const path of [`${PROFILE}/all?format=csv`]) {
      const { rows } = await sdmxCsvRows(path);
      const at = (country: string, year: number) =>
        rows.filter(
          (r) =>
            r['INDICATOR'] === 'URB_POP_PCT' && r['REF_AREA'] === M49.get(country) && r['TIME_PERIOD'] === String(year),
        );
      expect(at('ID', 2028).map((r) => r['OBS_VALUE'])).toEqual(['58.9']);
      expect(at('KH', 2029)).toEqual([]);
      expect(at('LA', 2027)).toEqual([]);
      expect(at('MN', 2026).map((r) => r['OBS_VALUE'])).toEqual(['70.1']);
    }
    const decoded = decodeDataMessage(await sdmxJson(`${PROFILE}/A..URB_POP_PCT.`));
    expect(decoded.filter((r) => ['33.3', '44.4', '70.9'].includes(r['OBS_VALUE']!))).toEqual([]);
  });

  test('national reports: only the published ones, never one submitted or withdrawn', async () => {
    const { rows } = await sdmxCsvRows(`${REPORTS}/all?format=csv`);
    expect(new Set(rows.map((r) => ALPHA2.get(r['REF_AREA']!)))).toEqual(new Set(['ID', 'MY']));
    for (const country of ['TH', 'VN']) await expectError(await get(`${REPORTS}/${M49.get(country)}..`), 404);
  });

  test('a figure published after a first answer is in the next one: the cache follows the change', async () => {
    const first = await get(`${PROFILE}/all`);
    const etag = first.headers.get('etag')!;
    expect((await get(`${PROFILE}/all`, { 'If-None-Match': etag })).status).toBe(304);
    await figure('PH', 2031, 49.9, ['publish']);
    const next = await get(`${PROFILE}/all`, { 'If-None-Match': etag });
    expect(next.status).toBe(200);
    const rows = decodeDataMessage(await next.json());
    expect(rows).toContainEqual(expect.objectContaining({ REF_AREA: '608', TIME_PERIOD: '2031', OBS_VALUE: '49.9' }));
  });
});

describe('refusals', () => {
  test('an unknown flow or provider is a 404 in the portal’s error envelope, with CORS', async () => {
    const response = await get('/api/sdmx/data/DF_SDG_GLH/all', { Origin: 'https://stats.example.org' });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    await expectError(response, 404, {
      message: /^There is no dataflow DF_SDG_GLH: the dataflows are DF_URBAN_PROFILE, DF_NATIONAL_REPORTS$/,
    });
    await expectError(await get(`${PROFILE}/all/ECB`), 404, { message: /data provider ECB/ });
    expect((await get(`${PROFILE}/all/all`)).status).toBe(200);
    expect((await get('/api/sdmx/data/APUA,DF_URBAN_PROFILE,1.0.0/all/APUA')).status).toBe(200);
  });

  test('a bad key, period or layout is a 400 that says what is wrong', async () => {
    await expectError(await get(`${PROFILE}/A.360`), 400, {
      message: /^The key must have 4 parts separated by dots, one for each of FREQ, REF_AREA, INDICATOR, URBANISATION/,
    });
    await expectError(await get(`${PROFILE}/A.ID..`), 400, { message: /^ID is not a code of REF_AREA/ });
    await expectError(await get(`${REPORTS}/360.Q99.${CYCLE}`), 400, { message: /^Q99 is not a code of QUESTION/ });
    await expectError(await get(`${PROFILE}/all?startPeriod=2015-13`), 400, {
      message: /^startPeriod must be a period such as 2015/,
    });
    await expectError(await get(`${PROFILE}/all?startPeriod=2020&endPeriod=2010`), 400, {
      message: /^startPeriod must not be after endPeriod$/,
    });
    await expectError(await get(`${PROFILE}/all?dimensionAtObservation=YEAR`), 400, {
      message: /AllDimensions or one of the dimensions FREQ, REF_AREA, INDICATOR, URBANISATION, TIME_PERIOD$/,
    });
    await expectError(await get(`${PROFILE}/all?format=xml`), 400, { fields: ['format'] });
    const french = await get(`${PROFILE}/A.ID..`, { 'Accept-Language': 'fr' });
    await expectError(french, 400, { message: /^ID n’est pas un code de REF_AREA/ });
  });

  test('a query that matches no published figure is a 404', async () => {
    await expectError(await get(`${PROFILE}/A.4.URB_POP_PCT.?startPeriod=2090`), 404, {
      message: /^No published figure matches this query$/,
    });
  });
});
