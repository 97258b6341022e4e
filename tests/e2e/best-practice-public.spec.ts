/**
 * The public best-practice library: a practice published through the API appears, after the
 * site rebuild, in the library, in its facet pages with the right counts, on its own page (never
 * with the contact), with the photo viewer working from the keyboard; axe finds nothing; the
 * rebuilt site, the practice's pages included, has no broken internal link.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { checkLinks } from '../../scripts/check-links.ts';
import { api, BASE_URL, DEMO, expectNoAxeViolations, idToken, ok, rebuild, watchConsole } from './support.ts';

const TITLE = `Heritage streets of Levuka ${Date.now().toString(36)}`;
const CONTACT_EMAIL = 'private.contact@levuka.example';
const CONTACT_NAME = 'Private Contact Person';
let uuid = '';

async function picture(fill: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" ` +
    `fill="${fill}"/><rect y="520" width="1200" height="280" fill="#15803d"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface Practice {
  uuid: string;
  version: number;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const admin = await idToken(DEMO.superadmin);
  let practice = (
    await ok(
      api<{ data: Practice }>('best-practice/saved', admin, {
        json: {
          title: TITLE,
          country_code: 'FJ',
          // Written in English, and saying so: the French and Russian pages mark its words lang="en" (decision 048).
          written_in: 'en',
          city: 'Levuka',
          lead_organisation: 'Levuka Town Council',
          partners: [
            { name: 'Heritage Fund of the Pacific', type: 'international', support: ['financial', 'technical'] },
          ],
          start_date: '2019-05-01',
          end_date: '2022-12-31',
          ongoing: false,
          categories: ['culture-heritage'],
          sdg_targets: ['11.4'],
          summary: 'Shopfronts of the old port town restored with their owners, and the street opened to walkers.',
          narrative: {
            context: 'The historic shopfronts were decaying.',
            implementation: 'Owners, the council and craftspeople agreed a repair guide together.',
            results: 'Forty shopfronts repaired; visitors stay longer.',
          },
          figures: [{ label: 'Shopfronts repaired', value: '40', unit: null }],
          contact: { name: CONTACT_NAME, email: CONTACT_EMAIL, phone: '+679 000 0000' },
        },
      }),
      'create',
    )
  ).data;
  for (const fill of ['#bae6fd', '#fde68a']) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await picture(fill))], { type: 'image/png' }), 'street.png');
    const upload = await fetch(`${BASE_URL}/api/best-practice/${practice.uuid}/upload?version=${practice.version}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect([200, 201], await upload.clone().text()).toContain(upload.status);
    practice = ((await upload.json()) as { data: Practice }).data;
  }
  for (const action of ['submit', 'publish', 'feature']) {
    practice = (
      await ok(
        api<{ data: Practice }>(`best-practice/${practice.uuid}/transition`, admin, {
          json: { action, version: practice.version },
        }),
        action,
      )
    ).data;
  }
  uuid = practice.uuid;
  await rebuild(admin);
});

test('the rebuilt site has no broken internal link, on the practice’s pages too', async () => {
  // The runner checks the first build (scripts/e2e.ts); this one is the build with the practice.
  const sites = process.env['SITE_DIR'];
  expect(sites, 'SITE_DIR names the server’s site builds (npm run test:e2e sets it)').toBeTruthy();
  const live = JSON.parse(readFileSync(join(sites!, 'live.json'), 'utf8')) as { id: string };
  const report = await checkLinks(join(sites!, live.id), { server: BASE_URL });
  expect(report.pages).toContain(`/best-practices-overview/view/${uuid}/index.html`);
  expect(report.pages).toContain('/best-practices-overview/country/FJ/index.html');
  expect(report.unchecked).toEqual([]);
  expect(report.broken).toEqual([]);
});

test('the library lists the practice, and its facet pages show the right counts and work from the keyboard', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const facets = (await (await fetch(`${BASE_URL}/api/best-practice/public/facets`)).json()) as {
    data: { total: number; countries: { code: string; count: number }[] };
  };
  const fiji = facets.data.countries.find((c) => c.code === 'FJ')!;

  await page.goto('/best-practices-overview');
  const filters = page.getByRole('navigation', { name: 'Filter best practices' });
  await expect(
    filters.getByRole('link', {
      name: `All best practices ${facets.data.total} practice${facets.data.total === 1 ? '' : 's'}`,
    }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await expectNoAxeViolations(page, '/best-practices-overview', { bestPractice: true });

  // Keyboard: tab to the country filter and follow it.
  const fijiLink = filters.getByRole('link', { name: `Fiji ${fiji.count} practice${fiji.count === 1 ? '' : 's'}` });
  await fijiLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/best-practices-overview\/country\/FJ\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Best practices: Fiji');
  await expect(
    page.getByRole('heading', { level: 2, name: `Fiji (${fiji.count} practice${fiji.count === 1 ? '' : 's'})` }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Filter best practices' }).getByRole('link', { name: /^Fiji/ }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await expectNoAxeViolations(page, '/best-practices-overview/country/FJ', { bestPractice: true });

  for (const path of [
    '/best-practices-overview/category/culture-heritage',
    '/best-practices-overview/sdg/11',
    '/best-practices-overview/period/completed',
    '/best-practices-overview/subregion/pacific',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('link', { name: TITLE }), path).toBeVisible();
  }
  await expect(
    page.getByRole('navigation', { name: 'Filter best practices' }).locator('[aria-current="page"]'),
  ).toHaveText(/Pacific/);
  expect(problems).toEqual([]);
});

test('on a phone the library shows the first practice on the first screen, the filters folded above it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/best-practices-overview');
  const filters = page.getByRole('navigation', { name: 'Filter best practices' });
  await expect(filters).toBeHidden();
  const firstCard = page
    .getByRole('region', { name: /practices?\)/ })
    .getByRole('listitem')
    .first();
  const box = (await firstCard.boundingBox())!;
  expect(box.y).toBeLessThan(844);
  await page.getByText('Filters', { exact: true }).click();
  await expect(filters).toBeVisible();
  await filters.getByRole('link', { name: /^Fiji/ }).click();
  await expect(page).toHaveURL(/\/country\/FJ\/?$/);
  await expect(page.locator('summary', { hasText: 'Filters: Fiji' })).toBeVisible();
  await expectNoAxeViolations(page, '/best-practices-overview/country/FJ at 390 px', { bestPractice: true });
});

test('the practice page shows the facts, the photos in the viewer and share links, never the contact', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const response = await page.goto(`/best-practices-overview/view/${uuid}`);
  expect(response?.status()).toBe(200);
  const html = await page.content();
  expect(html).not.toContain(CONTACT_EMAIL);
  expect(html).not.toContain(CONTACT_NAME);
  expect(html).not.toContain('+679 000 0000');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const facts = page.getByRole('complementary', { name: 'At a glance' });
  await expect(facts.getByRole('link', { name: 'Fiji' })).toHaveAttribute(
    'href',
    '/best-practices-overview/country/FJ',
  );
  await expect(facts.getByRole('img', { name: 'Map of Asia and the Pacific with Fiji highlighted' })).toBeVisible();
  await expect(facts.getByText('2019 – 2022')).toBeVisible();
  await expect(facts.getByText('Heritage Fund of the Pacific')).toBeVisible();
  await expect(facts.getByText('financial, technical support')).toBeVisible();
  await expect(facts.getByRole('link', { name: /SDG 11/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Implementation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'LinkedIn (share)' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=/,
  );

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    '@type': string;
    headline: string;
  };
  expect(ld['@type']).toBe('Article');
  expect(ld.headline).toBe(TITLE);

  // The photo viewer from the keyboard: open, Escape closes, focus returns.
  const thumb = page.locator('a.lightbox-link').first();
  await thumb.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumb).toBeFocused();
  await expectNoAxeViolations(page, '/best-practices-overview/view', { bestPractice: true });
  expect(problems).toEqual([]);
});

test('the home page, the best-practices page (featured) and the sitemap list the practice', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await page.goto('/best-practices');
  await expect(
    page.getByRole('region', { name: 'Featured practices' }).getByRole('link', { name: TITLE }),
  ).toBeVisible();
  await expectNoAxeViolations(page, '/best-practices', { bestPractice: true });
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/best-practices-overview/view/${uuid}`);
  expect(sitemap).toContain('/best-practices-overview/country/FJ');
});

test('the site search finds the practice after the rebuild, from the header box and with filters, by keyboard', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/best-practices');
  const box = page.getByRole('search', { name: 'Site search' }).getByRole('searchbox', { name: 'Search the site' });
  await box.focus();
  await page.keyboard.type('Levuka shopfronts');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\/?\?q=Levuka\+shopfronts$/);
  await expect(page.getByRole('status')).toHaveText(/^\d+ results? for “Levuka shopfronts”\.$/);
  const results = page.getByRole('list').filter({ has: page.getByRole('link', { name: TITLE }) });
  await expect(results.getByRole('link', { name: TITLE })).toHaveAttribute(
    'href',
    new RegExp(`/best-practices-overview/view/${uuid}/?$`),
  );
  await expect(results.getByText('Best practice · Fiji')).toBeVisible();
  expect(await page.getByRole('searchbox', { name: 'Words to look for' }).inputValue()).toBe('Levuka shopfronts');
  await expectNoAxeViolations(page, '/search', { bestPractice: true });

  // Filters: kind and country narrow it; another country leaves it out.
  await page.getByLabel('Kind of page').selectOption('Best practice');
  await page.getByLabel('Country').selectOption('Fiji');
  await page.getByRole('button', { name: 'Search', exact: true }).last().press('Enter');
  await expect(page).toHaveURL(/kind=Best\+practice&country=Fiji/);
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await page.goto('/search?q=Levuka+shopfronts&country=Philippines');
  await expect(page.getByRole('status')).toHaveText(
    'No results for “Levuka shopfronts”. Try other words, or remove a filter.',
  );

  const headers = (await page.request.get('/search')).headers();
  expect(headers['content-security-policy']).toContain("'wasm-unsafe-eval'");
  expect(
    (await page.request.get(`/best-practices-overview/view/${uuid}`)).headers()['content-security-policy'],
  ).not.toContain('wasm-unsafe-eval');
  expect(problems).toEqual([]);
});

/** The main content's text without what the database wrote (marked lang="en") and what only screen readers hear. */
async function interfaceText(page: Page): Promise<string> {
  return page.locator('main').evaluate((main) => {
    const clone = main.cloneNode(true) as HTMLElement;
    for (const el of clone.querySelectorAll('[lang="en"], .sr-only, script')) el.remove();
    return clone.textContent ?? '';
  });
}

