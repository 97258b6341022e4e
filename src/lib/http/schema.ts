import { z } from 'zod';
import { safeText } from './safe-text.ts';
import { say, zodError } from '../i18n/said.ts';

/** The limits of a whole number by its unit (decision 064: said by key, worded in the request's language). */
const LIMIT_MESSAGES: Record<string, { most: string; least: string }> = {
  '': { most: 'must be at most {max}', least: 'must be at least {min}' },
  'per page': { most: 'must be at most {max} per page', least: 'must be at least {min} per page' },
  days: {
    most: '{count, plural, one {must be at most # days} other {must be at most # days}}',
    least: '{count, plural, one {must be at least # days} other {must be at least # days}}',
  },
};

/** The generic response of spec §3, also the body of every error (with `errors` per field). */
export const GenericResponseSchema = z.object({
  status: z.number().int(),
  message: z.string(),
});
export type GenericResponse = z.output<typeof GenericResponseSchema>;

export const ErrorResponseSchema = GenericResponseSchema.extend({
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.output<typeof ErrorResponseSchema>;

/** A 409 for a stale write: the record as it is now, in the shape of its GET (DESIGN.md §12). */
export function conflictResponse<T extends z.ZodType>(record: T) {
  return GenericResponseSchema.extend({ current: record });
}

/**
 * A JSON body that must be an object, its fields not yet checked: for a write that lays the body
 * over the stored record first, so that fields left out keep their value (DESIGN.md §12).
 */
export const JsonObjectSchema = z.record(z.string(), z.unknown(), { error: 'must be a JSON object' });

/** `body` over the `fields` of `stored`: what the body leaves out keeps its stored value. */
export function overStored(
  fields: readonly string[],
  stored: Record<string, unknown>,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const kept = Object.fromEntries(
    fields.filter((field) => Object.hasOwn(stored, field)).map((field) => [field, stored[field]]),
  );
  // Spread, not Object.assign: a body field named __proto__ stays a field and changes no prototype.
  return { ...kept, ...body };
}

/**
 * The row values a partial write sets: of the body's `fields` (body field → column), those the
 * body carries; a field left out (undefined) keeps its stored value.
 */
export function sentFields<B extends object, const C extends { readonly [K in keyof B]?: string }>(
  body: B,
  fields: C,
): SentFields<B, C> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(fields)) {
    const value = (body as Record<string, unknown>)[field];
    if (value !== undefined) values[column as string] = value;
  }
  return values as SentFields<B, C>;
}
type SentFields<B, C> = { [K in keyof C & keyof B as C[K] & string]?: Exclude<B[K], undefined> };

/** The version every editable record carries; writes send it back (body `version` or If-Match). */
export const VersionSchema = wholeNumber({ min: 1, max: 2_000_000_000 });

/** Who last changed a record, for "changed by Maria Santos at 10:42" (their name, or email without one). */
export const EditorSchema = z.object({ id: z.number().int(), name: z.string() });

/** A list wrapped in the generic response: `{status, message, data: [...]}`. */
export function dataResponse<T extends z.ZodType>(item: T) {
  return GenericResponseSchema.extend({ data: z.array(item) });
}

/** One record wrapped in the generic response: `{status, message, data: {...}}`. */
export function itemResponse<T extends z.ZodType>(data: T) {
  return GenericResponseSchema.extend({ data });
}

/** A write's body that carries only the version read (`If-Match` may carry it instead), e.g. a delete. */
export const VersionOnlyBodySchema = z.object({ version: VersionSchema.optional() });

/** A status change of a record: the new status, and the version read (or `If-Match`). */
export function statusChangeBody<T extends z.ZodType>(status: T) {
  return z.object({ status, version: VersionSchema.optional() });
}

/**
 * One step of a workflow's history: what was done and the status it moved from and to (null
 * where it did not move); each workflow adds who, when and why.
 */
export function transitionFields<T extends z.ZodType>(status: T) {
  return { action: z.string(), from: status.nullable(), to: status.nullable() };
}

/** One of `values`, with a message that lists them (an enum of a body, a query or a stored row). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: zodError('must be one of {values}', { values: values.join(', ') }) });
}

/** C0 and C1 control characters and DEL: never part of what a person types into a field. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, minus tab and line feed, for multi-line fields (CR is folded into LF first). */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** Half of a UTF-16 surrogate pair without its other half: no character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A day of the calendar written YYYY-MM-DD: 2026-02-31 matches the pattern but is no day (JS's Date.parse accepts it).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';
export const BROKEN_TEXT_MESSAGE = 'must not contain broken characters';
const CONTROL_IN_LINES_MESSAGE = 'must not contain control characters (line breaks and tabs are fine)';

/** Whether a value of a path or query string holds something no field accepts. */
export function unsafeTextProblem(value: string): string | null {
  if (CONTROL.test(value)) return CONTROL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(value)) return BROKEN_TEXT_MESSAGE;
  return null;
}

export interface TextOptions {
  /** Most characters allowed (after trimming). */
  max: number;
  /** Fewest characters; 1 reads "is required". */
  min?: number;
  /** Keeps line breaks (CRLF and CR become LF) and tabs; other control characters are refused. */
  multiline?: boolean;
}

/**
 * The one schema for text a request carries (body fields, path parameters, query values):
 * without bidirectional overrides or stray zero-width characters (safeText, decision 057),
 * trimmed, without control characters (a NUL would make the database refuse the row) or broken
 * UTF-16, and with messages that state the limit. Every domain schema builds its strings on it.
 */
