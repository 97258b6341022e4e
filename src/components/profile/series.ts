/**
 * The profile's time series as the charts draw them (issue 32): the region's median by year on a
 * theme page, and a country's own values on its page. Pure, so that the rules are tested.
 */
import { median } from '../charts/bars.ts';
import { withGaps, type SeriesPoint } from '../charts/line.ts';

interface YearValue {
  year: number;
  value: number;
}

/** A year the regional line leaves out: too few countries to compare with the others. */
export interface ThinYear {
  year: number;
  count: number;
}

/**
 * How many countries a year needs for its median to be drawn beside the others: a third of the
 * best-covered year's, and at least three (fewer when no year has three). A median of two
 * countries among years of forty is another series, not a point of this one.
 */
export function countriesNeeded(counts: readonly number[]): number {
  const most = Math.max(0, ...counts);
  return Math.max(Math.min(3, most), Math.ceil(most / 3));
}

/**
 * The regional median and range of each year; a year with too few countries is a gap (value
 * null, named in `thin`), never a dip of the line.
 */
export function regionalSeries(values: readonly YearValue[]): { points: SeriesPoint[]; thin: ThinYear[] } {
  const byYear = new Map<number, number[]>();
  for (const v of values) {
    const list = byYear.get(v.year);
    if (list) list.push(v.value);
    else byYear.set(v.year, [v.value]);
  }
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const needed = countriesNeeded([...byYear.values()].map((list) => list.length));
  const thin: ThinYear[] = [];
  const points = years.map((year): SeriesPoint => {
    const list = byYear.get(year)!;
    if (list.length < needed) {
      thin.push({ year, count: list.length });
      return { year, value: null };
    }
    return { year, value: median(list), low: Math.min(...list), high: Math.max(...list) };
  });
  return { points, thin };
}

/** Whether a series has at least two years to draw: a trend, not a single figure. */
export function hasTrend(points: readonly SeriesPoint[]): boolean {
  return points.filter((p) => p.value !== null).length > 1;
}

/** One country's values of an indicator by year, with a gap where a year is missing from its rhythm. */
export function countrySeries(values: readonly (YearValue & { country_code: string })[], code: string): SeriesPoint[] {
  return withGaps(values.filter((v) => v.country_code === code).map((v) => ({ year: v.year, value: v.value })));
}
