import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { SiteFiles } from '../../src/server/site-files.ts';
import { createTestContext } from '../support/app.ts';
import { consoleErrors, expectConsoleError } from '../support/console.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { ASSET_PATH, createSiteFixture, HOME_INLINE_SCRIPT, SHELL_INLINE_SCRIPT } from '../support/site-fixture.ts';

let live: SiteFiles | null = null;
/** Makes the next look-up of the live site throw, as an unexpected failure would. */
let failNext = false;
const ctx = await createTestContext({
  site: {
    current: () => {
      if (failNext) {
        failNext = false;
        throw new Error('the site store broke');
      }
      return live;
    },
  },
});
const fixture = await createSiteFixture();

let user: TestUser;
beforeAll(async () => {
  live = fixture.files;
  user = await createUser(ctx, { role: 'admin', country: 'JP' });
});

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

function expectCommonSecurityHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
}

function cspDirective(response: Response, name: string): string[] {
  const csp = response.headers.get('content-security-policy') ?? '';
  const directive = csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return directive?.slice(1) ?? [];
}

describe('API requests', () => {
  const post = (headers: Record<string, string>, body?: BodyInit) =>
    ctx.request('/api/user/saved/profile', {
      method: 'POST',
      token: user.token,
      headers,
      ...(body !== undefined && { body }),
    });

  test('malformed JSON: 400', async () => {
    const json = { 'Content-Type': 'application/json' };
    await expectError(await post(json, '{"name": "Ana",'), 400, { message: /not valid JSON/ });
    await expectError(await post(json, ''), 400, { message: /not valid JSON/ });
  });

  test('a body that is not declared as JSON: 415', async () => {
    await expectError(await post({ 'Content-Type': 'text/plain' }, '{"name":"Ana Cruz","country_code":"JP"}'), 415);
    await expectError(await post({ 'Content-Type': 'application/x-www-form-urlencoded' }, 'name=Ana'), 415);
    await expectError(await post({}, undefined), 415);
  });

  test('a body over 256 KB: 413, with or without a Content-Length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(300 * 1024), country_code: 'JP' });
    await expectError(
      await post({ 'Content-Type': 'application/json', 'Content-Length': String(big.length) }, big),
      413,
      {
        message: /256 KB/,
      },
    );
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await ctx.app.request('/api/user/saved/profile', {
      method: 'POST',
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(response, 413);
    // Just under the limit is read and validated as usual.
    const fits = JSON.stringify({ name: 'x'.repeat(200 * 1024), country_code: 'JP' });
    await expectError(await post({ 'Content-Type': 'application/json' }, fits), 400, { fields: ['name'] });
  });

  test('an unknown API path or method: 404 in JSON', async () => {
    await expectError(await ctx.request('/api/no/such/thing', { token: user.token }), 404, {
      message: /No API endpoint GET \/api\/no\/such\/thing/,
    });
    await expectError(await ctx.request('/api/whoami', { method: 'DELETE', token: user.token }), 404);
    await expectError(await ctx.request('/api/', {}), 404);
  });

  test('security headers on answers of every kind, and no caching', async () => {
    for (const response of [
      await ctx.request('/api/countries/all'),
      await ctx.request('/api/whoami', { token: user.token }),
      await ctx.request('/api/whoami'),
      await ctx.request('/api/nope'),
    ]) {
      expectCommonSecurityHeaders(response);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const https = await ctx.app.request('https://portal.example/api/countries/all');
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  test('GET /api/config is public and names the emulator and the token-sync URL', async () => {
    const Config = deepStrict(
      z.object({
        firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
        authEmulatorUrl: z.string().nullable(),
        tokenSyncUrl: z.string(),
      }),
    );
    expect(await expectJson(await ctx.request('/api/config'), 200, Config)).toEqual({
      firebase: { apiKey: 'demo-api-key', authDomain: 'demo-apua-test.firebaseapp.com', projectId: 'demo-apua-test' },
      authEmulatorUrl: `http://${ctx.emulatorHost}`,
      tokenSyncUrl: '/api/auth/session',
    });
  });
});

describe('site pages', () => {
  test('a page carries a CSP with the hashes of its own inline scripts and no unsafe-inline scripts', async () => {
    const response = await ctx.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(fixture.pages['/index.html']);
    expectCommonSecurityHeaders(response);
    const scriptSrc = cspDirective(response, 'script-src');
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(sha256(HOME_INLINE_SCRIPT));
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain(sha256(SHELL_INLINE_SCRIPT));
    // The JSON-LD block is data, not a script: no hash for it.
    expect(scriptSrc.filter((s) => s.startsWith("'sha256-"))).toHaveLength(1);
    expect(cspDirective(response, 'object-src')).toEqual(["'none'"]);
    expect(cspDirective(response, 'connect-src')).toContain(`http://${ctx.emulatorHost}`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  test('pages resolve with and without a trailing slash', async () => {
    for (const path of ['/about', '/about/', '/about/index.html']) {
      const response = await ctx.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<h1>About</h1>');
    }
  });

  test('back-office paths get the shell page with its own hashes', async () => {
    const paths = [
      '/dashboard',
      '/admin/users/form/123',
      '/module/report/national/PH/2024/form',
      '/content-management/banner',
      '/profile/completion',
      '/profile',
    ];
    for (const path of paths) {
      const response = await ctx.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="backoffice">');
      expect(cspDirective(response, 'script-src')).toContain(sha256(SHELL_INLINE_SCRIPT));
    }
  });

  test('an unknown path: 404 with the not-found page and the page headers', async () => {
    const paths = [
      '/no-such-page',
      '/module',
      '/about/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/about/%2e%2e%2f..%2fetc',
    ];
    for (const path of paths) {
      const response = await ctx.request(path);
      const body = await response.text();
      expect(response.status, path).toBe(404);
      expect(body).toContain('Page not found');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expectCommonSecurityHeaders(response);
    }
  });

  test('other methods than GET and HEAD on pages: 405 in JSON', async () => {
    await expectError(await ctx.request('/about', { method: 'POST', body: 'x' }), 405);
  });

  test('hashed assets are cached for a year; other files for a day', async () => {
    const asset = await ctx.request(ASSET_PATH);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await ctx.request('/robots.txt')).headers.get('cache-control')).toBe('public, max-age=86400');
  });

  test('compressed with brotli or gzip when the browser accepts it', async () => {
    const original = fixture.pages['/index.html']!;
    const br = await ctx.request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(brotliDecompressSync(brBody).toString()).toBe(original);

    const gzip = await ctx.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(original);

    const plain = await ctx.request('/', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(original);

    // Tiny files are not worth compressing.
    const small = await ctx.request('/robots.txt', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  test('revalidation with the ETag: 304 without a body', async () => {
    const first = await ctx.request('/about');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await ctx.request('/about', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expectCommonSecurityHeaders(again);
    const stale = await ctx.request('/about', { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
  });

  test('HEAD answers the headers only', async () => {
    const response = await ctx.request('/', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(fixture.pages['/index.html']!));
    expect(await response.text()).toBe('');
  });

  test('before the first build is ready: 503 with Retry-After', async () => {
    live = null;
    try {
      const response = await ctx.request('/');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      // The API does not depend on the site.
      expect((await ctx.request('/api/countries/all')).status).toBe(200);
    } finally {
      live = fixture.files;
    }
  });

  test('an unexpected failure: 500 with the server-error page, and the error is logged', async () => {
    expectConsoleError();
    failNext = true;
    const response = await ctx.request('/about');
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('Something went wrong');
    expectCommonSecurityHeaders(response);
    expect(consoleErrors.calls).toHaveLength(1);
    expect(String(consoleErrors.calls[0]![0])).toMatch(/^GET \/about failed: Error: the site store broke\n\s+at /);
  });
});