async function alternatesOf(page: Page): Promise<string[][]> {
  return page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang')!, new URL(l.getAttribute('href')!).pathname]));
}

const LANGUAGES = [
  { prefix: '', lang: 'en' },
  { prefix: '/zh', lang: 'zh-Hans' },
  { prefix: '/fr', lang: 'fr' },
  { prefix: '/ru', lang: 'ru' },
];

test(
  'the best-practice library in French and Chinese: the interface translated, the filters in the language, the ' +
    'switch keeps the page',
  async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/fr/best-practices-overview');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Toutes les bonnes pratiques');
    expect(await alternatesOf(page)).toEqual([
      ...LANGUAGES.map(({ prefix, lang }) => [lang, `${prefix}/best-practices-overview`]),
      ['x-default', '/best-practices-overview'],
    ]);
    const filters = page.getByRole('navigation', { name: 'Filtrer les bonnes pratiques' });
    await expect(filters.getByText('Thème', { exact: true })).toBeAttached();
    // Facet links stay in French; goals are named the UN's way.
    const goal = filters.getByRole('link', { name: /^ODD \d+ : / }).first();
    if ((await goal.count()) > 0)
      await expect(goal).toHaveAttribute('href', /^\/fr\/best-practices-overview\/sdg\/\d+$/);
    const card = page.locator('main article').first();
    await expect(card.getByRole('heading')).toHaveAttribute('lang', 'en');
    await expect(card.getByRole('link')).toHaveAttribute('href', /^\/fr\/best-practices-overview\/view\//);
    for (const words of ['All best practices', 'Filters', 'Theme', 'Country', 'practices)', 'ongoing'])
      expect(await interfaceText(page), words).not.toContain(words);
    await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: '简体中文' }).click();
    await expect(page).toHaveURL(/\/zh\/best-practices-overview$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('全部最佳做法');
    await expect(page.getByRole('navigation', { name: '筛选最佳做法' })).toBeAttached();
    await expect(page.getByRole('link', { name: /斐济/ }).first()).toHaveAttribute(
      'href',
      '/zh/best-practices-overview/country/FJ',
    );
    await expectNoAxeViolations(page, '/zh/best-practices-overview', { bestPractice: true });
    await page.goto('/ru/best-practices-overview/country/FJ');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Передовой опыт: Фиджи');
    await expectNoAxeViolations(page, '/ru/best-practices-overview/country/FJ', { bestPractice: true });
    expect(scripts).toEqual([]);
  },
);

