import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectPath, signIn, watchConsole } from './support.ts';

/**
 * Issue 15: the best-practice editor loses no work. Changes made without a connection wait in
 * the browser and are saved when it comes back; changes left unsaved when the tab was closed
 * come back, and are saved, the next time the practice is opened.
 */

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const KEPT = 'Offline: your changes are kept on this computer and saved when the connection is back';

/** The browser's own report of a request that could not leave: expected while offline. */
const offlineNoise = (problem: string) => /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/.test(problem);

test('changes made offline are kept, then saved when the connection is back; a closed tab loses nothing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, DEMO.member);
  await expectPath(page, '/dashboard');
  await page.goto('/module/best-practice/form');
  const title = `ทางเดินริมคลอง ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  const practiceUrl = page.url();

  // Offline: the change is kept, and the indicator says so.
  await context.setOffline(true);
  const city = section(page, 'Title and place').getByLabel('City or place');
  await city.fill('เชียงใหม่');
  await city.blur();
  await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();

  // Back online: saved without anyone pressing anything.
  await context.setOffline(false);
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(section(page, 'Title and place').getByLabel('City or place')).toHaveValue('เชียงใหม่', {
    timeout: 30_000,
  });

  // Offline again, and the tab is closed before the connection comes back.
  await context.setOffline(true);
  const lead = section(page, 'Organisations').getByLabel('Lead organisation');
  await lead.fill('Городской совет · شورای شهر');
  await lead.blur();
  await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();
  await page.close();
  await context.setOffline(false);

  // The next visit brings the change back and saves it.
  const again = await context.newPage();
  const againProblems = watchConsole(again);
  await again.goto(practiceUrl);
  // The message fades after a few seconds: it is looked for first, as the screen arrives.
  await expect(again.getByText(/Changes not saved on your last visit were kept on this computer/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(section(again, 'Organisations').getByLabel('Lead organisation')).toHaveValue(
    'Городской совет · شورای شهر',
  );
  await expect(again.getByText('All changes saved')).toBeVisible({ timeout: 20_000 });
  await again.reload();
  await expect(section(again, 'Organisations').getByLabel('Lead organisation')).toHaveValue(
    'Городской совет · شورای شهر',
    { timeout: 30_000 },
  );
  expect(problems.filter((p) => !offlineNoise(p))).toEqual([]);
  expect(againProblems).toEqual([]);
  await context.close();
});
