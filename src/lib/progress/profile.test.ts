import { describe, expect, test } from 'vitest';
import { assessProfile, methodOf, seriesOf, themeCsi, type ProfileValueInput } from './profile.ts';
import { REGION_MEMBERS, METHOD_VERSION } from './method.ts';
import { progressCsv, PROGRESS_COLUMNS } from './rows.ts';

/** A straight line of open data for the first `n` countries of the region: 2015 at `base`, +`slope` a year. */
const openData = (n: number, base: number, slope: number, years = [2015, 2018, 2021]): ProfileValueInput[] =>
  REGION_MEMBERS.slice(0, n).flatMap((code) =>
    years.map((year) => ({
      country_code: code,
      year,
      value: base + slope * (year - 2015),
      source: 'WDI',
      note: null,
      origin: 'open_data' as const,
    })),
  );
const own = (code: string, year: number, value: number): ProfileValueInput => ({
  country_code: code,
  year,
  value,
  source: 'National statistics office',
  note: null,
  origin: 'country',
});

describe('the series of a country: its own figures when it has two, never joined with the open data', () => {
  test('two of its own figures are its series; one is not, and the open data is read instead', () => {
    const [a, b] = REGION_MEMBERS;
    const values = [...openData(2, 50, 1), own(a!, 2016, 70), own(a!, 2020, 75), own(b!, 2020, 99)];
    const series = seriesOf(values);
    expect(series[a!]!.map((p) => [p.year, p.value])).toEqual([
      [2016, 70],
      [2020, 75],
    ]);
    expect(series[b!]!.map((p) => p.value)).toEqual([50, 53, 56]);
  });
});

describe('the method of an indicator', () => {
  test('what administrators set wins; absent or null, the default for the code; no default, none', () => {
    expect(methodOf({ code: 'UNEMPLOYMENT_PCT', values: [] })).toMatchObject({
      direction: 'lower',
      target: { kind: 'champion' },
    });
    expect(methodOf({ code: 'UNEMPLOYMENT_PCT', values: [], progress: null })?.target).toEqual({ kind: 'champion' });
    const set = methodOf({
      code: 'UNEMPLOYMENT_PCT',
      values: [],
      progress: { direction: 'lower', target: { kind: 'fixed', value: 3 } },
    });
    expect(set).toEqual({ direction: 'lower', target: { kind: 'fixed', value: 3 }, range: { min: 0, max: 100 } });
    expect(methodOf({ code: 'URB_POP_PCT', values: [] })).toBeNull();
    expect(
      methodOf({ code: 'NEW_CODE', values: [], progress: { direction: 'higher', target: { kind: 'champion' } } }),
    ).toEqual({ direction: 'higher', target: { kind: 'champion' } });
  });
});

describe('assessProfile: every theme’s indicators, the rows of the download', () => {
  const categories = [
    {
      slug: 'basic-services',
      indicators: [
        { code: 'ELECTRICITY_URBAN_PCT', values: openData(40, 80, 2) },
        { code: 'BASIC_WATER_URBAN_PCT', values: openData(10, 60, 1) },
      ],
    },
    { slug: 'demography', indicators: [{ code: 'URB_POP_PCT', values: openData(58, 40, 1) }] },
  ];
  const result = assessProfile(categories);

  test('an indicator without a direction is listed, never scored, and has no rows', () => {
    expect(result.indicators.map((i) => [i.theme, i.code, i.assessment !== null])).toEqual([
      ['basic-services', 'ELECTRICITY_URBAN_PCT', true],
      ['basic-services', 'BASIC_WATER_URBAN_PCT', true],
      ['demography', 'URB_POP_PCT', false],
    ]);
    expect(new Set(result.rows.map((r) => r.indicator))).toEqual(
      new Set(['ELECTRICITY_URBAN_PCT', 'BASIC_WATER_URBAN_PCT']),
    );
  });

  test('per indicator: the region, the five subregions, then the 58 countries, one row each', () => {
    const electricity = result.rows.filter((r) => r.indicator === 'ELECTRICITY_URBAN_PCT');
    expect(electricity).toHaveLength(64);
    expect(electricity.slice(0, 6).map((r) => r.area)).toEqual(['region', 'ENEA', 'NCA', 'PACIFIC', 'SEA', 'SSWA']);
    expect(electricity[0]).toMatchObject({
      area: 'region',
      direction: 'higher',
      target: 100,
      target_kind: 'fixed',
      base_year: 2015,
      base_value: 80,
      latest_year: 2021,
      latest_value: 92,
      csi: 0.6,
      predicted_2030: 110,
      class: 'on_track',
      points: 120,
      method_version: METHOD_VERSION,
    });
  });

  test('an indicator the coverage rule leaves out says so in every row and has no class', () => {
    const water = result.indicators.find((i) => i.code === 'BASIC_WATER_URBAN_PCT')!.assessment!;
    expect(water.coverage).toMatchObject({ selected: false });
    expect(water.region).toMatchObject({ class: 'not_assessed', reason: 'coverage' });
    expect(result.rows.filter((r) => r.indicator === 'BASIC_WATER_URBAN_PCT').every((r) => r.csi === null)).toBe(true);
  });

  test('the download: exactly the issue’s columns, one line per row, empty cells for what does not apply', () => {
    const csv = progressCsv(result.rows);
    const lines = csv.trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe(
      'area,indicator,direction,target,target_kind,base_year,base_value,latest_year,latest_value,csi,' +
        'predicted_2030,class,open_sdg_status,open_sdg_score,points,method_version',
    );
    expect(lines[0]!.split(',')).toEqual([...PROGRESS_COLUMNS]);
    expect(lines).toHaveLength(1 + 128);
    expect(lines[1]).toMatch(/^region,ELECTRICITY_URBAN_PCT,higher,100,fixed,2015,80,2021,92,0\.6,110,on_track,/);
    expect(lines.find((l) => l.startsWith('region,BASIC_WATER_URBAN_PCT'))).toBe(
      `region,BASIC_WATER_URBAN_PCT,higher,,,,,,,,,not_assessed,not_available,,0,${METHOD_VERSION}`,
    );
  });

  test('a theme’s Current Status Index: the mean over its indicators that have one, with their count', () => {
    const assessed = result.indicators.flatMap((i) => (i.assessment ? [i.assessment] : []));
    expect(themeCsi(assessed, (a) => a.region)).toEqual({ value: 0.6, indicators: 1 });
    expect(themeCsi([], (a) => a.region)).toBeNull();
  });
});
