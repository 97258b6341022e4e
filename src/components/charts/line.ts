/** The pure side of LineChart.astro: a small time series (one value per year) as SVG geometry. */
import { extent } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import { CHART_WIDTH } from './bars.ts';
import { formatNumber, formatTick } from './format.ts';

export interface SeriesPoint {
  year: number;
  value: number;
  /** The range around the value (e.g. the lowest and the highest country), drawn as a band. */
  low?: number;
  high?: number;
}

const hasRange = (p: SeriesPoint): p is SeriesPoint & { low: number; high: number } => Number.isFinite(p.low) && Number.isFinite(p.high);

export function layoutLine(points: readonly SeriesPoint[], options: { width?: number; height?: number; domain?: [number, number]; decimals?: number | null; lang?: string } = {}) {
  const { width = CHART_WIDTH, height = 190, decimals = null, lang = 'en' } = options;
  // Room above the highest point for its value (13-unit text), and left of the axis for the ticks.
  const margin = { top: 26, right: 20, bottom: 28, left: 44 };
  const sorted = [...points].filter((p) => Number.isFinite(p.value)).sort((a, b) => a.year - b.year);
  const [firstYear = 0, lastYear = 0] = extent(sorted, (p) => p.year);
  const x = scaleLinear()
    .domain(firstYear === lastYear ? [firstYear - 1, lastYear + 1] : [firstYear, lastYear])
    .range([margin.left, width - margin.right]);
  const values = sorted.flatMap((p) => (hasRange(p) ? [p.value, p.low, p.high] : [p.value]));
  const y = scaleLinear()
    .domain(options.domain ?? [Math.min(0, ...values), Math.max(1, ...values)])
    .range([height - margin.bottom, margin.top]);
  if (!options.domain) y.nice(4);
  const path = line<SeriesPoint>()
    .x((p) => round(x(p.year)))
    .y((p) => round(y(p.value)))(sorted);
  const ranged = sorted.filter(hasRange);
  const band =
    ranged.length > 1
      ? area<SeriesPoint & { low: number; high: number }>()
          .x((p) => round(x(p.year)))
          .y0((p) => round(y(p.low)))
          .y1((p) => round(y(p.high)))(ranged)
      : null;
  return {
    width,
    height,
    path: path ?? '',
    /** The band of the points' ranges, when at least two points have one. */
    band: band ?? null,
    points: labelPoints(sorted, x, y, [margin.left - 2, width - 2], decimals, lang),
    years: spacedYears(sorted.map((p) => ({ year: p.year, x: round(x(p.year)) }))).map((year) => ({ ...year, ...anchored(year.x, String(year.year).length * 6.5, [margin.left - 2, width - 2], 0) })),
    yTicks: y.ticks(4).map((value) => ({ value, y: round(y(value)), text: formatTick(value, lang) })),
    baseline: height - margin.bottom,
    left: margin.left,
    right: width - margin.right,
  };
}

/** Units a year label needs (four digits at 12 units, and a gap); more when the first or last is anchored at its end. */
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
function labelPoints(sorted: SeriesPoint[], x: (year: number) => number, y: (value: number) => number, bounds: [number, number], decimals: number | null, lang: string) {
  const texts = sorted.map((p) => formatNumber(p.value, decimals, lang));
  const widest = Math.max(0, ...texts.map((t) => t.length * 7.5));
  const gap = sorted.length > 1 ? (x(sorted.at(-1)!.year) - x(sorted[0]!.year)) / (sorted.length - 1) : Infinity;
  const all = gap >= widest + 6;
  return sorted.map((p, i) => {
    const cx = round(x(p.year));
    const text = texts[i]!;
    const { anchor, x: labelX } = anchored(cx, text.length * 7.5, bounds, 8);
    return { ...p, cx, cy: round(y(p.value)), text, anchor, labelX, labelled: all || i === 0 || i === sorted.length - 1 };
  });
}

/**
 * Where a label of about `length` units goes for a mark at `x`: centred on it, or, where that
 * would cross the axis's numbers on the left or the chart's right edge (`bounds`), starting or
 * ending there (up to `reach` units from the mark).
 */
function anchored(x: number, length: number, [low, high]: [number, number], reach: number): { anchor: 'start' | 'middle' | 'end'; x: number } {
  if (x - length / 2 < low) return { anchor: 'start', x: Math.max(low, x - reach) };
  if (x + length / 2 > high) return { anchor: 'end', x: Math.min(high, x + reach) };
  return { anchor: 'middle', x };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
