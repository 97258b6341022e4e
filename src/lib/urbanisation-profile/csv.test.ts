import { describe, expect, test } from 'vitest';
import { CsvSyntaxError, decimalMarkOf, readCsv, readDecimal, readYear, separatorOf } from './csv.ts';
import { TooManyRowsError } from './import-limits.ts';
import { expectCases } from '../../../tests/support/cases.ts';

describe('readCsv', () => {
  test('quotes, doubled quotes, CRLF, blank lines and the line each row starts on', () => {
    expect(readCsv('a,b,c\r\n"x, y","say ""hi""",3\r\n\r\n"two\nlines",,5\n')).toEqual({
      separator: ',',
      rows: [
        { line: 1, cells: ['a', 'b', 'c'] },
        { line: 2, cells: ['x, y', 'say "hi"', '3'] },
        { line: 4, cells: ['two\nlines', '', '5'] },
      ],
    });
  });

  test('a byte-order mark, mixed line ends, a last line without one, rows of blanks left out', () => {
    const { rows } = readCsv('\uFEFFa,b\r\n1,2\n3,"4\r\nfour"\r5,6\n , \n7,8');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
      { line: 3, cells: ['3', '4\nfour'] },
      { line: 5, cells: ['5', '6'] },
      { line: 7, cells: ['7', '8'] },
    ]);
  });

  test('semicolons, as spreadsheets write them where the decimal mark is a comma', () => {
    expect(readCsv('\uFEFFcountry_code;value;source\r\nPH;47,41;"PSA; census"\r\n')).toEqual({
      separator: ';',
      rows: [
        { line: 1, cells: ['country_code', 'value', 'source'] },
        { line: 2, cells: ['PH', '47,41', 'PSA; census'] },
      ],
    });
  });

  test('the separator is decided by the header line, outside its quotes', () => {
    expectCases(separatorOf, [
      ['a,b,c\n1;2;3', ','],
      ['a;b;c\n1,2,3', ';'],
      ['"a;b";c,d\n', ','],
      ['\uFEFFa;b', ';'],
      ['single', ','],
    ]);
  });

  test('rows keep every value they have: more than the header are the caller’s to refuse', () => {
    expect(readCsv('a,b\n1,2,3\n4').rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2', '3'] },
      { line: 3, cells: ['4'] },
    ]);
  });

  test('broken quoting is refused with the row it is on', () => {
    const fails = (text: string) => {
      try {
        readCsv(text);
      } catch (error) {
        expect(error).toBeInstanceOf(CsvSyntaxError);
        return { line: (error as CsvSyntaxError).line, message: (error as Error).message };
      }
      throw new Error('accepted');
    };
    expect(fails('a,b\n1,2\n"open,3\n')).toMatchObject({ line: 3, message: expect.stringMatching(/not closed/) });
    expect(fails('a,b\n"x"y,2\n')).toMatchObject({ line: 2, message: expect.stringMatching(/double quote/) });
  });
});

describe('readCsv within limits (decision 054)', () => {
  test('stops at the first non-blank record past maxRows; blank records do not count', () => {
    expect(readCsv('h\n1\n\n , \n2\n', { maxRows: 3 }).rows.map((r) => r.line)).toEqual([1, 2, 5]);
    expect(() => readCsv('h\n1\n2\n3\n', { maxRows: 3 })).toThrow(TooManyRowsError);
    // A million short lines: stopped at the record past the limit, whatever follows (a quote left open).
    expect(() => readCsv(`${'1\n'.repeat(1_000_000)}"open`, { maxRows: 5001 })).toThrow(TooManyRowsError);
  });

  test('a record with more values than maxColumns is refused with its row', () => {
    expect(() => readCsv(`a,b\n${'1,'.repeat(200)}1\n`, { maxColumns: 200 })).toThrow(
      expect.objectContaining({
        line: 2,
        message: 'it has more than 200 values: keep the figures in the first 200 columns',
      }),
    );
    expect(readCsv(`a\n${'1,'.repeat(199)}1\n`, { maxColumns: 200 }).rows[1]!.cells).toHaveLength(200);
  });
});

describe('decimalMarkOf', () => {
  test('a comma-separated file writes decimals with a point, whatever its quoted values hold', () => {
    expect(decimalMarkOf(',', ['12,5', '3'])).toBe('.');
  });
  test('a semicolon-separated file uses the comma when any figure has one, else the point', () => {
    expect(decimalMarkOf(';', ['12', ' 47,41 ', '3'])).toBe(',');
    expect(decimalMarkOf(';', ['12', '47.41'])).toBe('.');
    expect(decimalMarkOf(';', [])).toBe('.');
  });
});

