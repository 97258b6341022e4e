import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { unpack, zipEntries, ZipTooLargeError, type ZipEntry } from '../storage/zip-guard.server.ts';
import {
  sharedStringsXlsx,
  wideXlsx,
  workbookParts,
  zipArchive,
  zipBombXlsx,
} from '../../../tests/fixtures/hostile-files.ts';
import { IMPORT_COLUMNS_MAX, TooManyRowsError, XLSX_CELLS_MAX } from './import-limits.ts';
import { readXlsx, sheetCellOf, writeXlsx, XlsxReadError } from './xlsx.server.ts';

async function workbook(fill: (book: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  fill(book);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('sheetCellOf', () => {
  test(
    'numbers stay numbers; text, rich text, links, formulas, dates, booleans and errors become what the cell ' +
      'shows',
    () => {
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
    },
  );
});

describe('readXlsx', () => {
  test(
    'the first sheet, row numbers as Excel shows them, ' + 'blank rows left out, Thai and Cyrillic notes kept',
    async () => {
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
    },
  );

  test('what it writes, it reads back: numbers as numbers, text never as a formula', async () => {
    const rows = [{ code: 'PH', value: 47.41, note: '=HYPERLINK("x")' }];
    const bytes = await writeXlsx(
      'Figures',
      [
        { name: 'country_code', value: (r: (typeof rows)[number]) => r.code },
        { name: 'value', value: (r) => r.value },
        { name: 'note', value: (r) => r.note },
      ],
      rows,
    );
    expect((await readXlsx(bytes)).rows[1]).toEqual({ line: 2, cells: ['PH', 47.41, '=HYPERLINK("x")'] });
  });

  test('a file that is not a workbook, or a ZIP that is not one, says what to do', async () => {
    await expect(readXlsx(new TextEncoder().encode('country_code,value\n'))).rejects.toThrow(XlsxReadError);
    const zip = zipOf([{ name: 'readme.txt', data: new TextEncoder().encode('hello') }]);
    expect(zipEntries(zip)).toMatchObject([{ name: 'readme.txt', method: 8, declared: 5 }]);
    await expect(readXlsx(zip)).rejects.toThrow(/not an Excel workbook \(\.xlsx\): save it again/);
  });
});

/**
 * A ZIP record of `size` bytes: its signature, then each field as [offset, bytes, value], little-endian; the rest zero.
 */
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
    const local = zipRecord(30, 0x04034b50, [
      [8, 2, 8],
      [18, 4, packed.length],
      [22, 4, unpacked],
      [26, 2, name.length],
    ]);
    const dir = zipRecord(46, 0x02014b50, [
      [10, 2, 8],
      [20, 4, packed.length],
      [24, 4, unpacked],
      [28, 2, name.length],
      [42, 4, offset],
    ]);
    parts.push(local, name, packed);
    central.push(dir, name);
    offset += local.length + name.length + packed.length;
  }
  const cd = Buffer.concat(central);
  const end = zipRecord(22, 0x06054b50, [
    [8, 2, entries.length],
    [10, 2, entries.length],
    [12, 4, cd.length],
    [16, 4, offset],
  ]);
  return new Uint8Array(Buffer.concat([...parts, cd, end]));
}

/** The size an entry unpacks to within `budget`, or what stopped it. */
async function unpacked(entry: ZipEntry, budget: number): Promise<number | string> {
  let size = 0;
  try {
    for await (const piece of unpack(entry, { left: budget })) size += piece.length;
  } catch (error) {
    return error instanceof ZipTooLargeError ? 'too-large' : 'damaged';
  }
  return size;
}

describe('zip guard', () => {
  test('an entry that unpacks past the budget is stopped there, even when it states a small size', async () => {
    const big = new Uint8Array(5_000_000);
    const entry = (declare?: number) =>
      (zipEntries(zipOf([{ name: 'a.xml', data: big, ...(declare ? { declare } : {}) }])) as ZipEntry[])[0]!;
    expect(await unpacked(entry(), 1_000_000)).toBe('too-large');
    expect(await unpacked(entry(10), 1_000_000)).toBe('too-large');
    expect(await unpacked(entry(), 6_000_000)).toBe(5_000_000);
  });
  test('bytes that are not an archive, or a cut one, are not a ZIP; damaged packed data is said so', async () => {
    expect(zipEntries(new Uint8Array([1, 2, 3]))).toBe('not-zip');
    const zip = zipOf([{ name: 'a.xml', data: new Uint8Array(10) }]);
    expect(zipEntries(zip.subarray(0, zip.length - 30))).toBe('not-zip');
    const [entry] = zipEntries(zip) as ZipEntry[];
    expect(await unpacked({ ...entry!, data: new Uint8Array([0xff, 0xff, 0xff]) }, 100)).toBe('damaged');
  });
});

