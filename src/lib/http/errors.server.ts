import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ErrorResponse } from './schema.ts';

/** An API error carrying the JSON body of spec §3's generic response, plus field errors. */
export class ApiError extends HTTPException {
  readonly errors: Record<string, string[]> | undefined;
  constructor(status: ContentfulStatusCode, message: string, errors?: Record<string, string[]>) {
    super(status, { message });
    this.errors = errors;
  }
}

export const unauthorized = (message = 'Sign in to continue') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** Turns zod issues into `{field: [messages]}`, naming nested fields with dots. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function validationError(error: z.ZodError, what = 'request'): ApiError {
  const errors = fieldErrors(error);
  const fields = Object.keys(errors).join(', ');
  return new ApiError(400, `Invalid ${what}: check ${fields}`, errors);
}

/** Parses `input` with `schema`, or throws a 400 naming the bad fields. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown, what?: string): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, what);
  return result.data;
}

/** Reads and validates a JSON body; a missing or malformed body is a 400, never a 500. */
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
  return parseOr400(schema, body, 'body');
}

export function errorBody(status: number, message: string, errors?: Record<string, string[]>): ErrorResponse {
  return errors ? { status, message, errors } : { status, message };
}
