import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, conflictOf, createApiClient, DataValidationError, type TokenSource } from './api.ts';
import { testServer, type TestAnswer } from './test-server.ts';

/**
 * The client against a real HTTP server on 127.0.0.1: what goes over the wire is what the server
 * sees. The browser resolves `/api/…` against the page's origin; here `fetch` does it against the
 * test server's.
 */
const Schema = z.object({ status: z.number(), message: z.string() });
const Thing = z.object({ id: z.number(), version: z.number() });

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let answers: ((seen: Seen) => TestAnswer)[] = [];
let seen: Seen[] = [];

function answer(status: number, body: unknown) {
  answers.push(() => ({ status, body }));
}

const server = testServer((request, body) => {
  const entry = {
    method: request.method ?? '',
    url: request.url ?? '',
    headers: request.headers,
    body: body.toString('latin1'),
  };
  seen.push(entry);
  const next = answers.shift() ?? (() => ({ status: 500, body: 'no answer queued' }));
  return next(entry);
});

beforeEach(() => {
  answers = [];
  seen = [];
});

/** Tokens in order: the first call's, then what a forced refresh gives. */
function tokens(...list: (string | null)[]): TokenSource & { forced: number } {
  const source = Object.assign(
    async (forceRefresh?: boolean) => {
      if (forceRefresh) source.forced++;
      return list.length > 1 ? (list.shift() ?? null) : (list[0] ?? null);
    },
    { forced: 0 },
  );
  return source;
}

function client(getToken: TokenSource = tokens('token-1'), at = () => server.origin) {
  return createApiClient({ getToken, fetch: (input, init) => fetch(new URL(input, at()), init) });
}

