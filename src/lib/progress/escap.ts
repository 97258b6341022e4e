import { BASE_YEAR, sign, type Direction } from './method.ts';
import { predict, type LinearFit } from './regression.ts';
import { pointOf, type ProgressPoint } from './series.ts';

/**
 * ESCAP's two measures for one series (the brief §1): the Current Status Index (progress made since
 * 2015 as a share of the progress needed by 2030) and the Anticipated Progress class (where the
 * time-weighted trend puts 2030 against the target).
 */

/** The Anticipated Progress classes, and "cannot be assessed". */
export const PROGRESS_CLASSES = ['on_track', 'acceleration', 'regressing', 'not_assessed'] as const;
export type ProgressClass = (typeof PROGRESS_CLASSES)[number];

/**
 * The Current Status Index: `ratio` is (I_cur − I_2015)/(TV − I_2015) as computed (a negative value
 * is a regression, kept raw; only a bar is clipped, see csiBar); `reached` is 1, the target met or
 * passed now; `achieved_at_base` has no ratio, the target was already met in 2015.
 */
export type CurrentStatus =
  { kind: 'ratio'; value: number } | { kind: 'reached'; value: 1 } | { kind: 'achieved_at_base' };

/** [S] The Current Status Index of a series from its base, its current value and its target. */
export function currentStatusIndex(base: number, current: number, target: number, direction: Direction): CurrentStatus {
  const d = sign(direction);
  if (d * (base - target) >= 0) return { kind: 'achieved_at_base' };
  if (d * (current - target) >= 0) return { kind: 'reached', value: 1 };
  return { kind: 'ratio', value: (current - base) / (target - base) };
}

/** The index as a bar shows it: within [−1, 1]. */
export const csiBar = (value: number): number => Math.min(1, Math.max(-1, value));

/** Where the trend puts 2030, and the class it gives. */
export interface AnticipatedProgress {
  /** Î_2030, raw (a page clips what it shows to the natural range, never what it computes with). */
  predicted2030: number;
  /**
   * [S] G = (TV − Î_2030)/(TV − I_2015): the gap left in 2030 as a share of the progress needed
   * (A = 1 − G); null when TV = I_2015.
   */
  gap: number | null;
  class: Exclude<ProgressClass, 'not_assessed'>;
}

/**
 * The Anticipated Progress class (UNECE's wording): on track when the trend reaches the target by
 * 2030, regressing when it runs against the desired direction, else needs acceleration.
 */
export function anticipatedProgress(
  fit: LinearFit,
  base: number,
  target: number,
  direction: Direction,
): AnticipatedProgress {
  const d = sign(direction);
  const predicted2030 = predict(fit);
  const gap = target === base ? null : (target - predicted2030) / (target - base);
  if (d * (predicted2030 - target) >= 0) return { predicted2030, gap, class: 'on_track' };
  return { predicted2030, gap, class: d * fit.b < 0 ? 'regressing' : 'acceleration' };
}

/** The year the fitted line meets the target (fractional; may lie in the past), null when it is flat. */
export const yearTargetMet = (fit: LinearFit, target: number): number | null =>
  fit.b === 0 ? null : BASE_YEAR + (target - fit.a) / fit.b;

/** ESCAP's I_2015: the 2015 figure, else the fitted line's 2015 value `a` (recorded as fitted). */
export interface EscapBase {
  year: number;
  value: number;
  fitted: boolean;
}

/** The base of a series: its 2015 point, else the fit's `a`; null without either. */
export function escapBase(points: readonly ProgressPoint[], fit: LinearFit | null): EscapBase | null {
  const observed = pointOf(points, BASE_YEAR);
  if (observed) return { year: BASE_YEAR, value: observed.value, fitted: false };
  return fit ? { year: BASE_YEAR, value: fit.a, fitted: true } : null;
}
