import { ApiError } from '../http/errors.server.ts';
import { safeText } from '../http/safe-text.ts';
import { CsvSyntaxError, decimalMarkOf } from './csv.ts';
import { TooManyRowsError } from './import-limits.ts';
import { readImportRows, ReadLimitError, type ImportSource } from './import-read.server.ts';
import { IMPORT_ROWS_MAX, type ImportFormat } from './schema.ts';
import type { SheetCell } from './xlsx-sheet.server.ts';
import { XlsxReadError } from './xlsx-xml.server.ts';
import { say } from '../i18n/said.ts';

/**
 * The import's file read into one shape, whatever it was: CSV text (pasted or uploaded) or an
 * Excel workbook, read in a worker thread within the bounds of decision 054. Rows keep the
 * numbers a person sees in the file (the CSV's line, the sheet's row).
 */

export type { ImportSource };

export const IMPORT_COLUMNS = ['country_code', 'indicator', 'year', 'value', 'source'] as const;

export interface ImportTable {
  rows: { line: number; cells: SheetCell[] }[];
  columns: string[];
  format: ImportFormat;
  /** A text column's cell, trimmed (a number as it is written in decimal). */
  text: (cells: SheetCell[], name: string) => string;
  /** A cell as it is: a number when the workbook holds a number there. */
  raw: (cells: SheetCell[], name: string) => SheetCell;
}

/** A 400 about the file as a whole: the field is the one the client sent (csv or file). */
export function fileProblem(field: 'csv' | 'file', message: string): ApiError {
  return new ApiError(400, say('The file cannot be imported: {message}', { message }), { [field]: [message] });
}

async function rowsOf(source: ImportSource, field: 'csv' | 'file') {
  try {
    return await readImportRows(source);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw fileProblem(field, say('Row {line}: {message}', { line: error.line, message: error.said }));
    if (error instanceof XlsxReadError) throw fileProblem(field, error.said);
    if (error instanceof ReadLimitError) throw fileProblem(field, error.message);
    if (error instanceof TooManyRowsError)
      throw fileProblem(
        field,
        say('there are more than {max} rows of figures: import at most {max} at a time', { max: IMPORT_ROWS_MAX }),
      );
    throw error;
  }
}

/** A cell as text: a workbook's or a CSV's text is what people wrote, made safe like any field (decision 057). */
const asText = (cell: SheetCell | undefined): string =>
  typeof cell === 'number' ? String(cell) : safeText(cell ?? '').trim();

/** The file as rows under its header, or a 400 naming what is wrong with its shape (its quoting, header or size). */
export async function readImportTable(source: ImportSource, field: 'csv' | 'file'): Promise<ImportTable> {
  const { rows: all, separator, sheet } = await rowsOf(source, field);
  const [header, ...allRows] = all;
  const columns = (header?.cells ?? []).map((c) => asText(c).toLowerCase());
  const missing = IMPORT_COLUMNS.filter((c) => !columns.includes(c));
  if (!header || missing.length) {
    const [line, names, absent] = [header?.line ?? 1, IMPORT_COLUMNS.join(', '), missing.join(', ')];
    throw fileProblem(
      field,
      source.kind === 'csv'
        ? say('Row {line} must name the columns {columns}, separated by commas or semicolons (missing: {missing})', {
            line,
            columns: names,
            missing: absent,
          })
        : say('Row {line} must name the columns {columns}, one per cell (missing: {missing})', {
            line,
            columns: names,
            missing: absent,
          }),
    );
  }
  const raw = (cells: SheetCell[], name: string): SheetCell => {
    const i = columns.indexOf(name);
    return i < 0 ? '' : (cells[i] ?? '');
  };
  const text = (cells: SheetCell[], name: string) => asText(raw(cells, name));
  // An export carries the open-data figures too (origin open_data): they are the sources', never imported as a
  // country's.
  const rows = allRows.filter((r) => text(r.cells, 'origin') !== 'open_data');
  // Decimal commas are decided per file, from the figures written as text (a workbook's numbers have no mark).
  const written = rows.map((r) => raw(r.cells, 'value')).filter((v): v is string => typeof v === 'string');
  const decimal = decimalMarkOf(separator ?? ';', written);
  const format: ImportFormat = { file: source.kind, separator, decimal_mark: decimal, sheet };
  return { rows, columns, format, text, raw };
}
