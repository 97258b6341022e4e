import { BASE_YEAR, OPEN_SDG, TARGET_YEAR, sign, type Direction } from './method.ts';
import { firstFrom, latestOf, type ProgressPoint } from './series.ts';

/**
 * Open SDG's progress measure (sdg-build `sdg/ProgressMeasure.py`, Statistics Canada's method) for
 * one series, as its source computes it: compound annual growth from the base year (or the first
 * later year) to the latest, against the growth the target needs by 2030. A second reference beside
 * ESCAP's class: a page says which method gave a status and never mixes the two.
 */

export const OPEN_SDG_STATUSES = [
  'target_achieved',
  'substantial_progress',
  'moderate_progress',
  'limited_progress',
  'deterioration',
  'not_available',
] as const;
export type OpenSdgStatus = (typeof OPEN_SDG_STATUSES)[number];

export interface OpenSdgOptions {
  direction: Direction;
  /** Null: no target, the observed growth alone is judged (Open SDG's method 1). */
  target: number | null;
  /** Without a target, a level the growth thresholds shrink towards. */
  limit?: number | null;
}

export interface OpenSdgResult {
  status: OpenSdgStatus;
  /** From −5 to 5; null when no progress value could be computed (and the target is not met). */
  score: number | null;
  base: { year: number; value: number } | null;
  current: { year: number; value: number } | null;
  /** The target as computed with (0 becomes 0.001). */
  target: number | null;
  cagrObserved: number | null;
  cagrRequired: number | null;
  /** R = s·d·CAGR_o/|CAGR_r| with a target, v = s·d·CAGR_o without one. */
  progress: number | null;
}

type Thresholds = { high: number; med: number; low: number; coefficient: number };

const cagr = (to: number, from: number, years: number): number => (to / from) ** (1 / years) - 1;
const finiteOrNull = (x: number): number | null => (Number.isNaN(x) ? null : x);

/** Open SDG's thresholds without a target, lowered near a limit (coefficient C of the brief §2). */
function growthThresholds(base: number, limit: number | null): Thresholds {
  const { high, med, low } = OPEN_SDG.growthThresholds;
  if (limit === null) return { high, med, low, coefficient: 1 };
  const [b, lim, e] = [Math.abs(base), Math.abs(limit), OPEN_SDG.limitExponent];
  const c = b >= 2 * lim ? 1 : b <= lim ? 1 - (b / lim) ** e : 1 - ((2 * lim - b) / lim) ** e;
  return { high: high * c, med: med * c, low: low * c, coefficient: c };
}

function thresholdsFor(base: number, options: OpenSdgOptions): Thresholds {
  if (options.target !== null) return { ...OPEN_SDG.targetThresholds, coefficient: 1 };
  return growthThresholds(base, options.limit ?? null);
}

/** The series' status from its progress value (ProgressMeasure's get_progress_status). */
function statusOf(progress: number | null, t: Thresholds): OpenSdgStatus {
  if (progress === null) return 'not_available';
  if (progress >= t.high) return 'substantial_progress';
  if (progress >= t.med) return 'moderate_progress';
  if (progress >= t.low) return 'limited_progress';
  return 'deterioration';
}

const line = (f: { slope: number; intercept: number }, x: number) => f.slope * x + f.intercept;
const clampScore = (x: number) => Math.min(OPEN_SDG.maxScore, Math.max(OPEN_SDG.minScore, x));

/** The score without a target: each band's line, v normalised by the limit's coefficient. */
function growthScore(v: number, t: Thresholds): number {
  const f = OPEN_SDG.growthScore;
  if (v < t.low) return Math.max(line(f.below, v), OPEN_SDG.minScore);
  if (t.coefficient === 0) return OPEN_SDG.maxScore;
  const x = v / t.coefficient;
  if (v >= t.high) return Math.min(line(f.high, x), OPEN_SDG.maxScore);
  return v >= t.med ? line(f.med, x) : line(f.low, x);
}

function scoreOf(progress: number, hasTarget: boolean, t: Thresholds): number {
  if (!hasTarget) return growthScore(progress, t);
  const f = OPEN_SDG.targetScore;
  return clampScore(progress >= t.med ? line(f.upper, progress) : line(f.lower, progress));
}

/** CAGR_o, CAGR_r and the progress value; null where Open SDG gives no result. */
function growth(base: ProgressPoint, current: ProgressPoint, target: number | null, d: 1 | -1) {
  const s = base.value < 0 ? -1 : 1;
  const y0 = base.value === 0 ? OPEN_SDG.zeroSubstitute : base.value;
  const none = { cagrObserved: null, cagrRequired: null, progress: null };
  if ((y0 > 0 && current.value < 0) || (y0 < 0 && current.value > 0)) return none;
  if (current.year - base.year < 1) return none;
  const cagrObserved = cagr(current.value, y0, current.year - base.year);
  if (target === null) return { cagrObserved, cagrRequired: null, progress: finiteOrNull(s * d * cagrObserved) };
  const cagrRequired = cagr(target, y0, TARGET_YEAR - base.year);
  return { cagrObserved, cagrRequired, progress: finiteOrNull((s * d * cagrObserved) / Math.abs(cagrRequired)) };
}

/** Open SDG's status and score of a series (its points in year order, as usedSeries gives them). */
export function openSdgProgress(points: readonly ProgressPoint[], options: OpenSdgOptions): OpenSdgResult {
  const target = options.target === 0 ? OPEN_SDG.zeroSubstitute : options.target;
  const [base, current] = [firstFrom(points, BASE_YEAR), latestOf(points)];
  const empty = { base: null, current: null, target, cagrObserved: null, cagrRequired: null, progress: null };
  if (!base || !current) return { ...empty, status: 'not_available', score: null };
  const d = sign(options.direction);
  const achieved = target !== null && d * (current.value - target) >= 0;
  const g = growth(base, current, target, d);
  const t = thresholdsFor(base.value, options);
  const score = achieved ? OPEN_SDG.maxScore : g.progress === null ? null : scoreOf(g.progress, target !== null, t);
  return {
    status: achieved ? 'target_achieved' : statusOf(g.progress, t),
    score,
    base: { year: base.year, value: base.value },
    current: { year: current.year, value: current.value },
    target,
    ...g,
  };
}

/** An indicator's (or an area's) status from its mean score; target_achieved only when every series met it. */
export function openSdgStatusFromScore(score: number | null, allAchieved: boolean): OpenSdgStatus {
  const bands = OPEN_SDG.scoreBands;
  if (allAchieved) return 'target_achieved';
  if (score === null) return 'not_available';
  if (score >= bands.substantial) return 'substantial_progress';
  if (score >= bands.moderate) return 'moderate_progress';
  return score >= bands.limited ? 'limited_progress' : 'deterioration';
}

/** The mean score of several series (or countries) and its status, as Open SDG combines an indicator's series. */
export function openSdgMean(results: readonly Pick<OpenSdgResult, 'score' | 'status'>[]): {
  score: number | null;
  status: OpenSdgStatus;
} {
  const scored = results.filter((r) => r.score !== null);
  if (scored.length === 0) return { score: null, status: 'not_available' };
  const score = scored.reduce((s, r) => s + r.score!, 0) / scored.length;
  return {
    score,
    status: openSdgStatusFromScore(
      score,
      scored.every((r) => r.status === 'target_achieved'),
    ),
  };
}