describe('api client: request', () => {
  it('sends the bearer token and a JSON body to /api/, and returns the body as its schema reads it', async () => {
    answer(200, { status: 200, message: 'ok', extra: 1 });
    await expect(client().request('POST', 'user/edit/x', { schema: Schema, body: { a: 1 } })).resolves.toEqual({
      status: 200,
      message: 'ok',
    });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/user/edit/x', body: '{"a":1}' });
    expect(seen[0]!.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('leaves blank query values out, sends no body on a GET and the version as If-Match', async () => {
    answer(200, { status: 200, message: 'ok' });
    await client().request('GET', '/user/list', {
      schema: Schema,
      query: { q: '', page: 2, country: null, status: 'all' },
      version: 7,
    });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/user/list?page=2&status=all', body: '' });
    expect(seen[0]!.headers['if-match']).toBe('"7"');
    expect(seen[0]!.headers['content-type']).toBeUndefined();
  });

  it('sends a FormData body as multipart, not as JSON', async () => {
    answer(200, { status: 200, message: 'ok' });
    const form = new FormData();
    form.append('file', new Blob(['PHOTO-BYTES'], { type: 'image/png' }), 'me.png');
    await client().request('POST', 'user/photo', { schema: Schema, body: form });
    expect(seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]!.body).toContain('filename="me.png"');
    expect(seen[0]!.body).toContain('PHOTO-BYTES');
  });

  it('raises "Could not validate data" with the issues when the answer has the wrong shape', async () => {
    answer(200, { status: 'yes' });
    const error = await client()
      .request('GET', 'whoami', { schema: Schema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataValidationError);
    expect((error as DataValidationError).message).toBe('Could not validate data');
    expect((error as DataValidationError).details.map((issue) => issue.path.join('.'))).toEqual(['status', 'message']);
  });

  it('raises ApiError with the status, message and field errors of the server', async () => {
    answer(400, { status: 400, message: 'Invalid body: check name', errors: { name: ['is required'] } });
    const error = await client()
      .request('POST', 'user/saved/profile', { schema: Schema, body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid body: check name',
      errors: { name: ['is required'] },
    });
  });

  it('copes with error bodies that are not JSON', async () => {
    answer(502, 'Bad gateway');
    const error = await client()
      .request('GET', 'whoami', { schema: Schema })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, errors: {}, message: 'The server answered with status 502.' });
  });

  it('carries the record of a stale write (409), which conflictOf checks against its schema', async () => {
    answer(409, { status: 409, message: 'Changed meanwhile', current: { id: 3, version: 5 } });
    const error = await client()
      .request('POST', 'thing/saved', { schema: Schema, body: { version: 4 } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, message: 'Changed meanwhile' });
    expect(conflictOf(error, Thing)).toEqual({ id: 3, version: 5 });
    expect(conflictOf(error, z.object({ title: z.string() }))).toBeNull();
    // A rule's refusal is a 409 without `current`: no conflict to settle.
    expect(
      conflictOf(new ApiError(409, 'Not in this status', {}, { status: 409, message: 'Not in this status' }), Thing),
    ).toBeNull();
    expect(conflictOf(new ApiError(400, 'x', {}, { current: { id: 1, version: 1 } }), Thing)).toBeNull();
  });

  it('tries a 401 once more with a force-refreshed token', async () => {
    answer(401, { status: 401, message: 'Sign in to continue' });
    answer(200, { status: 200, message: 'ok' });
    const source = tokens('stale', 'fresh');
    await expect(client(source).request('POST', 'cms/saved', { schema: Schema, body: { a: 1 } })).resolves.toEqual({
      status: 200,
      message: 'ok',
    });
    expect(source.forced).toBe(1);
    expect(seen.map((s) => [s.headers.authorization, s.body])).toEqual([
      ['Bearer stale', '{"a":1}'],
      ['Bearer fresh', '{"a":1}'],
    ]);
  });

  it('gives up after the second 401, with the server’s message', async () => {
    answer(401, { status: 401, message: 'Sign in to continue' });
    answer(401, { status: 401, message: 'Your session was ended' });
    const error = await client(tokens('a', 'b'))
      .request('GET', 'whoami', { schema: Schema })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'Your session was ended' });
    expect(seen).toHaveLength(2);
  });

  it('does not try again when no fresh token can be had', async () => {
    answer(401, { status: 401, message: 'Sign in to continue' });
    const refreshFails: TokenSource = async (force) => {
      if (force) throw new Error('auth/user-token-expired');
      return 'token-1';
    };
    await expect(client(refreshFails).request('GET', 'whoami', { schema: Schema })).rejects.toMatchObject({
      status: 401,
    });
    expect(seen).toHaveLength(1);
  });

  it('refuses to call without a signed-in user', async () => {
    await expect(client(tokens(null)).request('GET', 'whoami', { schema: Schema })).rejects.toMatchObject({
      status: 401,
      message: 'Sign in to continue',
    });
    expect(seen).toHaveLength(0);
  });

  it('sends a request made as the page is left with keepalive and the last token, without asking for one', async () => {
    const source = tokens('token-1');
    let asked = 0;
    const counting: TokenSource = (force) => (asked++, source(force));
    const inits: RequestInit[] = [];
    const api = createApiClient({
      getToken: counting,
      fetch: (input, init) => (inits.push(init), fetch(new URL(input, server.origin), init)),
    });
    for (let i = 0; i < 3; i++) answer(200, { status: 200, message: 'ok' });
    await api.request('POST', 'a', { schema: Schema, body: { a: 1 } });
    await api.request('POST', 'b', { schema: Schema, body: { b: 1 }, keepalive: true });
    expect(asked).toBe(1);
    expect(inits.map((init) => init.keepalive)).toEqual([undefined, true]);
    expect(seen[1]!.headers['authorization']).toBe('Bearer token-1');
    // A body over the browser's 64 KB for keepalive requests goes as an ordinary request.
    await api.request('POST', 'c', { schema: Schema, body: { text: 'x'.repeat(70_000) }, keepalive: true });
    expect(inits[2]!.keepalive).toBeUndefined();
    expect(asked).toBe(2);
  });

  it('says the server could not be reached when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await client(tokens('t'), () => `http://127.0.0.1:${port}`)
      .request('GET', 'whoami', { schema: Schema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });
});
