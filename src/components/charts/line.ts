/** The pure side of LineChart.astro: a small time series (one value per year) as SVG geometry. */
import { extent } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import { CHART_WIDTH } from './bars.ts';
import { formatNumber, formatTick } from './format.ts';

export interface SeriesPoint {
  year: number;
  /** null: no value to draw for the year (a gap): the line and the band break there, never dip to zero. */
  value: number | null;
  /** The range around the value (e.g. the lowest and the highest country), drawn as a band. */
  low?: number;
  high?: number;
  /** Only a break in the line (a year missing from the series' rhythm), not a row of its table. */
  filler?: true;
}
/** A point that has a value to draw. */
export type DrawnPoint = SeriesPoint & { value: number };

const drawn = (p: SeriesPoint): p is DrawnPoint => p.value !== null && Number.isFinite(p.value);
const hasRange = (p: SeriesPoint): p is DrawnPoint & { low: number; high: number } =>
  drawn(p) && Number.isFinite(p.low) && Number.isFinite(p.high);

/**
 * The series with a gap (a point without value) wherever years are missing from its usual
 * rhythm: an annual series without 2005 breaks between 2004 and 2006, a series every two years
 * runs on. A missing year is never joined up as if it had been measured.
 */
export function withGaps(points: readonly SeriesPoint[]): SeriesPoint[] {
  const sorted = [...points].sort((a, b) => a.year - b.year);
  const steps = sorted.slice(1).map((p, i) => p.year - sorted[i]!.year);
  const counts = new Map<number, number>();
  for (const step of steps) counts.set(step, (counts.get(step) ?? 0) + 1);
  // The usual step: the most frequent, the shorter of two as frequent.
  const usual = [...counts].sort(([a, n], [b, m]) => m - n || a - b)[0]?.[0] ?? 1;
  return sorted.flatMap((p, i) =>
    i > 0 && p.year - sorted[i - 1]!.year > usual
      ? [{ year: sorted[i - 1]!.year + usual, value: null, filler: true as const }, p]
      : [p],
  );
}

/** Figures of another kind than the line's (a country's own beside the open data): marked apart, never joined to it. */
export interface SeriesMark {
  year: number;
  value: number;
}

interface LineOptions {
  width?: number;
  height?: number;
  domain?: [number, number];
  decimals?: number | null;
  lang?: string;
  marks?: readonly SeriesMark[];
}

export function layoutLine(points: readonly SeriesPoint[], options: LineOptions = {}) {
  const { width = CHART_WIDTH, height = 190, decimals = null, lang = 'en' } = options;
  // Room above the highest point for its value (13-unit text), and left of the axis for the ticks.
  const margin = { top: 26, right: 20, bottom: 28, left: 44 };
  // The years between the first and the last value span the axis; only those with a value are
  // drawn, so a gap stays a gap.
  const given = [...points].filter((p) => p.value === null || Number.isFinite(p.value)).sort((a, b) => a.year - b.year);
  const sorted = given.filter(drawn);
  const marks = [...(options.marks ?? [])].filter((m) => Number.isFinite(m.value)).sort((a, b) => a.year - b.year);
  const [firstYear = 0, lastYear = 0] = extent([...sorted, ...marks], (p) => p.year);
  const all = given.filter((p) => p.year >= firstYear && p.year <= lastYear);
  const x = scaleLinear()
    .domain(firstYear === lastYear ? [firstYear - 1, lastYear + 1] : [firstYear, lastYear])
    .range([margin.left, width - margin.right]);
  const values = [
    ...sorted.flatMap((p) => (hasRange(p) ? [p.value, p.low, p.high] : [p.value])),
    ...marks.map((m) => m.value),
  ];
  const y = scaleLinear()
    .domain(options.domain ?? [Math.min(0, ...values), Math.max(1, ...values)])
    .range([height - margin.bottom, margin.top]);
  if (!options.domain) y.nice(4);
  const at = (p: { year: number; value: number }) => ({
    cx: round(x(p.year)),
    cy: round(y(p.value)),
    text: formatNumber(p.value, decimals, lang),
  });
  const bounds: [number, number] = [margin.left - 2, width - 2];
  const yearsShown = [...new Set([...sorted, ...marks].map((p) => p.year))].sort((a, b) => a - b);
  return {
    width,
    height,
    ...linePaths(all, x, y),
    points: labelPoints(sorted, x, y, bounds, decimals, lang).map((p) => ({
      ...p,
      dot: sorted.length <= DOTS_MAX || p.labelled || isolated(all, p.year),
    })),
    /** The figures of the other kind, each a mark of its own. */
    marks: marks.map((m) => ({ ...m, ...at(m) })),
    /** The years given without a value (not the line's mere breaks), in the table as a dash. */
    gaps: given.filter((p) => !drawn(p) && !p.filler).map((p) => p.year),
    years: spacedYears(yearsShown.map((year) => ({ year, x: round(x(year)) }))).map((year) => ({
      ...year,
      ...anchored(year.x, String(year.year).length * 6.5, bounds, 0),
    })),
    yTicks: y.ticks(4).map((value) => ({ value, y: round(y(value)), text: formatTick(value, lang) })),
    baseline: height - margin.bottom,
    left: margin.left,
    right: width - margin.right,
  };
}

