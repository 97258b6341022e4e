/**
 * Every script renders, and a page downloads only the fonts of the scripts it holds (decision
 * 034): an English page fetches no font but the brand typeface's Latin file; a best practice
 * written in Thai, Khmer, Persian, Chinese and Russian, opened in a browser that has only DejaVu
 * (a phone without those fonts), fetches exactly those subsets and draws every letter, Persian
 * right to left. The charts of the profile themes, the regional pages and the country pages
 * read on a 390 px phone: no label under 11 px, none cut, clipped or overlapping another, the
 * median line over none.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { api, BASE_URL, DEMO, idToken, rebuild } from './support.ts';

const SAMPLES = {
  thai: 'ย่านเมืองเก่าเชียงใหม่',
  khmer: 'ការស្ដារផ្លូវបុរាណនៅភ្នំពេញ',
  persian: 'بازسازی بافت تاریخی شهر با مشارکت ساکنان',
  chinese: '老城街道修复后，步行人数增加了一倍。',
  russian: 'Жители и городской совет договорились о ремонте фасадов.',
};
const TITLE = `${SAMPLES.thai} ${Date.now().toString(36)}`;
let practicePath = '';

async function ok<T>(promise: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await promise;
  expect([200, 201], `${what}: ${JSON.stringify(body).slice(0, 400)}`).toContain(status);
  return body;
}

/** Chromium that sees only the DejaVu fonts, as a phone without Thai, Khmer or CJK fonts would. */
async function browserWithoutScriptFonts(): Promise<Browser> {
  const dir = mkdtempSync(join(tmpdir(), 'apua-fonts-'));
  writeFileSync(
    join(dir, 'fonts.conf'),
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">` +
      `<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>${dir}/cache</cachedir></fontconfig>`,
  );
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
    env: { ...process.env, FONTCONFIG_FILE: join(dir, 'fonts.conf') } as Record<string, string>,
  });
}

/** The names of the font files a page fetches while it loads and draws. */
function fontRequests(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font' || /\.woff2?(\?|$)/.test(request.url()))
      files.push(new URL(request.url()).pathname.split('/').pop()!);
  });
  return files;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const admin = await idToken(DEMO.superadmin);
  let practice = (
    await ok(
      api<{ data: { uuid: string; version: number } }>('best-practice/saved', admin, {
        json: {
          title: TITLE,
          country_code: 'TH',
          city: 'เชียงใหม่',
          lead_organisation: 'Городской совет',
          partners: [{ name: 'شورای شهر', type: 'local_government', support: ['technical'] }],
          start_date: '2019-05-01',
          end_date: '2022-12-31',
          ongoing: false,
          categories: ['culture-heritage'],
          sdg_targets: ['11.4'],
          summary: [SAMPLES.persian, SAMPLES.chinese, SAMPLES.russian, SAMPLES.khmer].join('\n\n'),
          narrative: { context: SAMPLES.persian, implementation: SAMPLES.chinese, results: SAMPLES.thai },
          figures: [{ label: 'ร้านค้าที่ซ่อมแล้ว', value: '40', unit: null }],
          contact: { name: 'Somchai', email: 'somchai@chiangmai.example', phone: '+66 000 0000' },
        },
      }),
      'create',
    )
  ).data;
  for (const action of ['submit', 'publish']) {
    practice = (
      await ok(
        api<{ data: { uuid: string; version: number } }>(`best-practice/${practice.uuid}/transition`, admin, {
          json: { action, version: practice.version },
        }),
        action,
      )
    ).data;
  }
  practicePath = `/best-practices-overview/view/${practice.uuid}`;
  await rebuild(admin);
});