describe('readXlsx reads what ExcelJS read', () => {
  test(
    'dates by their number format, booleans, errors, rich ' + 'text, links, formulas’ saved results, line breaks',
    async () => {
      const bytes = await workbook((book) => {
        const sheet = book.addWorksheet('S');
        sheet.addRow([
          new Date(Date.UTC(2020, 0, 31)),
          true,
          false,
          { error: '#N/A' },
          { richText: [{ text: 'Росстат, ' }, { font: { bold: true }, text: 'перепись' }] },
          { text: 'PSA', hyperlink: 'https://psa.gov.ph' },
          { formula: 'A1*2', result: 3.5 },
          { formula: 'B1', result: 'text' },
          0.1 + 0.2,
          { formula: 'TODAY()', result: new Date(Date.UTC(2021, 5, 1)) },
          { formula: 'X1' },
          'line\nbreak',
          { formula: '1/0', result: { error: '#DIV/0!' } },
        ] as ExcelJS.CellValue[]);
        sheet.getCell('J1').numFmt = 'dd/mm/yyyy';
      });
      const expected = [
        '2020-01-31',
        'true',
        'false',
        '#N/A',
        'Росстат, перепись',
        'PSA',
        3.5,
        'text',
        0.3,
        '2021-06-01',
        '=X1',
        'line\nbreak',
        '#DIV/0!',
      ];
      expect((await readXlsx(bytes)).rows).toEqual([{ line: 1, cells: expected }]);
      // ExcelJS, which read the imports before decision 054, reads the same.
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(bytes) as never);
      const row = book.worksheets[0]!.getRow(1);
      expect(Array.from({ length: row.cellCount }, (_, i) => sheetCellOf(row.getCell(i + 1).value))).toEqual(expected);
    },
  );

  test(
    'what other writers put: prefixed tags, cells without references, inline and phonetic text, escapes, 1904 ' +
      'dates, custom date formats',
    async () => {
      const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
      const sheet =
        `<x:worksheet xmlns:x="${main}"><x:sheetData>
      <x:row r="2"><x:c t="inlineStr"><x:is><x:r><x:t>Tō</x:t></x:r><x:r><x:t>kyō</x:t></x:r></x:is></x:c>` +
        `<x:c><x:v>7</x:v></x:c><x:c r="E2" t="s"><x:v>0</x:v></x:c></x:row>
      <x:row><x:c r="A3" t="d"><x:v>2019-12-31T00:00:00Z</x:v></x:c><x:c r="B3" s="1"><x:v>0</x:v></x:c>` +
        `<x:c r="C3" t="str"><x:f t="shared" si="0"/><x:v>shared</x:v></x:c><x:c r="D3"/></x:row>
    </x:sheetData></x:worksheet>`;
      const strings = `<sst xmlns="${main}"><si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si></sst>`;
      const parts = workbookParts(sheet, strings).map((part) => {
        if (part.name === 'xl/workbook.xml')
          return { ...part, data: (part.data as string).replace('<sheets>', '<workbookPr date1904="1"/><sheets>') };
        if (part.name === 'xl/_rels/workbook.xml.rels') {
          return {
            ...part,
            data: (part.data as string).replace(
              '</Relationships>',
              '<Relationship Id="rId3" ' +
                'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" ' +
                'Target="/xl/styles.xml"/></Relationships>',
            ),
          };
        }
        return part;
      });
      const styles =
        `<styleSheet xmlns="${main}"><numFmts count="1"><numFmt numFmtId="164" formatCode="[$-409]d&quot; de ` +
        `&quot;mmmm"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`;
      const { sheet: name, rows } = await readXlsx(zipArchive([...parts, { name: 'xl/styles.xml', data: styles }]));
      expect(name).toBe('Figures');
      expect(rows).toEqual([
        { line: 2, cells: ['Tōkyō', 7, '', '', '東京'] },
        { line: 3, cells: ['2019-12-31', '1904-01-01', 'shared'] },
      ]);
      const escaped = zipArchive(
        workbookParts(
          `<worksheet xmlns="${main}"><sheetData><row r="1"><c ` +
            `t="inlineStr"><is><t>a_x000D_b</t></is></c></row></sheetData></worksheet>`,
        ),
      );
      expect((await readXlsx(escaped)).rows[0]!.cells).toEqual(['a\rb']);
    },
  );
});

