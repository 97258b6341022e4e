import { TARGET_YEAR } from './method.ts';
import { predict, type LinearFit } from './regression.ts';
import type { CountryAssessment } from './assess.ts';

/**
 * What a progress chart draws (issue 35): an area's series by year, its fitted line to 2030 and
 * its target. Pure: the theme, indicator and country pages read it at build time.
 */

/** One year of an area's series: the simple average of its countries' figures that year, and how many there are. */
export interface MeanPoint {
  year: number;
  value: number;
  countries: number;
}

/**
 * A subregion's or the region's series (the brief: a simple average of the countries assessed):
 * for each year, the mean of the figures the assessment used (`series.points`, after any break)
 * of the countries in `codes`, with their number. Years in order; a year no country has is absent.
 */
export function meanSeries(countries: readonly CountryAssessment[], codes: readonly string[]): MeanPoint[] {
  const wanted = new Set(codes);
  const byYear = new Map<number, number[]>();
  for (const country of countries) {
    if (!wanted.has(country.area)) continue;
    for (const p of country.series.points) byYear.set(p.year, [...(byYear.get(p.year) ?? []), p.value]);
  }
  return [...byYear]
    .sort(([a], [b]) => a - b)
    .map(([year, values]) => ({
      year,
      value: values.reduce((s, v) => s + v, 0) / values.length,
      countries: values.length,
    }));
}

/**
 * Whether a year's mean is drawn: at least half of the `total` countries averaged have a figure
 * that year. A year that only a few countries report is a different group of countries, so it is
 * listed in the table but never drawn as a dip or a jump of the line (the brief's caveat on a
 * changing set of reporting countries).
 */
export const meanDrawn = (point: MeanPoint, total: number): boolean => point.countries * 2 >= total;

/**
 * A value as a page shows it: within the indicator's natural range (a trend of 101.5 % is shown
 * as 100 %), the brief's rule; the assessment computes with the raw value.
 */
export const withinRange = (value: number, range: { min: number; max: number } | undefined): number =>
  range ? Math.min(range.max, Math.max(range.min, value)) : value;

/** A point of the fitted line. */
export interface TrendPoint {
  year: number;
  value: number;
}

/**
 * The fitted line a chart draws: from the first year of the series to 2030 (Î_2030 at its end),
 * raw (a chart clips what it shows to the natural range, the table gives the raw figure).
 */
export function trendLine(fit: LinearFit, fromYear: number): [TrendPoint, TrendPoint] {
  const from = Math.min(fromYear, TARGET_YEAR);
  return [
    { year: from, value: predict(fit, from) },
    { year: TARGET_YEAR, value: predict(fit) },
  ];
}

/** The line's value in each of `years` (the chart's table gives the trend beside each figure). */
export const trendAt = (fit: LinearFit, years: readonly number[]): TrendPoint[] =>
  years.map((year) => ({ year, value: predict(fit, year) }));

/** How many of an area's indicators are on track, of those that have a class (a theme's one-line summary). */
export function onTrackCount(classes: readonly string[]): { onTrack: number; assessed: number } {
  const assessed = classes.filter((c) => c !== 'not_assessed');
  return { onTrack: assessed.filter((c) => c === 'on_track').length, assessed: assessed.length };
}
