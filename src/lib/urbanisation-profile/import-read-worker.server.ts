import { answerInWorker } from '../storage/bounded-worker.server.ts';
import { readCsv } from './csv.ts';
import type { ReadJob, ReadRows } from './import-read.server.ts';
import { readXlsx } from './xlsx-read.server.ts';

/** The worker thread that reads an import file (import-read.server.ts starts it, decision 054). */

async function readRows(job: ReadJob): Promise<ReadRows> {
  if (job.kind === 'csv') {
    const table = readCsv(job.text, { maxRows: job.maxRows, maxColumns: job.maxColumns });
    return { rows: table.rows, separator: table.separator, sheet: null };
  }
  const book = await readXlsx(job.bytes, { maxRows: job.maxRows });
  return { rows: book.rows, separator: null, sheet: book.sheet };
}

answerInWorker((input) => readRows(input as ReadJob));
