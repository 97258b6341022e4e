/**
 * The geometry of a report page's comparison chart (ComparisonChart.astro): one row per
 * percentage question, the country's value as a bar on 0–100 % and the regional median as a
 * marker, each row's label on its own line above the bar so it stays readable on a phone.
 */
import { shorten } from './bars.ts';
import { formatNumber } from './format.ts';

export interface ComparisonDatum {
  key: string;
  label: string;
  value: number;
  median: number;
}

export interface ComparisonRow {
  datum: ComparisonDatum;
  labelY: number;
  barY: number;
  barWidth: number;
  medianX: number;
  valueText: string;
  /** The value label after the bar's end, or inside the bar when it is long. */
  valueX: number;
  valueInside: boolean;
  shortLabel: string;
  /** above / below / level with the regional median. */
  relation: 'above' | 'below' | 'level';
}

export interface ComparisonLayout {
  width: number;
  height: number;
  left: number;
  right: number;
  barHeight: number;
  rows: ComparisonRow[];
  ticks: { x: number; text: string }[];
}

const clamp = (v: number) => Math.min(100, Math.max(0, v));

export function layoutComparison(
  data: readonly ComparisonDatum[],
  options: { width?: number; decimals?: number | null; maxLabel?: number } = {},
): ComparisonLayout {
  const { width = 480, decimals = null, maxLabel = 62 } = options;
  const left = 4;
  const right = width - 8;
  const span = right - left;
  const x = (v: number) => left + (clamp(v) / 100) * span;
  const rowHeight = 46;
  const barHeight = 14;
  const rows = data.map((datum, i): ComparisonRow => {
    const top = 8 + i * rowHeight;
    const barWidth = x(datum.value) - left;
    const valueText = `${formatNumber(datum.value, decimals)}%`;
    // Inside when the bar holds the text with room to spare (about 8 units a character).
    const valueInside = barWidth > valueText.length * 8 + 12;
    return {
      datum,
      labelY: top + 12,
      barY: top + 20,
      barWidth,
      medianX: x(datum.median),
      valueText,
      valueX: valueInside ? left + barWidth - 5 : left + barWidth + 5,
      valueInside,
      shortLabel: shorten(datum.label, maxLabel),
      relation: datum.value > datum.median ? 'above' : datum.value < datum.median ? 'below' : 'level',
    };
  });
  const height = 8 + rows.length * rowHeight + 22;
  const ticks = [0, 25, 50, 75, 100].map((v) => ({ x: x(v), text: `${v}%` }));
  return { width, height, left, right, barHeight, rows, ticks };
}
