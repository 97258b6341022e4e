import { DEFAULT_INDICATOR_METHODS, type Direction, type IndicatorMethod, type TargetSetting } from './method.ts';
import { assessIndicator, type IndicatorAssessment, type SeriesByCountry } from './indicator.ts';
import { pickSeries, type Origin, type ProgressPoint } from './series.ts';
import { progressRows, type ProgressRow } from './rows.ts';
import type { AreaAssessment } from './assess.ts';

/**
 * The progress assessment of the public urbanisation profile (issue 35): from the published
 * themes exactly as the site build and the public API read them, so the dashboard, the download
 * and `GET /api/profile/public/progress` can never disagree. Pure: the caller brings the themes.
 */

/** A published figure as the public profile gives it (drafts and withdrawn figures are never in it). */
export interface ProfileValueInput {
  country_code: string;
  year: number;
  value: number;
  source: string | null;
  note: string | null;
  origin: Origin;
}

/** What administrators set per indicator (absent or null: the brief's default for the code). */
export interface ProgressSetting {
  direction: Direction;
  target: TargetSetting;
}

export interface ProfileIndicatorInput {
  code: string;
  values: readonly ProfileValueInput[];
  progress?: ProgressSetting | null;
}

export interface ProfileCategoryInput {
  slug: string;
  indicators: readonly ProfileIndicatorInput[];
}

/** One indicator of a theme with its assessment (null: no direction is set, so it is never scored). */
export interface ProfileIndicatorAssessment {
  theme: string;
  code: string;
  assessment: IndicatorAssessment | null;
}

export interface ProfileAssessment {
  indicators: ProfileIndicatorAssessment[];
  /** The rows of progress.csv and of the API: the scored indicators in theme order. */
  rows: ProgressRow[];
}

/** The method of an indicator: what administrators set, else the default for its code, else none. */
export function methodOf(indicator: ProfileIndicatorInput): IndicatorMethod | null {
  const fallback = DEFAULT_INDICATOR_METHODS[indicator.code];
  const set = indicator.progress;
  if (!set) return fallback ?? null;
  // The natural range is the method's, not the form's: keep the default's for a known code.
  return { direction: set.direction, target: set.target, ...(fallback?.range ? { range: fallback.range } : {}) };
}

const pointOf = (v: ProfileValueInput): ProgressPoint => ({
  year: v.year,
  value: v.value,
  source: v.source,
  note: v.note,
});

/** Each country's one series: its own published figures when it has two, else the open data (pickSeries). */
export function seriesOf(values: readonly ProfileValueInput[]): SeriesByCountry {
  const byCountry = new Map<string, { own: ProgressPoint[]; open: ProgressPoint[] }>();
  for (const v of values) {
    const entry = byCountry.get(v.country_code) ?? { own: [], open: [] };
    (v.origin === 'country' ? entry.own : entry.open).push(pointOf(v));
    byCountry.set(v.country_code, entry);
  }
  return Object.fromEntries([...byCountry].map(([code, { own, open }]) => [code, pickSeries(own, open).points]));
}

/** The assessment of every indicator of the published themes, in the themes' order. */
export function assessProfile(categories: readonly ProfileCategoryInput[]): ProfileAssessment {
  const indicators = categories.flatMap((category) =>
    category.indicators.map((indicator): ProfileIndicatorAssessment => {
      const method = methodOf(indicator);
      return {
        theme: category.slug,
        code: indicator.code,
        assessment: method ? assessIndicator(indicator.code, method, seriesOf(indicator.values)) : null,
      };
    }),
  );
  const scored = indicators.flatMap((i) => (i.assessment ? [i.assessment] : []));
  return { indicators, rows: progressRows(scored) };
}

/**
 * An area's Current Status Index as a number (1 once reached), null when it has none (achieved at
 * base, or no score).
 */
export const csiOf = (a: AreaAssessment): number | null =>
  a.csi && a.csi.kind !== 'achieved_at_base' ? a.csi.value : null;

/**
 * A theme's Current Status Index for an area (ESCAP shows it per Goal): the simple mean of the
 * index of its indicators that have one, with their count.
 */
export function themeCsi(
  assessments: readonly IndicatorAssessment[],
  area: (a: IndicatorAssessment) => AreaAssessment,
): { value: number; indicators: number } | null {
  const values = assessments.map((a) => csiOf(area(a))).filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  return { value: values.reduce((s, v) => s + v, 0) / values.length, indicators: values.length };
}
