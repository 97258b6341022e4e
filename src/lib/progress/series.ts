import { BASE_YEAR, FIT_FROM_YEAR, MIN_POINTS } from './method.ts';

/**
 * A country's series as the assessment reads it: the figures the public site shows, one per year,
 * each with its source and note (the curated data's `series break`, `projection` … flags).
 */
export interface ProgressPoint {
  year: number;
  value: number;
  source: string | null;
  note?: string | null;
}

/** Who the figures come from: the country's own published figures, or the curated open data. */
export type Origin = 'country' | 'open_data';

/** The parts of a note (the curated data separate them with "; "). */
const noteParts = (note: string | null | undefined): string[] => (note ? note.split(/;\s*/) : []);

/** Whether a point starts a new series: the source's value jumps or drops (data/README.md). */
export const startsNewSeries = (point: ProgressPoint): boolean =>
  noteParts(point.note).some((part) => part.startsWith('series break'));

const isProjection = (point: ProgressPoint): boolean => noteParts(point.note).includes('projection');

/** A real figure of the assessed period: a number, from 2000, not a projection. */
const isCounted = (p: ProgressPoint): boolean =>
  Number.isFinite(p.value) && p.year >= FIT_FROM_YEAR && !isProjection(p);

/** Points that count (for the coverage rule and the choice of series). */
export const countedPoints = (points: readonly ProgressPoint[]): number => points.filter(isCounted).length;

/**
 * [S] The one series a score reads, never joined across a change of source: the country's own
 * published figures when it has at least MIN_POINTS of them, else the open data (the site shows a
 * country's figure where it has one; a single figure of its own cannot carry a trend, so the open
 * data's series is scored then, and the page names which one it used). `origin` is null when
 * neither has a figure.
 */
export function pickSeries(
  country: readonly ProgressPoint[],
  openData: readonly ProgressPoint[],
): { origin: Origin | null; points: readonly ProgressPoint[] } {
  if (countedPoints(country) >= MIN_POINTS || (country.length > 0 && openData.length === 0))
    return { origin: 'country', points: country };
  if (openData.length > 0) return { origin: 'open_data', points: openData };
  return { origin: null, points: [] };
}

/** The part of a series a score uses, and what was left out. */
export interface UsedSeries {
  /** From FIT_FROM_YEAR, no projection, after the last series break; in year order. */
  points: ProgressPoint[];
  /** The year of the last series break, when the series has one. */
  breakYear: number | null;
  /** Points of the series before that break (never fitted with the points after it). */
  beforeBreak: number;
}

/**
 * The points a score uses: in year order, from 2000, projections left out, and only the segment
 * after the last `series break` (the break's own point starts the new segment). Throws on two
 * figures for one year: the caller picks one figure per year, so two is a mistake upstream.
 */
export function usedSeries(points: readonly ProgressPoint[]): UsedSeries {
  const kept = points.filter(isCounted).sort((x, y) => x.year - y.year);
  kept.forEach((p, i) => {
    if (i > 0 && kept[i - 1]!.year === p.year) throw new RangeError(`two figures for ${p.year}`);
  });
  const start = kept.findLastIndex(startsNewSeries);
  if (start < 0) return { points: kept, breakYear: null, beforeBreak: 0 };
  return { points: kept.slice(start), breakYear: kept[start]!.year, beforeBreak: start };
}

/** The last point of a series in year order. */
export const latestOf = (points: readonly ProgressPoint[]): ProgressPoint | null => points.at(-1) ?? null;

/** The point of `year` in a series, if it has one. */
export const pointOf = (points: readonly ProgressPoint[], year: number = BASE_YEAR): ProgressPoint | null =>
  points.find((p) => p.year === year) ?? null;

/** Open SDG's base: the base year's point, else the first later one (none when the series ends before it). */
export const firstFrom = (points: readonly ProgressPoint[], year: number = BASE_YEAR): ProgressPoint | null =>
  points.find((p) => p.year >= year) ?? null;
