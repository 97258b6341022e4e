/**
 * What an import file may hold, checked while it is read, before anything bigger is allocated
 * (decision 054). Each bound is far above what a workbook or CSV file of IMPORT_ROWS_MAX rows of
 * figures needs and far below what would hurt the server: a file past one is refused with a
 * message that says what to change, never read in part.
 */

/** Rows of figures an import takes at a time (schema.ts exports it too, for the form). */
export const IMPORT_ROWS_MAX = 5000;
/** Columns a value may stand in: the import's 7 columns and the export's 11, with room for a person's own. */
export const IMPORT_COLUMNS_MAX = 200;
/** What a workbook's entries may unpack to, together. */
export const XLSX_UNPACKED_MAX = 40 * 1024 * 1024;
/** The last row a sheet's used range may reach: the figures, with room for blank and formatted rows. */
export const XLSX_SHEET_ROW_MAX = 4 * IMPORT_ROWS_MAX;
/** Cells of the sheet, empty formatted ones included. */
export const XLSX_CELLS_MAX = 1_000_000;
/** XML elements of the parts read (workbook, relations, styles, texts, sheet), together. */
export const XLSX_ELEMENTS_MAX = 4_000_000;
/** Entries of the workbook's table of texts (shared strings). */
export const XLSX_SHARED_STRINGS_MAX = 200_000;
/** Characters of text the workbook's cells and table of texts hold, together. */
export const XLSX_TEXT_MAX = 10_000_000;
/** Bytes of XML between two tags: Excel keeps at most 32,767 characters in a cell. */
export const XML_TEXT_RUN_MAX = 1024 * 1024;

/** More non-blank rows than the import takes (the header and IMPORT_ROWS_MAX rows of figures). */
export class TooManyRowsError extends Error {}

/** The letters of a column (1: A, 27: AA, 16384: XFD). */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
