import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { safeJson } from './safe-text.ts';
import { unsafeTextProblem, type ErrorResponse } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * The error map a parse gives zod for its own messages (a schema without a message of ours):
 * none (English) until the API's language middleware sets one that follows the request
 * (src/lib/i18n/request-language.server.ts, decision 043).
 */
let parseErrorMap: () => z.core.$ZodErrorMap | undefined = () => undefined;

export function setParseErrorMap(map: () => z.core.$ZodErrorMap | undefined): void {
  parseErrorMap = map;
}

/**
 * An API error carrying the JSON body of spec §3's generic response, plus field errors. Its message
 * and field messages are keys, or said by key and values (`say`, decision 064): the body is worded
 * in the request's language on the way out.
 */
export class ApiError extends HTTPException {
  readonly errors: Record<string, string[]> | undefined;
  /** The message as said (a `Said` keeps its key and values; `message` is its English text). */
  readonly said: string;
  constructor(status: ContentfulStatusCode, message: string, errors?: Record<string, string[]>) {
    super(status, { message: String(message) });
    this.said = message;
    this.errors = errors;
  }
}

export const unauthorized = (message = 'Sign in to continue') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/**
 * A stale write (DESIGN.md §12): the record changed since the client read it. The 409 body
 * carries the record as it is now (`current`, the same shape the record's GET returns), so the
 * form can show what changed and by whom, and offer to reload or re-apply.
 */
export class StaleWriteError extends ApiError {
  readonly current: unknown;
  constructor(current: unknown, message = 'Someone else changed this record after you opened it') {
    super(409, message);
    this.current = current;
  }
}

/**
 * A write to a record that takes none now (a submitted report's answers, a practice under
 * review): 423 with the reason, a word the client can act on (`submitted`, `cycle_closed`…).
 */
export class LockedError extends ApiError {
  readonly reason: string;
  constructor(message: string, reason: string) {
    super(423, message);
    this.reason = reason;
  }
}

/**
 * Turns zod issues into `{field: [messages]}`, naming nested fields with dots. Each message
 * once per field (a number past a limit fails two checks saying the same); a field named
 * `__proto__` is a field like any other. A message said by key (`zodError`) stays said.
 */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    const messages = (errors[field] ??= []);
    if (!messages.some((m) => String(m) === String(issue.message))) messages.push(issue.message);
  }
  return errors;
}

export function validationError(error: z.ZodError, what = 'request'): ApiError {
  const errors = fieldErrors(error);
  const fields = Object.keys(errors).join(', ');
  return new ApiError(400, say('Invalid {what}: check {fields}', { what, fields }), errors);
}

/** Parses `input` with `schema`, or throws a 400 naming the bad fields. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown, what?: string): z.output<T> {
  const error = parseErrorMap();
  const result = error ? schema.safeParse(input, { error }) : schema.safeParse(input);
  if (!result.success) throw validationError(result.error, what);
  return result.data;
}

/**
 * Path parameters or query values checked by `schema`. Whatever the schema, a value holding a
 * control character or broken text is a 400 naming it, so no such value reaches a query.
 */
function parseUrlValues<T extends z.ZodType>(
  schema: T,
  values: Record<string, string>,
  what: 'path' | 'query',
): z.output<T> {
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of Object.entries(values)) {
    // A name that is itself hostile is no field of any schema: it is ignored like other unknown names.
    if (unsafeTextProblem(name)) continue;
    const problem = unsafeTextProblem(value);
    if (problem) errors[name] = [problem];
  }
  if (Object.keys(errors).length > 0) {
    throw new ApiError(
      400,
      say('Invalid {what}: check {fields}', { what, fields: Object.keys(errors).join(', ') }),
      errors,
    );
  }
  return parseOr400(schema, values, what);
}

/** The route's path parameters, checked by `schema` (see parseUrlValues). */
export function parsePath<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parseUrlValues(schema, c.req.param() as Record<string, string>, 'path');
}

/** The request's query string, checked by `schema` (see parseUrlValues). */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return parseUrlValues(schema, c.req.query(), 'query');
}

/**
 * Reads and validates a JSON body; a missing or malformed body is a 400, never a 500. Every
 * string in it is made safe first (safeText, decision 057): whatever field a schema lets through,
 * z.unknown() answers included, is stored without bidirectional overrides. No body of the API
 * carries a password or a token (the identity service takes those, and the ID token is a header).
 */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new ApiError(415, 'Send the body as JSON with Content-Type: application/json');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON');
  }
  return parseOr400(schema, safeJson(body), 'body');
}

/**
 * The version a write was based on: `version` in the body, or the `If-Match` header (a bare
 * integer or a quoted one, as an ETag). Undefined when the client sent neither.
 */
export function sentVersion(c: Context, bodyVersion: number | undefined): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  const header = c.req.header('if-match')?.trim();
  if (!header) return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header);
  if (!match) throw new ApiError(400, 'If-Match must be the record version, e.g. "3"');
  return Number(match[1]);
}

/**
 * The version a change to an existing record is based on; a change that sends none is refused
 * (428), so that no write can overwrite what it never saw.
 */
export function requiredVersion(c: Context, bodyVersion: number | undefined): number {
  const version = sentVersion(c, bodyVersion);
  if (version === undefined) throw versionRequired();
  return version;
}

/** 428: a change to an existing record that does not say which version it is based on. */
export function versionRequired(): ApiError {
  return new ApiError(428, 'Invalid request: check version (send the version you read, in the body or as If-Match)', {
    version: ['is required: the version of the record you read'],
  });
}

export function errorBody(status: number, message: string, errors?: Record<string, string[]>): ErrorResponse {
  return errors ? { status, message, errors } : { status, message };
}
