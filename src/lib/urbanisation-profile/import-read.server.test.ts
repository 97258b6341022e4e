import { describe, expect, test } from 'vitest';
import { fullXlsx } from '../../../tests/fixtures/hostile-files.ts';
import { CsvSyntaxError } from './csv.ts';
import { TooManyRowsError } from './import-limits.ts';
import { READ_LIMITS, readImportRows, ReadLimitError } from './import-read.server.ts';
import { XlsxReadError } from './xlsx-xml.server.ts';

/** The widest CSV an upload can be: 2 MB, 5,001 rows of 200 values each. */
const widest = () => `country_code,indicator,year,value,source\n${`${'1,'.repeat(199)}1\n`.repeat(5000)}`;

describe('readImportRows, in a worker thread (decision 054)', () => {
  test('the rows of a CSV or a workbook, as the readers give them', async () => {
    expect(await readImportRows({ kind: 'csv', text: 'a;b\r\n1;2\r\n' })).toEqual({
      rows: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', '2'] },
      ],
      separator: ';',
      sheet: null,
    });
    const book = await readImportRows({ kind: 'xlsx', bytes: fullXlsx(5000) });
    expect(book.rows).toHaveLength(5001);
    expect(book.rows[1]).toEqual({
      line: 2,
      cells: [
        'PH',
        'URB_GROWTH',
        1952,
        0.02,
        'National statistics office, census and surveys',
        '',
        "Row 2 of a workbook at the import's limit",
      ],
    });
    expect(book.sheet).toBe('Figures');
  });

  test('the readers’ errors come back as their own classes', async () => {
    await expect(readImportRows({ kind: 'csv', text: 'a\n"open\n' })).rejects.toEqual(
      expect.objectContaining({ line: 2, constructor: CsvSyntaxError }),
    );
    await expect(readImportRows({ kind: 'csv', text: '1\n'.repeat(5002) })).rejects.toBeInstanceOf(TooManyRowsError);
    await expect(readImportRows({ kind: 'xlsx', bytes: new Uint8Array([0x50, 0x4b, 3, 4]) })).rejects.toBeInstanceOf(
      XlsxReadError,
    );
  });

  test(
    'a reading past its time or heap is stopped, and ' + 'says so; the widest file fits the heap it is given',
    async () => {
      const slow = await readImportRows({ kind: 'xlsx', bytes: fullXlsx(5000) }, { heapMb: 64, timeoutMs: 1 }).catch(
        (e: unknown) => e,
      );
      expect(slow).toBeInstanceOf(ReadLimitError);
      expect((slow as Error).message).toBe(
        'the file takes too long to read: keep only the figures in it, or import it in parts',
      );
      const greedy = await readImportRows({ kind: 'csv', text: widest() }, { heapMb: 16, timeoutMs: 30_000 }).catch(
        (e: unknown) => e,
      );
      expect(greedy).toBeInstanceOf(ReadLimitError);
      expect((greedy as Error).message).toBe(
        'the file needs more memory to read than an import may use: keep only the figures in it, or import it in parts',
      );
      expect(
        (await readImportRows({ kind: 'csv', text: widest() }, { ...READ_LIMITS, timeoutMs: 30_000 })).rows,
      ).toHaveLength(5001);
    },
  );
});
