/**
 * The pure side of the bar charts (BarChart.astro, BinaryChart.astro): sorting, the median and
 * the geometry of an SVG drawn at build time. Kept apart from the components so it can be tested.
 */
import { median as d3median } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { formatNumber } from './format.ts';

export interface BarDatum {
  /** Stable id (a country code): row ids and links. */
  key: string;
  label: string;
  value: number;
}

/** The median of the values, or null for none (non-finite values are ignored). */
export function median(values: readonly number[]): number | null {
  const finite = values.filter((v) => Number.isFinite(v));
  return finite.length === 0 ? null : (d3median(finite) ?? null);
}

/** Largest first (or smallest first), ties by label, so a chart and its table read the same. */
export function sortBars<T extends BarDatum>(data: readonly T[], order: 'desc' | 'asc' = 'desc'): T[] {
  const sign = order === 'desc' ? -1 : 1;
  return [...data].sort((a, b) => sign * (a.value - b.value) || a.label.localeCompare(b.label, 'en'));
}

export interface BarLayoutOptions {
  /** Width of the viewBox; the SVG scales to its container. */
  width?: number;
  rowHeight?: number;
  labelWidth?: number;
  /** Fixed domain, e.g. [0, 100] for percentages; otherwise 0 to the largest value (nice). */
  domain?: [number, number];
  /** A reference line (the regional median); null for none. */
  reference?: number | null;
  decimals?: number | null;
  /** Longest label in characters before it is shortened (the full label stays in the table). */
  maxLabel?: number;
}

export interface BarRow<T extends BarDatum> {
  datum: T;
  y: number;
  /** Start and width of the bar (negative values draw left of zero). */
  x: number;
  barWidth: number;
  shortLabel: string;
  valueText: string;
  /** Where the value label goes: after the bar's end, or inside it when the bar is long. */
  valueX: number;
  valueInside: boolean;
}

export interface BarLayout<T extends BarDatum> {
  width: number;
  height: number;
  plotLeft: number;
  plotRight: number;
  top: number;
  rowHeight: number;
  zeroX: number;
  rows: BarRow<T>[];
  ticks: { value: number; x: number; text: string }[];
  reference: { value: number; x: number; text: string; labelX: number } | null;
}

export function shorten(label: string, max: number): string {
  return label.length <= max ? label : `${label.slice(0, max - 1).trimEnd()}…`;
}

/** The geometry of a horizontal bar chart of `data` in the order given (sort it first). */
export function layoutBars<T extends BarDatum>(data: readonly T[], options: BarLayoutOptions = {}): BarLayout<T> {
  const { width = 440, rowHeight = 24, labelWidth = 150, reference = null, decimals = null, maxLabel = 18 } = options;
  // Room above the bars for the reference line's label.
  const top = reference === null ? 8 : 24;
  const axisHeight = 26;
  const plotLeft = labelWidth;
  const plotRight = width - 12;
  const values = data.map((d) => d.value);
  const low = Math.min(0, ...values, ...(reference === null ? [] : [reference]));
  const high = Math.max(0, ...values, ...(reference === null ? [] : [reference]));
  const scale = scaleLinear()
    .domain(options.domain ?? [low, high === low ? low + 1 : high])
    .range([plotLeft, plotRight]);
  if (!options.domain) scale.nice(5);
  const zeroX = scale(0);
  const rows = data.map((datum, i) => {
    const end = scale(datum.value);
    const x = Math.min(zeroX, end);
    const barWidth = Math.abs(end - zeroX);
    const valueText = formatNumber(datum.value, decimals);
    // About 7 units per character at the chart's font size: does the value fit after the bar?
    const valueInside = end + 6 + valueText.length * 7 > plotRight;
    return {
      datum,
      y: top + i * rowHeight,
      x: round(x),
      barWidth: round(barWidth),
      shortLabel: shorten(datum.label, maxLabel),
      valueText,
      valueX: round(valueInside ? end - 5 : end + 5),
      valueInside,
    };
  });
  const ticks = scale.ticks(4).map((value) => ({ value, x: round(scale(value)), text: formatNumber(value, null) }));
  return {
    width,
    height: top + data.length * rowHeight + axisHeight,
    plotLeft,
    plotRight,
    top,
    rowHeight,
    zeroX: round(zeroX),
    rows,
    ticks,
    reference:
      reference === null
        ? null
        : {
            value: reference,
            x: round(scale(reference)),
            text: formatNumber(reference, decimals),
            // The label's centre, kept inside the plot so that it is never cut off.
            labelX: round(Math.min(Math.max(scale(reference), plotLeft + 45), plotRight - 45)),
          },
  };
}

export interface CountGroup {
  key: string;
  label: string;
  /** Counts per category, in the order of the chart's categories. */
  counts: number[];
}

export interface StackSegment {
  category: number;
  x: number;
  width: number;
  count: number;
}

/** Stacked horizontal bars of counts (yes / no per subregion), on one scale up to the largest total. */
export function layoutStacks(groups: readonly CountGroup[], options: { width?: number; rowHeight?: number; labelWidth?: number } = {}) {
  const { width = 440, rowHeight = 30, labelWidth = 170 } = options;
  // The subregions' names fit whole ("South and South-West Asia", 25 characters, in 164 units at 13 px).
  const maxLabel = 25;
  const top = 8;
  const plotLeft = labelWidth;
  const plotRight = width - 40;
  const max = Math.max(1, ...groups.map((g) => sum(g.counts)));
  const scale = scaleLinear().domain([0, max]).range([plotLeft, plotRight]);
  const rows = groups.map((group, i) => {
    let start = 0;
    const segments: StackSegment[] = group.counts.map((count, category) => {
      const segment = { category, x: round(scale(start)), width: round(scale(start + count) - scale(start)), count };
      start += count;
      return segment;
    });
    return { group, y: top + i * rowHeight, segments, total: start, totalX: round(scale(start) + 5), shortLabel: shorten(group.label, maxLabel) };
  });
  return { width, height: top + groups.length * rowHeight + 4, plotLeft, plotRight, rowHeight, rows };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
