import type { z } from 'zod';
import { ErrorResponseSchema } from '../../../lib/http/schema.ts';
import { m } from './messages.ts';

/** In the page's language, as every message below (the server's own messages come in it too). */
export const OFFLINE_MESSAGE = m('offline');

/**
 * A refused or failed API call: status 0 when the server could not be reached, otherwise the
 * server's `{status, message, errors?}` body; a 409 for a stale write also carries `current`,
 * the record as it is now (unchecked: see `conflictOf`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  /** The whole error body, e.g. a 423's lock reason. */
  readonly body: unknown;
  /** A 409's record as it is now (DESIGN.md §12), when the body carries one. */
  readonly current: unknown;
  constructor(status: number, message: string, errors: Record<string, string[]> = {}, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
    this.current = (body as { current?: unknown } | undefined)?.current;
  }
}

/** A response that does not match its shared schema (spec §5). */
export class DataValidationError extends Error {
  readonly details: readonly z.core.$ZodIssue[];
  constructor(details: readonly z.core.$ZodIssue[]) {
    super(m('invalidData'));
    this.name = 'DataValidationError';
    this.details = details;
  }
}

/**
 * The record of a stale-write refusal (409 with `current`), checked against its shared schema;
 * null for any other error, including a 409 that is a rule's refusal (no `current`).
 */
export function conflictOf<S extends z.ZodType>(error: unknown, schema: S): z.output<S> | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.current === undefined) return null;
  const parsed = schema.safeParse(error.current);
  return parsed.success ? parsed.data : null;
}

/** What came back over the wire, before anyone trusts it. */
export interface WireAnswer {
  status: number;
  /** The parsed body; undefined when it was not JSON. */
  json: unknown;
}

/** The data of a 2xx answer checked against `schema`; every other answer as an ApiError. */
export function dataOf<S extends z.ZodType>(answer: WireAnswer, schema: S): z.output<S> {
  const { status, json } = answer;
  if (status < 200 || status >= 300) {
    const body = ErrorResponseSchema.safeParse(json);
    if (body.success) throw new ApiError(status, body.data.message, body.data.errors, json);
    throw new ApiError(status, m('serverStatus', { status: String(status) }), {}, json);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new DataValidationError(parsed.error.issues);
  return parsed.data;
}

/** A message a person can act on, for any error an API call may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof DataValidationError) return error.message;
  return m('somethingWrong');
}
