import { expect, test } from '@playwright/test';
import { BASE_URL, DEMO, expectPath, signIn, watchConsole } from './support.ts';

test('a message sent through the contact form waits unread, and opening it marks it read', async ({ page }) => {
  const problems = watchConsole(page);
  const subject = `Visit of the <b>delegation</b> ${Date.now().toString(36)}`;
  const sent = await fetch(`${BASE_URL}/api/contact-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Leilani Fonoti',
      email: 'leilani@example.org',
      subject,
      message: 'Talofa,\n\nWe would like to visit in May.\n<script>alert(1)</script>',
    }),
  });
  expect(sent.status).toBe(201);

  await signIn(page, DEMO.superadmin);
  await expectPath(page, '/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Message' }).click();
  await expectPath(page, '/admin/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByText(/\d+ unread\./)).toBeVisible();

  const list = page.getByRole('list', { name: 'Messages' });
  const link = list.getByRole('link', { name: new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(link).toHaveAccessibleName(/^Unread: Leilani Fonoti/);
  // Unread messages come first.
  await expect(list.getByRole('link').first()).toHaveAccessibleName(/^Unread:/);

  await page.getByRole('button', { name: 'Unread', exact: true }).click();
  await expectPath(page, '/admin/contact-us?status=unread');
  await link.click();
  await expectPath(page, /\/admin\/contact-us\?status=unread&message=\d+$/);

  const message = page.getByRole('region', { name: subject });
  await expect(message.getByRole('heading', { level: 2, name: subject })).toBeFocused();
  await expect(message.getByRole('link', { name: 'leilani@example.org' })).toHaveAttribute(
    'href',
    /^mailto:leilani@example\.org/,
  );
  // Plain text: line breaks kept, markup shown as written and never run.
  const body = message.getByText('We would like to visit in May.', { exact: false });
  expect(await body.innerText()).toBe('Talofa,\n\nWe would like to visit in May.\n<script>alert(1)</script>');
  await expect(message.locator('b, script')).toHaveCount(0);

  // Read now: it leaves the unread list, and shows unmarked among all messages.
  await expect(link).toHaveCount(0);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(link).toHaveAccessibleName(/^Leilani Fonoti/);
  expect(problems).toEqual([]);
});
