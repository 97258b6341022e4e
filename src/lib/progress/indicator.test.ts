import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { assessIndicator, coverage, type SeriesByCountry } from './indicator.ts';
import { championTarget } from './champion.ts';
import { DEFAULT_INDICATOR_METHODS, REGION_MEMBERS, SUBREGION_MEMBERS, type IndicatorMethod } from './method.ts';
import type { ProgressPoint } from './series.ts';
import { progressRows } from './rows.ts';
import { readCsv } from '../urbanisation-profile/csv.ts';
import { OPEN_DATA_SERIES } from '../urbanisation-profile/open-data-series.ts';

const line = (base: number, slope: number, years: number[]): ProgressPoint[] =>
  years.map((year) => ({ year, value: base + slope * (year - 2015), source: 'test' }));

const ELECTRICITY: IndicatorMethod = { direction: 'higher', target: { kind: 'fixed', value: 100 } };
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('the coverage rule: two points or more for more than half of the 58', () => {
  const withPoints = (n: number): SeriesByCountry =>
    Object.fromEntries(REGION_MEMBERS.map((code, i) => [code, line(50, 1, i < n ? [2015, 2020] : [2020])]));

  test('29 countries of 58 is not more than half: the indicator is not scored anywhere', () => {
    expect(coverage(withPoints(29))).toMatchObject({ countries: 58, selected: false });
    const a = assessIndicator('X', ELECTRICITY, withPoints(29));
    expect(a.target).toBeNull();
    expect(a.countries.every((c) => c.class === 'not_assessed' && c.reason === 'coverage')).toBe(true);
    expect(a.region).toMatchObject({ class: 'not_assessed', reason: 'coverage', countries: [] });
  });

  test('30 countries is', () => {
    expect(coverage(withPoints(30)).selected).toBe(true);
    expect(coverage(withPoints(30)).covered).toHaveLength(30);
    expect(assessIndicator('X', ELECTRICITY, withPoints(30)).region.countries).toHaveLength(30);
  });

  test('projections, years before 2000 and codes outside the region do not count', () => {
    const series = withPoints(29);
    const next = REGION_MEMBERS[29]!;
    expect(coverage({ ...series, [next]: line(50, 1, [1998, 2020]) }).selected).toBe(false);
    expect(coverage({ ...series, [next]: line(50, 1, [2000, 2020]) }).selected).toBe(true);
    expect(coverage({ ...series, US: line(50, 1, [2015, 2020]) }).selected).toBe(false);
    const withProjection = [...line(50, 1, [2020]), { year: 2030, value: 9, source: 'WUP', note: 'projection' }];
    expect(coverage({ ...series, [next]: withProjection }).selected).toBe(false);
  });
});

