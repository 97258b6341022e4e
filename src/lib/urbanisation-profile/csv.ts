import { CsvError, parse } from 'csv-parse/sync';
import { TooManyRowsError } from './import-limits.ts';
import type { DecimalMark, Separator } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * Reading the CSV files of the profile's import with csv-parse: a byte-order mark, CRLF, LF or CR
 * line ends, quoted fields (separators, quotes doubled and line breaks inside them), and either a
 * comma or a semicolon between fields, decided per file from its header line. Numbers are read as
 * decimals only, with the decimal mark the file uses (see `decimalMarkOf`).
 */

/** One record of the file and the line it starts on (1 is the header), as a spreadsheet numbers rows. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** A file that is not CSV: a quote left open, or a quote inside an unquoted field. */
export class CsvSyntaxError extends Error {
  readonly line: number;
  /** The message as said (by key and values, decision 064). */
  readonly said: string;
  constructor(line: number, message: string) {
    super(String(message));
    this.line = line;
    this.said = message;
  }
}

/** The separator of a file: a semicolon when its header line has more of them than commas (outside quotes). */
export function separatorOf(text: string): Separator {
  const body = text.replace(/^\uFEFF/, '');
  const end = body.search(/\r|\n/);
  const header = end < 0 ? body : body.slice(0, end);
  const unquoted = header.replace(/"[^"]*"/g, '');
  const count = (ch: string) => unquoted.split(ch).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** What a file may hold (decision 054): checked record by record, as csv-parse reads them. */
export interface CsvLimits {
  /** Non-blank records, the header included; one more throws TooManyRowsError. */
  maxRows?: number;
  /** Values in a record; one more throws CsvSyntaxError. */
  maxColumns?: number;
}

/** The messages of a file that is not CSV, by csv-parse's code. */
const CSV_SYNTAX_MESSAGES = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is not closed: end it with a double quote (")',
  CSV_INVALID_CLOSING_QUOTE:
    'a double quote inside a value: put the whole value in double quotes and double the quote inside it ("")',
  other: 'the file cannot be read as CSV: save it again as CSV (comma or semicolon separated)',
};

/**
 * Reads CSV text into its non-blank records with their line numbers; throws CsvSyntaxError on
 * broken quoting, and stops at the first record past `limits` (TooManyRowsError, or a
 * CsvSyntaxError naming the row): what comes after it is never parsed.
 */
export function readCsv(input: string, limits: CsvLimits = {}): { separator: Separator; rows: CsvRow[] } {
  // One kind of line end, so that csv-parse's line count is the one a spreadsheet shows.
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const separator = separatorOf(text);
  const { maxRows = Infinity, maxColumns = Infinity } = limits;
  const rows: CsvRow[] = [];
  const onRecord = (record: string[], info: { lines: number }): null => {
    if (record.every((cell) => cell.trim() === '')) return null;
    // csv-parse counts the line a record ends on; the line breaks inside its quoted fields come before.
    const line = info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    if (rows.length >= maxRows) throw new TooManyRowsError();
    if (record.length > maxColumns)
      throw new CsvSyntaxError(
        line,
        say('it has more than {max} values: keep the figures in the first {max} columns', { max: maxColumns }),
      );
    rows.push({ line, cells: record });
    return null;
  };
  try {
    parse(text, {
      delimiter: separator,
      record_delimiter: '\n',
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: onRecord,
    });
  } catch (error) {
    if (error instanceof TooManyRowsError || error instanceof CsvSyntaxError || !(error instanceof CsvError))
      throw error;
    const line = Number((error as CsvError & { lines?: number }).lines ?? 1);
    throw new CsvSyntaxError(line, syntaxProblem(error.code));
  }
  return { separator, rows };
}

function syntaxProblem(code: string): string {
  if (code === 'CSV_QUOTE_NOT_CLOSED') return CSV_SYNTAX_MESSAGES.CSV_QUOTE_NOT_CLOSED;
  if (code === 'CSV_INVALID_CLOSING_QUOTE' || code === 'CSV_INVALID_OPENING_QUOTE')
    return CSV_SYNTAX_MESSAGES.CSV_INVALID_CLOSING_QUOTE;
  return CSV_SYNTAX_MESSAGES.other;
}

/**
 * The decimal mark of a file. A comma-separated file writes decimals with a point (a comma in a
 * quoted number there is far more often a thousands separator: "37,468"). A semicolon-separated
 * file, as spreadsheets write in locales with a decimal comma, uses a comma when any of its values
 * has one, and a point otherwise. One mark per file: a figure written with the other is refused
 * rather than guessed at.
 */
export function decimalMarkOf(separator: Separator, values: readonly string[]): DecimalMark {
  if (separator === ',') return '.';
  return values.some((v) => /^\s*-?\d+,\d+\s*$/.test(v)) ? ',' : '.';
}

/** What a cell says, quoted in an error message: shortened, control characters shown as spaces. */
export function shown(text: string): string {
  // eslint-disable-next-line no-control-regex -- showing control characters as spaces
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `'${clean.length > 40 ? `${clean.slice(0, 40)}…` : clean}'`;
}

export type Reading<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * A figure written as a decimal: an optional minus, digits, and at most one decimal mark (the
 * file's) followed by digits. No exponent (`1e3`: spreadsheets write it for cells formatted as
 * scientific, which have usually lost digits), no hexadecimal, binary or octal prefixes, no
 * thousands separators, no `Infinity` or `NaN`.
 */
export function readDecimal(text: string, mark: DecimalMark): Reading<number> {
  const raw = text.trim();
  if (raw === '') return { ok: false, problem: 'is empty: write the figure' };
  const pattern = mark === '.' ? /^-?\d+(?:\.\d+)?$/ : /^-?\d+(?:,\d+)?$/;
  if (pattern.test(raw)) {
    const value = Number(raw.replace(',', '.'));
    if (Number.isFinite(value)) return { ok: true, value };
  }
  if (/^-?\d+(?:[.,]\d+)?e[+-]?\d+$/i.test(raw)) {
    return {
      ok: false,
      problem: `${shown(raw)} is not a number written out: write every digit, without an exponent (1000, not 1e3)`,
    };
  }
  const example = mark === '.' ? '1234.5' : '1234,5';
  const how = mark === '.' ? 'a decimal point' : 'a decimal comma, as the other figures of this file';
  return {
    ok: false,
    problem: `${shown(raw)} is not a number: write digits with at most ${how} (${example}), no thousands separators`,
  };
}

/** A year of four digits from `min` to `max`. */
export function readYear(text: string, min: number, max: number): Reading<number> {
  const raw = text.trim();
  const value = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  if (value >= min && value <= max) return { ok: true, value };
  return {
    ok: false,
    problem: `${raw === '' ? 'is empty' : `${shown(raw)} is not a year`}: write a year from ${min} to ${max}`,
  };
}
