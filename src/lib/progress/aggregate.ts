import { BASE_YEAR, type Direction } from './method.ts';
import { predict, type LinearFit } from './regression.ts';
import { anticipatedProgress, currentStatusIndex } from './escap.ts';
import { openSdgMean } from './open-sdg.ts';
import type { AreaAssessment, CountryAssessment, NotAssessedReason, ResolvedTarget } from './assess.ts';

/**
 * A subregion's or the region's assessment: simple averages over the countries assessed (ESCAP
 * averages countries, so a small country counts as much as a large one), with their count.
 *
 * [S] What is averaged: each country's base (I_2015, observed or fitted), latest value and fitted
 * line (its a and b, so the mean line's Î_2030 is the mean of the countries' Î_2030). The aggregate's
 * Current Status Index and class are then computed from those means exactly as a country's are, so
 * its download row obeys the same formula (csi = (latest − base)/(target − base)) and a chart can
 * draw the mean line to 2030. Averaging the countries' indices instead would give an index no row's
 * figures explain. Open SDG's status is its own rule for combining series: the mean of the scores.
 */
export interface AggregateAssessment extends AreaAssessment {
  /** The countries averaged (alpha-2), in code order. */
  countries: string[];
  /** The range of their latest years (the row's latest year is set only when they agree). */
  latestYears: { from: number; to: number } | null;
}

/** What every area of an indicator shares. */
export interface AggregateContext {
  indicator: string;
  direction: Direction | null;
  target: ResolvedTarget | null;
  /** Why the indicator as a whole is not scored (no direction, the coverage rule), if so. */
  indicatorReason: NotAssessedReason | null;
  /** Whether more than half the area's countries have two points (the coverage rule, per area). */
  covered: boolean;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** The countries an aggregate averages: those with a class, or (without a target) those with a trend. */
function averaged(countries: readonly CountryAssessment[], target: ResolvedTarget | null): CountryAssessment[] {
  return countries.filter((c) => (target ? c.class !== 'not_assessed' : c.fit !== null));
}

function aggregateReason(context: AggregateContext, used: readonly CountryAssessment[]): NotAssessedReason | null {
  if (context.indicatorReason) return context.indicatorReason;
  if (!context.covered) return 'coverage';
  if (context.target === null) return 'no_target';
  return used.length === 0 ? 'too_few_points' : null;
}

function notAssessed(area: string, context: AggregateContext, reason: NotAssessedReason): AggregateAssessment {
  const { indicator, direction, target } = context;
  return {
    ...{ area, indicator, direction, target, points: 0, base: null, latest: null, fit: null, predicted2030: null },
    ...{ csi: null, anticipated: null, class: 'not_assessed', reason, countries: [], latestYears: null },
    openSdg: { status: 'not_available', score: null },
  };
}

/** The mean base (marked fitted when any country's is), latest value and line of the countries averaged. */
function means(used: readonly CountryAssessment[]) {
  const years = used.map((c) => c.latest!.year!);
  const [from, to] = [Math.min(...years), Math.max(...years)];
  const fit: LinearFit = { a: mean(used.map((c) => c.fit!.a)), b: mean(used.map((c) => c.fit!.b)) };
  return {
    base: { year: BASE_YEAR, value: mean(used.map((c) => c.base!.value)), fitted: used.some((c) => c.base!.fitted) },
    latest: { year: from === to ? from : null, value: mean(used.map((c) => c.latest!.value)) },
    latestYears: { from, to },
    fit,
    predicted2030: predict(fit),
  };
}

/** The index and class of the mean figures, as a country's are computed. */
function scoresOf(m: ReturnType<typeof means>, target: ResolvedTarget, direction: Direction) {
  const anticipated = anticipatedProgress(m.fit, m.base.value, target.value, direction);
  const csi =
    m.latestYears.to >= BASE_YEAR ? currentStatusIndex(m.base.value, m.latest.value, target.value, direction) : null;
  return { csi, anticipated, class: anticipated.class, reason: null };
}

const unscored = (reason: NotAssessedReason | null) =>
  ({ csi: null, anticipated: null, class: 'not_assessed', reason }) as const;

/** The aggregate of `members` (alpha-2 codes) among an indicator's country assessments. */
export function aggregateArea(
  area: string,
  members: readonly string[],
  countries: readonly CountryAssessment[],
  context: AggregateContext,
): AggregateAssessment {
  const inArea = countries.filter((c) => members.includes(c.area));
  const used = averaged(inArea, context.target);
  const reason = aggregateReason(context, used);
  if (used.length === 0 || (reason !== null && reason !== 'no_target')) return notAssessed(area, context, reason!);
  const m = means(used);
  const codes = used.map((c) => c.area).sort();
  const shared = { area, indicator: context.indicator, direction: context.direction, target: context.target };
  const points = used.reduce((s, c) => s + c.points, 0);
  const openSdg = openSdgMean(used.map((c) => c.openSdg));
  const { target, direction } = context;
  const scores = target && direction ? scoresOf(m, target, direction) : unscored(reason);
  return { ...shared, ...m, points, countries: codes, ...scores, openSdg };
}
