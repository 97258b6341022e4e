import type { MiddlewareHandler } from 'hono';
import type { Env } from '../lib/env.server.ts';
import { usesAuthEmulator } from '../lib/env.server.ts';

/** Browser-visible origin of the Auth emulator, e.g. http://127.0.0.1:9099. */
export function emulatorOrigin(env: Env): string | null {
  if (!usesAuthEmulator(env)) return null;
  return `http://${env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
}

/**
 * The Content-Security-Policy of pages: scripts only from this origin plus the hashes of the
 * page's own inline scripts (Astro's island loader), never 'unsafe-inline' scripts.
 */
export function pageCsp(env: Env, scriptHashes: readonly string[], options: { wasm?: boolean } = {}): string {
  const emulator = emulatorOrigin(env);
  const emulatorHosts = emulator ? [emulator, emulator.replace('127.0.0.1', 'localhost')] : [];
  const authDomain = env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`;
  const google = emulator ? [] : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  return [
    "default-src 'self'",
    // Firebase's popup and redirect sign-in load Google's helper script, with the emulator too.
    // The site search (and only it) runs Pagefind's WebAssembly: 'wasm-unsafe-eval' allows compiling
    // WebAssembly, not JavaScript eval; every other page keeps the stricter policy.
    [
      'script-src',
      "'self'",
      ...(options.wasm ? ["'wasm-unsafe-eval'"] : []),
      ...scriptHashes,
      'https://apis.google.com',
    ].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self' ${[...emulatorHosts, ...google].join(' ')}`.trim(),
    // Media-gallery videos: players load only when a visitor clicks play (src/components/video-embed.ts).
    // blob: the first page of a signed PDF chosen for submission, shown from memory by the browser's viewer.
    [
      'frame-src',
      ...emulatorHosts,
      `https://${authDomain}`,
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'blob:',
    ].join(' '),
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The pages whose policy allows WebAssembly: the site search in each language (src/pages/[...lang]/search.astro,
 * decision 041).
 */
export const WASM_PAGES: ReadonlySet<string> = new Set(
  ['', '/zh', '/fr', '/ru'].flatMap((prefix) => [
    `${prefix}/search`,
    `${prefix}/search/`,
    `${prefix}/search/index.html`,
  ]),
);

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  // Popups must keep their opener: Firebase's popup sign-in reports back through it.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

const API_HEADERS: Record<string, string> = {
  ...COMMON_SECURITY_HEADERS,
  'Content-Security-Policy': API_CSP,
  'Cache-Control': 'no-store',
};
const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every response carries: security headers, plus no-store and a strict CSP on the API. */
export function securityHeadersOf(path: string, url: string): Record<string, string> {
  const base = path.startsWith('/api/') ? API_HEADERS : COMMON_SECURITY_HEADERS;
  return url.startsWith('https:') ? { ...base, 'Strict-Transport-Security': HSTS } : base;
}

/**
 * Puts the security headers on every response, the one way they are set. They are prepared
 * before the handler runs, so c.json, c.body and c.text build the response with them and a
 * handler's own value wins (a page's Cache-Control). A Response a handler built by itself never
 * saw them: they are added to it afterwards.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  const headers = securityHeadersOf(c.req.path, c.req.url);
  for (const name in headers) c.header(name, headers[name]);
  await next();
  if (!c.res.headers.has('X-Content-Type-Options')) {
    for (const name in headers) if (name !== 'Cache-Control' || !c.res.headers.has(name)) c.header(name, headers[name]);
  }
};
