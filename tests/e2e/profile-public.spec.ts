import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, watchConsole, withoutJsonLd } from './support.ts';

/**
 * The urbanisation profile on the public site (issue 8): the reference seed's real figures
 * (UN DESA WUP 2018 via the World Bank; UN-Habitat slum shares) on the themes, a theme's charts
 * with their tables, sources and CSV file, a country's profile against the regional median, and
 * the home page's figures.
 */

test('the themes with their key facts', async ({ page }) => {
  await page.goto('/urbanisation-profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Urbanisation profile');
  const themes = page.getByRole('region', { name: 'Themes' });
  await expect(themes.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })).toHaveCount(8);
  await expect(themes.getByRole('link', { name: 'Demography and urbanisation' })).toHaveAttribute(
    'href',
    '/urbanisation-profile/demography-urbanisation',
  );
  await expect(themes.getByText('37,468')).toBeVisible();
  await expect(themes.getByText('58.3')).toBeVisible();
  await expect(page.getByText(/CC BY 4\.0/).first()).toBeVisible();
});

test('a theme: bar chart with the regional median, its table, sources, the map and the CSV file', async ({ page }) => {
  await page.goto('/urbanisation-profile/demography-urbanisation');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demography and urbanisation');
  const section = page.getByRole('region', { name: 'Urban population (% of total population)' });
  await expect(section.getByRole('img', { name: /Urban population \(% of total population\), 2020/ })).toBeVisible();
  await section.getByText('Data table').first().click();
  const table = section.getByRole('table').first();
  await expect(table.getByRole('row', { name: /Singapore\s+100/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Sri Lanka\s+18\.71/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Median\s+42\.8/ })).toBeVisible();
  await expect(
    section.getByText(/World Urbanization Prospects 2018.*SP\.URB\.TOTL\.IN\.ZS.*CC BY 4\.0/).first(),
  ).toBeVisible();
  // The largest cities, with their names in the footnote.
  await expect(page.getByText(/Tokyo \(Japan\)/).first()).toBeVisible();
  // The map and its table are on the indicator's own page (decision 080), linked from its section.
  await section.getByRole('link', { name: 'The map and every country’s figure' }).click();
  await expect(page).toHaveURL(/\/urbanisation-profile\/demography-urbanisation\/urb-pop-pct$/);
  await expect(page.locator('#map-URB_POP_PCT svg[role="img"]')).toBeAttached();
  await page.goBack();
  const csvHref = await page
    .getByRole('link', { name: 'Download every figure of this theme (CSV)' })
    .getAttribute('href');
  expect(csvHref).toBe('/urbanisation-profile/demography-urbanisation.csv');
  const csv = await (await page.request.get(csvHref!)).text();
  expect(csv.split('\r\n')[0]).toBe(
    'indicator_code,indicator,sdg,country_code,country,year,value,unit,is_estimate,note,source,licence,origin,demo',
  );
  expect(csv).toContain('URB_POP_PCT,Urban population (% of total population),,SG,Singapore,2020,100,%');
  expect(csv).toContain('LARGEST_CITY_POP,Population of the largest urban agglomeration,,JP,Japan,2018,37468');

  await page.goto('/urbanisation-profile/housing-slums');
  const slums = page.getByRole('region', { name: 'Urban population living in slums (% of urban population)' });
  await slums.getByText('Data table').first().click();
  await expect(slums.getByRole('row', { name: /Myanmar\s+58\.3/ })).toBeVisible();
  await expect(slums.getByRole('row', { name: /Viet Nam\s+5\.8/ })).toBeVisible();
});

test('a country chosen from the list (no JavaScript needed), compared with the regional median', async ({ page }) => {
  await page.goto('/urbanisation-profile/view');
  await page.getByRole('link', { name: /Philippines/ }).click();
  await expect(page).toHaveURL(/\/urbanisation-profile\/view\/PH$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Philippines');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Urban population (% of total population)' }) });
  await expect(card).toContainText('47.41');
  await expect(card).toContainText(/Regional median 42\.8\d?%.*18 countries, 2020/);
  await expect(card).toContainText('above the median');
});

test('the home page shows the profile’s real figures', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Singapore 100%')).toBeVisible();
  await expect(page.getByText('Sri Lanka 18.71%')).toBeVisible();
});

test('the profile pages load no JavaScript, are in the sitemap and have no axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const paths = [
    '/urbanisation-profile',
    '/urbanisation-profile/demography-urbanisation',
    '/urbanisation-profile/housing-slums',
    '/urbanisation-profile/view',
    '/urbanisation-profile/view/PH',
  ];
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  for (const path of paths) {
    expect(sitemap, path).toContain(`${path}</loc>`);
    const html = await (await page.request.get(path)).text();
    expect(withoutJsonLd(html), path).not.toContain('<script');
    if (path.endsWith('demography-urbanisation')) {
      // Its figures as a schema.org Dataset, for dataset search engines (issue 36).
      const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
        '@type': string;
        distribution: { contentUrl: string }[];
      };
      expect(ld['@type']).toBe('Dataset');
      expect(ld.distribution[0]!.contentUrl).toMatch(/\/urbanisation-profile\/demography-urbanisation\.csv$/);
      // The maps are on each indicator's own page, which keeps the theme page light (decision 080).
      expect(html).not.toContain('id="map-');
    }
    await page.goto(path);
    await expect(page.locator('h1'), path).toHaveCount(1);
    await expectNoAxeViolations(page, path, { bestPractice: true });
  }
  expect(problems).toEqual([]);
});
