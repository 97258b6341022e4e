import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, signIn } from './support.ts';

/**
 * Find any answer (issue 34 item 2): the secretariat opens Search answers from the reports' list,
 * finds written answers in Thai, Chinese, Dari and Russian with the matches marked, narrows to a
 * country, pages with the keyboard, and opens the report at the question found.
 */
test('the secretariat finds answers in any script and opens the report at the question', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.admin);
  await page.goto('/module/report/national');
  await page.getByRole('link', { name: 'Search answers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Search answers' })).toBeVisible();
  await expect(page.getByText('Type the words to find')).toBeVisible();

  const box = page.getByRole('searchbox', { name: 'Words to find' });
  const results = page.getByRole('list', { name: 'Answers found' });
  for (const [q, country, marked] of [
    ['城市', 'China', '城市'],
    ['ประเทศไทย', 'Thailand', 'ประเทศไทย'],
    ['شهرداری', 'Afghanistan', 'شهرداری‌ها'],
    ['город', 'Kazakhstan', 'городах'],
  ] as const) {
    await box.fill(q);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(q);
    const first = results.getByRole('listitem').first();
    await expect(first).toContainText(country);
    await expect(first.locator('mark').first()).toHaveText(marked);
  }
  await expectNoAxeViolations(page, 'search answers, results', { include: 'main' });

  // Narrowed to a country, then opened at the question found.
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Kazakhstan' });
  await expect(page).toHaveURL(/country=KZ/);
  const hit = results.getByRole('listitem').first();
  const code = (await hit.locator('.font-mono').textContent())!;
  await hit.getByRole('link', { name: new RegExp(`^Open the \\d{4} report of Kazakhstan at ${code}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/module/report/national/KZ/\\d{4}/indicator/preview#q-${code}$`));
  await expect(page.locator(`#q-${code}`)).toBeInViewport();
});

test('words no answer holds: the empty state', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/module/report/national/search?q=zzzqqq');
  await expect(page.getByText('No answer holds these words')).toBeVisible();
});
