import type ExcelJS from 'exceljs';
import type { ZipEntry } from '../storage/zip-guard.server.ts';
import {
  columnLetters,
  IMPORT_COLUMNS_MAX,
  IMPORT_ROWS_MAX,
  TooManyRowsError,
  XLSX_CELLS_MAX,
  XLSX_SHEET_ROW_MAX,
} from './import-limits.ts';
import { textTooLarge, unescapeText } from './xlsx-parts.server.ts';
import { readXmlPart, XLSX_MESSAGES, XlsxReadError, type XmlBudget } from './xlsx-xml.server.ts';
import { say } from '../i18n/said.ts';

/**
 * The rows of a worksheet, read from its XML as it streams: only the cells that hold something
 * are kept, each where its reference puts it, so a row with one cell in column A and one in
 * column XFD costs two cells, and is refused at the second (decision 054). The sheet's declared
 * used range (`<dimension>`) is checked before any row.
 */

export type SheetCell = string | number;
export interface SheetRow {
  line: number;
  cells: SheetCell[];
}

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
    if (result !== undefined && result !== null && typeof result === 'object' && 'error' in result)
      return String(result.error);
    return result === undefined ? `=${(value as { formula?: string }).formula ?? ''}` : sheetCellOf(result as Value);
  }
  if ('text' in value) return sheetCellOf(value.text as Value);
  return '';
}

export interface SheetContext {
  strings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
}

interface CellDraft {
  column: number;
  type: string;
  style: number;
  value: string[] | null;
  formula: string[] | null;
  shared: boolean;
  inline: string[] | null;
}

const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** A result or value as its type says (t="s", "str", "inlineStr", "b", "e", "d", or a number). */
function typed(draft: CellDraft, raw: string, context: SheetContext): Value {
  switch (draft.type) {
    case 's':
      return context.strings[parseInt(raw, 10)] ?? '';
    case 'str':
      return raw;
    case 'b':
      return parseInt(raw, 10) !== 0;
    case 'e':
      return { error: raw } as Value;
    case 'd':
      return Number.isNaN(Date.parse(raw)) ? raw : new Date(raw);
    default: {
      const number = parseFloat(raw);
      return context.dateStyles[draft.style] && Number.isFinite(number) ? excelDate(number, context.date1904) : number;
    }
  }
}

/** What a cell holds, in ExcelJS's terms (so that sheetCellOf says what it shows); undefined when empty. */
function valueOf(draft: CellDraft, context: SheetContext): Value | undefined {
  const raw = draft.value?.join('') ?? '';
  const formula = draft.formula?.join('') ?? '';
  if (formula !== '' || draft.shared) {
    const result = raw === '' ? undefined : draft.type === 's' ? raw : typed(draft, raw, context);
    return { formula, result } as Value;
  }
  if (draft.type === 'inlineStr') return draft.inline ? unescapeText(draft.inline.join('')) : undefined;
  return raw === '' ? undefined : typed(draft, raw, context);
}

const notWorkbook = () => new XlsxReadError(XLSX_MESSAGES.notWorkbook);
const tooWide = (column: number) =>
  new XlsxReadError(
    say(
      'the sheet uses columns up to {column}: keep the figures in columns A to {last} and delete the columns after ' +
        'them',
      { column: columnLetters(column), last: columnLetters(IMPORT_COLUMNS_MAX) },
    ),
  );

/** A cell reference's column and row (B7: 2 and 7); null when it is not one. */
function reference(ref: string): { column: number; row: number } | null {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref);
  if (!match) return null;
  const column = [...match[1]!.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  return { column, row: Number(match[2]) };
}

/** The used range the sheet declares, refused when it is wider or longer than an import can be. */
function checkDimension(ref: string | undefined): void {
  const end = reference(ref?.split(':').pop() ?? '');
  if (!end) return;
  if (end.column > IMPORT_COLUMNS_MAX) throw tooWide(end.column);
  if (end.row > XLSX_SHEET_ROW_MAX) {
    throw new XlsxReadError(
      say(
        'the sheet uses rows up to {row}: keep only the rows of figures (at most {max}) and delete the rows after them',
        { row: end.row, max: IMPORT_ROWS_MAX },
      ),
    );
  }
}

