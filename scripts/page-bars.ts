/**
 * The public site's quality bars and how the first screen is measured, shared by
 * `scripts/audit-public.ts` and the benchmark's site section (bench/lib/page-audit.ts).
 */
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import type { Browser } from 'playwright-core';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** One round trip of a fresh connection (10 segments of ~1.4 KB): the first screen must fit. */
export const FIRST_SCREEN_BUDGET = 14 * 1024;

/**
 * Pages with an interactive part, which may load a script: the contact form, the gallery's
 * viewer and click-to-load videos (also on the home page). Every other page must ship none.
 */
// Each in every language (decision 041): the same page under /zh, /fr or /ru.
export const MAY_HAVE_JS = [
  /^\/search$/,
  /^\/best-practices-overview\/view\//,
  /^\/contact-us$/,
  /^\/media-gallery(\/|$)/,
  // The comparison lays out the chosen columns (decision 081).
  /^\/urbanisation-profile\/view\/[A-Z]{2}\/compare$/,
  /^\/(home)?$/,
].map((page) => new RegExp(`^(?:/(?:zh|fr|ru))?${page.source.slice(1)}`));

/** The screens the first screen is measured on: a phone and a desktop; the larger counts. */
export const FIRST_SCREEN_VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1350, height: 940 },
] as const;

export const brotliBytes = (content: Buffer | string) =>
  brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Offset in the source of the `index`-th element (document order), skipping raw-text elements' content. */
export function elementOffset(html: string, index: number): { offset: number; tag: string } | null {
  const re =
    /<!--[\s\S]*?-->|<!doctype[^>]*>|<(script|style|textarea|title)\b[^>]*>[\s\S]*?<\/\1>|<([a-zA-Z][\w:-]*)/gi;
  let count = -1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[0].startsWith('<!')) continue;
    count++;
    if (count === index) return { offset: m.index, tag: (m[1] ?? m[2] ?? '').toLowerCase() };
  }
  return null;
}

/**
 * Brotli bytes of the HTML a browser needs to draw the first screen at `viewport`: the source up
 * to the first element laid out below it; the whole page when that element cannot be mapped back.
 */
export async function foldBytes(
  browser: Browser,
  url: string,
  html: string,
  viewport: { width: number; height: number },
): Promise<number> {
  const page = await browser.newPage({ viewport });
  try {
    await page.goto(url, { waitUntil: 'load' });
    const below = await page.evaluate(() => {
      const all = [...document.querySelectorAll('*')];
      const i = all.findIndex((el) => {
        const box = el.getBoundingClientRect();
        return box.top + window.scrollY >= window.innerHeight && box.height > 0;
      });
      return i < 0 ? null : { index: i, tag: all[i]!.tagName.toLowerCase() };
    });
    if (!below) return brotliBytes(html);
    const at = elementOffset(html, below.index);
    if (!at || at.tag !== below.tag) return brotliBytes(html);
    return brotliBytes(html.slice(0, at.offset));
  } finally {
    await page.close();
  }
}

/** The first screen's HTML in brotli bytes: the larger of the phone's and the desktop's. */
export async function firstScreenHtmlBytes(browser: Browser, url: string, html: string): Promise<number> {
  let largest = 0;
  for (const viewport of FIRST_SCREEN_VIEWPORTS)
    largest = Math.max(largest, await foldBytes(browser, url, html, viewport));
  return largest;
}
