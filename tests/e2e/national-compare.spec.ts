import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, signIn } from './support.ts';

/**
 * One question across the region (issue 34 item 1): the secretariat opens Compare from the
 * reports' list, reads a figure question as a bar chart with its median and table, then a written
 * question as cards in their scripts (Thai, Dari right to left), and quotes one in the synthesis.
 */
test('the secretariat compares a question across countries and quotes an answer', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, DEMO.admin);
  await page.goto('/module/report/national');
  await page.getByRole('link', { name: 'Compare answers across countries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compare answers across countries' })).toBeVisible();
  await expect(page.getByText(/^Pick a cycle and a question/)).toBeVisible();
  // Other specs of the run may have opened later cycles: the demo's answers are 2026's.
  await page.getByRole('combobox', { name: 'Reporting cycle' }).selectOption('2026');

  // A figure: the sorted bars with the median marked, and the same figures as a table.
  const find = page.getByRole('searchbox', { name: 'Find a question' });
  const question = page.getByRole('combobox', { name: 'Question' });
  await find.fill('Q04');
  await question.selectOption({ label: (await question.locator('option', { hasText: /^Q04 · / }).textContent())! });
  const chart = page.getByRole('img', { name: /^Q04: the answers by country, 2026/ });
  await expect(chart).toBeVisible();
  await expect(chart).toContainText(/Median/);
  await expect(page.getByRole('table', { name: /^Q04: every country’s answer, 2026/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Thailand/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Excel workbook (.xlsx)' })).toHaveAttribute(
    'href',
    /\/api\/report\/type\/national\/compare\/2026\/[0-9a-f-]{36}\?format=xlsx$/,
  );

  // Written answers: each card in its script, language and direction.
  await find.fill('Q18');
  await question.selectOption({ label: (await question.locator('option', { hasText: /^Q18 · / }).textContent())! });
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const thai = page.getByRole('article', { name: 'Thailand' });
  await expect(thai.locator('p[lang="th"]')).toContainText('ประเทศไทย');
  await expect(page.getByRole('article', { name: 'Afghanistan' }).locator('p[lang="fa-AF"]')).toHaveAttribute(
    'dir',
    'rtl',
  );
  await expectNoAxeViolations(page, 'compare, written answers', { include: 'main' });

  // Quoting one answer in the synthesis: pressed, numbered, kept; then taken back.
  const quote = page.getByRole('listitem').filter({ has: thai }).getByRole('button');
  await expect(quote).toHaveText('Quote in the synthesis');
  await quote.click();
  await expect(quote).toHaveAttribute('aria-pressed', 'true');
  await expect(quote).toHaveText('Quoted (1 of 5): remove');
  await page.reload();
  await expect(quote).toHaveAttribute('aria-pressed', 'true');
  await quote.click();
  await expect(quote).toHaveAttribute('aria-pressed', 'false');
});
