import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, signIn } from './support.ts';

/**
 * Review with comments and changes (issue 34 items 3 and 5, decision 077): a reviewer comments on
 * one answer of the Philippines' 2026 report and reads what changed since 2022; the country's
 * administrator sees the open comment beside the answer, replies and marks it resolved.
 */
const FORM = '/module/report/national/PH/2026/indicator/form';
const COMMENT = `ตัวเลขนี้ต่ำกว่ารอบที่แล้ว — проверьте источник ${Date.now()}`;

test('a reviewer comments on an answer, the country replies and resolves; what changed since 2022', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const reviewer = await (await browser.newContext()).newPage();
  await signIn(reviewer, DEMO.admin);
  await reviewer.goto(FORM);
  const q01 = reviewer.locator('#q-Q01');
  await q01.getByRole('button', { name: 'Comment: Q01' }).click();
  const box = q01.getByLabel('Your comment on this answer');
  await expect(box).toBeFocused();
  await box.fill(COMMENT);
  await q01.getByRole('button', { name: 'Send' }).click();
  await expect(q01.getByText(COMMENT)).toBeVisible();
  await expect(q01.getByRole('link', { name: '1 open comment' })).toBeVisible();

  // What changed: against the 2022 report by default for a report in progress.
  await reviewer.getByRole('button', { name: 'What changed' }).click();
  const panel = reviewer.getByRole('region', { name: 'What changed' });
  await expect(panel.getByRole('button', { name: 'Previous cycle' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByText(/differs? from the 2022 report/)).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toContainText('Before');
  await panel.getByRole('button', { name: 'Since the return' }).click();
  await expect(panel.getByText('This report has not been returned.')).toBeVisible();
  await expectNoAxeViolations(reviewer, 'report form with changes and a comment', { include: '#changes-panel' });

  // The country sees it beside the answer, replies and resolves.
  const country = await (await browser.newContext()).newPage();
  await signIn(country, DEMO.stateAdmin);
  await country.goto(FORM);
  const answer = country.locator('#q-Q01');
  await expect(answer.getByRole('link', { name: /open comment/ })).toBeVisible();
  await expect(answer.getByRole('button', { name: 'Comment: Q01' })).toHaveCount(0);
  const thread = answer.getByRole('listitem').filter({ hasText: COMMENT });
  await thread.getByRole('button', { name: 'Reply' }).click();
  await thread.getByLabel('Your reply').fill('Источник обновлён: перепись 2020 года.');
  await thread.getByLabel('Your reply').press('Control+Enter');
  await expect(thread.getByText('Источник обновлён: перепись 2020 года.')).toBeVisible();
  await thread.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(answer.getByText(/resolved comment/)).toBeVisible();
  await expect(answer.getByRole('link', { name: /open comment/ })).toHaveCount(0);

  // The reviewer sees it resolved, after a reload.
  await reviewer.reload();
  await reviewer
    .locator('#q-Q01')
    .getByText(/resolved comment/)
    .click();
  await expect(reviewer.locator('#q-Q01').getByText(/^Resolved by /)).toBeVisible();
});
