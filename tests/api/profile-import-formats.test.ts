/**
 * The profile's import and export in the files people have (issue 18, item 5): CSV uploaded as a
 * file (semicolons, a byte-order mark, decimal commas, CRLF, other scripts) and Excel workbooks
 * written here by ExcelJS; wrong files and sizes refused with a 4xx that says what to do; the
 * export as CSV (with a byte-order mark on request) and .xlsx, which imports again unchanged.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, test } from 'vitest';
import { ErrorResponseSchema } from '../../src/lib/http/schema.ts';
import {
  DatasetResponseSchema,
  IMPORT_FILE_MAX_BYTES,
  ImportResponseSchema,
} from '../../src/lib/urbanisation-profile/schema.ts';
import { uploadForm } from '../fixtures/cms.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const ctx = await createTestContext();
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const HEADER = ['country_code', 'indicator', 'year', 'value', 'source', 'is_estimate', 'note'];

let stateAdmin: TestUser;
let member: TestUser;
let admin: TestUser;
beforeAll(async () => {
  [stateAdmin, member, admin] = await Promise.all([
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
    createUser(ctx, { role: 'state_member', country: 'PH' }),
    createUser(ctx, { role: 'admin', country: 'JP' }),
  ]);
});

const upload = (path: string, token: string, bytes: Uint8Array, name: string, type = '') =>
  ctx.request(`/api/profile/import/file${path}`, { method: 'POST', token, body: uploadForm(bytes, { name, type }) });
const utf8 = (text: string) => new TextEncoder().encode(text);

async function workbook(
  rows: (string | number | null)[][],
  fill?: (sheet: ExcelJS.Worksheet) => void,
): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Figures');
  for (const row of rows) sheet.addRow(row);
  fill?.(sheet);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function stored(slug: string, year: number) {
  const body = await expectJson(
    await ctx.request(`/api/profile/analytics/${slug}/PH/${year}`, { token: stateAdmin.token }),
    200,
    DatasetResponseSchema,
  );
  return body.data.values;
}

describe('a CSV file as spreadsheets save it', () => {
  test(
    'semicolons, a byte-order mark, CRLF, decimal commas ' + 'and Cyrillic and Thai notes: read as such, and said so',
    async () => {
      const csv =
        `\uFEFF${HEADER.join(';')}\r\nPH;URB_GROWTH;2001;1,25;"Росстат; перепись";;"Заметка, ` +
        `""важно"""\r\nPH;URB_GROWTH;2002;-0,5;PSA;yes;ข้อมูลเบื้องต้น\r\n`;
      const preview = await expectJson(
        await upload('/preview', stateAdmin.token, utf8(csv), 'figures.csv', 'text/csv'),
        200,
        deepStrict(ImportResponseSchema),
      );
      expect(preview.data.format).toEqual({ file: 'csv', separator: ';', decimal_mark: ',', sheet: null });
      expect(preview.data).toMatchObject({ rows: 2, unchanged: 0, errors: [] });
      expect(preview.data.changes.map((c) => [c.line, c.year, c.after])).toEqual([
        [2, 2001, 1.25],
        [3, 2002, -0.5],
      ]);

      const done = await expectJson(
        await upload('', stateAdmin.token, utf8(csv), 'figures.csv'),
        200,
        ImportResponseSchema,
      );
      expect(done.message).toBe('2 figures imported');
      expect(await stored('demography-urbanisation', 2001)).toEqual([
        {
          indicator: 'URB_GROWTH',
          value: 1.25,
          data_year: 2001,
          source: 'Росстат; перепись',
          is_estimate: false,
          note: 'Заметка, "важно"',
        },
      ]);
      expect((await stored('demography-urbanisation', 2002))[0]).toMatchObject({
        value: -0.5,
        is_estimate: true,
        note: 'ข้อมูลเบื้องต้น',
      });
      // The same file again changes nothing.
      const again = await expectJson(
        await upload('/preview', stateAdmin.token, utf8(csv), 'figures.csv'),
        200,
        ImportResponseSchema,
      );
      expect(again.data).toMatchObject({ unchanged: 2, changes: [] });
    },
  );

  test(
    'a comma-separated file reads decimal points, and ' + 'says which row and column is wrong and what to write',
    async () => {
      const csv = [
        'country_code,indicator,year,value,source',
        'PH,URB_GROWTH,2003,"12,5,3",PSA',
        'PH,URB_GROWTH,2003,0x10,PSA',
        'PH,URB_GROWTH,1949,1e3,PSA',
      ].join('\n');
      const preview = await expectJson(
        await upload('/preview', stateAdmin.token, utf8(csv), 'figures.csv'),
        200,
        ImportResponseSchema,
      );
      expect(preview.data.format).toEqual({ file: 'csv', separator: ',', decimal_mark: '.', sheet: null });
      expect(preview.data.errors.map((e) => e.message)).toEqual([
        "Row 2, column value: '12,5,3' is not a number: write digits with at most a decimal point (1234.5), no " +
          'thousands separators',
        "Row 3, column value: '0x10' is not a number: write digits with at most a decimal point (1234.5), no " +
          'thousands separators',
        `Row 4, column year: '1949' is not a year: write a year from 1950 to ${NEXT_YEAR}; column value: '1e3' ` +
          `is not a number written out: write every digit, without an exponent (1000, not 1e3)`,
      ]);
    },
  );
});

describe('an Excel workbook (.xlsx)', () => {
  test(
    'number cells are read as numbers (as Excel shows them: 1.1 + 2.2 is 3.3), text cells as decimals with the ' +
      'file’s mark; rows keep Excel’s numbers',
    async () => {
      const bytes = await workbook([
        HEADER,
        ['PH', 'URB_GROWTH', 2004, 1.1 + 2.2, 'PSA', null, 'ประมาณการ'],
        ['PH', 'URB_GROWTH', '2005', '2,5', 'Росстат', 'false', null],
        [],
        ['PH', 'URB_POP_PCT', 2006, 101, 'PSA', null, null],
        ['PH', 'URB_GROWTH', 2007, '0x10', 'PSA', null, null],
        ['PH', 'URB_GROWTH', 2007.5, '1e3', '', null, null],
        ['VN', 'URB_GROWTH', NEXT_YEAR + 1, 1, 'GSO', null, null],
        ['PH', 'URB_GROWTH', 2008, '12,5,3', 'PSA', null, null, 'extra'],
      ]);
      const preview = await expectJson(
        await upload('/preview', stateAdmin.token, bytes, 'figures.xlsx'),
        200,
        deepStrict(ImportResponseSchema),
      );
      expect(preview.data.format).toEqual({ file: 'xlsx', separator: null, decimal_mark: ',', sheet: 'Figures' });
      expect(preview.data.rows).toBe(7);
      expect(preview.data.changes.map((c) => [c.line, c.year, c.after])).toEqual([
        [2, 2004, 3.3],
        [3, 2005, 2.5],
      ]);
      expect(preview.data.errors).toEqual([
        { line: 5, message: 'Row 5, column value: 101 must be at most 100 %' },
        {
          line: 6,
          message:
            "Row 6, column value: '0x10' is not a number: write digits with at most a decimal comma, as the " +
            'other figures of this file (1234,5), no thousands separators',
        },
        {
          line: 7,
          message:
            `Row 7, column year: '2007.5' is not a year: write a year from 1950 to ${NEXT_YEAR}; column value: ` +
            `'1e3' is not a number written out: write every digit, without an exponent (1000, not 1e3); column ` +
            `source: is empty: say where the figure comes from`,
        },
        {
          line: 8,
          message:
            `Row 8, column country_code: you may import figures only for your own country, not VN; column year: ` +
            `'${NEXT_YEAR + 1}' is not a year: write a year from 1950 to ${NEXT_YEAR}`,
        },
        {
          line: 9,
          message:
            'Row 9, 8 values where row 1 names 7 columns: name each column in row 1 or empty the cells to the ' +
            "right; column value: '12,5,3' is not a number: write digits with at most a decimal comma, as the " +
            'other figures of this file (1234,5), no thousands separators',
        },
      ]);
      const refused = await expectJson(
        await upload('', stateAdmin.token, bytes, 'figures.xlsx'),
        400,
        ErrorResponseSchema,
      );
      expect(refused.message).toBe('The file has 5 bad rows: nothing was imported');
      expect(await stored('demography-urbanisation', 2004)).toEqual([]);

      const clean = await workbook([
        HEADER,
        ['PH', 'URB_GROWTH', 2004, 1.1 + 2.2, 'PSA', null, 'ประมาณการ'],
        ['PH', 'SLUM_PCT', 2004, 36.5, 'PSA', 'yes', 'Оценка'],
      ]);
      const done = await expectJson(
        await upload('', stateAdmin.token, clean, 'figures.xlsx'),
        200,
        ImportResponseSchema,
      );
      expect(done.data.changes).toHaveLength(2);
      expect(await stored('demography-urbanisation', 2004)).toEqual([
        { indicator: 'URB_GROWTH', value: 3.3, data_year: 2004, source: 'PSA', is_estimate: false, note: 'ประมาณการ' },
      ]);
      expect((await stored('housing-slums', 2004))[0]).toMatchObject({
        value: 36.5,
        is_estimate: true,
        note: 'Оценка',
      });
    },
  );

  test(
    'only the first sheet is read; its header may sit ' + 'below a blank row; formulas give their saved result',
    async () => {
      const book = new ExcelJS.Workbook();
      const first = book.addWorksheet('Ввод');
      first.getRow(3).values = HEADER;
      first.getRow(4).values = ['PH', 'URB_GROWTH', 2009, { formula: '1+0.75', result: 1.75 } as never, 'PSA'];
      book.addWorksheet('Notes').addRow(['PH', 'URB_GROWTH', 2010, 'not read']);
      const bytes = new Uint8Array(await book.xlsx.writeBuffer());
      const preview = await expectJson(
        await upload('/preview', stateAdmin.token, bytes, 'book.xlsx'),
        200,
        ImportResponseSchema,
      );
      expect(preview.data.format).toEqual({ file: 'xlsx', separator: null, decimal_mark: '.', sheet: 'Ввод' });
      expect(preview.data.changes.map((c) => [c.line, c.year, c.after])).toEqual([[4, 2009, 1.75]]);
    },
  );

  test('a sheet without the columns is refused as a whole, naming the row', async () => {
    const bytes = await workbook([['country', 'year', 'value']]);
    const refused = await expectJson(
      await upload('/preview', stateAdmin.token, bytes, 'x.xlsx'),
      400,
      ErrorResponseSchema,
    );
    expect(refused.errors).toEqual({
      file: [
        'Row 1 must name the columns country_code, indicator, year, value, source, one per cell (missing: ' +
          'country_code, indicator, source)',
      ],
    });
  });
});

describe('wrong files, sizes and people', () => {
  const refuse = async (bytes: Uint8Array, name: string, status: number, message: RegExp) => {
    const body = await expectJson(await upload('/preview', stateAdmin.token, bytes, name), status, ErrorResponseSchema);
    expect(body.message).toMatch(message);
  };
  test(
    'an old .xls, a PDF, a picture, another ZIP, text in a Windows code page, an empty or too large file: a 4xx ' +
      'saying what to do',
    async () => {
      await refuse(
        new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
        'old.xls',
        415,
        /older Excel file \(\.xls\).*Excel Workbook \(\.xlsx\)/,
      );
      await refuse(
        utf8('%PDF-1.7\n'),
        'figures.pdf',
        415,
        /^This is a PDF document: choose an Excel workbook \(\.xlsx\) or a CSV file$/,
      );
      await refuse(
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        'figures.csv',
        415,
        /^This is a picture/,
      );
      await refuse(
        new Uint8Array([1, 2, 0, 0, 5, 6, 7, 8]),
        'figures.csv',
        415,
        /^This is not a CSV file or an Excel workbook/,
      );
      const docx = new ExcelJS.Workbook();
      docx.addWorksheet('x');
      const zip = new Uint8Array(await docx.xlsx.writeBuffer());
      // Cut short: a ZIP whose directory is gone.
      await refuse(
        zip.subarray(0, 200),
        'cut.xlsx',
        400,
        /^The file cannot be imported: the file is not an Excel workbook \(\.xlsx\)/,
      );
      // "Заметка" in Windows-1251, as Excel's plain "CSV" saves it on a Russian computer.
      const cp1251 = new Uint8Array([
        ...utf8('country_code;indicator;year;value;source\r\nPH;URB_GROWTH;2011;1,5;'),
        0xc7,
        0xe0,
        0xec,
        0xe5,
        0xf2,
        0xea,
        0xe0,
      ]);
      await refuse(cp1251, 'ru.csv', 400, /not saved as UTF-8 text: in Excel, use Save As and choose "CSV UTF-8"/);
      await refuse(new Uint8Array(IMPORT_FILE_MAX_BYTES + 1), 'big.csv', 413, /larger than 2 MB/);
      await expectError(await upload('/preview', stateAdmin.token, new Uint8Array(0), 'empty.csv'), 400, {
        fields: ['file'],
      });
      await expectError(
        await ctx.request('/api/profile/import/file/preview', { token: stateAdmin.token, json: { csv: 'a' } }),
        415,
      );
    },
  );

  test('a pasted CSV keeps its own limit; a person who may only read, or nobody, cannot import', async () => {
    const csv = utf8('country_code,indicator,year,value,source\nPH,URB_GROWTH,2012,1,PSA\n');
    await expectError(await upload('', member.token, csv, 'f.csv'), 403);
    await expectError(
      await ctx.request('/api/profile/import/file', { method: 'POST', body: uploadForm(csv, { name: 'f.csv' }) }),
      401,
    );
    await expectError(
      await ctx.request('/api/profile/import/preview', { token: stateAdmin.token, json: { csv: 'x'.repeat(300_000) } }),
      413,
    );
  });
});

describe('export in the same formats', () => {
  test(
    'CSV of one theme or one indicator, with a byte-order ' + 'mark on request; the person’s own country only',
    async () => {
      const plain = await ctx.request('/api/profile/export.csv?category=demography-urbanisation', {
        token: stateAdmin.token,
      });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-disposition')).toBe(
        'attachment; filename="urbanisation-profile-demography-urbanisation.csv"',
      );
      const text = await plain.text();
      expect(
        text.startsWith('country_code,indicator,year,value,source,is_estimate,note,category,status,licence,origin\r\n'),
      ).toBe(true);
      expect(text).toContain(
        'PH,URB_GROWTH,2001,1.25,Росстат; перепись,false,"Заметка, ""важно""",demography-urbanisation,draft,,country',
      );
      expect(text).not.toContain('housing-slums');
      expect(text).not.toMatch(/\r\n(JP|VN),/);

      const withBom = new Uint8Array(
        await (
          await ctx.request('/api/profile/export.csv?indicator=SLUM_PCT&bom=1', { token: stateAdmin.token })
        ).arrayBuffer(),
      );
      expect([...withBom.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(withBom).split('\r\n').filter(Boolean);
      expect(lines.slice(1).every((l) => l.startsWith('PH,SLUM_PCT,'))).toBe(true);

      await expectError(
        await ctx.request('/api/profile/export.csv?category=no-such-theme', { token: stateAdmin.token }),
        404,
      );
      await expectError(await ctx.request('/api/profile/export.xlsx?indicator=NOPE', { token: stateAdmin.token }), 404);
      await expectError(await ctx.request('/api/profile/export.csv?bom=yes', { token: stateAdmin.token }), 400, {
        fields: ['bom'],
      });
      await expectError(await ctx.request('/api/profile/export.xlsx'), 401);
    },
  );

  test('an .xlsx export holds numbers as numbers and imports again with nothing to change', async () => {
    const response = await ctx.request('/api/profile/export.xlsx?category=demography-urbanisation', {
      token: stateAdmin.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'country_code',
      'indicator',
      'year',
      'value',
      'source',
      'is_estimate',
      'note',
      'category',
      'status',
      'licence',
      'origin',
    ]);
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(3).value === 2001)!;
    expect(row.getCell(4).value).toBe(1.25);
    expect(row.getCell(5).value).toBe('Росстат; перепись');

    const again = await expectJson(
      await upload('/preview', stateAdmin.token, bytes, 'export.xlsx'),
      200,
      ImportResponseSchema,
    );
    expect(again.data.errors).toEqual([]);
    expect(again.data.changes).toEqual([]);
    expect(again.data.unchanged).toBe(again.data.rows);
    expect(again.data.rows).toBeGreaterThanOrEqual(3);

    // An administrator's export of the theme holds the other countries' figures too.
    const all = await (
      await ctx.request('/api/profile/export.csv?category=demography-urbanisation', { token: admin.token })
    ).text();
    expect(all).toMatch(/\r\nJP,/);
  });
});
