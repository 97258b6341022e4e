/**
 * CSV as the open-data files and the charts' downloads write it: RFC 4180 (comma, CRLF, quotes
 * doubled), UTF-8, a header row of column names. Text that a spreadsheet would run as a formula
 * (=, +, -, @ first) gets a leading apostrophe; numbers are written as they are.
 */

export interface CsvColumn<T> {
  /** The header cell: a stable, machine-friendly name (snake_case). */
  name: string;
  value: (row: T) => CsvCell;
}

export type CsvCell = string | number | boolean | null | undefined;

export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.name)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The response of a static CSV endpoint. */
export function csvResponse(body: string): Response {
  return new Response(body, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
}
