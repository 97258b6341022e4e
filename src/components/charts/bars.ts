/**
 * The pure side of the bar charts (BarChart.astro, BinaryChart.astro): sorting, the median and
 * the geometry of an SVG drawn at build time. Kept apart from the components so it can be tested.
 */
import { median as d3median } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { formatNumber, formatTick } from './format.ts';

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

/**
 * Width of the charts' viewBox. The SVG scales to its container: on a 390 px phone it is drawn
 * about 324 px wide, so 12-unit text shows at 11.4 px, never smaller; on wide screens the SVG
 * stops at 28rem (CHART_SVG_CLASS), where 13-unit labels show at 17 px.
 */
export const CHART_WIDTH = 340;
/** Classes of every chart's SVG (see CHART_WIDTH). */
export const CHART_SVG_CLASS = 'h-auto w-full max-w-md';
/** Line height of a wrapped label, in viewBox units (13-unit text). */
export const LABEL_LINE = 15;

/**
 * A label as lines of at most `perLine` characters, broken between words and never cut: a word
 * longer than a line breaks after its hyphens ("Народно-" / "Демократическая"), and a part still
 * longer gets a line of its own (country names stay whole on a phone).
 */
export function wrapLabel(label: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const word of label.trim().split(/\s+/)) {
    const pieces = word.length > perLine ? word.split(/(?<=-)/) : [word];
    pieces.forEach((piece, i) => {
      const last = lines.at(-1);
      const joiner = i === 0 ? ' ' : '';
      if (last !== undefined && last.length + joiner.length + piece.length <= perLine)
        lines[lines.length - 1] = `${last}${joiner}${piece}`;
      else lines.push(piece);
    });
  }
  return lines.length > 0 ? lines : [''];
}

/** The `dy` of each line of a label centred on its row (first line moves up, the others down a line). */
export function lineOffsets(count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    i === 0 ? `${0.35 - ((count - 1) * LABEL_LINE) / 2 / 13}em` : `${LABEL_LINE}`,
  );
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
  /** Characters of a label's line (13-unit text, about 6.5 units a character); longer labels wrap. */
  maxLabel?: number;
  /** The page's language (BCP 47) for the numbers. */
  lang?: string;
}

export interface BarRow<T extends BarDatum> {
  datum: T;
  y: number;
  /** Height of the row: one line of label or more. */
  height: number;
  /** Start and width of the bar (negative values draw left of zero). */
  x: number;
  barWidth: number;
  /** The whole label, on as many lines as it needs. */
  lines: string[];
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
  ticks: { value: number; x: number; text: string; anchor: 'middle' | 'end' }[];
  reference: { value: number; x: number; text: string; labelX: number } | null;
}

/** The geometry of a horizontal bar chart of `data` in the order given (sort it first). */
export function layoutBars<T extends BarDatum>(data: readonly T[], options: BarLayoutOptions = {}): BarLayout<T> {
  const {
    width = CHART_WIDTH,
    rowHeight = 24,
    labelWidth = 130,
    reference = null,
    decimals = null,
    maxLabel = 19,
    lang = 'en',
  } = options;
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
  let y = top;
  const rows = data.map((datum) => {
    const end = scale(datum.value);
    const x = Math.min(zeroX, end);
    const barWidth = Math.abs(end - zeroX);
    const valueText = formatNumber(datum.value, decimals, lang);
    // About 7 units per character at the chart's font size: does the value fit after the bar?
    const valueInside = end + 6 + valueText.length * 7 > plotRight;
    const lines = wrapLabel(datum.label, maxLabel);
    const height = Math.max(rowHeight, lines.length * LABEL_LINE + 8);
    y += height;
    return {
      datum,
      y: y - height,
      height,
      x: round(x),
      barWidth: round(barWidth),
      lines,
      valueText,
      valueX: round(valueInside ? end - 5 : end + 5),
      valueInside,
    };
  });
  const ticks = scale.ticks(4).map((value) => {
    const x = round(scale(value));
    const text = formatTick(value, lang);
    // About 6.5 units a character at 12 units: the last tick ends at its line rather than past the edge.
    return { value, x, text, anchor: x + (text.length * 6.5) / 2 > width ? ('end' as const) : ('middle' as const) };
  });
  return {
    width,
    height: y + axisHeight,
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
            text: formatNumber(reference, decimals, lang),
            // The label's centre ("median 12.3", about 7 units a character), kept inside the chart so that it is never
            // cut off.
            labelX: round(
              Math.min(
                Math.max(scale(reference), plotLeft + referenceHalf(reference, decimals)),
                width - 2 - referenceHalf(reference, decimals),
              ),
            ),
          },
  };
}

function referenceHalf(reference: number, decimals: number | null): number {
  // The label's width in characters; a language's own word for "median" is about as long.
  return Math.max(45, ((7 + formatNumber(reference, decimals).length) * 7) / 2);
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
export function layoutStacks(
  groups: readonly CountGroup[],
  options: { width?: number; rowHeight?: number; labelWidth?: number } = {},
) {
  const { width = CHART_WIDTH, rowHeight = 30, labelWidth = 130 } = options;
  // Names wrap whole ("South and South-West / Asia"), two lines fit a row.
  const maxLabel = 19;
  const top = 8;
  const plotLeft = labelWidth;
  const plotRight = width - 30;
  const max = Math.max(1, ...groups.map((g) => sum(g.counts)));
  const scale = scaleLinear().domain([0, max]).range([plotLeft, plotRight]);
  let y = top;
  const rows = groups.map((group) => {
    let start = 0;
    const segments: StackSegment[] = group.counts.map((count, category) => {
      const segment = { category, x: round(scale(start)), width: round(scale(start + count) - scale(start)), count };
      start += count;
      return segment;
    });
    const lines = wrapLabel(group.label, maxLabel);
    const height = Math.max(rowHeight, lines.length * LABEL_LINE + 8);
    y += height;
    return { group, y: y - height, height, segments, total: start, totalX: round(scale(start) + 5), lines };
  });
  return { width, height: y + 4, plotLeft, plotRight, rowHeight, rows };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
