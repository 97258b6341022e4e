import { expect } from 'vitest';
import type { z } from 'zod';
import { StrictErrorSchema } from './schemas.ts';

async function readText(response: Response): Promise<string> {
  return response.text();
}

/** Asserts a 2xx-or-given status and returns the JSON body parsed by `schema`. */
export async function expectJson<T extends z.ZodType>(
  response: Response,
  status: number,
  schema: T,
): Promise<z.output<T>> {
  const text = await readText(response);
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return schema.parse(JSON.parse(text));
}

/**
 * Asserts an error response: the status, the generic body `{status, message, errors?}` and, when
 * `fields` is given, that the field errors name exactly those fields and the message names them.
 */
export async function expectError(
  response: Response,
  status: number,
  options: { fields?: readonly string[]; message?: RegExp } = {},
) {
  const body = await expectJson(response, status, StrictErrorSchema);
  expect(body.status).toBe(status);
  if (options.fields) {
    expect(Object.keys(body.errors ?? {}).sort()).toEqual([...options.fields].sort());
    for (const field of options.fields) expect(body.message).toContain(field);
  } else {
    expect(body.errors).toBeUndefined();
  }
  if (options.message) expect(body.message).toMatch(options.message);
  return body;
}
