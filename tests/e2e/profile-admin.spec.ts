import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectPath, signIn, watchConsole } from './support.ts';

/**
 * The urbanisation profile's back-office (issue 8): an administrator edits a theme's overview
 * with its live preview, enters a figure in the dataset form (saved on leaving the field),
 * publishes the dataset, and previews a CSV import with a bad row.
 */

const YEAR = 2030 + (Date.now() % 40);

async function noAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('overview: the theme list, the form with its preview and key facts', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, DEMO.superadmin, undefined, '/module/urbanisation-profile/overview');
  await expectPath(page, '/module/urbanisation-profile/overview');
  await page.getByRole('link', { name: 'Culture' }).click();
  await expectPath(page, '/module/urbanisation-profile/overview/culture/form');
  await page.getByLabel('Overview').fill(`## Heritage ${YEAR}\n\nSpending on **heritage**.`);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: `Heritage ${YEAR}` })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('heritage');
  await page.getByRole('button', { name: 'Add a key fact' }).click();
  await page.locator('#fact-0-label').fill('Sites on the list');
  await page.locator('#fact-0-value').fill('12');
  await noAxeViolations(page, 'overview form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Culture is saved');
  expect(problems).toEqual([]);
});

test('analytics: the grid, a figure saved on leaving its field, publishing, and an import preview', async ({ page }) => {
  await signIn(page, DEMO.superadmin, undefined, '/module/urbanisation-profile/analytics/demography-urbanisation');
  await expectPath(page, '/module/urbanisation-profile/analytics/demography-urbanisation');
  await expect(page.getByRole('row', { name: /Philippines/ }).getByRole('link', { name: /Published · 1 Philippines 2020/ })).toBeVisible();
  await page.goto(`/module/urbanisation-profile/analytics/demography-urbanisation/PH/${YEAR}/form`);
  const field = page.locator('#q-URB_POP_PCT');
  await field.locator('#q-URB_POP_PCT-value').fill('48.2');
  await field.getByLabel('Source').fill('Philippine Statistics Authority');
  await field.getByLabel('Source').press('Enter');
  await expect(field.getByRole('status')).toHaveText('Saved', { timeout: 20_000 });
  await page.reload();
  await expect(page.locator('#q-URB_POP_PCT-value')).toHaveValue('48.2');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('The figures are published');
  await expect(page.getByRole('button', { name: 'Withdraw from the public site' })).toBeVisible();

  await page.goto('/module/urbanisation-profile/analytics');
  await page.getByLabel('Or paste the rows').fill('country_code,indicator,year,value,source\nPH,URB_GROWTH,2021,1.9,PSA\nPH,URB_POP_PCT,2021,140,PSA\n');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('2 rows: 1 to change, 0 unchanged, 1 with problems.')).toBeVisible();
  await expect(page.getByText(/Line 3: value must be at most 100/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import/ })).toBeDisabled();
});