test('a best practice in French: the interface in French, the practice’s own words marked as English', async ({
  page,
  request,
}) => {
  const english = `/best-practices-overview/view/${uuid}`;
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const { prefix } of LANGUAGES)
    expect(xml, `${prefix}${english} in the sitemap`).toContain(`${prefix}${english}</loc>`);
  await page.goto(`/fr${english}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 2, name: 'En bref' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Partager cette pratique' })).toBeVisible();
  expect(await alternatesOf(page)).toEqual([
    ...LANGUAGES.map(({ prefix, lang }) => [lang, `${prefix}${english}`]),
    ['x-default', english],
  ]);
  await expect(
    page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Bonnes pratiques', exact: true }),
  ).toHaveAttribute('href', '/fr/best-practices');
  const text = await interfaceText(page);
  for (const words of [
    'At a glance',
    'Summary',
    'Place',
    'Period',
    'Themes',
    'Share this practice',
    'Related practices',
    'Sustainable Development Goals',
    'SDG ',
    'ongoing',
  ]) {
    expect(text, words).not.toContain(words);
  }
  await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Русский' }).click();
  await expect(page).toHaveURL(new RegExp(`/ru${english}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Коротко' })).toBeVisible();
  await expectNoAxeViolations(page, `/ru${english}`, { bestPractice: true });
  await page.goto(`/zh${english}`);
  await expect(page.getByRole('heading', { level: 2, name: '概况' })).toBeVisible();
  await expect(page.getByText('可持续发展目标11：可持续城市和社区')).toBeVisible();
  await expectNoAxeViolations(page, `/zh${english}`, { bestPractice: true });
});

test('the French search finds the practice’s French page, with the kind and the country in French', async ({
  page,
}) => {
  await page.goto('/fr/search?q=Levuka');
  await expect(page.getByRole('status')).toHaveText(/^\d+ résultats? pour « Levuka »\.$/);
  const result = page.locator('#search-results li').filter({ has: page.getByRole('link', { name: TITLE }) });
  await expect(result.getByRole('link', { name: TITLE })).toHaveAttribute(
    'href',
    new RegExp(`^/fr/best-practices-overview/view/${uuid}/?$`),
  );
  await expect(result.getByText('Bonne pratique · Fidji')).toBeVisible();
  await expectNoAxeViolations(page, '/fr/search', { bestPractice: true });
  expect((await page.request.get('/fr/search')).headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
});

test('without JavaScript the search page explains itself and links to the sections', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search?q=Levuka');
  await expect(page.getByText('The search needs JavaScript, which is turned off in this browser.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Best practices, by theme/ })).toHaveAttribute(
    'href',
    '/best-practices-overview',
  );
  await context.close();
});
