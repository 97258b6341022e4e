import { describe, expect, test } from 'vitest';
import { assessIndicator } from './indicator.ts';
import { meanDrawn, meanSeries, onTrackCount, trendAt, trendLine, withinRange } from './chart.ts';
import { DEFAULT_INDICATOR_METHODS, REGION_MEMBERS } from './method.ts';
import { predict } from './regression.ts';
import type { ProgressPoint } from './series.ts';

const pts = (...pairs: [number, number, string?][]): ProgressPoint[] =>
  pairs.map(([year, value, note]) => ({ year, value, source: 'test', note: note ?? null }));

/** Electricity for 40 of the 58 countries (the coverage rule passes): two shapes of series, one with a break. */
function region() {
  const series: Record<string, ProgressPoint[]> = {};
  REGION_MEMBERS.slice(0, 40).forEach((code, i) => {
    series[code] =
      i % 2 === 0 ? pts([2015, 80], [2016, 82], [2017, 84], [2018, 86]) : pts([2016, 60], [2018, 64], [2020, 68]);
  });
  // A series break in 2019: only 2019 and 2020 count for this country.
  series[REGION_MEMBERS[0]!] = pts([2015, 10], [2017, 12], [2019, 50, 'series break'], [2020, 52]);
  return assessIndicator('ELECTRICITY_URBAN_PCT', DEFAULT_INDICATOR_METHODS['ELECTRICITY_URBAN_PCT']!, series);
}

describe('the series an area’s chart draws', () => {
  test('each year: the simple average of the figures its assessed countries used, with their number', () => {
    const a = region();
    const series = meanSeries(a.countries, a.region.countries);
    expect(series.map((p) => p.year)).toEqual([2015, 2016, 2017, 2018, 2019, 2020]);
    // 2015: the 19 even countries but the first, whose figures before its break are not used.
    expect(series[0]).toEqual({ year: 2015, value: 80, countries: 19 });
    // 2016: 19 × 82 and 20 × 60.
    expect(series[1]!.countries).toBe(39);
    expect(series[1]!.value).toBeCloseTo((19 * 82 + 20 * 60) / 39, 9);
    expect(series.find((p) => p.year === 2019)).toEqual({ year: 2019, value: 50, countries: 1 });
    expect(series.find((p) => p.year === 2020)!.value).toBeCloseTo((20 * 68 + 52) / 21, 9);
  });

  test('only the countries named: a subregion averages its own', () => {
    const a = region();
    const one = REGION_MEMBERS[1]!;
    expect(meanSeries(a.countries, [one])).toEqual([
      { year: 2016, value: 60, countries: 1 },
      { year: 2018, value: 64, countries: 1 },
      { year: 2020, value: 68, countries: 1 },
    ]);
    expect(meanSeries(a.countries, [])).toEqual([]);
  });

  test('a year is drawn when at least half of the countries averaged have a figure in it', () => {
    expect(meanDrawn({ year: 2019, value: 50, countries: 1 }, 40)).toBe(false);
    expect(meanDrawn({ year: 2016, value: 71, countries: 20 }, 40)).toBe(true);
    expect(meanDrawn({ year: 2016, value: 71, countries: 19 }, 40)).toBe(false);
    expect(meanDrawn({ year: 2016, value: 71, countries: 1 }, 1)).toBe(true);
  });
});

describe('the trend line a chart draws', () => {
  test('the region’s line runs from its first year to 2030 and ends at its Î_2030', () => {
    const a = region();
    const [from, to] = trendLine(a.region.fit!, 2015);
    expect(from).toEqual({ year: 2015, value: a.region.fit!.a });
    expect(to.year).toBe(2030);
    expect(to.value).toBeCloseTo(a.region.predicted2030!, 9);
  });

  test('the brief’s example A: 80, 82, 84, 86 gives 110 in 2030; the table’s trend at each year', () => {
    const fit = { a: 80, b: 2 };
    expect(trendLine(fit, 2015)).toEqual([
      { year: 2015, value: 80 },
      { year: 2030, value: 110 },
    ]);
    expect(trendAt(fit, [2016, 2018])).toEqual([
      { year: 2016, value: 82 },
      { year: 2018, value: 86 },
    ]);
    expect(predict(fit, 2030)).toBe(110);
  });

  test('a series that starts after 2030 (none today) still ends at 2030, never runs backwards', () => {
    expect(trendLine({ a: 0, b: 1 }, 2031)[0].year).toBe(2030);
  });
});

describe('a value as a page shows it', () => {
  test('a trend beyond the natural range is shown at its edge; without a range, as computed', () => {
    expect(withinRange(101.53, { min: 0, max: 100 })).toBe(100);
    expect(withinRange(-4, { min: 0, max: Infinity })).toBe(0);
    expect(withinRange(55, { min: 0, max: 100 })).toBe(55);
    expect(withinRange(-4, undefined)).toBe(-4);
  });
});

describe('a theme’s line on a country page', () => {
  test('counts the indicators on track among those with a class', () => {
    expect(onTrackCount(['on_track', 'acceleration', 'on_track', 'not_assessed', 'regressing'])).toEqual({
      onTrack: 2,
      assessed: 4,
    });
    expect(onTrackCount(['not_assessed'])).toEqual({ onTrack: 0, assessed: 0 });
  });
});
