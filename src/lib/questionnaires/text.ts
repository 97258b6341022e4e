import { z } from 'zod';
import { safeText } from '../http/safe-text.ts';
import { text, type TextOptions } from '../http/schema.ts';
import { zodError } from '../i18n/said.ts';

/**
 * Control characters other than tab and line feed: never meaningful in a report, and some break
 * CSV exports, PDFs or terminals. Carriage returns are folded into line feeds first. Zero-width
 * and bidirectional characters are safeText's (decision 057): a zero-width space between two Thai
 * or Khmer words is how those languages mark a word break, and stays.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u2028\u2029]/g;
/**
 * Half of a UTF-16 surrogate pair without its other half: no character at all, and one that
 * PostgreSQL refuses in JSON (an answer's value is stored as jsonb).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as a person meant it: NFC, line feeds only, no control characters or broken characters, trimmed. */
export function cleanText(value: string): string {
  return safeText(
    value.replace(LONE_SURROGATE, '').normalize('NFC').replace(/\r\n?/g, '\n').replace(CONTROL, ''),
  ).trim();
}

/**
 * An answer's free text (value, narrative, source, comment), saved as the official types it while
 * autosaving: control characters are dropped rather than refused, so a pasted stray byte never
 * blocks the save of a whole form. An optional free-text field: cleaned, at most `max` characters; '' and absent mean
 * null.
 * Output is `string | null`.
 */
export function optionalSafeText(max: number) {
  return z
    .union([z.string({ error: 'must be text' }), z.null()], { error: 'must be text' })
    .optional()
    .transform((value) => (value == null ? null : cleanText(value)))
    .pipe(
      z
        .string()
        .max(max, { error: zodError('must be at most {max} characters', { max }) })
        .nullable(),
    )
    .transform((value) => (value === '' ? null : value));
}

/**
 * An optional field of a form (not an answer) on the shared `text()` rules (decision 011):
 * control characters are refused, not dropped; '' and null mean null; absent is null too.
 */
export function nullableText(options: TextOptions) {
  return z
    .union([text(options), z.null()], { error: 'must be text' })
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));
}

/** A web address an answer may hold: http or https, at most `max` characters. */
export function httpUrl(max: number) {
  return text({ max }).refine(
    (v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v),
    'must be an http:// or https:// address',
  );
}
