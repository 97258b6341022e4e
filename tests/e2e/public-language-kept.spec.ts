import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, expectNoAxeViolations, idToken, rebuild } from './support.ts';

/**
 * Issue 32, item 3 (decision 061): a visitor on the French or Russian profile stays in the
 * language and reads numbers the way the language writes them. Every link a theme or country page
 * draws (charts' tables, cards, crumbs) goes to the page in the same language; key facts write
 * their numbers with the language's separators, also in the search index; a country page draws
 * each indicator's trend where the country has several years.
 */

const COUNTRY = { code: 'PH', fr: 'Philippines', ru: 'Филиппины' };
const THEME = 'demography-urbanisation';
const YEAR = 2015;
const DATASET = `profile/analytics/${THEME}/${COUNTRY.code}/${YEAR}`;
const THEME_PAGES = [`/urbanisation-profile/${THEME}`, '/urbanisation-profile/housing-slums'];
const PAGES = [
  '/urbanisation-profile',
  ...THEME_PAGES,
  '/urbanisation-profile/view',
  `/urbanisation-profile/view/${COUNTRY.code}`,
];

interface Dataset {
  data: { version: number; exists: boolean; status: 'draft' | 'published' };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // A second year of the Philippines' urban share (the reference data have 2020 alone), published.
  const token = await idToken(DEMO.superadmin);
  const current = await api<Dataset>(DATASET, token);
  if (current.body.data.status !== 'published') {
    const saved = await api<Dataset>(`${DATASET}/saved`, token, {
      json: {
        values: [{ indicator: 'URB_POP_PCT', value: 46.3, data_year: YEAR, source: 'Philippine Statistics Authority' }],
        ...(current.body.data.exists && { version: current.body.data.version }),
      },
    });
    expect(saved.status).toBe(200);
    const published = await api<Dataset>(`${DATASET}/publish`, token, {
      json: { published: true, version: saved.body.data.version },
    });
    expect(published.status).toBe(200);
  }
  await rebuild(token);
});

/** Every link of the page that is not the language switch, an outside address, a file or an anchor. */
async function pageLinks(page: Page): Promise<string[]> {
  return page.locator('a[href]:not([hreflang])').evaluateAll((links) =>
    links
      .filter((a) => !a.hasAttribute('download'))
      .map((a) => a.getAttribute('href')!)
      .filter(
        (href) =>
          href.startsWith('/') &&
          !href.startsWith('//') &&
          !/^\/(?:_astro|uploads|flags|fonts|pagefind)\/|\.(?:csv|json|pdf|svg|png|xml)$/.test(href),
      ),
  );
}

for (const lang of ['fr', 'ru'] as const) {
  test(`/${lang}/: every link of the profile's pages stays in the language, the charts' countries too`, async ({
    page,
  }) => {
    for (const path of PAGES) {
      await page.goto(`/${lang}${path}`);
      const links = await pageLinks(page);
      expect(links.length, path).toBeGreaterThan(10);
      expect(
        links.filter((href) => !href.startsWith(`/${lang}/`)),
        `${lang}${path}`,
      ).toEqual([]);
    }
    // A country in a chart's table goes to its page in the same language.
    await page.goto(`/${lang}/urbanisation-profile/${THEME}`);
    const section = page.locator('section[aria-labelledby="ind-URB_POP_PCT"]');
    await section.locator('summary').first().click();
    const countries = section.locator('table').first().locator('a[href*="/urbanisation-profile/view/"]');
    expect(await countries.count()).toBeGreaterThanOrEqual(18);
    await countries.filter({ hasText: COUNTRY[lang] }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/urbanisation-profile/view/${COUNTRY.code}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(COUNTRY[lang]);
  });
}

test('key facts write their numbers the language’s way: no comma between thousands in French or Russian', async ({
  page,
}) => {
  const expected = {
    en: { thousands: '37,468', decimal: '91.78' },
    fr: { thousands: '37\u202f468', decimal: '91,78' },
    ru: { thousands: '37\u00a0468', decimal: '91,78' },
    zh: { thousands: '37,468', decimal: '91.78' },
  };
  for (const [lang, want] of Object.entries(expected)) {
    await page.goto(lang === 'en' ? '/urbanisation-profile' : `/${lang}/urbanisation-profile`);
    const values = await page.locator('section[aria-labelledby="themes"] dd.text-xl').allTextContents();
    expect(values.length, lang).toBeGreaterThanOrEqual(5);
    expect(values.join(' | '), lang).toContain(want.thousands);
    expect(values.join(' | '), lang).toContain(want.decimal);
    if (lang === 'fr' || lang === 'ru') {
      // A comma between digits would read as a decimal mark; a point neither.
      expect(
        values.filter((v) => /\d,\d{3}(?!\d)|\d\.\d/.test(v)),
        lang,
      ).toEqual([]);
    }
  }
  // The search index reads each part apart ("2018 37 468", never "201837,468thousand people").
  await page.goto('/fr/search');
  const content = await page.evaluate(async (script) => {
    const pagefind = await import(script);
    const search = await pagefind.search('Tokyo');
    const pages = await Promise.all(
      search.results.map((r: { data: () => Promise<{ url: string; content: string }> }) => r.data()),
    );
    return pages.find((p) => /\/fr\/urbanisation-profile\/?$/.test(p.url))?.content ?? '';
  }, '/pagefind/pagefind.js');
  expect(content).toMatch(/2018 37\s468\s\D/u);
  expect(content).not.toContain('201837');
});

for (const lang of ['fr', 'ru'] as const) {
  test(
    `/${lang}/: a country's page draws the trend of an ` + `indicator with several years, and none for a single year`,
    async ({ page }) => {
      await page.goto(`/${lang}/urbanisation-profile/view/${COUNTRY.code}`);
      const trend = page.locator('#trend-URB_POP_PCT');
      await expect(trend.getByRole('heading', { level: 4 })).toHaveText(
        lang === 'fr' ? /^Évolution de (?:19|20)\d\d à 2020$/ : /^Динамика с (?:19|20)\d\d по 2020 год$/,
      );
      await expect(trend.getByRole('img')).toBeVisible();
      await trend.locator('summary').click();
      await expect(trend.getByRole('row', { name: new RegExp(`${YEAR}\\s+46,30`) })).toBeVisible();
      await expect(trend.getByRole('row', { name: /2020\s+47,41/ })).toBeVisible();
      // Japan has one year of each of its figures: no chart of a single point.
      await page.goto(`/${lang}/urbanisation-profile/view/JP`);
      expect(await page.locator('main li h3').count()).toBeGreaterThan(0);
      await expect(page.locator('[id^="trend-"]')).toHaveCount(0);
    },
  );
}

test('the pages pass axe at 390 and 1366 px in French, Russian and Chinese', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ['fr', 'ru', 'zh']) {
      for (const path of [
        `/urbanisation-profile`,
        `/urbanisation-profile/${THEME}`,
        `/urbanisation-profile/view/${COUNTRY.code}`,
      ]) {
        await page.goto(`/${lang}${path}`);
        await expectNoAxeViolations(page, `${lang}${path} at ${width}`, { bestPractice: true });
      }
      await page.goto(`/${lang}/urbanisation-profile/view/${COUNTRY.code}`);
      await page.locator('#trend-URB_POP_PCT').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`country-trend-${lang}-${width}.png`) });
      await page.goto(`/${lang}/urbanisation-profile`);
      await page.locator('section[aria-labelledby="themes"] dl').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`key-facts-${lang}-${width}.png`) });
    }
  }
});
