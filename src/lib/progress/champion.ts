import { CHAMPION, MIN_POINTS, sign, type Direction } from './method.ts';
import { fitSeries } from './regression.ts';
import { escapBase } from './escap.ts';
import { usedSeries, type ProgressPoint } from './series.ts';

/** A champion-area target and what it was made from, for the page that explains it. */
export interface ChampionTarget {
  value: number;
  /** The champions' mean compound annual rate. */
  rate: number;
  /** The region's 2015 value it starts from: the mean of the countries' bases (2015, else fitted). */
  regionalBase: number;
  /** The countries whose rates set it, best first. */
  champions: string[];
  /** How many countries had a rate to rank. */
  ranked: number;
}

/** A country's compound annual rate from the first to the last point of its series; null without one. */
function rateOf(points: readonly ProgressPoint[]): number | null {
  const [first, last] = [points[0], points.at(-1)];
  if (!first || !last || last.year <= first.year || !(first.value > 0) || !(last.value > 0)) return null;
  return (last.value / first.value) ** (1 / (last.year - first.year)) - 1;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * [S] The champion-area target of an indicator from every country's series (method.ts, CHAMPION).
 * Null when no country has a rate, or when the best rates still run against the desired direction
 * (a "target" worse than 2015 would not be one).
 */
export function championTarget(
  series: Readonly<Record<string, readonly ProgressPoint[]>>,
  direction: Direction,
  range: { min: number; max: number } = { min: -Infinity, max: Infinity },
): ChampionTarget | null {
  const d = sign(direction);
  const used = Object.entries(series)
    .map(([code, points]) => ({ code, points: usedSeries(points).points }))
    .filter((c) => c.points.length >= MIN_POINTS);
  const bases = used.flatMap((c) => escapBase(c.points, fitSeries(c.points))?.value ?? []);
  const rates = used
    .map((c) => ({ code: c.code, rate: rateOf(c.points) }))
    .filter((c): c is { code: string; rate: number } => c.rate !== null)
    .sort((x, y) => d * y.rate - d * x.rate || x.code.localeCompare(y.code));
  if (rates.length === 0 || bases.length === 0) return null;
  const top = rates.slice(0, Math.max(1, Math.ceil(CHAMPION.share * rates.length)));
  const rate = mean(top.map((c) => c.rate));
  if (d * rate <= 0) return null;
  const regionalBase = mean(bases);
  const value = Math.min(range.max, Math.max(range.min, regionalBase * (1 + rate) ** CHAMPION.years));
  return { value, rate, regionalBase, champions: top.map((c) => c.code), ranked: rates.length };
}
