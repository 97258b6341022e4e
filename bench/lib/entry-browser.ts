/**
 * The national report's data-entry screen in Chromium, as a focal point gets it: the time from
 * navigation start to an interactive form, and the JavaScript the screen loads beyond the shell.
 */
import { request } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/page-bars.ts';

/** The signal of an interactive form, checked on every frame from the start of the page. */
const READY_SCRIPT = `(() => {
  const ready = () => {
    const field = document.querySelector('[data-qf]');
    if (!field || field.disabled) return false;
    for (const status of document.querySelectorAll('[role="status"]')) {
      if (status.textContent && status.textContent.includes('All answers are saved.')) return true;
    }
    return false;
  };
  const check = () => {
    if (ready()) window.__formReady = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

export interface OpenRun {
  /** Navigation start to the first frame showing the enabled first field and "All answers are saved." */
  readyMs: number;
  /** Navigation start to the end of the shell page's response. */
  documentMs: number;
  /** The API calls made by then: path, start and end (ms since navigation start). */
  api: { path: string; startMs: number; endMs: number }[];
  fields: number;
}

export interface Signed {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** Chromium with one signed-in context (through the login page, as a person signs in). */
export async function signedInBrowser(base: string, email: string, password: string): Promise<Signed> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL: base });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL(/\/dashboard(\?.*)?$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await context.addInitScript({ content: READY_SCRIPT });
    return { browser, context, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** Opens `path` (a full page load) and waits for the interactive form. */
export async function openForm(page: Page, path: string): Promise<OpenRun> {
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as { __formReady?: number }).__formReady !== undefined, undefined, {
    timeout: 60_000,
    polling: 100,
  });
  return await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      readyMs: (window as { __formReady?: number }).__formReady!,
      documentMs: navigation.responseEnd,
      api: resources
        .filter((r) => new URL(r.name).pathname.startsWith('/api/'))
        .map((r) => ({
          path: new URL(r.name).pathname + new URL(r.name).search,
          startMs: r.startTime,
          endMs: r.responseEnd,
        })),
      fields: document.querySelectorAll('[data-qf]').length,
    };
  });
}

/** The JavaScript files a page load fetched (or took from the cache), once the network is quiet. */
export async function scriptsOf(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((r) => r.name)
      .filter((name) => /\.m?js(\?|$)/.test(new URL(name).pathname)),
  );
  return [...new Set(urls)].sort();
}

/** The bytes the server sends for `url` with the given Accept-Encoding (the body as sent, not decoded). */
export function encodedSize(url: string, encoding: 'gzip' | 'br'): Promise<{ bytes: number; encoding: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`GET ${url} answered ${res.statusCode}`));
        else resolve({ bytes, encoding: (res.headers['content-encoding'] as string | undefined) ?? null });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
