import { MIN_POINTS, type Direction } from './method.ts';
import { fitSeries, predict, type LinearFit } from './regression.ts';
import {
  anticipatedProgress,
  currentStatusIndex,
  escapBase,
  type AnticipatedProgress,
  type CurrentStatus,
  type EscapBase,
  type ProgressClass,
} from './escap.ts';
import { openSdgProgress, type OpenSdgResult } from './open-sdg.ts';
import { latestOf, usedSeries, type ProgressPoint, type UsedSeries } from './series.ts';

/** Why a country, subregion or the region has no class for an indicator (a page says it in words). */
export type NotAssessedReason =
  /** The indicator has no desirable direction: never scored. */
  | 'no_direction'
  /** Too few countries have two points (the coverage rule): the indicator, or this subregion, is not scored. */
  | 'coverage'
  /** No target is set (or no champion area could be computed): the trend only. */
  | 'no_target'
  /** Fewer than two points. */
  | 'too_few_points'
  /** Two points or more, but fewer than two after the last series break. */
  | 'series_break';

/** The target a score was computed against, and how it was set. */
export interface ResolvedTarget {
  kind: 'fixed' | 'champion';
  value: number;
}

/** What every area (a country, a subregion, the region) has for an indicator: the fields of a download row. */
export interface AreaAssessment {
  /** ISO alpha-2, a subregion code (ENEA …) or 'region'. */
  area: string;
  indicator: string;
  direction: Direction | null;
  target: ResolvedTarget | null;
  /** The data points used (for an aggregate, all its countries' points). */
  points: number;
  base: EscapBase | null;
  /** An aggregate's latest year is null when its countries' latest years differ. */
  latest: { year: number | null; value: number } | null;
  fit: LinearFit | null;
  /** Î_2030 of the fitted line (also without a target: the trend alone). */
  predicted2030: number | null;
  csi: CurrentStatus | null;
  anticipated: AnticipatedProgress | null;
  class: ProgressClass;
  reason: NotAssessedReason | null;
  openSdg: Pick<OpenSdgResult, 'status' | 'score'>;
}

/** A country's assessment, with the series it read. */
export interface CountryAssessment extends AreaAssessment {
  series: UsedSeries;
  openSdg: OpenSdgResult;
}

/** What a country's assessment starts from. */
export interface CountryInput {
  area: string;
  indicator: string;
  points: readonly ProgressPoint[];
  direction: Direction | null;
  target: ResolvedTarget | null;
  /** Whether the indicator passed the coverage rule. */
  selected: boolean;
}

const NO_OPEN_SDG: OpenSdgResult = {
  status: 'not_available',
  score: null,
  base: null,
  current: null,
  target: null,
  cagrObserved: null,
  cagrRequired: null,
  progress: null,
};

/** Why the country has no class, in the order a reader needs it (the indicator's reasons first). */
function reasonFor(input: CountryInput, series: UsedSeries): NotAssessedReason | null {
  if (input.direction === null) return 'no_direction';
  if (!input.selected) return 'coverage';
  if (input.target === null) return 'no_target';
  if (series.points.length >= MIN_POINTS) return null;
  return series.points.length + series.beforeBreak >= MIN_POINTS ? 'series_break' : 'too_few_points';
}

/**
 * One country's assessment of one indicator (the brief §1–2): its series after the last break,
 * base, latest, the time-weighted fit and Î_2030, the Current Status Index, the Anticipated
 * Progress class and Open SDG's status and score. Nothing is scored for an indicator without a
 * direction or one the coverage rule left out; without a target, the trend and Open SDG's
 * growth-only status are given, no class.
 */
export function assessCountry(input: CountryInput): CountryAssessment {
  const { direction, target } = input;
  const series = usedSeries(input.points);
  const reason = reasonFor(input, series);
  const scored = direction !== null && input.selected;
  const fit = scored && series.points.length >= MIN_POINTS ? fitSeries(series.points) : null;
  const base = escapBase(series.points, fit);
  const last = latestOf(series.points);
  const common = {
    area: input.area,
    indicator: input.indicator,
    direction,
    target,
    series,
    points: series.points.length,
    base,
    latest: last && { year: last.year, value: last.value },
    fit,
    predicted2030: fit && predict(fit),
  };
  const openSdg = scored ? openSdgProgress(series.points, { direction, target: target?.value ?? null }) : NO_OPEN_SDG;
  if (reason || !fit || !base || !last || !target || !direction)
    return {
      ...common,
      openSdg,
      csi: null,
      anticipated: null,
      class: 'not_assessed',
      reason: reason ?? 'too_few_points',
    };
  const anticipated = anticipatedProgress(fit, base.value, target.value, direction);
  // Progress "since 2015" needs a figure from 2015 on: a series that ends before has a trend but no index.
  const csi = last.year >= base.year ? currentStatusIndex(base.value, last.value, target.value, direction) : null;
  return { ...common, openSdg, csi, anticipated, class: anticipated.class, reason: null };
}