describe('readXlsx within its bounds (decision 054)', () => {
  const refusal = async (bytes: Uint8Array) => {
    const error = await readXlsx(bytes).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(XlsxReadError);
    return (error as Error).message;
  };
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const book = (rows: string, head = '') =>
    zipArchive(workbookParts(`<worksheet xmlns="${main}">${head}<sheetData>${rows}</sheetData></worksheet>`));

  test(
    'a sheet wider than the import is refused from its ' + 'declared range, or at its first cell past the last column',
    async () => {
      expect(await refusal(wideXlsx())).toBe(
        'the sheet uses columns up to XFD: keep the figures in columns A to GR and delete the columns after them',
      );
      expect(await refusal(wideXlsx({ dimension: false }))).toMatch(/^the sheet uses columns up to XFD:/);
      expect(await refusal(book('<row r="1"><c r="A1"><v>1</v></c></row>', '<dimension ref="A1:A20001"/>'))).toBe(
        'the sheet uses rows up to 20001: keep only the rows of figures (at most 5000) and delete the rows after them',
      );
      // Empty cells past the last column (formatting, or a blank text) cost nothing and are left out.
      const edge = book(
        `<row r="1"><c r="GR1"><v>1</v></c><c r="GS1" s="1"/><c r="XFD1" t="inlineStr"><is><t> </t></is></c></row>`,
      );
      expect((await readXlsx(edge)).rows[0]!.cells).toHaveLength(IMPORT_COLUMNS_MAX);
    },
  );

  test(
    'too many rows, cells, texts or unpacked bytes, a ' + 'DOCTYPE or a text no spreadsheet writes: refused',
    async () => {
      const rows = (n: number) =>
        Array.from({ length: n }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c></row>`).join('');
      expect((await readXlsx(book(rows(5001)))).rows).toHaveLength(5001);
      await expect(readXlsx(book(rows(5002)))).rejects.toBeInstanceOf(TooManyRowsError);
      // Blank rows do not count.
      expect(
        (await readXlsx(book(rows(5001) + '<row r="6000"><c r="A6000" t="inlineStr"><is><t> </t></is></c></row>')))
          .rows,
      ).toHaveLength(5001);
      const cells = `<row>${'<c s="1"/>'.repeat(100)}</row>`.repeat(XLSX_CELLS_MAX / 100 + 1);
      expect(await refusal(book(cells))).toMatch(/^the sheet has more than 1000000 cells/);
      expect(await refusal(sharedStringsXlsx())).toMatch(/^the workbook holds more than 200000 different texts/);
      expect(await refusal(sharedStringsXlsx({ declared: false }))).toMatch(
        /^the workbook holds more than 200000 different texts/,
      );
      expect(await refusal(zipBombXlsx(64))).toMatch(/^the workbook is too large once unpacked/);
      const doctype = zipArchive(
        workbookParts(
          `<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">]><worksheet xmlns="${main}"><sheetData/></worksheet>`,
        ),
      );
      expect(await refusal(doctype)).toMatch(/^the file is not an Excel workbook/);
      // A text of 2 MB in a cell (Excel keeps 32,767 characters): as the spaces that pad a zip bomb.
      expect(
        await refusal(book(`<row r="1"><c t="inlineStr"><is><t>${'x'.repeat(2 * 1024 * 1024)}</t></is></c></row>`)),
      ).toMatch(/^the workbook is too large once unpacked/);
      expect(await refusal(book('<row r="2"/><row r="1"/>'))).toMatch(/^the file is not an Excel workbook/);
    },
  );
});
