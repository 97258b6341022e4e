/** The pure side of ProgressChart.astro: a series, its fitted line to 2030 and its target as SVG geometry. */
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { CHART_WIDTH } from './bars.ts';
import { formatTick } from './format.ts';
import { withGaps, type SeriesPoint } from './line.ts';

export interface ProgressChartInput {
  /** The figures by year; `drawn: false` is listed in the table but not drawn (too few countries that year). */
  points: readonly { year: number; value: number; drawn?: boolean }[];
  /** The fitted line's two ends (the first year and 2030), raw. */
  trend: readonly [{ year: number; value: number }, { year: number; value: number }] | null;
  target: number | null;
  /** The indicator's natural range (0–100 for a share): the axis stays within it, and the drawn line is cut at it. */
  domain?: [number, number] | undefined;
  lang?: string;
  width?: number;
  height?: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The part of a segment inside [lo, hi] of its values (null when it lies outside). */
export function clipSegment(
  [p, q]: readonly [{ year: number; value: number }, { year: number; value: number }],
  [lo, hi]: [number, number],
): [{ year: number; value: number }, { year: number; value: number }] | null {
  const at = (v: number) => p.year + ((v - p.value) / (q.value - p.value)) * (q.year - p.year);
  const clip = (r: { year: number; value: number }, other: { year: number; value: number }) => {
    if (r.value > hi) return other.value > hi ? null : { year: at(hi), value: hi };
    if (r.value < lo) return other.value < lo ? null : { year: at(lo), value: lo };
    return r;
  };
  const a = clip(p, q);
  const b = clip(q, p);
  return a && b ? [a, b] : null;
}

/** The years written under the axis: the first, 2015 and the last figure's when they fit, and 2030. */
function axisYears(candidates: readonly number[], x: (year: number) => number): { year: number; x: number }[] {
  const years = [...new Set(candidates)].sort((a, b) => a - b);
  const shown: { year: number; x: number }[] = [];
  for (const [i, year] of years.entries()) {
    const at = round(x(year));
    const last = i === years.length - 1;
    while (last && shown.length > 1 && at - shown.at(-1)!.x < 40) shown.pop();
    if (shown.length === 0 || at - shown.at(-1)!.x >= 40 || last) shown.push({ year, x: at });
  }
  return shown;
}

/**
 * The geometry of a progress chart: the figures (a line with a dot on each drawn year, broken where
 * a year is missing from the series' rhythm), the fitted line as far as 2030 (cut at the natural
 * range), the target across the whole axis, four value ticks and the years.
 */
export function layoutProgress(input: ProgressChartInput) {
  const { width = CHART_WIDTH, height = 200, lang = 'en', target, trend, domain } = input;
  const margin = { top: 14, right: 16, bottom: 28, left: 44 };
  const points = [...input.points].sort((a, b) => a.year - b.year);
  const drawnPoints = points.filter((p) => p.drawn !== false);
  const first = Math.min(...points.map((p) => p.year), trend?.[0].year ?? Infinity);
  const last = Math.max(trend?.[1].year ?? -Infinity, ...points.map((p) => p.year));
  const x = scaleLinear()
    .domain(first === last ? [first - 1, last + 1] : [first, last])
    .range([margin.left, width - margin.right]);
  const values = [...points.map((p) => p.value), ...(trend ? trend.map((p) => p.value) : []), target ?? NaN];
  const finite = values.filter(Number.isFinite);
  // Within the natural range, the axis spans the figures, the trend and the target (niced), so
  // that a share near 100 % shows its movement; without one, it starts at zero.
  const y = scaleLinear()
    .domain(domain ? [Math.min(...finite), Math.max(...finite)] : [Math.min(0, ...finite), Math.max(1, ...finite)])
    .range([height - margin.bottom, margin.top])
    .nice(4);
  if (domain) {
    const [a, b] = y.domain() as [number, number];
    y.domain([Math.max(domain[0], a), Math.min(domain[1], b === a ? a + 1 : b)]);
  }
  const [lo, hi] = y.domain() as [number, number];
  const series: SeriesPoint[] = withGaps(drawnPoints.map((p) => ({ year: p.year, value: p.value })));
  const path = line<SeriesPoint>()
    .defined((p) => p.value !== null)
    .x((p) => round(x(p.year)))
    .y((p) => round(y(p.value ?? 0)))(series);
  const cut = trend ? clipSegment(trend, [lo, hi]) : null;
  const targetShown = target !== null && target >= lo && target <= hi;
  return {
    width,
    height,
    path: path ?? '',
    dots: drawnPoints.map((p) => ({ cx: round(x(p.year)), cy: round(y(p.value)) })),
    trend: cut && {
      x1: round(x(cut[0].year)),
      y1: round(y(cut[0].value)),
      x2: round(x(cut[1].year)),
      y2: round(y(cut[1].value)),
    },
    target: targetShown ? round(y(target)) : null,
    years: axisYears(
      [first, ...(first < 2015 && last > 2015 ? [2015] : []), ...points.map((p) => p.year).slice(-1), last],
      x,
    ),
    yTicks: y.ticks(4).map((value) => ({ value, y: round(y(value)), text: formatTick(value, lang) })),
    baseline: height - margin.bottom,
    left: margin.left,
    right: width - margin.right,
  };
}
