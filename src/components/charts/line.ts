/** The pure side of LineChart.astro: a small time series (one value per year) as SVG geometry. */
import { extent } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { formatNumber } from './format.ts';

export interface SeriesPoint {
  year: number;
  value: number;
}

export function layoutLine(points: readonly SeriesPoint[], options: { width?: number; height?: number; domain?: [number, number]; decimals?: number | null } = {}) {
  const { width = 440, height = 200, decimals = null } = options;
  const margin = { top: 16, right: 24, bottom: 28, left: 44 };
  const sorted = [...points].filter((p) => Number.isFinite(p.value)).sort((a, b) => a.year - b.year);
  const [firstYear = 0, lastYear = 0] = extent(sorted, (p) => p.year);
  const x = scaleLinear()
    .domain(firstYear === lastYear ? [firstYear - 1, lastYear + 1] : [firstYear, lastYear])
    .range([margin.left, width - margin.right]);
  const values = sorted.map((p) => p.value);
  const y = scaleLinear()
    .domain(options.domain ?? [Math.min(0, ...values), Math.max(1, ...values)])
    .range([height - margin.bottom, margin.top]);
  if (!options.domain) y.nice(4);
  const path = line<SeriesPoint>()
    .x((p) => round(x(p.year)))
    .y((p) => round(y(p.value)))(sorted);
  return {
    width,
    height,
    path: path ?? '',
    points: sorted.map((p) => ({ ...p, cx: round(x(p.year)), cy: round(y(p.value)), text: formatNumber(p.value, decimals) })),
    years: sorted.map((p) => ({ year: p.year, x: round(x(p.year)) })),
    yTicks: y.ticks(4).map((value) => ({ value, y: round(y(value)), text: formatNumber(value, null) })),
    baseline: height - margin.bottom,
    left: margin.left,
    right: width - margin.right,
  };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
