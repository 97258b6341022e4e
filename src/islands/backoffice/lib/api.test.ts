import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, DataValidationError } from './api.ts';

const Schema = z.object({ status: z.number(), message: z.string() });

function clientAnswering(status: number, body: unknown, seen: Request[] = []) {
  return createApiClient({
    getToken: async () => 'token-1',
    fetch: async (input, init) => {
      seen.push(new Request(new URL(String(input), 'http://portal.test'), init));
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    },
  });
}

describe('api client', () => {
  it('sends a bearer token and JSON to /api/ and returns the parsed body', async () => {
    const seen: Request[] = [];
    const api = clientAnswering(200, { status: 200, message: 'ok', extra: 1 }, seen);
    await expect(api('user/edit/x', Schema, { method: 'POST', body: { a: 1 } })).resolves.toEqual({ status: 200, message: 'ok' });
    expect(seen[0]!.url).toBe('http://portal.test/api/user/edit/x');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]!.json()).toEqual({ a: 1 });
  });

  it('leaves blank query values out', async () => {
    const seen: Request[] = [];
    await clientAnswering(200, { status: 200, message: 'ok' }, seen)('user/list', Schema, { query: { q: '', page: 2 } });
    expect(seen[0]!.url).toBe('http://portal.test/api/user/list?page=2');
  });

  it('raises "Could not validate data" with the issues when the shape is wrong', async () => {
    const error = await clientAnswering(200, { status: 'yes' })('whoami', Schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataValidationError);
    expect((error as DataValidationError).message).toBe('Could not validate data');
    expect((error as DataValidationError).details.map((issue) => issue.path.join('.'))).toEqual(['status', 'message']);
  });

  it('raises ApiError with the status, message and field errors of the server', async () => {
    const body = { status: 400, message: 'Invalid body: check name', errors: { name: ['is required'] } };
    const error = await clientAnswering(400, body)('user/saved/profile', Schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid body: check name', errors: { name: ['is required'] } });
  });

  it('copes with error bodies that are not JSON', async () => {
    const error = await clientAnswering(502, 'Bad gateway')('whoami', Schema).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, errors: {} });
  });

  it('refuses to call without a signed-in user', async () => {
    const api = createApiClient({ getToken: async () => null, fetch: async () => new Response('{}') });
    await expect(api('whoami', Schema)).rejects.toMatchObject({ status: 401 });
  });
});