/** The sheet's non-blank rows, each with its row number; `maxRows` of them at most (TooManyRowsError). */
export async function readSheetRows(
  entry: ZipEntry,
  budget: XmlBudget & { text: number },
  context: SheetContext,
  maxRows: number,
): Promise<SheetRow[]> {
  const reader = new SheetReader(budget, context, maxRows);
  await readXmlPart(entry, budget, reader);
  return reader.rows;
}

/** The state of one sheet's reading, fed tag by tag. */
class SheetReader {
  readonly rows: SheetRow[] = [];
  #inData = false;
  #row = 0;
  #column = 0;
  #cells: SheetCell[] = [];
  #cellCount = 0;
  #cell: CellDraft | null = null;
  #capture: string[] | null = null;
  #phonetic = 0;
  readonly #budget: { text: number };
  readonly #context: SheetContext;
  readonly #maxRows: number;

  constructor(budget: { text: number }, context: SheetContext, maxRows: number) {
    this.#budget = budget;
    this.#context = context;
    this.#maxRows = maxRows;
  }

  open(name: string, attributes: Record<string, string>): void {
    if (name === 'dimension') checkDimension(attributes['ref']);
    else if (name === 'sheetData') this.#inData = true;
    else if (!this.#inData) return;
    else if (name === 'row') this.#openRow(attributes['r']);
    else if (name === 'c') this.#openCell(attributes);
    else if (!this.#cell) return;
    else if (name === 'v') this.#capture = this.#cell.value ??= [];
    else if (name === 'f') {
      this.#capture = this.#cell.formula ??= [];
      if (attributes['t'] === 'shared') this.#cell.shared = true;
    } else if (name === 'is') this.#cell.inline ??= [];
    else if (name === 'rPh') this.#phonetic++;
    else if (name === 't' && this.#cell.inline && this.#phonetic === 0) this.#capture = this.#cell.inline;
  }

  text(text: string): void {
    if (!this.#capture) return;
    this.#budget.text -= text.length;
    if (this.#budget.text < 0) throw textTooLarge();
    this.#capture.push(text);
  }

  close(name: string): void {
    if (name === 'v' || name === 'f' || name === 't') this.#capture = null;
    else if (name === 'rPh') this.#phonetic--;
    else if (name === 'c') this.#closeCell();
    else if (name === 'row') this.#closeRow();
    else if (name === 'sheetData') this.#inData = false;
  }

  #openRow(r: string | undefined): void {
    const row = r === undefined ? this.#row + 1 : Number(r);
    // Rows come in order, within Excel's 1,048,576.
    if (!Number.isInteger(row) || row <= this.#row || row > 1_048_576) throw notWorkbook();
    this.#row = row;
    this.#column = 0;
    this.#cells = [];
  }

  #openCell(attributes: Record<string, string>): void {
    if (++this.#cellCount > XLSX_CELLS_MAX) {
      throw new XlsxReadError(
        say(
          'the sheet has more than {max} cells, counting formatted empty ones: copy only the figures into a new ' +
            'workbook',
          { max: XLSX_CELLS_MAX },
        ),
      );
    }
    const ref = attributes['r'];
    const column = ref === undefined ? this.#column + 1 : reference(ref)?.column;
    if (column === undefined || column < 1 || column > 16_384) throw notWorkbook();
    this.#column = column;
    this.#cell = {
      column,
      type: attributes['t'] ?? 'n',
      style: Number(attributes['s'] ?? 0),
      value: null,
      formula: null,
      shared: false,
      inline: null,
    };
  }

  #closeCell(): void {
    const draft = this.#cell;
    this.#cell = null;
    this.#capture = null;
    if (!draft || this.#row === 0) return;
    const value = valueOf(draft, this.#context);
    if (value === undefined) return;
    const cell = sheetCellOf(value);
    const blank = typeof cell === 'string' && cell.trim() === '';
    if (draft.column > IMPORT_COLUMNS_MAX) {
      if (blank) return;
      throw tooWide(draft.column);
    }
    this.#cells[draft.column - 1] = cell;
  }

  #closeRow(): void {
    const cells = this.#cells;
    this.#cells = [];
    if (!cells.some((cell) => typeof cell === 'number' || cell.trim() !== '')) return;
    if (this.rows.length >= this.#maxRows) throw new TooManyRowsError();
    this.rows.push({ line: this.#row, cells: Array.from({ length: cells.length }, (_, i) => cells[i] ?? '') });
  }
}
