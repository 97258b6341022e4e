import { describe, expect, test } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  test('quotes, doubled quotes, CRLF, blank lines and line numbers', () => {
    const rows = parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""",3\r\n\r\n"two\nlines",,5\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', '3'] },
      { line: 4, cells: ['two\nlines', '', '5'] },
    ]);
  });
  test('a last line without a line break', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
  });
});
