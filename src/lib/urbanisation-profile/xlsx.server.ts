import ExcelJS from 'exceljs';

/**
 * Excel workbooks (.xlsx) of the profile's import and export. The export is written here with
 * ExcelJS; the import's reader is xlsx-read.server.ts (a bounded stream of the sheet's XML,
 * decision 054), exported from here too.
 */

export { readXlsx } from './xlsx-read.server.ts';
export { sheetCellOf, type SheetCell } from './xlsx-sheet.server.ts';
export { XlsxReadError } from './xlsx-xml.server.ts';

export interface SheetColumn<T> {
  name: string;
  value: (row: T) => string | number | boolean | null | undefined;
  /** The column's width in characters. */
  width?: number;
}

/**
 * A workbook of one sheet: a bold header row that stays in view, numbers as numbers, text as text (never a formula).
 */
export async function writeXlsx<T>(
  sheetName: string,
  columns: readonly SheetColumn<T>[],
  rows: readonly T[],
): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Asia-Pacific Urban Agenda portal';
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.name,
    key: c.name,
    width: c.width ?? Math.max(10, c.name.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((c) => {
        const value = c.value(row);
        if (typeof value === 'boolean') return value ? 'true' : 'false';
        if (typeof value === 'number') return Number.isFinite(value) ? value : null;
        return value ?? null;
      }),
    );
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}
