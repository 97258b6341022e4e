import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { expect, test, type Locator } from '@playwright/test';
import { waitForLiveBuild } from './live-site.ts';
import { api, DEMO, expectNoAxeViolations, idToken, watchConsole } from './support.ts';

/**
 * Progress towards 2030 on the theme, indicator and country pages (issue 35 item 2, decision
 * 080): the class of the region and each subregion in words, with the countries assessed; the
 * regional chart and its table; each indicator's own page with every country's class or why it
 * has none; a country's class, figures used and its line per theme; in English and Russian. The
 * theme and country pages stay within 30 KB of compressed HTML.
 *
 * Tests start from the reference data alone (no open data): the set-up publishes urban electricity
 * and sanitation for 2015 and 2018 in 32 of the 58 countries (more than half, so both are scored:
 * sanitation is given a target, kept for the rest of the run), as a country's own figures, through
 * the figures' import and publication; no other spec reads them. A scored indicator's country card
 * draws its progress chart instead of a plain trend, so the country pages other specs read show no
 * trend of these figures.
 */
const COUNTRIES = ['AF', 'AM', 'AU', 'AZ', 'BD', 'BN', 'BT', 'CN', 'FJ', 'GE', 'ID', 'IN', 'IR', 'JP', 'KG', 'KH'];
const MORE = ['KR', 'KZ', 'LA', 'LK', 'MM', 'MN', 'MY', 'NP', 'NZ', 'PH', 'PK', 'RU', 'TH', 'TJ', 'TR', 'VN'];
const YEARS = [2015, 2018];

/** Sets urban sanitation's progress setting (none by default) against its version. */
async function sanitationProgress(token: string, progress: { direction: 'higher'; target: object }) {
  const { body } = await api<{ data: { indicators: { code: string; version: number; progress: unknown }[] } }>(
    'profile/category/basic-services',
    token,
  );
  const indicator = body.data.indicators.find((i) => i.code === 'SANITATION_URBAN_PCT')!;
  if (JSON.stringify(indicator.progress) === JSON.stringify(progress)) return;
  const saved = await api('profile/indicator/saved', token, {
    json: { code: 'SANITATION_URBAN_PCT', progress, version: indicator.version },
  });
  expect(saved.status).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const token = await idToken(DEMO.superadmin);
  await sanitationProgress(token, { direction: 'higher', target: { kind: 'fixed', value: 100 } });
  const countries = [...COUNTRIES, ...MORE];
  // Three paces: reaching 100 by 2030, moving too slowly, and moving away from it.
  const value = (i: number, year: number) => {
    const base = 70 + (i % 10);
    const step = [3, 0.5, -1][i % 3]!;
    return base + (year === 2018 ? 3 * step : 0);
  };
  // Urban sanitation too, a little lower: the theme then has two scored indicators, each its own progress region.
  const rows = countries.flatMap((code, i) =>
    YEARS.flatMap((year) => [
      `${code},ELECTRICITY_URBAN_PCT,${year},${value(i, year)},National statistics office`,
      `${code},SANITATION_URBAN_PCT,${year},${value(i, year) - 20},National statistics office`,
    ]),
  );
  const csv = ['country_code,indicator,year,value,source', ...rows].join('\n');
  // A retry finds them published: nothing changes, so no build is awaited.
  const since = new Date().toISOString();
  expect((await api('profile/import', token, { json: { csv } })).status).toBe(200);
  let published = 0;
  for (const code of countries)
    for (const year of YEARS) {
      const path = `profile/analytics/basic-services/${code}/${year}`;
      const { body } = await api<{ data: { version: number; status: string } }>(path, token);
      if (body.data.status === 'published') continue;
      const done = await api(`${path}/publish`, token, { json: { published: true, version: body.data.version } });
      expect(done.status, path).toBe(200);
      published += 1;
    }
  if (published > 0) await waitForLiveBuild(token, since);
});
const WORDS = {
  en: /^(On track|Needs acceleration|Regressing|Cannot be assessed)$/,
  ru: /^(По графику|Нужно ускорение|Регресс|Оценить нельзя)$/,
};

/** The class words of a block's six areas (the region and the five subregions). */
async function areaClasses(block: Locator): Promise<string[]> {
  const badges = block.locator(':scope > ul > li > a');
  await expect(badges).toHaveCount(6);
  return badges.locator(':scope > span:first-child').allTextContents();
}