describe('subregion and region values: simple averages over the countries assessed, with their count', () => {
  const sea = [...SUBREGION_MEMBERS.SEA].sort();
  const others = [...SUBREGION_MEMBERS.NCA, ...SUBREGION_MEMBERS.SSWA, ...SUBREGION_MEMBERS.PACIFIC];
  const series: SeriesByCountry = {
    // Eight of South-East Asia's eleven: bases 40, 45 … 75, slopes −2 … 5 a year, 2010, 2015, 2020.
    ...Object.fromEntries(sea.slice(0, 8).map((code, i) => [code, line(40 + 5 * i, i - 2, [2010, 2015, 2020])])),
    // Every other country outside East and North-East Asia: 57.5 in 2015, 1.5 a year, to 2021 ...
    ...Object.fromEntries(others.map((code) => [code, line(57.5, 1.5, [2015, 2021])])),
    // ... but one Pacific country with a single figure, which is not averaged.
    [SUBREGION_MEMBERS.PACIFIC[0]!]: line(70, 0, [2021]),
  };
  const a = assessIndicator('ELECTRICITY_URBAN_PCT', ELECTRICITY, series);

  test('a subregion: the mean base, latest value and line of its countries, and their count', () => {
    const s = a.subregions.SEA;
    expect(s.countries).toEqual(sea.slice(0, 8));
    expect(s.base).toEqual({ year: 2015, value: expect.closeTo(57.5, 9), fitted: false });
    expect(s.latest).toEqual({ year: 2020, value: expect.closeTo(65, 9) });
    expect(s.fit!.b).toBeCloseTo(1.5, 9);
    expect(s.predicted2030).toBeCloseTo(80, 9);
    expect(s.csi).toEqual({ kind: 'ratio', value: expect.closeTo(7.5 / 42.5, 9) });
    expect(s.anticipated!.gap).toBeCloseTo(20 / 42.5, 9);
    expect(s.class).toBe('acceleration');
    expect(s.points).toBe(24);
  });

  test('the region: every country assessed (47 of 58), its latest year empty when theirs differ', () => {
    const r = a.region;
    expect(r.countries).toHaveLength(47);
    expect(r.countries).not.toContain(SUBREGION_MEMBERS.PACIFIC[0]);
    const latest = (8 * 65 + 39 * 66.5) / 47;
    expect(r.latest).toEqual({ year: null, value: expect.closeTo(latest, 9) });
    expect(r.latestYears).toEqual({ from: 2020, to: 2021 });
    expect(r.base!.value).toBeCloseTo(57.5, 9);
    expect(r.csi).toEqual({ kind: 'ratio', value: expect.closeTo((latest - 57.5) / 42.5, 9) });
    expect(r.predicted2030).toBeCloseTo(80, 9);
    expect(r.points).toBe(24 + 39 * 2);
    const scores = a.countries.filter((c) => r.countries.includes(c.area)).map((c) => c.openSdg.score!);
    expect(r.openSdg.score).toBeCloseTo(mean(scores), 12);
  });

  test('a subregion where too few of its countries have two points is not assessed', () => {
    expect(a.subregions.ENEA).toMatchObject({ class: 'not_assessed', reason: 'coverage', countries: [] });
    expect(a.subregions.PACIFIC.countries).toHaveLength(20);
  });

  test('every country of the region has its row, in code order, those without figures too', () => {
    expect(a.countries.map((c) => c.area)).toEqual([...REGION_MEMBERS].sort());
    expect(a.countries.find((c) => c.area === 'CN')).toMatchObject({ reason: 'too_few_points', points: 0 });
  });

  test('without a target: the mean trend and its count, no class; without a direction: nothing', () => {
    const noTarget = assessIndicator('X', { direction: 'higher', target: null }, series);
    expect(noTarget.region).toMatchObject({ class: 'not_assessed', reason: 'no_target', csi: null });
    expect(noTarget.region.countries).toHaveLength(47);
    expect(noTarget.region.predicted2030).toBeCloseTo(80, 9);
    const noDirection = assessIndicator('X', { direction: null, target: null }, series);
    expect(noDirection.region).toMatchObject({ reason: 'no_direction', countries: [], predicted2030: null });
    expect(noDirection.countries.every((c) => c.reason === 'no_direction')).toBe(true);
  });

  test('an aggregate regresses when its mean line runs the wrong way', () => {
    const falling = Object.fromEntries(REGION_MEMBERS.map((code) => [code, line(60, -1, [2015, 2020])]));
    expect(assessIndicator('X', ELECTRICITY, falling).region.class).toBe('regressing');
  });
});

describe('the champion-area target', () => {
  // Twenty countries, all at 10 in 2015, falling at 1 % … 20 % a year to 2020: the top tenth is the
  // two fastest (−20 %, −19 %), so the target is 10 × (1 − 0.195)^15.
  const falling: SeriesByCountry = Object.fromEntries(
    REGION_MEMBERS.slice(0, 20).map((code, i) => [
      code,
      [2015, 2020].map((year) => ({ year, value: 10 * (1 - 0.01 * (i + 1)) ** (year - 2015), source: 'test' })),
    ]),
  );

  test('the region’s 2015 value moved 15 years at the top tenth’s mean rate', () => {
    const c = championTarget(falling, 'lower');
    expect(c!.champions).toEqual([REGION_MEMBERS[19], REGION_MEMBERS[18]]);
    expect(c!.rate).toBeCloseTo(-0.195, 12);
    expect(c!.regionalBase).toBeCloseTo(10, 12);
    expect(c!.value).toBeCloseTo(10 * 0.805 ** 15, 12);
    expect(c!.ranked).toBe(20);
  });

  test('at least one champion; zero values have no rate; the natural range holds the target', () => {
    const few = { TH: line(10, -1, [2015, 2020]), VN: line(10, 1, [2015, 2020]), LA: line(0, 1, [2015, 2020]) };
    const c = championTarget(few, 'lower', { min: 0, max: 100 });
    expect(c!.champions).toEqual(['TH']);
    expect(c!.ranked).toBe(2);
    expect(c!.value).toBeCloseTo(((10 + 10 + 0) / 3) * (5 / 10) ** (15 / 5), 12);
    expect(championTarget({ TH: line(10, 10, [2015, 2020]) }, 'higher', { min: 0, max: 100 })!.value).toBe(100);
  });

  test('no champion area when even the best run the wrong way, or nobody has a rate', () => {
    expect(championTarget({ TH: line(10, 1, [2015, 2020]) }, 'lower')).toBeNull();
    expect(championTarget({ TH: line(10, 1, [2020]) }, 'lower')).toBeNull();
  });

  test('an indicator with a champion area is scored against it, named as such', () => {
    const series = Object.fromEntries(
      REGION_MEMBERS.map((code, i) => [code, falling[code] ?? line(10, 0.1 * i, [2015, 2020])]),
    );
    const a = assessIndicator('PM25_NATIONAL', { direction: 'lower', target: { kind: 'champion' } }, series);
    expect(a.target).toEqual({ kind: 'champion', value: a.champion!.value });
    expect(a.countries[0]!.target).toEqual(a.target);
    expect(a.champion!.champions).toHaveLength(Math.ceil(0.1 * 58));
  });
});

