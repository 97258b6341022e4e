import {
  runInWorker,
  saidOf,
  WorkerLimitError,
  WorkerTaskError,
  type WorkerLimits,
} from '../storage/bounded-worker.server.ts';
import { CsvSyntaxError } from './csv.ts';
import { IMPORT_COLUMNS_MAX, IMPORT_ROWS_MAX, TooManyRowsError } from './import-limits.ts';
import type { Separator } from './schema.ts';
import type { SheetCell } from './xlsx-sheet.server.ts';
import { XlsxReadError } from './xlsx-xml.server.ts';

/**
 * An import file read into rows in a worker thread (import-read-worker.server.ts), so that the
 * instance keeps answering while it is read, within a heap and a time of its own (decision 054).
 * The worker's errors come back as the readers' own classes.
 */

/** The import's file: CSV text (pasted or uploaded) or an Excel workbook. */
export type ImportSource = { kind: 'csv'; text: string } | { kind: 'xlsx'; bytes: Uint8Array };

export type ReadJob = ({ kind: 'csv'; text: string } | { kind: 'xlsx'; bytes: Uint8Array }) & {
  maxRows: number;
  maxColumns: number;
};

export interface ReadRows {
  rows: { line: number; cells: SheetCell[] }[];
  separator: Separator | null;
  sheet: string | null;
}

/**
 * A reading's heap and time: far above what a file within the limits needs (a 5,000-row workbook: about 20 MB and 1 s).
 */
export const READ_LIMITS: WorkerLimits = { heapMb: 64, timeoutMs: 10_000 };

const WORKER = new URL('./import-read-worker.server.ts', import.meta.url);

/** The messages of a file stopped at the worker's limits. */
const READ_LIMIT_MESSAGES = {
  memory:
    'the file needs more memory to read than an import may use: keep only the figures in it, or import it in parts',
  time: 'the file takes too long to read: keep only the figures in it, or import it in parts',
};

/** A file whose reading was stopped at the worker's memory or time limit; `message` says what to do. */
export class ReadLimitError extends Error {}

function errorOf(error: unknown): unknown {
  if (error instanceof WorkerLimitError) return new ReadLimitError(READ_LIMIT_MESSAGES[error.limit]);
  if (!(error instanceof WorkerTaskError)) return error;
  const { name, message, line } = error.failure;
  if (name === 'TooManyRowsError') return new TooManyRowsError();
  if (name === 'CsvSyntaxError') return new CsvSyntaxError(line ?? 1, saidOf(error.failure).said);
  if (name === 'XlsxReadError') return new XlsxReadError(saidOf(error.failure).said);
  return new Error(`Reading the import file failed: ${message}`);
}

/**
 * The file's non-blank rows (the header and IMPORT_ROWS_MAX more at most); throws the readers' errors or
 * ReadLimitError.
 */
export async function readImportRows(source: ImportSource, limits: WorkerLimits = READ_LIMITS): Promise<ReadRows> {
  const job: ReadJob = { ...source, maxRows: IMPORT_ROWS_MAX + 1, maxColumns: IMPORT_COLUMNS_MAX };
  try {
    return await runInWorker<ReadRows>(WORKER, job, limits);
  } catch (error) {
    throw errorOf(error);
  }
}