test('a theme: the region’s and subregions’ classes, the regional chart with its table, the indicator’s page', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/urbanisation-profile/basic-services');
  const block = page.locator('#progress-ELECTRICITY_URBAN_PCT');
  await expect(block.getByRole('heading', { level: 3, name: 'Progress towards 2030' })).toBeVisible();
  await expect(block).toContainText(/Target for 2030: 100(\.0+)?% \(a fixed target\)\. Higher is better\./);
  for (const word of await areaClasses(block)) expect(word).toMatch(WORDS.en);
  await expect(block.locator(':scope > ul > li').first()).toContainText(/Asia and the Pacific.*\d+ countries/);
  await expect(block.locator(':scope > ul > li > a').first()).toHaveAttribute(
    'href',
    '/urbanisation-profile/progress/method#class',
  );
  await expect(block.getByRole('img', { name: /average of the countries assessed, its trend to 2030/ })).toBeVisible();
  await block.getByText('Data table').click();
  const table = block.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Countries', exact: true })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Trend (%)', exact: true })).toBeVisible();
  // The trend's 2030 value, shown within 0–100 %.
  await expect(table.getByRole('row', { name: /^2030\s+—\s+—\s+\d+(\.\d+)?$/ })).toBeVisible();

  await block.getByRole('link', { name: 'Each country’s class and figures, and the map' }).click();
  await expect(page).toHaveURL(/\/urbanisation-profile\/basic-services\/electricity-urban-pct$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Urban population with access to electricity (%)');
  const areas = page.getByRole('table', { name: /The class of the region and each subregion/ });
  await expect(areas.getByRole('row')).toHaveCount(7);
  const countries = page.getByRole('table', { name: /each country’s class, figures used/ });
  await expect(countries.getByRole('row')).toHaveCount(59);
  await expect(page.locator('#map-ELECTRICITY_URBAN_PCT svg[role="img"]')).toBeAttached();
  const philippines = countries.getByRole('link', { name: 'Philippines' });
  await expect(philippines).toHaveAttribute('href', '/urbanisation-profile/view/PH#ind-ELECTRICITY_URBAN_PCT');

  // A country's score and the figures it used (years, values, sources).
  await philippines.click();
  const card = page.locator('#ind-ELECTRICITY_URBAN_PCT');
  await expect(card).toBeInViewport();
  const word = await card.locator('#progress-ELECTRICITY_URBAN_PCT a').first().locator('span').first().textContent();
  expect(word).toMatch(WORDS.en);
  await expect(card).toContainText(/Base \(2015\)\s*\d/);
  await expect(card).toContainText(/Latest \(\d{4}\)\s*\d/);
  await expect(
    card.getByRole('img', { name: /figures? used \(\d{4}–\d{4}\), the trend and the target/ }),
  ).toBeAttached();
  await card.getByText('Data table').click();
  const used = card.getByRole('table');
  await expect(used.getByRole('columnheader', { name: 'Figures used (%)', exact: true })).toBeVisible();
  expect(await used.getByRole('row').count()).toBeGreaterThan(3);
  await expect(card.getByText('National statistics office').first()).toBeVisible();
  // Each theme with a scored indicator says how many are on track.
  await expect(page.getByText(/^\d+ of \d+ indicators? on track for 2030$/).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('why a score cannot be given, in words; the Russian pages in Russian', async ({ page }) => {
  await page.goto('/urbanisation-profile/basic-services/electricity-urban-pct');
  const countries = page.getByRole('table', { name: /each country’s class, figures used/ });
  await expect(countries.getByText('Fewer than two figures since 2000: no trend can be drawn.').first()).toBeVisible();
  await page.goto('/urbanisation-profile/housing-slums/slum-pct');
  // Too few countries have two figures: the whole indicator says why.
  await expect(page.getByText(/Too few countries have figures: \d+ of 58 have two or more/).first()).toBeVisible();
  await page.goto('/ru/urbanisation-profile/basic-services');
  const block = page.locator('#progress-ELECTRICITY_URBAN_PCT');
  await expect(block.getByRole('heading', { level: 3, name: 'Прогресс к 2030 году' })).toBeVisible();
  for (const word of await areaClasses(block)) expect(word).toMatch(WORDS.ru);
  await expect(block.locator(':scope > ul > li > a').first()).toHaveAttribute(
    'href',
    '/ru/urbanisation-profile/progress/method#class',
  );
  await page.goto('/ru/urbanisation-profile/view/PH');
  await expect(page.getByText(/^\d+ из \d+ показател\S+ на пути к цели 2030 года$/).first()).toBeVisible();
  await expect(page.locator('#progress-ELECTRICITY_URBAN_PCT')).toContainText('Базовое значение (2015)');
});

test('theme and country pages within 30 KB compressed, no axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  const themes = ['basic-services', 'demography-urbanisation', 'housing-slums', 'economy-jobs', 'environment-climate'];
  const paths = ['', '/zh', '/fr', '/ru'].flatMap((prefix) => [
    ...themes.map((t) => `${prefix}/urbanisation-profile/${t}`),
    `${prefix}/urbanisation-profile/view/PH`,
  ]);
  for (const path of paths) {
    const html = Buffer.from(await (await page.request.get(path)).body());
    const gzip = gzipSync(html, { level: 9 }).length;
    const brotli = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(gzip, `${path} gzip`).toBeLessThanOrEqual(30 * 1024);
    expect(brotli, `${path} brotli`).toBeLessThanOrEqual(30 * 1024);
  }
  for (const path of [
    '/urbanisation-profile/basic-services/electricity-urban-pct',
    '/zh/urbanisation-profile/view/PH',
  ]) {
    await page.goto(path);
    await expectNoAxeViolations(page, path, { bestPractice: true });
  }
  // On a phone, in the longest of the four languages: every chart drawn where it stands (no link read as lying on
  // another's), and each indicator's progress region named by its indicator, not all "Progress towards 2030".
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/ru/urbanisation-profile/basic-services', '/urbanisation-profile/basic-services']) {
    await page.goto(path);
    const regions = page.locator('section[id^="progress-"][aria-labelledby]');
    const names = await regions.evaluateAll((all) =>
      all.map((r) =>
        r
          .getAttribute('aria-labelledby')!
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent?.trim())
          .join(' '),
      ),
    );
    expect(names.length, path).toBeGreaterThan(1);
    expect(new Set(names).size, `${path}: ${names.join(' | ')}`).toBe(names.length);
    await expectNoAxeViolations(page, path, { bestPractice: true });
  }
});
