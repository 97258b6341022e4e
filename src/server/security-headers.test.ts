import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, test } from 'vitest';
import { parseEnv } from '../lib/env.server.ts';
import { emulatorOrigin, pageCsp, securityHeaders } from './security-headers.ts';

const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('pageCsp', () => {
  test('WebAssembly only where asked (the site search): never eval of scripts', () => {
    const env = parseEnv({ FIREBASE_PROJECT_ID: 'demo-apua', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(directives(pageCsp(env, []))['script-src']).not.toContain("'wasm-unsafe-eval'");
    const search = directives(pageCsp(env, [], { wasm: true }))['script-src'];
    expect(search).toContain("'wasm-unsafe-eval'");
    expect(search).not.toContain("'unsafe-eval'");
    expect(search).not.toContain("'unsafe-inline'");
  });

  test('local mode: the page hashes and the emulator, no Google API hosts', () => {
    const env = parseEnv({ FIREBASE_PROJECT_ID: 'demo-apua', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(emulatorOrigin(env)).toBe('http://127.0.0.1:9099');
    const csp = directives(pageCsp(env, ["'sha256-abc'"]));
    // Google's sign-in helper script is needed for popup and redirect sign-in, emulator or not.
    expect(csp['script-src']).toEqual(["'self'", "'sha256-abc'", 'https://apis.google.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9099', 'http://localhost:9099']);
    expect(csp['frame-src']).toEqual([
      'http://127.0.0.1:9099',
      'http://localhost:9099',
      'https://demo-apua.firebaseapp.com',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'blob:',
    ]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });

  test('production: Google identity hosts, the auth domain, never unsafe-inline scripts', () => {
    const env = parseEnv({
      FIREBASE_PROJECT_ID: 'apua-portal',
      FIREBASE_AUTH_DOMAIN: 'login.apua.example',
      DATABASE_URL: 'postgres://h/db',
    });
    expect(emulatorOrigin(env)).toBeNull();
    const csp = directives(pageCsp(env, []));
    expect(csp['script-src']).toEqual(["'self'", 'https://apis.google.com']);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(csp['frame-src']).toEqual([
      'https://login.apua.example',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'blob:',
    ]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });
});

describe('securityHeaders', () => {
  const app = new Hono()
    .use('*', securityHeaders)
    .get('/api/json', (c) => c.json({ ok: true }))
    .get('/api/revalidated', (c) =>
      c.body('{}', 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' }),
    )
    .get('/api/refused', () => {
      throw new HTTPException(403, { message: 'no' });
    })
    .get('/own-response', () => new Response('built by hand', { headers: { 'Cache-Control': 'public, max-age=60' } }));
  app.onError((error, c) => c.json({ message: error.message }, error instanceof HTTPException ? error.status : 500));

  test('every kind of answer carries them: c.json, c.body, an error, a Response built by hand', async () => {
    for (const path of ['/api/json', '/api/revalidated', '/api/refused', '/own-response']) {
      const response = await app.request(path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
    expect((await app.request('https://portal.example/api/json')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  test("the API's no-store and strict CSP, unless the handler says otherwise; pages keep their own", async () => {
    const json = await app.request('/api/json');
    expect(json.headers.get('cache-control')).toBe('no-store');
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect((await app.request('/api/refused')).headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/api/revalidated')).headers.get('cache-control')).toBe('no-cache');
    const own = await app.request('/own-response');
    expect(own.headers.get('cache-control')).toBe('public, max-age=60');
    expect(own.headers.get('content-security-policy')).toBeNull();
  });
});
