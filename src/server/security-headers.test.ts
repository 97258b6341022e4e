import { describe, expect, test } from 'vitest';
import { parseEnv } from '../lib/env.server.ts';
import { emulatorOrigin, pageCsp } from './security-headers.ts';

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

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
    expect(csp['frame-src']).toEqual(['https://login.apua.example', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });
});
