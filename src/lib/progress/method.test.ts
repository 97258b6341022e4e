import { describe, expect, test } from 'vitest';
import { DEFAULT_INDICATOR_METHODS, METHOD_VERSION, REGION_MEMBERS, SUBREGION_MEMBERS, TIME_WEIGHT } from './method.ts';
import { REGION_COUNTRIES } from '../db/countries-data.ts';
import { OPEN_DATA_SERIES } from '../urbanisation-profile/open-data-series.ts';

describe('the ESCAP subregions', () => {
  test('exactly the brief’s members', () => {
    const sorted = (codes: readonly string[]) => [...codes].sort();
    expect(sorted(SUBREGION_MEMBERS.ENEA)).toEqual(sorted('CN KP HK JP MO MN KR'.split(' ')));
    expect(sorted(SUBREGION_MEMBERS.NCA)).toEqual(sorted('AM AZ GE KZ KG RU TJ TM UZ'.split(' ')));
    expect(sorted(SUBREGION_MEMBERS.PACIFIC)).toEqual(
      sorted('AS AU CK FJ PF GU KI MH FM NR NC NZ NU MP PW PG WS SB TO TV VU'.split(' ')),
    );
    expect(sorted(SUBREGION_MEMBERS.SEA)).toEqual(sorted('BN KH ID LA MY MM PH SG TH TL VN'.split(' ')));
    expect(sorted(SUBREGION_MEMBERS.SSWA)).toEqual(sorted('AF BD BT IN IR MV NP PK LK TR'.split(' ')));
  });

  test('7 + 9 + 21 + 11 + 10 = 58 distinct codes: the region’s countries, each in one subregion', () => {
    const sizes = Object.values(SUBREGION_MEMBERS).map((m) => m.length);
    expect(sizes).toEqual([7, 9, 21, 11, 10]);
    expect(new Set(REGION_MEMBERS).size).toBe(58);
    expect([...REGION_MEMBERS].sort()).toEqual(REGION_COUNTRIES.map((c) => c.code).sort());
  });
});

describe('the method’s constants', () => {
  test('a version of the form year.n', () => {
    expect(METHOD_VERSION).toMatch(/^20\d\d\.\d+$/);
  });

  test('the time weight: positive from 2000, recent years weigh more', () => {
    expect(TIME_WEIGHT.name).toBe('linear-since-2000');
    expect(TIME_WEIGHT.of(2000)).toBe(1);
    expect(TIME_WEIGHT.of(2015)).toBe(16);
    expect(TIME_WEIGHT.of(2024)).toBeGreaterThan(TIME_WEIGHT.of(2023));
  });

  test('defaults for the brief’s scorable series, keyed by the indicator code each series fills', () => {
    const byCode = (series: string) => DEFAULT_INDICATOR_METHODS[OPEN_DATA_SERIES[series]!.indicator];
    const fixed = (direction: string, value: number) => ({ direction, target: { kind: 'fixed', value } });
    const champion = { direction: 'lower', target: { kind: 'champion' } };
    for (const s of ['electricity-access-urban-pct', 'clean-cooking-urban-pct', 'basic-water-urban-pct'])
      expect(byCode(s)).toMatchObject(fixed('higher', 100));
    expect(byCode('basic-sanitation-urban-pct')).toMatchObject(fixed('higher', 100));
    expect(byCode('slum-population-pct-wdi')).toMatchObject(fixed('lower', 0));
    for (const s of ['pm25-national-wdi', 'unemployment-rate-15plus', 'disaster-deaths-missing-per-100k'])
      expect(byCode(s)).toMatchObject(champion);
    expect(byCode('disaster-affected-per-100k')).toMatchObject(champion);
    expect(byCode('disaster-economic-loss-usd')).toMatchObject(champion);
  });

  test('never scored: series without a desirable direction, and city-level medians', () => {
    const never = [
      'urban-population',
      'urban-population-pct',
      'urban-population-growth',
      'largest-city-population',
      'population-in-agglomerations-over-1m-pct',
      'gdp-per-capita-growth',
      'gdp-per-employed-growth',
      'employment-to-population-15plus',
      'co2-territorial',
      'public-transport-access-pct',
      'municipal-waste-collection-city-pct',
    ];
    for (const s of never) expect(DEFAULT_INDICATOR_METHODS[OPEN_DATA_SERIES[s]!.indicator], s).toBeUndefined();
    const codes = new Set(Object.values(OPEN_DATA_SERIES).map((s) => s.indicator));
    for (const code of Object.keys(DEFAULT_INDICATOR_METHODS)) expect(codes.has(code), code).toBe(true);
  });
});
