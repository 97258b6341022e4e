/**
 * `node scripts/audit-public.ts [BASE_URL] [--no-lighthouse] [--only /path,/path] [--json FILE]`:
 * measures the public pages of a running portal against the site's quality bars.
 *
 * For each page in /sitemap.xml (plus /home, /contact-us/sent and /media-gallery/event):
 * - first-screen bytes: brotli bytes of the HTML up to the first element below the first screen
 *   (the larger of a 412×823 phone and a 1350×940 desktop), plus the render-blocking CSS: ≤ 14 KB;
 * - JavaScript: scripts the page loads, with their imports (brotli bytes); pages with nothing
 *   interactive must load none;
 * - axe-core (WCAG 2.1 A/AA and best practices) in Chromium: no violations;
 * - Lighthouse (mobile): accessibility, best practices and SEO 100, performance ≥ 95.
 * Exits 1 when a page misses a bar.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser } from 'playwright-core';
import {
  brotliBytes,
  CHROMIUM,
  CHROMIUM_FLAGS,
  FIRST_SCREEN_BUDGET,
  firstScreenHtmlBytes,
  MAY_HAVE_JS,
} from './page-bars.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const base = (args.find((a) => /^https?:\/\//.test(a)) ?? 'http://127.0.0.1:4321').replace(/\/+$/, '');
const runLighthouse = !args.includes('--no-lighthouse');
const only = flag('--only')?.split(',');
const jsonOut = flag('--json');

async function get(path: string): Promise<{ body: Buffer; wire: number }> {
  const response = await fetch(base + path, { headers: { 'accept-encoding': 'br' } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  // fetch decodes the body; what travelled is the Content-Length of the encoded one.
  return { body, wire: Number(response.headers.get('content-length') ?? brotliBytes(body)) };
}

async function pagesToAudit(): Promise<string[]> {
  const sitemap = (await get('/sitemap.xml')).body.toString();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const all = [...new Set([...paths, '/home', '/contact-us/sent', '/media-gallery/event'])];
  return only ? all.filter((p) => only.includes(p)) : all;
}

/** Brotli bytes of the scripts a page loads, following their static imports. */
async function scriptBytes(html: string): Promise<{ count: number; bytes: number }> {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((m) => new URL(m[1]!, base + '/').pathname);
  const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].filter(
    (m) => !/type="application\/(ld\+)?json"/.test(m[0]),
  );
  let bytes = inline.reduce((n, m) => n + brotliBytes(m[1] ?? ''), 0);
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const { body, wire } = await get(path);
    bytes += wire;
    for (const m of body.toString().matchAll(/(?:import|from)\s*["'`](\.{1,2}\/[^"'`]+|\/_astro\/[^"'`]+)["'`]/g)) {
      queue.push(new URL(m[1]!, base + path).pathname);
    }
  }
  return { count: seen.size + inline.length, bytes };
}

async function cssBytes(html: string): Promise<number> {
  let bytes = 0;
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0])?.[1];
    if (href) bytes += (await get(new URL(href, base + '/').pathname)).wire;
  }
  return bytes;
}

async function axeViolations(browser: Browser, path: string): Promise<string[]> {
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const found: string[] = [];
  try {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(base + path, { waitUntil: 'load' });
      await page.evaluate(source);
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                ctx: Document,
                opts: unknown,
              ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe;
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        });
        return result.violations.map(
          (v) =>
            `${v.id} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
        );
      });
      for (const v of violations) found.push(`${width}px: ${v}`);
    }
  } finally {
    await page.close();
  }
  return found;
}

interface Row {
  path: string;
  firstScreen: number;
  htmlTotal: number;
  css: number;
  scripts: number;
  js: number;
  axe: string[];
  lighthouse?: Record<string, number>;
  problems: string[];
}

const pages = await pagesToAudit();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const rows: Row[] = [];
for (const path of pages) {
  const { body, wire } = await get(path);
  const html = body.toString();
  const css = await cssBytes(html);
  const first = await firstScreenHtmlBytes(browser, base + path, html);
  const js = await scriptBytes(html);
  const axe = await axeViolations(browser, path);
  const row: Row = {
    path,
    firstScreen: first + css,
    htmlTotal: wire,
    css,
    scripts: js.count,
    js: js.bytes,
    axe,
    problems: [],
  };
  if (row.firstScreen > FIRST_SCREEN_BUDGET)
    row.problems.push(`first screen ${row.firstScreen} B > ${FIRST_SCREEN_BUDGET} B`);
  if (js.count > 0 && !MAY_HAVE_JS.some((re) => re.test(path)))
    row.problems.push(`${js.count} script(s) on a page with nothing interactive`);
  if (axe.length > 0) row.problems.push(`axe: ${axe.join('; ')}`);
  rows.push(row);
  console.error(`measured ${path}`);
}
await browser.close();

if (runLighthouse) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    for (const row of rows) {
      const run = () =>
        lighthouse(base + row.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
      // A trace that failed to record (NO_NAVSTART, NO_FCP on a busy machine) gets one more go.
      let result = await run();
      if (result?.lhr.runtimeError) result = await run();
      const categories = result?.lhr.categories ?? {};
      row.lighthouse = Object.fromEntries(
        Object.entries(categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]),
      );
      const lh = row.lighthouse;
      if (result?.lhr.runtimeError)
        row.problems.push(`Lighthouse error ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
      for (const key of ['accessibility', 'best-practices', 'seo'])
        if ((lh[key] ?? 0) < 100) row.problems.push(`Lighthouse ${key} ${lh[key]}`);
      if ((lh['performance'] ?? 0) < 95) row.problems.push(`Lighthouse performance ${lh['performance']}`);
      const failed = Object.values(result?.lhr.audits ?? {}).filter(
        (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary',
      );
      if (failed.length > 0 && row.problems.some((p) => p.startsWith('Lighthouse'))) {
        row.problems.push(`failed audits: ${failed.map((a) => a.id).join(', ')}`);
      }
      console.error(`lighthouse ${row.path}: ${JSON.stringify(lh)}`);
    }
  } finally {
    chrome.kill();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  '| page | perf | a11y | best pr. | SEO | first screen (br) | HTML (br) | CSS (br) | JS files | JS (br) | axe |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  const lh = r.lighthouse ?? {};
  console.log(
    `| ${r.path} | ${lh['performance'] ?? '–'} | ${lh['accessibility'] ?? '–'} ` +
      `| ${lh['best-practices'] ?? '–'} | ${lh['seo'] ?? '–'} | ${kb(r.firstScreen)} | ${kb(r.htmlTotal)} ` +
      `| ${kb(r.css)} | ${r.scripts} | ${kb(r.js)} | ${r.axe.length} |`,
  );
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 2));
const failing = rows.filter((r) => r.problems.length > 0);
for (const r of failing) console.error(`✗ ${r.path}: ${r.problems.join(' | ')}`);
console.log(
  failing.length === 0
    ? `All ${rows.length} pages meet the bars.`
    : `${failing.length} of ${rows.length} pages miss a bar.`,
);
process.exit(failing.length === 0 ? 0 : 1);
