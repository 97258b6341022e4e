/**
 * Number formatting shared by charts, tables and CSV-free text, in the page's language (`tag`, a
 * BCP 47 tag: `12,345.6` in English, `12 345,6` in French and Russian; decision 038).
 */
import { withUnit } from '../../lib/i18n/format.ts';

/**
 * `decimals` fixes the digits after the point (a question's `decimals`); null shows up to two,
 * dropping trailing zeros (45 → "45", 5.83 → "5.83").
 */
export function formatNumber(value: number, decimals: number | null | undefined, tag = 'en'): string {
  if (!Number.isFinite(value)) return '';
  const digits = decimals ?? undefined;
  return value.toLocaleString(tag, {
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? 2,
  });
}

/**
 * Where `value` stands against `reference` (a regional median) as a page shows them: two numbers
 * written alike (`1.42` and `1.42`, from 1.4199 and 1.4178) are level, whatever their hidden digits.
 */
export function relationAsShown(
  value: number,
  reference: number,
  decimals: number | null | undefined,
): 'above' | 'below' | 'level' {
  if (formatNumber(value, decimals) === formatNumber(reference, decimals)) return 'level';
  return value > reference ? 'above' : 'below';
}

/** An axis tick: short for large numbers (40K, 3.5M, 1B), so that it fits a phone's chart; the table has them whole. */
export function formatTick(value: number, tag = 'en'): string {
  if (Math.abs(value) < 10_000) return formatNumber(value, null, tag);
  return value.toLocaleString(tag, { notation: 'compact', maximumFractionDigits: 1 });
}

export { withUnit };

/**
 * An answer as the API words it ("50.5 %", "Documented: 40 %; Perceived: 55 %", "12 units"),
 * each number written with its unit as withUnit writes it, so the page reads one way throughout.
 */
export function answerWithUnits(display: string, unit: string | null | undefined): string {
  if (!unit) return display;
  const spaced = new RegExp(`(\\d) ${unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\s;,.)])`, 'g');
  return display.replace(spaced, (_, digit: string) => withUnit(digit, unit));
}

/** How a chart writes its values and spans its value axis (its unit comes with the chart's frame). */
export interface ValueScale {
  decimals?: number | null;
  /** [0, 100] for percentages. */
  domain?: [number, number];
}

/** Writes a chart's values with its decimals and unit, in the language `tag`. */
export function valueFormatter(decimals: number | null, unit: string | null, tag: string): (value: number) => string {
  return (value) => withUnit(formatNumber(value, decimals, tag), unit, tag);
}
