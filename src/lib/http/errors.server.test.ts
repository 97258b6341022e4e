import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  conflict,
  errorBody,
  fieldErrors,
  forbidden,
  notFound,
  parseOr400,
  unauthorized,
  validationError,
} from './errors.server.ts';

const Body = z.object({
  name: z.string().min(2, 'too short'),
  tags: z.array(z.object({ label: z.string() })),
});

describe('fieldErrors', () => {
  test('names nested fields with dots and collects every message', () => {
    const result = Body.safeParse({ name: 'x', tags: [{ label: 'ok' }, { label: 3 }] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ name: ['too short'], 'tags.1.label': [expect.any(String)] });
  });

  test('an error on the whole value is filed under _', () => {
    const result = z.object({ a: z.string() }).safeParse('nope');
    expect(Object.keys(fieldErrors(result.error!))).toEqual(['_']);
  });
});

describe('validationError and parseOr400', () => {
  test('a 400 whose message names the bad fields', () => {
    const error = validationError(Body.safeParse({}).error!, 'body');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid body: check name, tags');
    expect(Object.keys(error.errors!)).toEqual(['name', 'tags']);
  });

  test('parseOr400 returns the parsed value or throws the 400', () => {
    expect(parseOr400(Body, { name: 'Ana', tags: [] })).toEqual({ name: 'Ana', tags: [] });
    expect(() => parseOr400(Body, { name: 'A', tags: [] }, 'query')).toThrowError(
      expect.objectContaining({ status: 400, message: 'Invalid query: check name' }),
    );
  });
});

describe('error helpers', () => {
  test('statuses and default messages', () => {
    expect([unauthorized(), forbidden(), notFound(), conflict('taken')].map((e) => [e.status, e.message])).toEqual([
      [401, 'Sign in to continue'],
      [403, 'You do not have permission to do this'],
      [404, 'Not found'],
      [409, 'taken'],
    ]);
  });

  test('errorBody leaves out errors when there are none', () => {
    expect(errorBody(404, 'Not found')).toEqual({ status: 404, message: 'Not found' });
    expect(errorBody(400, 'Bad', { name: ['is required'] })).toEqual({
      status: 400,
      message: 'Bad',
      errors: { name: ['is required'] },
    });
  });
});
