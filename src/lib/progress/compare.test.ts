import { describe, expect, test } from 'vitest';
import { compareData, parseWith, COMPARE_AGGREGATES } from './compare.ts';
import { PROGRESS_CLASSES } from './escap.ts';
import { METHOD_VERSION, REGION_MEMBERS, SUBREGION_MEMBERS } from './method.ts';
import { assessProfile, type ProfileValueInput } from './profile.ts';

/** Open data for the countries given: 2015 at `base`, +`slope` a year, at the years given. */
const line = (codes: readonly string[], base: number, slope: number, years: number[]): ProfileValueInput[] =>
  codes.flatMap((code) =>
    years.map((year) => ({
      country_code: code,
      year,
      value: base + slope * (year - 2015),
      source: 'WDI',
      note: null,
      origin: 'open_data' as const,
    })),
  );

// 40 of 58 countries with electricity figures (the coverage rule needs 30): the first 20 to 2021, the next 20 to 2022.
const first = REGION_MEMBERS.slice(0, 20);
const second = REGION_MEMBERS.slice(20, 40);
const profile = assessProfile([
  {
    slug: 'basic-services',
    indicators: [
      {
        code: 'ELECTRICITY_URBAN_PCT',
        values: [...line(first, 80, 2, [2015, 2018, 2021]), ...line(second, 80, 2, [2016, 2019, 2022])],
      },
      { code: 'URB_POP_PCT', values: line(REGION_MEMBERS, 40, 1, [2015, 2020]) },
    ],
  },
]);
const data = compareData(profile);
const onTrack = PROGRESS_CLASSES.indexOf('on_track');
const notAssessed = PROGRESS_CLASSES.indexOf('not_assessed');

describe('the comparison’s file', () => {
  test('the scored indicators only, every area with one cell per indicator, the method version', () => {
    expect(data.v).toBe(METHOD_VERSION);
    expect(data.i).toEqual(['ELECTRICITY_URBAN_PCT']);
    expect(Object.keys(data.a).sort()).toEqual([...REGION_MEMBERS, ...COMPARE_AGGREGATES].sort());
    for (const cells of Object.values(data.a)) expect(cells).toHaveLength(1);
  });

  test('a country: its latest value and year and its class, as in progress.csv', () => {
    const code = first[0]!;
    const row = profile.rows.find((r) => r.area === code && r.indicator === 'ELECTRICITY_URBAN_PCT')!;
    expect(data.a[code]).toEqual([[92, 2021, onTrack]]);
    expect([row.latest_value, row.latest_year, row.class]).toEqual([92, 2021, 'on_track']);
  });

  test('a country without figures is missing (null), never zero, and cannot be assessed', () => {
    const code = REGION_MEMBERS[57]!;
    expect(data.a[code]).toEqual([[null, null, notAssessed]]);
  });

  test('an aggregate: the mean, its years as a span when its countries end apart, and how many countries', () => {
    const [region] = data.a['region']!;
    expect(region![1]).toBe('2021–2022');
    expect(region![3]).toBe(40);
    expect(region![0]).toBeCloseTo(93, 6);
    const enea = SUBREGION_MEMBERS.ENEA.filter((c) => first.includes(c));
    expect(data.a['ENEA']![0]).toEqual([92, 2021, onTrack, enea.length]);
  });
});

describe('the address’s choice (?with=…)', () => {
  const known = new Set(Object.keys(data.a));
  test('commas or repeated names, any case; unknown codes and the page’s own country left out', () => {
    expect(parseWith(['th,vn', 'XX'], known, 'PH')).toEqual(['TH', 'VN']);
    expect(parseWith(['PH', 'TH', 'TH'], known, 'PH')).toEqual(['TH']);
    expect(parseWith(['sea'], known, 'PH')).toEqual(['SEA']);
    expect(parseWith(['Region'], known, 'PH')).toEqual(['region']);
  });

  test('four countries at most, and one subregion or the region', () => {
    expect(parseWith(['TH,VN,ID,MY,SG'], known, 'PH')).toEqual(['TH', 'VN', 'ID', 'MY']);
    expect(parseWith(['SEA,ENEA,TH'], known, 'PH')).toEqual(['SEA', 'TH']);
  });
});