export function text(options: TextOptions) {
  const { max, min = 0, multiline = false } = options;
  let schema = z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .overwrite(safeText);
  if (multiline) schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  schema = schema
    .trim()
    .refine(
      (value) => !(multiline ? CONTROL_IN_LINES : CONTROL).test(value),
      multiline ? CONTROL_IN_LINES_MESSAGE : CONTROL_CHARACTER_MESSAGE,
    )
    .refine((value) => !LONE_SURROGATE.test(value), BROKEN_TEXT_MESSAGE);
  if (min > 0)
    schema = schema.min(
      min,
      min === 1 ? 'is required' : { error: zodError('must be at least {min} characters', { min }) },
    );
  return schema.max(max, { error: zodError('must be at most {max} characters', { max }) });
}

/** The longest email address that can be delivered (RFC 5321's limit on a path). */
export const EMAIL_MAX = 254;

/** Optional free text of a form: '' and null clear it, left out keeps the stored value. */
export function clearableText(max: number, multiline = false) {
  return z
    .union([text({ max, multiline }), z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v));
}

/** A field that `schema` checks, or that is cleared: '' (an emptied form field) and null are both null. */
export function blankIsNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.literal('').transform(() => null), z.null()]);
}

export interface WholeNumberOptions {
  min: number;
  max: number;
  /** Said after the limit: "must be at most 100 per page". */
  unit?: string;
  /** The message for a value that is no whole number at all. */
  invalid?: string;
}

/**
 * A whole number between `min` and `max`. A value past a limit (1e20, or 1e309, which JSON
 * reads as Infinity) is told the limit, never that it is "not a whole number".
 */
export function wholeNumber(options: WholeNumberOptions) {
  const { min, max } = options;
  // "must be at most 100 per page": the unit is part of the message, so that a translation can place it.
  const most = LIMIT_MESSAGES[options.unit ?? '']?.most ?? LIMIT_MESSAGES['']!.most;
  const least = LIMIT_MESSAGES[options.unit ?? '']?.least ?? LIMIT_MESSAGES['']!.least;
  return z
    .number({
      error: (issue: { code?: string; input?: unknown }) => {
        if (issue.input === undefined) return 'is required';
        if (issue.code === 'too_big' || issue.input === Infinity) return { message: say(most, { max, count: max }) };
        if (issue.code === 'too_small' || issue.input === -Infinity)
          return { message: say(least, { min, count: min }) };
        return options.invalid ?? 'must be a whole number';
      },
    })
    .int()
    .min(min)
    .max(max)
    .overwrite((value) => (value === 0 ? 0 : value)); // -0 is 0
}

/** A year in a path or a query string, between `min` and `max`: its digits are read as a number. */
export function yearParam(min: number, max: number) {
  return z.coerce
    .number({ error: 'must be a year' })
    .int('must be a year')
    .min(min, { error: zodError('must be {year} or later', { year: min }) })
    .max(max, { error: zodError('must be {year} or earlier', { year: max }) });
}

/** Query-string integers: absent or blank means the default; anything else must be a whole number. */
export function queryInt(options: WholeNumberOptions & { fallback: number }) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? options.fallback : Number(value)),
    wholeNumber(options),
  );
}

/** Every list pages alike: at most this many rows a page, and this many when `per_page` is left out. */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;
/** The longest free-text search (`q`) a list takes. */
export const SEARCH_MAX = 100;

/**
 * The paging of a list's query string (spec §3): `page` from 1 and `per_page` up to `max`,
 * `fallback` rows when it is left out; `unit` words the limit ("must be at most 100 per page").
 */
export function pagingQuery(options: { max?: number; fallback?: number; unit?: string; lastPage?: number } = {}) {
  const { max = PAGE_SIZE_MAX, fallback = PAGE_SIZE_DEFAULT, unit, lastPage = 100_000 } = options;
  return {
    page: queryInt({ min: 1, max: lastPage, fallback: 1 }),
    per_page: queryInt({ min: 1, max, fallback, ...(unit ? { unit } : {}) }),
  };
}

/** The fields of a paged list's answer: its rows, the page, the rows a page and the total. */
export function pagedFields<T extends z.ZodType>(item: T) {
  return { data: z.array(item), page: z.number().int(), per_page: z.number().int(), total: z.number().int() };
}

/** A paged list in the generic response: `{status, message, data, page, per_page, total}`. */
export function pagedResponse<T extends z.ZodType>(item: T) {
  return GenericResponseSchema.extend(pagedFields(item));
}

/** A query-string value where blank (`?status=`) means left out, as browsers send empty form fields. */
export function blankIsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema);
}

/** A list's free-text search (`q`): optional, trimmed, at most `max` characters. */
export function searchQuery(max = SEARCH_MAX) {
  return text({ max }).optional();
}

/**
 * A searchable list's query string: the free-text search `q` first, then the list's own filters
 * and order, then the paging (`pagingQuery` with `paging`).
 */
export function listQuery<const T extends z.ZodRawShape>(filters: T, paging: Parameters<typeof pagingQuery>[0] = {}) {
  return z.object({ q: searchQuery(), ...filters, ...pagingQuery(paging) });
}

/** A list's sort order (`order` or `sort`): one of `orders`, `fallback` when left out or blank. */
export function orderQuery<const T extends readonly [string, ...string[]]>(orders: T, fallback: T[number]) {
  const order = oneOf(orders);
  // `fallback` is one of `orders`, so an output of their enum: TypeScript cannot follow that through the generic.
  return blankIsAbsent(order.default(fallback as z.output<typeof order>));
}
