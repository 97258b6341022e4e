/**
 * The sign-in pages through the real server (issue 32 item 1, decision 059): the plain address in
 * the language this browser chose last or asks for, a language the address names (`?lang=`, the
 * sign-in page's switch and the identity service's email links) before both, prefixed addresses
 * as they are.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SiteFiles } from '../../src/server/site-files.ts';
import { createTestContext } from '../support/app.ts';

const PAGES = ['/login', '/signup', '/email/verification'];
const LANGUAGES = { en: '', zh: '/zh', fr: '/fr', ru: '/ru' } as const;

/** A built site with each sign-in page in each language, each saying which it is. */
async function signInSite(): Promise<SiteFiles> {
  const dir = mkdtempSync(join(tmpdir(), 'apua-sign-in-'));
  const write = (path: string, body: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  };
  for (const [locale, prefix] of Object.entries(LANGUAGES)) {
    for (const page of PAGES)
      write(
        `${prefix}${page}/index.html`,
        `<!doctype html><html lang="${locale}"><title>${locale}${page}</title></html>`,
      );
  }
  write('/index.html', '<!doctype html><title>home</title>');
  write('/404.html', '<!doctype html><title>not found</title>');
  return SiteFiles.load(dir);
}

const files = await signInSite();
const ctx = await createTestContext({ site: { current: () => files } });

async function pageOf(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await ctx.request(path, { headers });
  expect(response.status, path).toBe(200);
  // A plain address is chosen per request: caches must keep one copy per cookie and language.
  if (!/^\/(?:zh|fr|ru)\//.test(path)) expect(response.headers.get('vary') ?? '').toMatch(/Accept-Language, Cookie/);
  return /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] ?? '';
}

describe('the sign-in pages keep the language the person chose', () => {
  test('the language switch’s English reaches English whatever this browser chose last', async () => {
    expect(await pageOf('/login', { cookie: 'apua-language=zh', 'accept-language': 'zh-CN' })).toBe('zh/login');
    expect(await pageOf('/login?lang=en', { cookie: 'apua-language=zh', 'accept-language': 'zh-CN' })).toBe('en/login');
    expect(await pageOf('/signup?lang=en&next=%2Fdashboard', { cookie: 'apua-language=ru' })).toBe('en/signup');
  });

  test('a link of the identity service’s emails opens in the email’s language', async () => {
    const link = '/email/verification?mode=verifyEmail&oobCode=abc&lang=zh-CN';
    expect(await pageOf(link, { cookie: 'apua-language=en', 'accept-language': 'en-GB' })).toBe(
      'zh/email/verification',
    );
    expect(
      await pageOf('/email/verification?mode=resetPassword&oobCode=abc&lang=ru', { 'accept-language': 'fr' }),
    ).toBe('ru/email/verification');
  });

  test('a language the portal does not speak is no choice: the cookie, then the browser decide', async () => {
    expect(await pageOf('/login?lang=de', { cookie: 'apua-language=fr', 'accept-language': 'ru' })).toBe('fr/login');
    expect(await pageOf('/login?lang=', { 'accept-language': 'ru-RU,ru;q=0.9' })).toBe('ru/login');
  });

  test('a prefixed address is the page in its language, whatever else is asked', async () => {
    expect(await pageOf('/zh/login', { cookie: 'apua-language=ru', 'accept-language': 'fr' })).toBe('zh/login');
    const response = await ctx.request('/fr/signup?lang=en', { headers: { cookie: 'apua-language=ru' } });
    expect(/<title>([^<]*)<\/title>/.exec(await response.text())?.[1]).toBe('fr/signup');
  });
});