/** The line, broken at each point without a value, and the band of the points' ranges when at least two have one. */
function linePaths(all: readonly SeriesPoint[], x: (year: number) => number, y: (value: number) => number) {
  const path = line<SeriesPoint>()
    .defined(drawn)
    .x((p) => round(x(p.year)))
    .y((p) => round(y(p.value ?? 0)))(all);
  const band =
    all.filter(hasRange).length > 1
      ? area<SeriesPoint>()
          .defined(hasRange)
          .x((p) => round(x(p.year)))
          .y0((p) => round(y(p.low ?? 0)))
          .y1((p) => round(y(p.high ?? 0)))(all)
      : null;
  return { path: path ?? '', band: band ?? null };
}

/**
 * A series of up to this many years has a dot on each; a longer one only on those it labels and
 * on a year standing alone between gaps (the line is the series; its table has every value).
 */
const DOTS_MAX = 12;

/** Whether the point of `year` stands alone: no value the year before nor the year after it on the line. */
function isolated(all: readonly SeriesPoint[], year: number): boolean {
  const i = all.findIndex((p) => p.year === year);
  return !drawn(all[i - 1] ?? { year, value: null }) && !drawn(all[i + 1] ?? { year, value: null });
}

/**
 * Units a year label needs (four digits at 12 units, and a gap); more when the first or last is anchored at its end.
 */
const YEAR_ROOM = 40;

/** The years written under the axis: as many as fit without touching, the first and the last always. */
function spacedYears(years: { year: number; x: number }[]): { year: number; x: number }[] {
  const shown: { year: number; x: number }[] = [];
  for (const [i, year] of years.entries()) {
    const last = i === years.length - 1;
    while (last && shown.length > 1 && year.x - shown.at(-1)!.x < YEAR_ROOM) shown.pop();
    if (shown.length === 0 || year.x - shown.at(-1)!.x >= YEAR_ROOM || last) shown.push(year);
  }
  return shown;
}

/**
 * Each point with its value; the value is written only where it fits (every point when all do,
 * else the first and the last: the table has them all). A value that would run past an edge is
 * anchored to it (about 7.5 units a character, bold).
 */
function labelPoints(
  sorted: DrawnPoint[],
  x: (year: number) => number,
  y: (value: number) => number,
  bounds: [number, number],
  decimals: number | null,
  lang: string,
) {
  const texts = sorted.map((p) => formatNumber(p.value, decimals, lang));
  const widest = Math.max(0, ...texts.map((t) => t.length * 7.5));
  const gap = sorted.length > 1 ? (x(sorted.at(-1)!.year) - x(sorted[0]!.year)) / (sorted.length - 1) : Infinity;
  const all = gap >= widest + 6;
  return sorted.map((p, i) => {
    const cx = round(x(p.year));
    const text = texts[i]!;
    const { anchor, x: labelX } = anchored(cx, text.length * 7.5, bounds, 8);
    return {
      ...p,
      cx,
      cy: round(y(p.value)),
      text,
      anchor,
      labelX,
      labelled: all || i === 0 || i === sorted.length - 1,
    };
  });
}

/**
 * Where a label of about `length` units goes for a mark at `x`: centred on it, or, where that
 * would cross the axis's numbers on the left or the chart's right edge (`bounds`), starting or
 * ending there (up to `reach` units from the mark).
 */
function anchored(
  x: number,
  length: number,
  [low, high]: [number, number],
  reach: number,
): { anchor: 'start' | 'middle' | 'end'; x: number } {
  if (x - length / 2 < low) return { anchor: 'start', x: Math.max(low, x - reach) };
  if (x + length / 2 > high) return { anchor: 'end', x: Math.min(high, x + reach) };
  return { anchor: 'middle', x };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * The rows of a line's table: each year of the line or of its marks, in order; the line's value
 * (a dash where the year has none), its range when the line has a band, and the mark's value when
 * the chart has marks.
 */
export function lineRows(
  layout: ReturnType<typeof layoutLine>,
  decimals: number | null,
  lang = 'en',
): (string | null)[][] {
  const ranged = layout.band !== null;
  const marked = layout.marks.length > 0;
  const num = (v: number | undefined) => (v === undefined ? null : formatNumber(v, decimals, lang));
  const years = [
    ...new Set([...layout.points.map((p) => p.year), ...layout.gaps, ...layout.marks.map((m) => m.year)]),
  ].sort((a, b) => a - b);
  return years.map((year) => {
    const point = layout.points.find((p) => p.year === year);
    const mark = layout.marks.find((m) => m.year === year);
    return [
      String(year),
      point?.text ?? null,
      ...(ranged ? [num(point?.low), num(point?.high)] : []),
      ...(marked ? [mark?.text ?? null] : []),
    ];
  });
}
