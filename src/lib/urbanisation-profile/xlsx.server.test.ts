import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { checkZip } from '../storage/zip-guard.server.ts';
import { readXlsx, sheetCellOf, writeXlsx, XlsxReadError } from './xlsx.server.ts';

async function workbook(fill: (book: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  fill(book);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('sheetCellOf', () => {
  test('numbers stay numbers; text, rich text, links, formulas, dates, booleans and errors become what the cell shows', () => {
    expect(sheetCellOf(47.41)).toBe(47.41);
    expect(sheetCellOf(0.1 + 0.2)).toBe(0.3);
    expect(sheetCellOf(123456789.123)).toBe(123456789.123);
    expect(sheetCellOf('12,5')).toBe('12,5');
    expect(sheetCellOf(null)).toBe('');
    expect(sheetCellOf(true)).toBe('true');
    expect(sheetCellOf(new Date(Date.UTC(2020, 0, 31)))).toBe('2020-01-31');
    expect(sheetCellOf({ richText: [{ text: 'Росстат, ' }, { text: 'перепись' }] })).toBe('Росстат, перепись');
    expect(sheetCellOf({ text: 'PSA', hyperlink: 'https://psa.gov.ph' })).toBe('PSA');
    expect(sheetCellOf({ formula: 'A1*2', result: 3.5 })).toBe(3.5);
    expect(sheetCellOf({ formula: 'A1*2', result: undefined } as never)).toBe('=A1*2');
    expect(sheetCellOf({ error: '#N/A' })).toBe('#N/A');
  });
});

describe('readXlsx', () => {
  test('the first sheet, row numbers as Excel shows them, blank rows left out, Thai and Cyrillic notes kept', async () => {
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet('Данные');
      sheet.addRow(['country_code', 'indicator', 'year', 'value', 'source', 'note']);
      sheet.addRow(['TH', 'URB_GROWTH', 2020, 1.5, 'สำนักงานสถิติแห่งชาติ', 'ข้อมูลเบื้องต้น']);
      sheet.addRow([]);
      sheet.addRow(['RU', 'URB_GROWTH', '2021', '1,75', 'Росстат', 'предварительные данные']);
      book.addWorksheet('Other').addRow(['not', 'read']);
    });
    const { sheet, rows } = await readXlsx(bytes);
    expect(sheet).toBe('Данные');
    expect(rows).toEqual([
      { line: 1, cells: ['country_code', 'indicator', 'year', 'value', 'source', 'note'] },
      { line: 2, cells: ['TH', 'URB_GROWTH', 2020, 1.5, 'สำนักงานสถิติแห่งชาติ', 'ข้อมูลเบื้องต้น'] },
      { line: 4, cells: ['RU', 'URB_GROWTH', '2021', '1,75', 'Росстат', 'предварительные данные'] },
    ]);
  });

  test('what it writes, it reads back: numbers as numbers, text never as a formula', async () => {
    const rows = [{ code: 'PH', value: 47.41, note: '=HYPERLINK("x")' }];
    const bytes = await writeXlsx('Figures', [
      { name: 'country_code', value: (r: (typeof rows)[number]) => r.code },
      { name: 'value', value: (r) => r.value },
      { name: 'note', value: (r) => r.note },
    ], rows);
    expect((await readXlsx(bytes)).rows[1]).toEqual({ line: 2, cells: ['PH', 47.41, '=HYPERLINK("x")'] });
  });

  test('a file that is not a workbook, or a ZIP that is not one, says what to do', async () => {
    await expect(readXlsx(new TextEncoder().encode('country_code,value\n'))).rejects.toThrow(XlsxReadError);
    const zip = zipOf([{ name: 'readme.txt', data: new TextEncoder().encode('hello') }]);
    expect(checkZip(zip, 1000)).toBe('ok');
    expect(checkZip(zip, 1000, 'xl/workbook.xml')).toBe('missing');
    await expect(readXlsx(zip)).rejects.toThrow(/not an Excel workbook \(\.xlsx\): save it again/);
  });
});

/** A ZIP record of `size` bytes: its signature, then each field as [offset, bytes, value], little-endian; the rest zero. */
function zipRecord(size: number, signature: number, fields: [number, 2 | 4, number][]): Buffer {
  const record = Buffer.alloc(size);
  record.writeUInt32LE(signature, 0);
  for (const [at, bytes, value] of fields) {
    if (bytes === 2) record.writeUInt16LE(value, at);
    else record.writeUInt32LE(value, at);
  }
  return record;
}

/** A ZIP archive of deflated entries; `declare` overrides the unpacked size its directory states. */
function zipOf(entries: { name: string; data: Uint8Array; declare?: number }[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data);
    const unpacked = e.declare ?? e.data.length;
    // Method 8 (deflate), the packed and unpacked sizes, the name's length; the directory also the entry's offset.
    const local = zipRecord(30, 0x04034b50, [[8, 2, 8], [18, 4, packed.length], [22, 4, unpacked], [26, 2, name.length]]);
    const dir = zipRecord(46, 0x02014b50, [[10, 2, 8], [20, 4, packed.length], [24, 4, unpacked], [28, 2, name.length], [42, 4, offset]]);
    parts.push(local, name, packed);
    central.push(dir, name);
    offset += local.length + name.length + packed.length;
  }
  const cd = Buffer.concat(central);
  const end = zipRecord(22, 0x06054b50, [[8, 2, entries.length], [10, 2, entries.length], [12, 4, cd.length], [16, 4, offset]]);
  return new Uint8Array(Buffer.concat([...parts, cd, end]));
}

describe('checkZip', () => {
  test('an archive that unpacks past the limit is refused, even when it states a small size', () => {
    const big = new Uint8Array(5_000_000);
    expect(checkZip(zipOf([{ name: 'a.xml', data: big }]), 1_000_000)).toBe('too-large');
    expect(checkZip(zipOf([{ name: 'a.xml', data: big, declare: 10 }]), 1_000_000)).toBe('too-large');
    expect(checkZip(zipOf([{ name: 'a.xml', data: big }]), 6_000_000)).toBe('ok');
  });
  test('bytes that are not an archive, or a cut one, are not a ZIP', () => {
    expect(checkZip(new Uint8Array([1, 2, 3]), 100)).toBe('not-zip');
    const zip = zipOf([{ name: 'a.xml', data: new Uint8Array(10) }]);
    expect(checkZip(zip.subarray(0, zip.length - 30), 100)).toBe('not-zip');
  });
});
