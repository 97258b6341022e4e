/**
 * The pure side of a report page's comparison chart (ComparisonChart.astro): one row per
 * percentage question, the country's value as a bar on 0–100 % and the regional median as a
 * marker. The chart is drawn in HTML and CSS, so each question's full text wraps like any
 * paragraph and stays readable on a phone.
 */
import { formatNumber, relationAsShown, withUnit } from './format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { t } from '../../i18n/t.ts';

export interface ComparisonDatum {
  key: string;
  label: string;
  value: number;
  median: number;
}

export interface ComparisonRow<T extends ComparisonDatum> {
  datum: T;
  /** The bar's length and the marker's position, in percent of the track (0–100). */
  barPct: number;
  medianPct: number;
  valueText: string;
  medianText: string;
  /** above / below / level with the regional median, as the two are written. */
  relation: 'above' | 'below' | 'level';
}

const clamp = (v: number) => Math.min(100, Math.max(0, v));

export function comparisonRows<T extends ComparisonDatum>(
  data: readonly T[],
  decimals: number | null = null,
  tag = 'en',
): ComparisonRow<T>[] {
  return data.map((datum) => ({
    datum,
    barPct: clamp(datum.value),
    medianPct: clamp(datum.median),
    valueText: withUnit(formatNumber(datum.value, decimals, tag), '%', tag),
    medianText: withUnit(formatNumber(datum.median, decimals, tag), '%', tag),
    relation: relationAsShown(datum.value, datum.median, decimals),
  }));
}

/** "6 percentages: Indonesia is above the regional median on 3 and below it on 2, level with it on 1." */
export function comparisonSummary(
  country: string,
  rows: readonly ComparisonRow<ComparisonDatum>[],
  locale: Locale = 'en',
): string {
  if (rows.length === 1)
    return t(locale, 'chart.compareOne', { country, value: rows[0]!.valueText, median: rows[0]!.medianText });
  const count = (r: ComparisonRow<ComparisonDatum>['relation']) => rows.filter((row) => row.relation === r).length;
  const params = { count: rows.length, country, above: count('above'), below: count('below'), level: count('level') };
  return t(locale, params.level > 0 ? 'chart.compareManyLevel' : 'chart.compareMany', params);
}
