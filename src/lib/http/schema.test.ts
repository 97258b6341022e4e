import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { queryInt, text, wholeNumber } from './schema.ts';

const messages = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => String(i.message)) ?? [];

describe('text()', () => {
  const line = text({ min: 2, max: 5 });
  const lines = text({ max: 50, multiline: true });

  test('trims, and states its limits', () => {
    expect(line.parse('  Ana  ')).toBe('Ana');
    expect(messages(line, 'abcdef')).toEqual(['must be at most 5 characters']);
    expect(messages(line, ' a ')).toEqual(['must be at least 2 characters']);
    expect(messages(text({ min: 1, max: 5 }), '   ')).toEqual(['is required']);
    expect(messages(line, undefined)).toEqual(['is required']);
    expect(messages(line, ['Ana'])).toContain('must be text');
    expect(messages(line, 12)).toEqual(['must be text']);
  });

  test.each(['\u0000', 'a\u0000b', '\u001b[2J', '\u007f', '\u0085', 'a\nb', 'a\tb', 'a\rb'])(
    'a single-line field refuses control character %j',
    (value) => {
      expect(messages(line, `${value}xy`.slice(0, 5))).toContain('must not contain control characters');
    },
  );

  test('a multi-line field keeps line breaks and tabs, folds CRLF and CR into LF, refuses other controls', () => {
    expect(lines.parse('one\r\ntwo\rthree\n\tfour')).toBe('one\ntwo\nthree\n\tfour');
    expect(messages(lines, 'one\u0000two')).toEqual([
      'must not contain control characters (line breaks and tabs are fine)',
    ]);
    expect(messages(lines, 'bell\u0007')).toHaveLength(1);
  });

  test('refuses half a surrogate pair, accepts whole ones and bidi text', () => {
    expect(messages(line, 'a\ud800b')).toEqual(['must not contain broken characters']);
    expect(messages(line, '\udfffab')).toEqual(['must not contain broken characters']);
    expect(line.parse('a😀b')).toBe('a😀b');
    expect(line.parse('مرحبا')).toBe('مرحبا');
  });
});

describe('wholeNumber() and queryInt()', () => {
  const order = wholeNumber({ min: 0, max: 9999 });
  const perPage = queryInt({ min: 1, max: 100, fallback: 20, unit: 'per page' });

  // A number past the safe range fails the integer check and the limit, both saying the limit:
  // fieldErrors() sends each message once.
  test('a value past a limit is told the limit', () => {
    expect(messages(order, 10_000)).toEqual(['must be at most 9999']);
    expect(new Set(messages(order, 1e20))).toEqual(new Set(['must be at most 9999']));
    expect(messages(order, Infinity)).toEqual(['must be at most 9999']);
    expect(messages(order, -1)).toEqual(['must be at least 0']);
    expect(messages(order, -Infinity)).toEqual(['must be at least 0']);
    expect(messages(order, 1.5)).toEqual(['must be a whole number']);
    expect(messages(order, '3')).toEqual(['must be a whole number']);
    expect(messages(order, undefined)).toEqual(['is required']);
    expect(order.parse(-0)).toBe(0);
  });

  test('query strings: blank is the default, the unit follows the limit', () => {
    expect(perPage.parse(undefined)).toBe(20);
    expect(perPage.parse('')).toBe(20);
    expect(perPage.parse('50')).toBe(50);
    expect(messages(perPage, '101')).toEqual(['must be at most 100 per page']);
    expect(messages(perPage, '1e309')).toEqual(['must be at most 100 per page']);
    expect(messages(perPage, '0')).toEqual(['must be at least 1 per page']);
    expect(messages(perPage, 'ten')).toEqual(['must be a whole number']);
  });
});
