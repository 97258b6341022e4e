import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, watchConsole } from './support.ts';

/**
 * Comparing a country (issue 35 item 4, decision 081): from the country page to its comparison,
 * two countries chosen with the form and sent by keyboard, the columns with a year behind every
 * value, a missing figure shown as "no data" and never as a zero, the choice kept in the address,
 * a subregion's column, Russian, and a phone's width.
 */

const headers = (page: Page) => page.locator('#compare-table thead th').allTextContents();
const YEARS = /(?:19|20)\d\d(?:–(?:19|20)\d\d)?/;
const CLASSES = /(On track|Needs acceleration|Regressing|Cannot be assessed)/;
const SDG_SLUMS = 'Urban population living in slums, as in the UN SDG database (% of urban population)';

test('compare Thailand with two countries, then with its subregion; missing is “no data”', async ({ page }) => {
  test.setTimeout(60_000);
  const problems = watchConsole(page);
  await page.goto('/urbanisation-profile/view/TH');
  await page.getByRole('link', { name: 'Compare with other countries or a subregion' }).click();
  await expect(page).toHaveURL(/\/urbanisation-profile\/view\/TH\/compare$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare Thailand with other countries');
  // The page's own render: the country beside its subregion.
  expect(await headers(page)).toEqual(['Indicator', 'Thailand', 'South-East Asia']);

  await page.getByLabel('Country 1').selectOption({ label: 'Viet Nam' });
  await page.getByLabel('Country 2').selectOption({ label: 'Malaysia' });
  await page.getByRole('button', { name: 'Compare' }).press('Enter');
  await expect(page).toHaveURL(/\/compare\?with=VN,MY$/);
  await expect(page.getByRole('status')).toHaveText('Showing Thailand, Viet Nam, and Malaysia.');
  expect(await headers(page)).toEqual(['Indicator', 'Thailand', 'Viet Nam', 'Malaysia']);
  const table = page.getByRole('table', { name: /Thailand, Viet Nam, and Malaysia: the latest value/ });

  // Every value has its year; Malaysia has no figure in the UN SDG slum series: "no data", not 0.
  const rows = table.locator('tbody tr[data-code]');
  expect(await rows.count()).toBeGreaterThan(3);
  for (const cell of await table.locator('tbody td').all()) {
    const text = (await cell.textContent()) ?? '';
    expect(text).toMatch(new RegExp(`^—no data$|${YEARS.source}(?: · \\d+ countries)?${CLASSES.source}$`));
  }
  const slums = table.getByRole('row', { name: new RegExp(`^${SDG_SLUMS.replace(/[()%]/g, '\\$&')}`) });
  await expect(slums.getByRole('cell').nth(2)).toHaveText('—no data');

  // The address keeps the choice: opened again, the same columns.
  await page.reload();
  await expect.poll(() => headers(page)).toEqual(['Indicator', 'Thailand', 'Viet Nam', 'Malaysia']);
  await expect(page.getByLabel('Country 2')).toHaveValue('MY');

  await page.goto('/urbanisation-profile/view/TH/compare?with=SEA');
  await expect.poll(() => headers(page)).toEqual(['Indicator', 'Thailand', 'South-East Asia']);
  // Every cell of the subregion's column: "no data", or its value, years, countries averaged and class.
  for (const cell of await page.locator('#compare-table tbody td:nth-child(3)').all()) {
    expect(await cell.textContent()).toMatch(
      new RegExp(`^—no data$|${YEARS.source} · \\d+ countries${CLASSES.source}$`),
    );
  }
  await expectNoAxeViolations(page, 'the comparison page');
  expect(problems).toEqual([]);
});

test('in Russian at a phone’s width: the table scrolls in its box, the page does not', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ru/urbanisation-profile/view/TH/compare?with=VN,MY,ID,PH');
  await expect.poll(() => headers(page)).toHaveLength(6);
  await expect(page.locator('#compare-table')).toContainText('нет данных');
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    box: document.querySelector('#compare-table')!.parentElement!.scrollWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(390);
  expect(widths.box).toBeGreaterThan(390);
});