test('an English page names no other font and fetches none but the brand typeface’s Latin file', async ({ page }) => {
  const fonts = fontRequests(page);
  // Pages whose text no other test writes into (lists of reports or practices may hold other scripts).
  for (const path of ['/urbanisation-profile', '/national-urban-agenda', '/contact-us']) {
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    await expect(page.locator('style[data-script-fonts]')).toHaveCount(0);
  }
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((f) => !/^source-sans-3-latin-wght-normal\.[\w-]+\.woff2$/.test(f))).toEqual([]);
});

test('a practice written in five scripts fetches their subsets only, and draws every letter', async ({
  browserName,
}, testInfo) => {
  expect(browserName).toBe('chromium');
  const browser = await browserWithoutScriptFonts();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const fonts = fontRequests(page);
    await page.goto(practicePath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await page.evaluate(() => document.fonts.ready);
    // Thai, Khmer and Persian in their files; Chinese in a few slices of characters; Russian in the
    // brand typeface's Cyrillic; nothing of a script the page does not hold.
    for (const file of [
      /^thai-400\./,
      /^khmer-400\./,
      /^arabic-400\./,
      /^han-\d\d\./,
      /^source-sans-3-cyrillic-wght-normal\./,
    ]) {
      expect(
        fonts.some((f) => file.test(f)),
        `${file} in ${fonts.join(', ')}`,
      ).toBe(true);
    }
    expect(fonts.filter((f) => /^(devanagari|bengali|hangul|kana|tibetan|myanmar|lao|sinhala)-/.test(f))).toEqual([]);
    const hanSlices = fonts.filter((f) => /^han-/.test(f));
    expect(hanSlices.length).toBeLessThan(12);

    // Each sample drawn in the portal's fonts, not as boxes: this browser has no other font for them.
    const drawn = await page.evaluate(async (samples) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      const width = (font: string, text: string) => {
        canvas.font = font;
        return canvas.measureText(text).width;
      };
      const out: Record<string, { loaded: boolean; own: number; fallback: number }> = {};
      for (const [name, text] of Object.entries(samples)) {
        const family = name === 'russian' ? '"Source Sans 3 Variable"' : '"Portal Scripts"';
        await document.fonts.load(`16px ${family}`, text);
        out[name] = {
          loaded: document.fonts.check(`16px ${family}`, text),
          own: width(`16px ${family}, "DejaVu Sans"`, text),
          fallback: width('16px "DejaVu Sans"', text),
        };
      }
      return out;
    }, SAMPLES);
    for (const [name, d] of Object.entries(drawn)) {
      expect(d.loaded, name).toBe(true);
      expect(Math.abs(d.own - d.fallback), `${name}: drawn in its own font`).toBeGreaterThan(2);
    }

    // Persian reads right to left inside the English page, the other paragraphs left to right.
    const summary = page.locator('section[aria-labelledby="summary"] p');
    await expect(summary).toHaveCount(4);
    expect(await summary.evaluateAll((ps) => ps.map((p) => getComputedStyle(p).direction))).toEqual([
      'rtl',
      'ltr',
      'ltr',
      'ltr',
    ]);
    const persian = summary.first();
    const [textRight, boxRight] = await persian.evaluate((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      return [range.getBoundingClientRect().right, p.getBoundingClientRect().right];
    });
    expect(boxRight - textRight).toBeLessThan(2);

    await page.screenshot({ path: testInfo.outputPath('practice-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('practice-1366.png'), fullPage: true });
  } finally {
    await browser.close();
  }
});

/**
 * Public pages with charts: a profile theme, a regional page, a national report (comparison with the region) and a
 * country's profile (its trends, in cards).
 */
async function chartPages(): Promise<string[]> {
  const sitemap = await (await fetch(`${BASE_URL}/sitemap.xml`)).text();
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.replace(/\/$/, ''));
  // The oldest cycle's pages come last: a closed cycle, with the most answers.
  const pick = (pattern: RegExp) => urls.findLast((u) => pattern.test(u));
  return [
    pick(/^\/urbanisation-profile\/demography-urbanisation$/),
    pick(/^\/regional-reports\/\d{4}\/ei1$/),
    pick(/^\/national-reports\/\d{4}\/[A-Z]{2}$/),
    pick(/^\/urbanisation-profile\/view\/PH$/),
  ].filter((u): u is string => !!u);
}

test(
  'charts read on a 390 px phone: labels of 11 px or more, ' +
    'whole, apart, inside the chart, the median line over none',
  async ({ page }) => {
    const paths = await chartPages();
    expect(paths.length, paths.join(', ')).toBe(4);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of paths) {
      await page.goto(path);
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        const charts = [...document.querySelectorAll<HTMLElement>('figure.chart')];
        for (const figure of charts) {
          figure.scrollIntoView();
          const svg = figure.querySelector<SVGSVGElement>('svg[role="img"]');
          const where = `${figure.id}`;
          // HTML charts (the comparison of a country with the region) and the SVG ones alike.
          const chart = figure.querySelector<HTMLElement>(':scope > div')!;
          for (const el of chart.querySelectorAll<HTMLElement>('p, span, div')) {
            if (el.childElementCount === 0 && el.textContent!.trim() && parseFloat(getComputedStyle(el).fontSize) < 11)
              found.push(`${where}: "${el.textContent}" at ${getComputedStyle(el).fontSize}`);
          }
          if (!svg) continue;
          const box = svg.getBoundingClientRect();
          if (box.right > document.documentElement.clientWidth + 0.5) found.push(`${where}: wider than the screen`);
          const median = svg.querySelector<SVGLineElement>('.median-line');
          const line = median?.getBoundingClientRect();
          const all = [...svg.querySelectorAll<SVGTextElement>('text')];
          for (const text of all) {
            const size = parseFloat(getComputedStyle(text).fontSize) * (text.getScreenCTM()?.a ?? 1);
            const label = text.textContent!.trim();
            if (size < 11) found.push(`${where}: "${label}" at ${size.toFixed(1)} px`);
            if (label.endsWith('…')) found.push(`${where}: "${label}" cut`);
            const r = text.getBoundingClientRect();
            if (
              r.left < box.left - 0.5 ||
              r.right > box.right + 0.5 ||
              r.top < box.top - 0.5 ||
              r.bottom > box.bottom + 0.5
            )
              found.push(`${where}: "${label}" clipped`);
            if (line && r.left < line.right && r.right > line.left && r.top < line.bottom && r.bottom > line.top) {
              // Only a bar's value may cross the median, drawn after it on a white halo.
              const above =
                text.classList.contains('bar-value') &&
                (median!.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
              if (!above) found.push(`${where}: the median line covers "${label}"`);
            }
          }
          // No two labels touch (a long series writes only the years and values that fit).
          const boxes = all.map((t) => ({ label: t.textContent!.trim(), r: t.getBoundingClientRect() }));
          for (const [i, a] of boxes.entries()) {
            for (const b of boxes.slice(i + 1)) {
              if (
                a.r.left < b.r.right - 1 &&
                b.r.left < a.r.right - 1 &&
                a.r.top < b.r.bottom - 1 &&
                b.r.top < a.r.bottom - 1
              )
                found.push(`${where}: "${a.label}" and "${b.label}" overlap`);
            }
          }
          // Every bar's label is a whole name of the chart's table.
          const names = new Set(
            [...figure.querySelectorAll('table tbody tr > :first-child')].map((c) => c.textContent!.trim()),
          );
          for (const label of svg.querySelectorAll('text.bar-label')) {
            const whole = [...label.querySelectorAll('tspan')].map((t) => t.textContent).join(' ');
            if (!names.has(whole)) found.push(`${where}: label "${whole}" is not a whole name`);
          }
        }
        return { charts: charts.length, found };
      });
      expect(problems.charts, `${path} has charts`).toBeGreaterThan(0);
      expect(problems.found, path).toEqual([]);
    }
  },
);