describe('readDecimal', () => {
  const value = (text: string, mark: '.' | ',' = '.') => {
    const read = readDecimal(text, mark);
    return read.ok ? read.value : read.problem;
  };

  test('decimals, negative figures, leading zeros and surrounding blanks', () => {
    expect(value('47.41')).toBe(47.41);
    expect(value(' -1.5 ')).toBe(-1.5);
    expect(value('0')).toBe(0);
    expect(value('010')).toBe(10);
    expect(value('37468')).toBe(37468);
    expect(value('47,41', ',')).toBe(47.41);
    expect(value('-0,5', ',')).toBe(-0.5);
  });

  test('hexadecimal, binary and octal are not read as numbers (0x10 was 16, 0b11 was 3)', () => {
    for (const text of ['0x10', '0X1f', '0b11', '0o17', '0B1'])
      expect(value(text)).toMatch(/^'.*' is not a number: write digits/);
  });

  test('an exponent is refused, with how to write the figure out', () => {
    expect(value('1e3')).toBe(
      "'1e3' is not a number written out: write every digit, without an exponent (1000, not 1e3)",
    );
    expect(value('3.7E+04')).toMatch(/without an exponent/);
    expect(value('2,5e-3', ',')).toMatch(/without an exponent/);
  });

  test('the other decimal mark, thousands separators and anything else are refused, saying what to write', () => {
    expect(value('12,5,3')).toBe(
      "'12,5,3' is not a number: write digits with at most a decimal point (1234.5), no thousands separators",
    );
    expect(value('12,5')).toMatch(/decimal point/);
    expect(value('37,468')).toMatch(/no thousands separators/);
    expect(value('47.41', ',')).toBe(
      "'47.41' is not a number: write digits with at most a decimal comma, as the other figures of this file " +
        '(1234,5), no thousands separators',
    );
    for (const text of ['1 000', '1_000', '.5', '5.', '+5', '--5', 'Infinity', 'NaN', '5%', '١٢', 'twelve', '1.2.3']) {
      expect(value(text), text).toMatch(/is not a number/);
    }
    expect(value('')).toBe('is empty: write the figure');
    expect(value('   ')).toBe('is empty: write the figure');
  });

  test('what the message quotes is cut short and shows no control characters', () => {
    expect(value(`${'9'.repeat(30)}x${'9'.repeat(30)}`)).toMatch(/^'9{30}x9{9}…' is not a number/);
    expect(value('1\u00002')).toMatch(/^'1 2' is not a number/);
  });
});

describe('readYear', () => {
  test('four digits from the first year to the last', () => {
    expect(readYear('1950', 1950, 2027)).toEqual({ ok: true, value: 1950 });
    expect(readYear(' 2027 ', 1950, 2027)).toEqual({ ok: true, value: 2027 });
    for (const text of ['1949', '2028', '20x1', '0x7e7', '2.02e3', '202', '02020', '2020.0']) {
      expect(readYear(text, 1950, 2027), text).toEqual({
        ok: false,
        problem: expect.stringMatching(/is not a year: write a year from 1950 to 2027$/),
      });
    }
    expect(readYear('', 1950, 2027)).toEqual({ ok: false, problem: 'is empty: write a year from 1950 to 2027' });
  });
});

describe('notes in other scripts', () => {
  test('Thai and Cyrillic text in quoted cells, with the file’s separators inside them, is kept whole', () => {
    const text =
      '\uFEFFcountry_code;value;note\r\nTH;1,5;"ข้อมูลเบื้องต้น; สำนักงานสถิติ"\r\nRU;2,25;"Росстат, ' +
      '""перепись""\r\n2021"\r\n';
    const { separator, rows } = readCsv(text);
    expect(separator).toBe(';');
    expect(rows.map((r) => r.cells)).toEqual([
      ['country_code', 'value', 'note'],
      ['TH', '1,5', 'ข้อมูลเบื้องต้น; สำนักงานสถิติ'],
      ['RU', '2,25', 'Росстат, "перепись"\n2021'],
    ]);
    expect(decimalMarkOf(separator, ['1,5', '2,25'])).toBe(',');
    expect(readDecimal('٣', '.')).toMatchObject({ ok: false });
  });
});
