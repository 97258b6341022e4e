import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiBaseUrl, fetchEach, fetchPublic, fetchPublicOrNull, PublicApiError } from './client.ts';

const Schema = z.object({ data: z.array(z.object({ code: z.string() })) });
const answer =
  (body: unknown, status = 200) =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });

describe('apiBaseUrl', () => {
  it('reads PUBLIC_API_URL without a trailing slash, with a local default', () => {
    expect(apiBaseUrl({ PUBLIC_API_URL: 'http://127.0.0.1:4600/' })).toBe('http://127.0.0.1:4600');
    expect(apiBaseUrl({})).toBe('http://127.0.0.1:4321');
  });
});

describe('fetchPublic', () => {
  it('returns the validated body, and an empty list is fine', async () => {
    await expect(
      fetchPublic('countries/all', Schema, { baseUrl: 'http://x', fetch: answer({ data: [{ code: 'PH' }] }) }),
    ).resolves.toEqual({
      data: [{ code: 'PH' }],
    });
    await expect(
      fetchPublic('countries/all', Schema, { baseUrl: 'http://x', fetch: answer({ data: [] }) }),
    ).resolves.toEqual({ data: [] });
  });

  it('fails with a clear message when the server cannot be reached', async () => {
    const refused = async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    };
    const error = await fetchPublic('public/cms/banner', Schema, {
      baseUrl: 'http://127.0.0.1:1',
      fetch: refused,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublicApiError);
    expect((error as Error).message).toMatch(
      /could not reach the portal API at http:\/\/127\.0\.0\.1:1\/api\/public\/cms\/banner \(connect ECONNREFUSED/,
    );
  });

  it('fails on an error status, a body that is not JSON, or the wrong shape', async () => {
    const opts = (fetch: typeof globalThis.fetch) => ({ baseUrl: 'http://x', fetch });
    await expect(fetchPublic('a', Schema, opts(answer({ message: 'no' }, 500)))).rejects.toThrow(/answered 500/);
    await expect(fetchPublic('a', Schema, opts(answer('<html>')))).rejects.toThrow(/other than JSON/);
    await expect(fetchPublic('a', Schema, opts(answer({ data: [{ code: 1 }] })))).rejects.toThrow(/data\.0\.code/);
  });
});

describe('fetchPublicOrNull', () => {
  it('gives null for a 404 and the body otherwise', async () => {
    await expect(
      fetchPublicOrNull('a', Schema, { baseUrl: 'http://x', fetch: answer({ message: 'Not found' }, 404) }),
    ).resolves.toBeNull();
    await expect(fetchPublicOrNull('a', Schema, { baseUrl: 'http://x', fetch: answer({ data: [] }) })).resolves.toEqual(
      { data: [] },
    );
  });

  it('still fails on a server error or a body of the wrong shape', async () => {
    await expect(
      fetchPublicOrNull('a', Schema, { baseUrl: 'http://x', fetch: answer({ message: 'no' }, 500) }),
    ).rejects.toThrow(/answered 500/);
    await expect(fetchPublicOrNull('a', Schema, { baseUrl: 'http://x', fetch: answer({ data: 'x' }) })).rejects.toThrow(
      /expected shape/,
    );
  });
});

describe('a connection the server closed', () => {
  it('tries once more when the server closed the connection as the request went out, not a third time', async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new TypeError('fetch failed', { cause: new Error('other side closed') });
      return new Response(JSON.stringify({ data: [{ code: 'TH' }] }), { status: 200 });
    };
    await expect(fetchPublic('countries/all', Schema, { baseUrl: 'http://x', fetch: flaky })).resolves.toEqual({
      data: [{ code: 'TH' }],
    });
    expect(calls).toBe(2);
    let failures = 0;
    const down = async (): Promise<Response> => {
      failures++;
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    };
    await expect(fetchPublic('countries/all', Schema, { baseUrl: 'http://x', fetch: down })).rejects.toThrow(
      /could not reach the portal API.*ECONNREFUSED/,
    );
    expect(failures).toBe(2);
  });
});

describe('fetchEach', () => {
  it('keeps at most the given number in flight and gives the results in the items’ order', async () => {
    let inFlight = 0;
    let most = 0;
    const items = Array.from({ length: 20 }, (_, i) => i);
    const out = await fetchEach(
      items,
      async (i) => {
        most = Math.max(most, ++inFlight);
        // Later items finish sooner: the order must still be the items'.
        await new Promise((resolve) => setTimeout(resolve, 20 - i));
        inFlight--;
        return i * 10;
      },
      4,
    );
    expect(out).toEqual(items.map((i) => i * 10));
    expect(most).toBe(4);
  });

  it('fails with the first failure, and an empty list gives an empty list', async () => {
    await expect(
      fetchEach([1, 2, 3], async (i) => {
        if (i === 2) throw new PublicApiError('no');
        return i;
      }),
    ).rejects.toThrow('no');
    await expect(fetchEach([], async () => 1)).resolves.toEqual([]);
  });
});
