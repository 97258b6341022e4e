import { BASE_YEAR, TARGET_YEAR, TIME_WEIGHT } from './method.ts';
import type { ProgressPoint } from './series.ts';

/** A fitted line `y = a + b·x` with x = year − 2015: `a` is the fitted 2015 value, `b` the change a year. */
export interface LinearFit {
  a: number;
  b: number;
}

/**
 * Weighted least squares (the brief §1): x̄ = Σwx/Σw, ȳ = Σwy/Σw, b = Σw(x−x̄)(y−ȳ) / Σw(x−x̄)²,
 * a = ȳ − b·x̄. Null when the points do not span two values of x (no line through them).
 */
export function weightedFit(points: readonly { x: number; y: number; w: number }[]): LinearFit | null {
  const total = points.reduce((s, p) => s + p.w, 0);
  if (!(total > 0)) return null;
  const xBar = points.reduce((s, p) => s + p.w * p.x, 0) / total;
  const yBar = points.reduce((s, p) => s + p.w * p.y, 0) / total;
  const sxx = points.reduce((s, p) => s + p.w * (p.x - xBar) ** 2, 0);
  if (!(sxx > 0)) return null;
  const b = points.reduce((s, p) => s + p.w * (p.x - xBar) * (p.y - yBar), 0) / sxx;
  return { a: yBar - b * xBar, b };
}

/** The time-weighted fit of a series (x = year − 2015, each year weighted by `weight`). */
export function fitSeries(
  points: readonly ProgressPoint[],
  weight: (year: number) => number = TIME_WEIGHT.of,
): LinearFit | null {
  return weightedFit(points.map((p) => ({ x: p.year - BASE_YEAR, y: p.value, w: weight(p.year) })));
}

/** The line's value in `year` (Î_2030 by default). */
export const predict = (fit: LinearFit, year: number = TARGET_YEAR): number => fit.a + fit.b * (year - BASE_YEAR);
