import ExcelJS from 'exceljs';
import { checkZip } from '../storage/zip-guard.server.ts';

/**
 * Excel workbooks (.xlsx) of the profile's import and export, with ExcelJS. The import reads the
 * first worksheet: a cell holding a number stays a number, anything else becomes the text the
 * cell shows (a formula gives its saved result). Row numbers are the sheet's own, as Excel shows
 * them.
 */

/** What a workbook may unpack to: far above 5,000 rows of figures, far below what hurts the server. */
export const XLSX_UNPACKED_MAX = 40 * 1024 * 1024;

export type SheetCell = string | number;
export interface SheetRow {
  line: number;
  cells: SheetCell[];
}

/** A file that is not a workbook this import can read; `message` says what to do. */
export class XlsxReadError extends Error {}

type Value = ExcelJS.CellValue;

function dateText(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/**
 * One cell as a number (when Excel holds a number) or as its text. A number is taken to the 15
 * significant digits Excel shows: a sum that the binary arithmetic left at 0.30000000000000004
 * is the 0.3 the person sees.
 */
export function sheetCellOf(value: Value): SheetCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? Number(value.toPrecision(15)) : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('error' in value) return String(value.error);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: Value }).result;
    if (result !== undefined && result !== null && typeof result === 'object' && 'error' in result) return String(result.error);
    return result === undefined ? `=${(value as { formula?: string }).formula ?? ''}` : sheetCellOf(result as Value);
  }
  if ('text' in value) return sheetCellOf(value.text as Value);
  return '';
}

/** The first worksheet's non-blank rows, each with its row number; throws XlsxReadError. */
export async function readXlsx(bytes: Uint8Array): Promise<{ sheet: string; rows: SheetRow[] }> {
  const check = checkZip(bytes, XLSX_UNPACKED_MAX, 'xl/workbook.xml');
  if (check === 'too-large') throw new XlsxReadError('the workbook is too large once unpacked: keep only the sheet of figures, or import it in parts');
  if (check !== 'ok') throw new XlsxReadError('the file is not an Excel workbook (.xlsx): save it again from Excel as .xlsx or as CSV');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw new XlsxReadError('the file is not an Excel workbook (.xlsx): save it again from Excel as .xlsx or as CSV');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new XlsxReadError('the workbook has no sheet: put the figures in its first sheet');
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: SheetCell[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(sheetCellOf(row.getCell(column).value));
    if (cells.some((cell) => typeof cell === 'number' || cell.trim() !== '')) rows.push({ line: row.number, cells });
  });
  return { sheet: sheet.name, rows };
}

export interface SheetColumn<T> {
  name: string;
  value: (row: T) => string | number | boolean | null | undefined;
  /** The column's width in characters. */
  width?: number;
}

/** A workbook of one sheet: a bold header row that stays in view, numbers as numbers, text as text (never a formula). */
export async function writeXlsx<T>(sheetName: string, columns: readonly SheetColumn<T>[], rows: readonly T[]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Asia-Pacific Urban Agenda portal';
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.name, key: c.name, width: c.width ?? Math.max(10, c.name.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(columns.map((c) => {
      const value = c.value(row);
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      return value ?? null;
    }));
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}
