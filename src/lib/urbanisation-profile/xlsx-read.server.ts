import { zipEntries } from '../storage/zip-guard.server.ts';
import { IMPORT_ROWS_MAX, XLSX_ELEMENTS_MAX, XLSX_TEXT_MAX, XLSX_UNPACKED_MAX } from './import-limits.ts';
import { readDateStyles, readSharedStrings, readWorkbookInfo } from './xlsx-parts.server.ts';
import { readSheetRows, type SheetRow } from './xlsx-sheet.server.ts';
import { XLSX_MESSAGES, XlsxReadError, type XmlBudget } from './xlsx-xml.server.ts';

/**
 * Reading the import's Excel workbooks (.xlsx): the first worksheet's non-blank rows, with the
 * row numbers Excel shows. A cell holding a number stays a number, anything else becomes the
 * text the cell shows (a formula gives its saved result, a date its YYYY-MM-DD). The workbook
 * is read as a stream of XML within the bounds of import-limits.ts (decision 054): nothing is
 * allocated for the empty cells between two values, and a file past a bound is refused with a
 * message that says what to change. ExcelJS writes the exports (xlsx.server.ts); it no longer
 * reads, as it builds every cell of a row up to the last one.
 */

/** The first worksheet's non-blank rows (at most `maxRows`, else TooManyRowsError); throws XlsxReadError. */
export async function readXlsx(
  bytes: Uint8Array,
  options: { maxRows?: number } = {},
): Promise<{ sheet: string; rows: SheetRow[] }> {
  const listed = zipEntries(bytes);
  if (listed === 'too-large') throw new XlsxReadError(XLSX_MESSAGES.tooLarge);
  const entries = new Map(typeof listed === 'string' ? [] : listed.map((entry) => [entry.name, entry]));
  // A ZIP that is not a workbook (a .docx, say) has no workbook part. Entries never read are never unpacked.
  if (!entries.has('xl/workbook.xml')) throw new XlsxReadError(XLSX_MESSAGES.notWorkbook);
  const budget: XmlBudget & { text: number } = {
    unpacked: { left: XLSX_UNPACKED_MAX },
    elements: XLSX_ELEMENTS_MAX,
    text: XLSX_TEXT_MAX,
  };
  const info = await readWorkbookInfo(entries, budget);
  const dateStyles = await readDateStyles(entries.get(info.stylesPath), budget);
  const strings = await readSharedStrings(entries.get(info.sharedStringsPath), budget);
  const context = { strings, dateStyles, date1904: info.date1904 };
  const rows = await readSheetRows(
    entries.get(info.sheetPath)!,
    budget,
    context,
    options.maxRows ?? IMPORT_ROWS_MAX + 1,
  );
  return { sheet: info.sheetName, rows };
}
