import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { FIRST_SCREEN_BUDGET, firstScreenHtmlBytes } from '../../scripts/page-bars.ts';
import {
  api,
  BASE_URL,
  DEMO,
  expectNoAxeViolations,
  freeCycleYear,
  idToken,
  rebuild,
  watchConsole,
  withoutJsonLd,
} from './support.ts';
import { testPdf } from '../support/pdf.ts';

/**
 * National reports on the public site (issue 7): a country's report goes through the whole
 * workflow by the API (answers, complete, signed PDF, accept, publish), the site rebuilds, and a
 * visitor finds it on /national-reports, reads it, sees the cycle's reporting status and the
 * regional charts with their tables and CSV files, and downloads the open data.
 */

/** A cycle of its own (see beforeAll), far from the demo cycles, so the test owns everything it looks at. */
let YEAR: number;
const COUNTRY = { code: 'PH', name: 'Philippines' };
let TITLE: string;
const COVER_ALT = 'Jeepneys on a Manila avenue at dusk';

interface Question {
  uuid: string;
  code: string;
  thrust: string;
  question_tier: number;
  answer_type: string;
  text: string;
  options: { value: string }[];
  parts: { key: string }[];
  min: number | null;
  max: number | null;
  expected_min: number | null;
  expected_max: number | null;
  compulsory: boolean;
  /** Review rules across questions (decision 078): a `required_if` answer is expected once its yes/no is yes. */
  checks: { kind: string }[];
}
interface Report {
  uuid: string;
  status: string;
  version: number;
}

/** A value each answer type accepts, inside the expected range when the question has one. */
function validValue(q: Question): unknown {
  const low = q.expected_min ?? q.min ?? 0;
  const high = q.expected_max ?? q.max ?? (q.answer_type === 'pct' ? 100 : low + 100);
  const number = q.answer_type === 'int' ? Math.round((low + high) / 2) : Math.round(((low + high) / 2) * 10) / 10;
  const scalar = (): unknown => {
    switch (q.answer_type) {
      case 'pct':
      case 'num':
      case 'int':
        return number;
      case 'yn':
        return true;
      case 'single':
        return q.options[0]?.value;
      case 'multi':
        return [q.options[0]?.value];
      case 'url':
        return 'https://example.org/national-urban-policy';
      default:
        return 'Answered in the end-to-end test.';
    }
  };
  if (q.parts.length > 0) return Object.fromEntries(q.parts.map((p) => [p.key, scalar()]));
  return scalar();
}

async function ok<T>(promise: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await promise;
  expect(status, `${what}: ${JSON.stringify(body).slice(0, 400)}`).toBe(200);
  return body;
}

