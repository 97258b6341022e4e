/**
 * The public pages of a running site measured against the site's quality bars: Lighthouse
 * (mobile emulation, default simulated throttling) in Chromium, and the first-screen bytes
 * (brotli HTML + render-blocking CSS, as the server sends them).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, firstScreenHtmlBytes } from '../../scripts/page-bars.ts';

export { CHROMIUM, CHROMIUM_FLAGS, FIRST_SCREEN_BUDGET, MAY_HAVE_JS } from '../../scripts/page-bars.ts';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Transfer {
  requests: number;
  bytes: number;
}

export interface FailedAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** The first few offending items (element snippets, URLs or messages). */
  items: string[];
}

export interface PageAudit {
  path: string;
  status: number;
  /** Brotli bytes as sent (Content-Length of the br response). */
  htmlBr: number;
  htmlRaw: number;
  /** Render-blocking stylesheets (link rel=stylesheet without a non-screen media), brotli bytes as sent. */
  css: { href: string; br: number }[];
  /**
   * Brotli bytes of the HTML up to the first element below the first screen (phone 412×823 or desktop 1350×940, the
   * larger).
   */
  foldBr: number;
  /** The first screen: HTML up to the fold + render-blocking CSS, brotli bytes. */
  firstScreen: number;
  /** The whole HTML + render-blocking CSS, brotli bytes as sent: what the page needs in all before it is complete. */
  wholeScreen: number;
  /** Scripts the HTML names (src) and inline executable scripts. */
  scriptTags: number;
  scores: Partial<Record<Category, number>>;
  /** Lighthouse resource-summary: transferred bytes (with headers) per resource type. */
  transfer: Record<string, Transfer>;
  metrics: Record<string, string>;
  failedAudits: FailedAudit[];
  runtimeError?: string;
  /** The first run's trace failed to record and Lighthouse ran again. */
  retried: boolean;
  lighthouseMs: number;
}

async function fetchBr(url: string): Promise<{ status: number; text: string; wire: number; encoding: string | null }> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'br' } });
  const text = await response.text();
  // fetch decodes the body; what travelled is the Content-Length of the encoded one.
  const length = Number(response.headers.get('content-length'));
  return {
    status: response.status,
    text,
    wire: Number.isFinite(length) && length > 0 ? length : Buffer.byteLength(text),
    encoding: response.headers.get('content-encoding'),
  };
}

/** Paths of the sitemap's <loc>s. */
export async function sitemapPaths(base: string): Promise<string[]> {
  const { status, text } = await fetchBr(`${base}/sitemap.xml`);
  if (status !== 200) return [];
  return [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&#38;/g, '&')).pathname);
}

function renderBlockingCss(html: string): string[] {
  const hrefs: string[] = [];
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = m[0];
    if (!/\brel\s*=\s*["']?stylesheet\b/i.test(tag) || /\bdisabled\b/i.test(tag)) continue;
    const media = /\bmedia\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1]?.trim().toLowerCase();
    if (media && media !== 'all' && media !== 'screen' && !media.startsWith('screen')) continue;
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) hrefs.push(href);
  }
  return hrefs;
}

function scriptTags(html: string): number {
  let n = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1] ?? '';
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    n++;
  }
  return n;
}

type ByteFigures = Pick<
  PageAudit,
  'status' | 'htmlBr' | 'htmlRaw' | 'css' | 'foldBr' | 'firstScreen' | 'wholeScreen' | 'scriptTags'
>;

/**
 * HTML and render-blocking CSS of each page, in brotli bytes as the server sends them, and the first screen's share.
 */
export async function firstScreenBytes(base: string, paths: readonly string[]): Promise<Map<string, ByteFigures>> {
  const out = new Map<string, ByteFigures>();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    for (const path of paths) {
      const page = await fetchBr(base + path);
      const css: { href: string; br: number }[] = [];
      for (const href of renderBlockingCss(page.text)) {
        const sheet = await fetchBr(new URL(href, base + path).href);
        css.push({ href, br: sheet.wire });
      }
      const cssBr = css.reduce((n, c) => n + c.br, 0);
      const foldBr = await firstScreenHtmlBytes(browser, base + path, page.text);
      out.set(path, {
        status: page.status,
        htmlBr: page.wire,
        htmlRaw: Buffer.byteLength(page.text),
        css,
        foldBr: Math.min(foldBr, page.wire),
        firstScreen: Math.min(foldBr, page.wire) + cssBr,
        wholeScreen: page.wire + cssBr,
        scriptTags: scriptTags(page.text),
      });
    }
  } finally {
    await browser.close();
  }
  return out;
}

interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { type?: string; items?: Record<string, unknown>[] };
}

function itemText(item: Record<string, unknown>): string | null {
  const node = item['node'] as { snippet?: string; nodeLabel?: string } | undefined;
  if (node?.snippet) return node.snippet.slice(0, 160);
  for (const key of ['url', 'source', 'description', 'label']) {
    const value = item[key];
    if (typeof value === 'string' && value) return value.slice(0, 160);
    if (value && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string')
      return (value as { url: string }).url;
  }
  const sub = item['subItems'] as { items?: Record<string, unknown>[] } | undefined;
  if (sub?.items?.[0]) return itemText(sub.items[0]);
  return null;
}

const METRICS: Record<string, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

/** Lighthouse runs per page (BENCH_LIGHTHOUSE_RUNS, default 3); the median one is reported. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env['BENCH_LIGHTHOUSE_RUNS'] ?? 3) || 3);

type LighthouseFigures = Omit<PageAudit, keyof ByteFigures | 'path'>;

/** Runs Lighthouse on each path in one Chromium, one page after the other, each several times. */
export async function lighthouseAll(
  base: string,
  paths: readonly string[],
  log: (line: string) => void,
): Promise<Map<string, LighthouseFigures>> {
  const out = new Map<string, LighthouseFigures>();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    for (const path of paths) {
      const started = performance.now();
      const run = () =>
        lighthouse(base + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableFullPageScreenshot: true,
        });
      // A trace that failed to record (NO_NAVSTART, NO_FCP on a busy machine) gets one more go.
      let retried = false;
      const once = async () => {
        const result = await run();
        if (!result?.lhr.runtimeError) return result?.lhr;
        retried = true;
        return (await run())?.lhr;
      };
      // The same page scores 97 and 100 on two runs in a row (total blocking time alone moves by
      // 100 ms): as Lighthouse's own guidance advises, each page runs several times and the run
      // with the median performance score is the one reported; every run's score is logged.
      const runs: { lhr: NonNullable<Awaited<ReturnType<typeof once>>>; performance: number }[] = [];
      for (let n = 0; n < LIGHTHOUSE_RUNS; n++) {
        const lhr = await once();
        if (lhr) runs.push({ lhr, performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100) });
      }
      const performances = runs.map((r) => r.performance);
      const lhr = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)]?.lhr;
      const audits = (lhr?.audits ?? {}) as Record<string, LhAudit>;
      const scores: Partial<Record<Category, number>> = {};
      const failedAudits: FailedAudit[] = [];
      for (const category of CATEGORIES) {
        const cat = lhr?.categories[category];
        if (!cat) continue;
        scores[category] = Math.round((cat.score ?? 0) * 100);
        const bar = category === 'performance' ? 95 : 100;
        if (scores[category]! >= bar) continue;
        for (const ref of cat.auditRefs) {
          const audit = audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 1) continue;
          if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
          if (category === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue;
          failedAudits.push({
            category,
            id: audit.id,
            title: audit.title,
            score: Math.round(audit.score * 100) / 100,
            ...(audit.displayValue && { displayValue: audit.displayValue }),
            // Some audits' details hold no list of items (an insight's summary): those name none.
            items: (Array.isArray(audit.details?.items) ? audit.details.items : [])
              .slice(0, 3)
              .map(itemText)
              .filter((t): t is string => t !== null),
          });
        }
      }
      const transfer: Record<string, Transfer> = {};
      for (const item of audits['resource-summary']?.details?.items ?? []) {
        transfer[String(item['resourceType'])] = {
          requests: Number(item['requestCount'] ?? 0),
          bytes: Number(item['transferSize'] ?? 0),
        };
      }
      const metrics: Record<string, string> = {};
      for (const [id, label] of Object.entries(METRICS))
        if (audits[id]?.displayValue) metrics[label] = audits[id]!.displayValue!.replace(/\u00a0/g, ' ');
      const lighthouseMs = Math.round(performance.now() - started);
      out.set(path, {
        scores,
        transfer,
        metrics,
        failedAudits,
        ...(lhr?.runtimeError && { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }),
        retried,
        lighthouseMs,
      });
      const each = runs.length > 1 ? `; performance of the ${runs.length} runs ${performances.join(', ')}` : '';
      log(
        `  ${path}: ${CATEGORIES.map((c) => `${c} ${scores[c] ?? '-'}`).join(', ')} ` +
          `(${(lighthouseMs / 1000).toFixed(1)} s${each})`,
      );
    }
  } finally {
    chrome.kill();
  }
  return out;
}
