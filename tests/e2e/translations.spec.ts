import { expect, test } from '@playwright/test';
import { api, DEMO, idToken, rebuild, signIn, watchConsole } from './support.ts';

test('an administrator translates an indicator into French beside its English; the list shows the progress', async ({ page }) => {
  test.setTimeout(300_000);
  const problems = watchConsole(page);
  const admin = await idToken(DEMO.superadmin);
  // Start from no French translation of the indicator (an earlier run may have left one).
  const before = await api<{ data: { translations: { fr: { version: number | null } } } }>('translation/profile-indicator/URB_GROWTH', admin);
  const version = before.body.data.translations.fr.version;
  if (version !== null) await api('translation/profile-indicator/URB_GROWTH/fr', admin, { json: { fields: {}, version } });

  await signIn(page, DEMO.superadmin);
  await page.goto('/admin/translations?entity=profile-indicator&q=URB_GROWTH');
  await expect(page.getByRole('heading', { level: 1, name: 'Translations' })).toBeVisible();
  await expect(page.getByLabel('Texts of')).toHaveValue('profile-indicator');
  const row = page.getByRole('list', { name: 'Texts to translate' }).getByRole('link').first();
  await expect(row).toContainText('Français: 0 of');
  await row.click();

  const panel = page.getByRole('region', { name: 'Other languages' });
  await panel.getByRole('button', { name: /^Français/ }).click();
  const name = panel.getByLabel('Name');
  await expect(name).toHaveAttribute('lang', 'fr');
  await name.fill('Taux de croissance de la population urbaine');
  await expect(panel.getByText('Unsaved changes')).toBeVisible();
  await panel.getByRole('button', { name: 'Save French' }).click();
  await expect(page.getByText('French saved.')).toBeVisible();
  await expect(row).toContainText('Français: 1 of');

  // Reloaded, the translation is there.
  await page.reload();
  await page.getByRole('region', { name: 'Other languages' }).getByRole('button', { name: /^Français/ }).click();
  await expect(page.getByRole('region', { name: 'Other languages' }).getByLabel('Name')).toHaveValue('Taux de croissance de la population urbaine');
  expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);

  // The French theme page shows the French name once the site is rebuilt; the English page keeps the English.
  await rebuild(admin);
  await page.goto('/fr/urbanisation-profile/demography-urbanisation');
  const french = page.getByText('Taux de croissance de la population urbaine', { exact: true }).first();
  await expect(french).toBeVisible();
  expect(await french.evaluate((el) => el.closest('[lang]')?.getAttribute('lang'))).toBe('fr');
  await page.goto('/urbanisation-profile/demography-urbanisation');
  await expect(page.getByText('Taux de croissance de la population urbaine')).toHaveCount(0);
});