describe('on the curated open data (data/)', () => {
  const manifest: { file: string; series_id: string; source: string }[] = JSON.parse(
    readFileSync('data/manifest.json', 'utf8'),
  );
  const seriesOf = (file: string, source: string): SeriesByCountry => {
    const series: Record<string, ProgressPoint[]> = {};
    const [, ...rows] = readCsv(readFileSync(`data/${file}`, 'utf8')).rows;
    for (const [, iso2, year, value, note] of rows.map((r) => r.cells))
      (series[iso2!] ??= []).push({ year: Number(year), value: Number(value), source, note: note || null });
    return series;
  };
  const assessed = manifest
    .map((m) => ({ m, code: OPEN_DATA_SERIES[m.series_id]?.indicator }))
    .filter(({ code }) => code && DEFAULT_INDICATOR_METHODS[code])
    .map(({ m, code }) => assessIndicator(code!, DEFAULT_INDICATOR_METHODS[code!]!, seriesOf(m.file, m.source)));

  test('the countries with two points or more are those the brief counted, and the rule selects the same', () => {
    const counts = Object.fromEntries(assessed.map((a) => [a.indicator, a.coverage.covered.length]));
    expect(counts).toEqual({
      ELECTRICITY_URBAN_PCT: 57,
      CLEAN_COOKING_URBAN_PCT: 49,
      BASIC_WATER_URBAN_PCT: 47,
      BASIC_SANITATION_URBAN_PCT: 46,
      SLUM_PCT: 42,
      PM25_NATIONAL: 52,
      DISASTER_DEATHS_100K: 39,
      DISASTER_AFFECTED_100K: 38,
      DISASTER_LOSS_USD: 31,
      UNEMPLOYMENT_PCT: 56,
      SLUM_PCT_SDG: 24,
    });
    const notSelected = assessed.filter((a) => !a.coverage.selected).map((a) => a.indicator);
    expect(notSelected).toEqual(['SLUM_PCT_SDG']);
  });

  test('the WDI slum series breaks in 2022 for Tuvalu, Samoa and Viet Nam: never fitted across', () => {
    const slums = assessed.find((a) => a.indicator === 'SLUM_PCT')!;
    for (const code of ['TV', 'WS', 'VN']) {
      const c = slums.countries.find((x) => x.area === code)!;
      expect(c.series.breakYear, code).toBe(2022);
      expect(c.series.points.every((p) => p.year >= 2022)).toBe(true);
    }
  });

  test('every country with a class has a base, a latest value and a line; the region has its count', () => {
    for (const a of assessed.filter((x) => x.coverage.selected)) {
      for (const c of a.countries.filter((x) => x.class !== 'not_assessed'))
        expect(c.base && c.latest && c.fit && c.target, `${a.indicator} ${c.area}`).toBeTruthy();
      expect(a.region.countries.length, a.indicator).toBe(a.countries.filter((c) => c.class !== 'not_assessed').length);
    }
  });

  test('every row with an index: csi = (latest − base)/(target − base), or 1 at or beyond the target', () => {
    const rows = progressRows(assessed).filter((r) => r.csi !== null);
    expect(rows.length).toBeGreaterThan(300);
    for (const r of rows) {
      const d = r.direction === 'higher' ? 1 : -1;
      const reached = d * (r.latest_value! - r.target!) >= 0;
      const expected = reached ? 1 : (r.latest_value! - r.base_value!) / (r.target! - r.base_value!);
      // To the rounding of the row's figures (nine significant digits, 5·10⁻⁹ of each), carried through the ratio.
      const [l, b, t] = [r.latest_value!, r.base_value!, r.target!].map(Math.abs);
      const tolerance = (1e-8 * (l! + b! + Math.abs(expected) * (t! + b!))) / Math.abs(r.target! - r.base_value!);
      expect(Math.abs(r.csi! - expected), `${r.indicator} ${r.area}`).toBeLessThan(
        tolerance + 1e-8 * Math.abs(expected),
      );
    }
  });
});
