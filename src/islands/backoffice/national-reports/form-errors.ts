/**
 * The shared schemas' field messages ("must be a number") on the question and cycle forms, in
 * the page's language (issue 17): the forms check with the same schemas as the server, whose
 * words are English fragments; each known fragment is said again from the catalogue, the
 * questionnaire's own ones included. English pages, and anything not known, show them as they are.
 */
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { problemText } from '../questionnaire/answer-format.ts';
import { m } from './messages.ts';

type Key = Parameters<typeof m>[0];

const FRAGMENTS: [RegExp, Key, (match: RegExpExecArray) => Record<string, string | number>][] = [
  [/^is required$/, 'problem.required', () => ({})],
  [/^must be at least (\d+) days$/, 'problem.atLeastDays', (x) => ({ count: Number(x[1]) })],
  [/^must be at most (\d+) days$/, 'problem.atMostDays', (x) => ({ count: Number(x[1]) })],
  [/^must be at least (\d+) characters$/, 'problem.minChars', (x) => ({ count: Number(x[1]) })],
  [/^must be a number of days$/, 'problem.days', () => ({})],
  [/^must be a whole number of days$/, 'problem.days', () => ({})],
  [/^must be a date \(YYYY-MM-DD\)$/, 'problem.date', () => ({})],
  [/^must be a real date$/, 'problem.realDate', () => ({})],
  [/^must be between (\S+) and (\S+)$/, 'problem.between', (x) => ({ min: x[1]!, max: x[2]! })],
  [/^must not be before the opening date$/, 'problem.beforeOpening', () => ({})],
  [/^must be a list of days before the closing date$/, 'problem.dayList', () => ({})],
  [/^must hold at most (\d+) days$/, 'problem.dayCount', (x) => ({ count: Number(x[1]) })],
  [/^must not name the same day twice$/, 'problem.sameDay', () => ({})],
  [/^must be a short code such as Q39$/, 'problem.code', () => ({})],
  [/^must be a short key of lower-case letters, digits and _$/, 'problem.key', () => ({})],
  [/^must be 1, 2 or 3$/, 'problem.tier', () => ({})],
  [/^a choice question needs at least 2 options$/, 'problem.twoOptions', () => ({})],
  [/^option values must differ$/, 'problem.optionValues', () => ({})],
  [/^part keys must differ$/, 'problem.partKeys', () => ({})],
  [/^must not be below the lowest allowed value$/, 'problem.belowMin', () => ({})],
  [/^must not be below the lowest expected value$/, 'problem.belowExpected', () => ({})],
];

/** One field message in the page's language. */
export function fieldMessage(message: string): string {
  if (PAGE_LOCALE === 'en') return message;
  for (const [pattern, key, params] of FRAGMENTS) {
    const match = pattern.exec(message);
    if (match) return m(key, params(match));
  }
  return problemText(message);
}

/** Every message of a form's field errors in the page's language. */
export function localFieldErrors(errors: FieldErrors): FieldErrors {
  if (PAGE_LOCALE === 'en') return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map(fieldMessage)]));
}
