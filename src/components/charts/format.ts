/** Number formatting shared by charts, tables and CSV-free text (en, grouped thousands). */

/**
 * `decimals` fixes the digits after the point (a question's `decimals`); null shows up to two,
 * dropping trailing zeros (45 → "45", 5.83 → "5.83").
 */
export function formatNumber(value: number, decimals: number | null | undefined): string {
  if (!Number.isFinite(value)) return '';
  const digits = decimals ?? undefined;
  return value.toLocaleString('en', {
    minimumFractionDigits: digits ?? 0,
    maximumFractionDigits: digits ?? 2,
  });
}

/** An axis tick: short for large numbers (40K, 3.5M, 1B), so that it fits a phone's chart; the table has them whole. */
export function formatTick(value: number): string {
  if (Math.abs(value) < 10_000) return formatNumber(value, null);
  return value.toLocaleString('en', { notation: 'compact', maximumFractionDigits: 1 });
}

/**
 * A number with its unit: "%" sticks to the number, other units follow after a no-break space
 * (a narrow phone must not leave "50.5" at the end of one line and its unit on the next).
 */
export function withUnit(text: string, unit: string | null | undefined): string {
  if (!unit || !text) return text;
  return unit === '%' ? `${text}%` : `${text}\u00a0${unit}`;
}

/**
 * An answer as the API words it ("50.5 %", "Documented: 40 %; Perceived: 55 %", "12 units"),
 * each number written with its unit as withUnit writes it, so the page reads one way throughout.
 */
export function answerWithUnits(display: string, unit: string | null | undefined): string {
  if (!unit) return display;
  const spaced = new RegExp(`(\\d) ${unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\s;,.)])`, 'g');
  return display.replace(spaced, (_, digit: string) => withUnit(digit, unit));
}

/** "3 of 5 countries" style counts. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}
