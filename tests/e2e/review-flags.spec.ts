import { expect, test } from '@playwright/test';
import { api, DEMO, expectPath, freeCycleYear, idToken, signIn, watchConsole } from './support.ts';

/**
 * Review with evidence (decision 078): a figure that breaks a check is flagged beside it as it is typed — before any
 * save, and with the connection gone — and the explanation field is at hand. The test opens a cycle of its own.
 */

let FORM: string;

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

test.beforeAll(async () => {
  const admin = await idToken(DEMO.admin);
  const year = await freeCycleYear(admin, 2085);
  FORM = `/module/report/national/PH/${year}/indicator/form`;
  const opened = await api('report/type/national/cycles/saved', admin, {
    json: { year, opens_at: isoDay(-1), closes_at: isoDay(30), expiry_days: 30, timely_days: 7, status: 'open' },
  });
  expect(opened.status).toBe(200);
});

test('a check is flagged beside the answer as it is typed, offline too', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await signIn(page, DEMO.member);
  await expectPath(page, '/dashboard');
  await page.goto(FORM);

  // The demo's check: Q09 (sanitation) should be at most Q08 (drinking water).
  await page.locator('#q-Q08-value').fill('40');
  await page.locator('#q-Q09-value').fill('55');
  const flags = page.locator('[data-review-flags="Q09"]');
  await expect(flags).toContainText('55 should be at most the answer to Q08 (40)');
  await expect(flags.getByLabel('Explain why this answer stands')).toBeVisible();

  // Offline: the check runs in the browser on what is typed.
  await context.setOffline(true);
  await page.locator('#q-Q09-value').fill('38');
  await expect(flags).toHaveCount(0);
  await page.locator('#q-Q09-value').fill('47');
  await expect(flags).toContainText('47 should be at most the answer to Q08 (40)');
  await flags.getByLabel('Explain why this answer stands').fill('Sanitation is from the 2024 census');
  await context.setOffline(false);

  expect(problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(p))).toEqual([]);
  await context.close();
});
