/**
 * The best-practice library in pages of 48: with more practices than one page holds, the library
 * and a facet value's list show 48 cards, say which ones, and link to the next pages (plain
 * links, in the page's language); the later pages are built, listed in the sitemap, and pass axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, expectNoAxeViolations, idToken, ok, rebuild } from './support.ts';

/** Ends every seeded title; a retry of this spec (a new worker) tops the practices up rather than adding 50 more. */
const RUN = '(library test)';
/** Tuvalu: no other spec publishes a practice there, so its list holds exactly these. */
const COUNTRY = 'TV';
const COUNT = 50;

interface Practice {
  uuid: string;
  version: number;
}

const cards = (page: Page) => page.locator('#results ~ ul > li');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const admin = await idToken(DEMO.superadmin);
  const published = await ok(
    api<{ total: number }>(`best-practice/public/list?country_code=${COUNTRY}&per_page=1`, admin),
    'published in Tuvalu',
  );
  for (let i = published.total + 1; i <= COUNT; i++) {
    let practice = (
      await ok(
        api<{ data: Practice }>('best-practice/saved', admin, {
          json: {
            title: `Funafuti seawall ${i} ${RUN}`,
            country_code: COUNTRY,
            written_in: 'en',
            city: 'Funafuti',
            lead_organisation: 'Funafuti Kaupule',
            start_date: '2020-01-01',
            ongoing: true,
            categories: ['climate-drr-resilience'],
            summary: `Seawall section ${i}, built with the island community.`,
            narrative: {
              context: 'King tides flood the atoll.',
              implementation: 'Built in sections.',
              results: 'Homes kept dry.',
            },
            contact: { name: 'Private Contact', email: 'private.contact@funafuti.example' },
          },
        }),
        `create ${i}`,
      )
    ).data;
    for (const action of ['submit', 'publish']) {
      practice = (
        await ok(
          api<{ data: Practice }>(`best-practice/${practice.uuid}/transition`, admin, {
            json: { action, version: practice.version },
          }),
          `${action} ${i}`,
        )
      ).data;
    }
  }
  await rebuild(admin);
});

test(
  'a facet value with 50 practices shows 48, then the ' + 'last two on its page 2, each page linking to the other',
  async ({ page }) => {
    const first = `/best-practices-overview/country/${COUNTRY}`;
    await page.goto(first);
    await expect(page.getByRole('heading', { level: 2, name: /Tuvalu/ })).toContainText('(50 practices)');
    await expect(page.getByText('Showing 1–48 of 50')).toBeVisible();
    await expect(cards(page)).toHaveCount(48);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
    // The filter is the page being read: its link says so.
    const filter = page.getByRole('navigation', { name: 'Filter best practices' }).locator(`a[href="${first}"]`);
    await expect(filter).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('link', { name: 'Next page' }).click();

    await expect(page).toHaveURL(new RegExp(`${first}/page/2/?$`));
    await expect(page).toHaveTitle(/page 2 of 2/);
    await expect(page.getByText('Showing 49–50 of 50')).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${first}/page/2$`));
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' })).toHaveCount(
      0,
    );
    // On page 2 the filter is still the one chosen, but its link leads to page 1, not to this page.
    await expect(filter).toHaveAttribute('aria-current', 'true');
    await expect(
      page.getByRole('navigation', { name: 'Filter best practices' }).locator('[aria-current="page"]'),
    ).toHaveCount(0);
    await expectNoAxeViolations(page, `${first}/page/2`, { bestPractice: true });
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(new RegExp(`${first}/?$`));

    // Every practice is on exactly one page.
    const titles = new Set<string>();
    for (const path of [first, `${first}/page/2`]) {
      await page.goto(path);
      for (const title of await cards(page).locator('h3').allTextContents()) titles.add(title.trim());
    }
    expect([...titles].filter((t) => t.endsWith(RUN))).toHaveLength(COUNT);
  },
);

test('the whole library is paged too, in every language, and the sitemap lists the later pages', async ({
  page,
  request,
}) => {
  await page.goto('/best-practices-overview');
  await expect(cards(page)).toHaveCount(48);
  await expect(page.getByText(/^Showing 1–48 of \d+$/)).toBeVisible();

  await page.goto('/fr/best-practices-overview/page/2');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('link', { name: 'Page précédente' })).toHaveAttribute(
    'href',
    '/fr/best-practices-overview',
  );
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/^49 à \d+ sur \d+$/)).toBeVisible();
  await expectNoAxeViolations(page, '/fr/best-practices-overview/page/2', { bestPractice: true });

  await page.goto(`/ru/best-practices-overview/country/${COUNTRY}/page/2`);
  await expect(
    page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Предыдущая страница' }),
  ).toHaveAttribute('href', `/ru/best-practices-overview/country/${COUNTRY}`);
  await expect(page.getByText('49–50 из 50')).toBeVisible();
  await page.goto(`/zh/best-practices-overview/country/${COUNTRY}`);
  await expect(page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' })).toHaveAttribute(
    'href',
    `/zh/best-practices-overview/country/${COUNTRY}/page/2`,
  );

  // A page past the last is the site's not-found page.
  expect((await request.get(`/best-practices-overview/country/${COUNTRY}/page/3`)).status()).toBe(404);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/best-practices-overview/country/${COUNTRY}/page/2</loc>`);
  expect(sitemap).toContain(`/ru/best-practices-overview/page/2</loc>`);
});