let q04: Question;
let yesNo: Question;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const admin = await idToken(DEMO.superadmin);
  const member = await idToken(DEMO.member);
  const stateAdmin = await idToken(DEMO.stateAdmin);
  YEAR = await freeCycleYear(admin, 2069);
  TITLE = `Philippines national report ${YEAR} (e2e)`;
  const today = new Date().toISOString().slice(0, 10);
  const closes = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await ok(
    api('report/type/national/cycles/saved', admin, {
      json: { year: YEAR, opens_at: today, closes_at: closes, expiry_days: 30, timely_days: 7, status: 'open' },
    }),
    'open the cycle',
  );

  const questions = (await ok(api<{ data: Question[] }>('question/list', admin), 'questions')).data;
  q04 =
    questions.find((q) => q.code === 'Q04') ?? questions.find((q) => q.answer_type === 'pct' && q.parts.length === 0)!;
  yesNo = questions.find((q) => q.answer_type === 'yn' && q.parts.length === 0)!;
  // Every yes/no is answered yes, so the answers those make expected are given too (else the submission is refused).
  const chosen = questions.filter(
    (q) => q.compulsory || q === q04 || q.answer_type === 'yn' || q.checks.some((c) => c.kind === 'required_if'),
  );
  const answers = chosen.map((q) => ({
    question_uuid: q.uuid,
    value: q === q04 ? 36.6 : validValue(q),
    data_year: 2020,
    source: 'Philippine Statistics Authority (e2e)',
  }));
  await ok(
    api(`report/type/national/${YEAR}/${COUNTRY.code}/saved`, member, { json: { answers } }),
    'save the answers',
  );

  const view = await ok(
    api<{ data: { report: Report } }>(`report/type/national/${YEAR}/${COUNTRY.code}/view`, member),
    'view',
  );
  let report = view.data.report;
  const update = (token: string, body: Record<string, unknown>, what: string) =>
    ok(
      api<{ data: Report }>(`report/type/national/${YEAR}/${COUNTRY.code}/report/update`, token, {
        json: { version: report.version, ...body },
      }),
      what,
    ).then((b) => (report = b.data));
  await update(
    stateAdmin,
    {
      title: TITLE,
      executive_summary:
        'Housing and basic services improved since 2016.\n\nInformal settlements remain the main challenge.',
    },
    'title and summary',
  );
  // A cover picture, through the same upload as the report screen's.
  const picture = await sharp({
    create: { width: 1800, height: 1000, channels: 3, background: { r: 30, g: 110, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const coverForm = new FormData();
  coverForm.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'cover.jpg');
  const cover = await fetch(
    `${BASE_URL}/api/report/type/national/${report.uuid}/report/cover?version=${report.version}`,
    { method: 'POST', headers: { authorization: `Bearer ${stateAdmin}` }, body: coverForm },
  );
  expect(cover.status, await cover.clone().text()).toBe(200);
  report = ((await cover.json()) as { data: Report }).data;
  await update(stateAdmin, { cover_alt: COVER_ALT }, 'cover description');
  await update(stateAdmin, { action: 'complete' }, 'complete');

  const form = new FormData();
  form.append(
    'file',
    new Blob([testPdf() as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    'signed-report.pdf',
  );
  form.append('confirm_unsigned', 'true');
  const upload = await fetch(`${BASE_URL}/api/report/type/national/${report.uuid}/report/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stateAdmin}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(200);
  report = ((await upload.json()) as { data: Report }).data;
  await update(admin, { action: 'accept' }, 'accept');
  await update(admin, { action: 'publish' }, 'publish');
  expect(report.status).toBe('published');
  await rebuild(admin);
});

test('the published report is listed, filterable by cycle and country without JavaScript, and readable', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/national-reports');
  const filters = page.getByRole('navigation', { name: 'Filter national reports' });
  await filters.getByRole('link', { name: new RegExp(`^${YEAR}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/national-reports/${YEAR}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`National reports: ${YEAR} reporting cycle`);
  await page.getByRole('link', { name: TITLE }).click();

  await expect(page).toHaveURL(new RegExp(`/national-reports/${YEAR}/${COUNTRY.code}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByText('Informal settlements remain the main challenge.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Executive summary' })).toBeVisible();
  const answer = page.locator('li', { hasText: q04.text }).first();
  // Written as the charts and the regional median write it; "%" never wraps away from its number.
  await expect(answer).toContainText('36.6%');
  await expect(answer).toContainText('Philippine Statistics Authority (e2e)');
  // The cover: responsive renditions, its size given, loaded lazily; the first screen stays within its budget.
  const cover = page.getByRole('img', { name: COVER_ALT });
  await expect(cover).toHaveAttribute('loading', 'lazy');
  await expect(cover).toHaveAttribute('width', '1600');
  await expect(cover).toHaveAttribute('height', '889');
  const webp = await page
    .locator('picture', { has: cover })
    .locator('source[type="image/webp"]')
    .getAttribute('srcset');
  expect(webp).toMatch(/ 480w, .* 960w, .* 1600w$/);
  const coverFile = await page.request.get((await cover.getAttribute('src'))!);
  expect(coverFile.headers()['content-type']).toBe('image/jpeg');
  const reportPath = `/national-reports/${YEAR}/${COUNTRY.code}`;
  const html = await (await page.request.get(reportPath)).text();
  expect(await firstScreenHtmlBytes(browser, `${BASE_URL}${reportPath}`, html)).toBeLessThanOrEqual(
    FIRST_SCREEN_BUDGET,
  );
  const pdf = page.getByRole('link', { name: 'Download the signed report (PDF)' });
  const response = await page.request.get((await pdf.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('link', { name: `All reports of ${COUNTRY.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/national-reports/country/${COUNTRY.code}$`));
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await context.close();
});

test('the reporting status of the cycle: figures, the map by status and the table of countries', async ({ page }) => {
  await page.goto(`/national-reports/status/${YEAR}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reporting status: ${YEAR} cycle`);
  // The cycle is open: its due date is still ahead, in the present tense.
  await expect(page.getByText(/^Open for reporting\. Reports are due by /)).toBeVisible();
  await expect(page.getByText('Reports published', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`Countries by report status, ${YEAR}`) })).toBeVisible();
  const table = page.getByRole('table', { name: `National reports of ${YEAR}, by country` });
  await expect(
    table.getByRole('row', { name: new RegExp(`^${COUNTRY.name} South-East Asia Published`) }),
  ).toBeVisible();
  const csv = await page.request.get(`/national-reports/status/${YEAR}/countries.csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toMatch(
    new RegExp(
      `^cycle,country_code,country,subregion,status[^\\n]*\\r\\n[\\s\\S]*${YEAR},PH,Philippines,South-East ` +
        `Asia,published,`,
    ),
  );
});

test('the regional picture: a chart per question with its table and CSV file', async ({ page }) => {
  await page.goto('/regional-reports');
  await page.getByRole('link', { name: `${YEAR} reporting cycle` }).click();
  await page.getByRole('link', { name: q04.text, exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/regional-reports/${YEAR}/${q04.thrust.toLowerCase()}#chart-${q04.code.toLowerCase()}$`),
  );
  const figure = page.locator(`#chart-${q04.code.toLowerCase()}`);
  await expect(figure.getByRole('heading', { name: q04.text })).toBeVisible();
  await expect(figure.getByRole('img')).toHaveAccessibleName(
    new RegExp(q04.text.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  await figure.getByText('Data table').click();
  await expect(figure.getByRole('row', { name: /Philippines 36\.6/ })).toBeVisible();
  const href = await figure.getByRole('link', { name: /Download the data \(CSV\)/ }).getAttribute('href');
  const csv = await (await page.request.get(href!)).text();
  expect(csv).toContain('country_code,country,subregion,value,unit,data_year,source');
  expect(csv).toContain('PH,Philippines,South-East Asia,36.6');

  // A yes/no question: counts for the region and by subregion, the countries that said yes.
  await page.goto(`/regional-reports/${YEAR}/${yesNo.thrust.toLowerCase()}`);
  const counts = page.locator(`#chart-${yesNo.code.toLowerCase()}`);
  await expect(counts.getByRole('img')).toHaveAccessibleName(/1 country answered yes, 0 countries answered no/);
  await counts.getByText('Data table').click();
  await expect(counts.getByRole('row', { name: 'All countries 1 0 1 Philippines' })).toBeVisible();
  await expect(counts.getByRole('row', { name: 'South-East Asia 1 0 1 Philippines' })).toBeVisible();
});

test('open data: every published answer of the cycle as CSV and JSON', async ({ page }) => {
  await page.goto('/open-data');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Open data');
  await expect(page.getByText('question_code', { exact: true })).toBeVisible();
  const csvLink = page.getByRole('link', { name: `CSV file of ${YEAR}` });
  const csv = await (await page.request.get((await csvLink.getAttribute('href'))!)).text();
  // A byte-order mark first, so a spreadsheet opened by a double click reads the file as UTF-8.
  expect(csv.split('\r\n')[0]).toBe(
    'cycle,country_code,country,subregion,thrust,subcategory,question_code,question,question_tier,answer_type,' +
      'unit,sdg_refs,value,value_text,narrative,data_year,source,demo',
  );
  expect(csv).toContain(`${YEAR},PH,Philippines,South-East Asia`);
  const json = (await (await page.request.get(`/open-data/national-reports-${YEAR}.json`)).json()) as {
    data: { country_code: string; question_code: string; value: unknown; demo: boolean }[];
  };
  expect(json.data.find((r) => r.country_code === 'PH' && r.question_code === q04.code)).toMatchObject({
    value: 36.6,
    demo: false,
  });
});

test('the home page shows the report among the latest and the figures of the open cycle', async ({ page }) => {
  await page.goto('/');
  const latest = page.getByRole('region', { name: 'Latest national reports' });
  await expect(latest.getByRole('link', { name: TITLE })).toBeVisible();
  const cards = await latest.getByRole('listitem').count();
  expect(cards).toBeGreaterThanOrEqual(1);
  expect(cards).toBeLessThanOrEqual(4);
  const numbers = page.getByRole('region', { name: 'The programme in numbers' });
  await expect(numbers.getByText('Reports published')).toBeVisible();
  await expect(numbers.getByRole('link', { name: 'Reporting status of every country' })).toHaveAttribute(
    'href',
    /\/national-reports\/status\/\d{4}$/,
  );
});

/** The new public pages, by name: each is checked in a test of its own (axe on a long page takes a while). */
const NEW_PAGES: [string, () => string][] = [
  ['the national reports', () => '/national-reports'],
  ['a cycle', () => `/national-reports/${YEAR}`],
  ['a report', () => `/national-reports/${YEAR}/${COUNTRY.code}`],
  ['a country', () => `/national-reports/country/${COUNTRY.code}`],
  ['the reporting status', () => '/national-reports/status'],
  ['the reporting status of a cycle', () => `/national-reports/status/${YEAR}`],
  ['the regional reports', () => '/regional-reports'],
  ['a regional report', () => `/regional-reports/${YEAR}`],
  ['a regional thrust', () => `/regional-reports/${YEAR}/${q04.thrust.toLowerCase()}`],
  ['the open data', () => '/open-data'],
];

for (const [name, pathOf] of NEW_PAGES) {
  test(`new page, ${name}: no JavaScript, in the sitemap, no axe violations (tables open too)`, async ({ page }) => {
    test.setTimeout(120_000);
    const problems = watchConsole(page);
    const path = pathOf();
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap, path).toContain(`${path}</loc>`);
    const html = await (await page.request.get(path)).text();
    expect(withoutJsonLd(html), path).not.toContain('<script');
    await page.goto(path);
    await expect(page.locator('h1'), path).toHaveCount(1);
    await expectNoAxeViolations(page, path, { bestPractice: true });
    // Again with every data table open: axe skips what is hidden, and a person opens them.
    await page.evaluate(() =>
      document.querySelectorAll('main details').forEach((d) => ((d as HTMLDetailsElement).open = true)),
    );
    await expectNoAxeViolations(page, `${path} (tables open)`, { bestPractice: true });
    expect(problems).toEqual([]);
  });
}

/**
 * The demo reports seeded with the demo accounts: a closed cycle with several countries, so the
 * pages have regional medians, comparisons and many-row tables.
 */
async function demoCycle(page: Page): Promise<number> {
  await page.goto('/national-reports');
  const names = await page
    .getByRole('navigation', { name: 'Filter national reports' })
    .getByRole('link')
    .allTextContents();
  const cycles = names.flatMap((n) => {
    const m = /^\s*(\d{4})\b[^(]*\((\d+)/.exec(n);
    return m && Number(m[1]) !== YEAR && Number(m[2]) >= 3 ? [Number(m[1])] : [];
  });
  expect(cycles.length, 'a demo cycle with three or more published reports').toBeGreaterThan(0);
  return cycles[0]!;
}

test('a screen reader hears which question each comparison link compares', async ({ page }) => {
  const year = await demoCycle(page);
  await page.goto(`/national-reports/${year}`);
  await page.locator('main article a').first().click();
  const compare = page.getByRole('link', { name: /^compare with the region: / });
  expect(await compare.count()).toBeGreaterThan(1);
  const names = await compare.evaluateAll((links) => links.map((a) => a.textContent?.trim()));
  expect(new Set(names).size).toBe(names.length);
  await expect(page.getByRole('link', { name: 'compare', exact: true })).toHaveCount(0);
  // The visible word is still "compare", so speech input can say it.
  await expect(compare.first()).toHaveText(/^compare/);
});

test("a report page charts the country's percentages beside the regional median, theme by theme", async ({ page }) => {
  const year = await demoCycle(page);
  await page.goto(`/national-reports/${year}`);
  await page.locator('main article a').first().click();
  // The page title reads "{country} {year} · National reports".
  const country = (await page.title()).split(` ${year} · `)[0]!;
  const charts = page.locator('figure', {
    has: page.getByRole('img', { name: new RegExp(`^${country} and the regional median: `) }),
  });
  expect(await charts.count(), 'a comparison chart in at least one theme').toBeGreaterThan(0);
  const chart = charts.first();
  // One bar and one median marker per question, in words for those who do not see it.
  await expect(chart.getByRole('img')).toHaveAccessibleName(
    /percentages?: .* (is above|below|level)|regional median \d/,
  );
  const bars = await chart.locator('.comparison-row').count();
  expect(bars).toBeGreaterThan(0);
  await chart.getByText('Data table').click();
  await expect(chart.getByRole('row')).toHaveCount(bars + 1);
  await expect(chart.getByRole('columnheader', { name: 'Regional median (%)' })).toBeVisible();
  // Each question links to its regional chart.
  const link = chart.getByRole('row').nth(1).getByRole('link');
  const href = await link.getAttribute('href');
  expect((await page.request.get(href!.split('#')[0]!)).status()).toBe(200);
  await expectNoAxeViolations(page, 'report page with its comparison table open', { bestPractice: true });
});

test('bar values are drawn over the median line, never struck through by it', async ({ page }) => {
  const year = await demoCycle(page);
  await page.goto(`/regional-reports/${year}`);
  await page.locator('main a[href^="/regional-reports/"][href*="#chart-"]').first().click();
  const charts = page.locator('figure:has(svg line[stroke-dasharray])');
  expect(await charts.count()).toBeGreaterThan(0);
  const drawing = await charts
    .first()
    .locator('svg[role="img"]')
    .evaluate((svg) => {
      const median = svg.querySelector('line[stroke-dasharray]')!;
      // The values beside their bars (bold, dark; those inside a long bar are white on it).
      const values = [...svg.querySelectorAll('text[font-weight="600"]')].filter(
        (t) => /^-?[\d.,]+$/.test(t.textContent ?? '') && t.getAttribute('fill') !== '#fff',
      );
      return {
        values: values.length,
        belowMedian: values.filter((t) => median.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_PRECEDING).length,
        withoutHalo: values.filter(
          (t) => getComputedStyle(t).paintOrder !== 'stroke' || t.getAttribute('stroke') !== '#fff',
        ).length,
      };
    });
  expect(drawing.values).toBeGreaterThan(0);
  expect(drawing).toMatchObject({ belowMedian: 0, withoutHalo: 0 });
});

test('on a phone, an open data table scrolls by itself and by keyboard, and the page does not', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  const year = await demoCycle(page);
  await page.goto(`/national-reports/status/${year}`);
  const summaries = page.locator('main summary', { hasText: 'Data table' });
  for (let i = 0; i < (await summaries.count()); i++) await summaries.nth(i).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const table = page.getByRole('region', { name: `Data table: Report status by subregion, ${year}` });
  await expect(table).toBeVisible();
  await table.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await context.close();
});
