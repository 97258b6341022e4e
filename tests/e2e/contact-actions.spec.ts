/**
 * Issue 16, items 8 and 9 in the built portal: the secretariat answers a contact message by email,
 * archives it and deletes it; the public site's one status line says what waits, by name, and
 * "Publish now" asks first, listing what will change. Axe on each screen; screenshots at phone and
 * desktop widths go to $E2E_SHOTS (default /tmp/e2e-shots).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, BASE_URL, DEMO, expectNoAxeViolations, expectPath, idToken, signIn, watchConsole } from './support.ts';

const SHOTS = process.env['E2E_SHOTS'] ?? '/tmp/e2e-shots';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test(
  'a contact message written in Thai and Russian is answered by email, archived, then deleted after a ' +
    'confirmation',
  async ({ page }) => {
    test.setTimeout(180_000);
    const problems = watchConsole(page);
    const subject = `Участие в программе ${Date.now().toString(36)}`;
    const sent = await fetch(`${BASE_URL}/api/contact-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'สมชาย ใจดี',
        email: 'somchai@example.org',
        subject,
        message: 'สวัสดีครับ เมืองของเราจะเข้าร่วมได้อย่างไร?\nЗаранее спасибо.',
      }),
    });
    expect(sent.status).toBe(201);

    await signIn(page, DEMO.superadmin);
    await expectPath(page, '/dashboard');
    await page.goto('/admin/contact-us?status=new');
    const list = page.getByRole('list', { name: 'Messages' });
    const link = list.getByRole('link', { name: new RegExp(subject) });
    await link.click();
    const panel = page.getByRole('region', { name: subject });
    await expect(panel.getByRole('heading', { level: 2, name: subject })).toBeFocused();
    await expect(panel.getByText('New', { exact: true })).toBeVisible();

    // The reply checks its fields before sending.
    await expect(panel.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect(panel.getByLabel('Your reply')).toBeFocused();
    await expect(panel.getByText('Write a reply of at least 10 characters.')).toBeVisible();
    await panel
      .getByLabel('Your reply')
      .fill('ขอบคุณสำหรับข้อความครับ\nСпасибо за ваш вопрос: the next round opens in May.');
    await expectNoAxeViolations(page, 'message with the reply form');
    await shoot(page, 'contact-message');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Reply to somchai@example.org is on its way')).toBeVisible();
    const replies = panel.getByRole('region', { name: 'Replies sent' });
    await expect(replies).toContainText('Спасибо за ваш вопрос');
    await expect(replies).toContainText(/replied to somchai@example\.org on .* · email (sent|waiting to be sent)/);
    await expect(panel.getByText('Answered', { exact: true })).toBeVisible();
    await expect(panel.getByLabel('Your reply')).toHaveValue('');
    await shoot(page, 'contact-replied');

    // Archived: it leaves the new messages and shows among the archived ones.
    await panel.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('Message archived')).toBeVisible();
    await expect(link).toHaveCount(0);
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await expect(link).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Move back to the inbox' })).toBeVisible();

    // Delete asks first; Cancel keeps it.
    await panel.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
    await expect(dialog).toContainText(`The message “${subject}” from สมชาย ใจดี`);
    // Enter on the focused Cancel button keeps the message.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page, 'delete confirmation');
    await shoot(page, 'contact-delete-confirm');
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByRole('heading', { level: 2, name: subject })).toBeVisible();

    await panel.getByRole('button', { name: 'Delete…' }).click();
    await dialog.getByRole('button', { name: 'Delete message' }).click();
    await expect(page.getByText('Message from สมชาย ใจดี deleted')).toBeVisible();
    await expect(link).toHaveCount(0);
    await expect(page.getByRole('region', { name: subject })).toHaveCount(0);
    expect(problems).toEqual([]);
  },
);

interface Banner {
  uuid: string;
  title: string;
  status: string;
  version: number;
}

test(
  'the public site says in one line what waits and since when it is live; Publish now asks first, listing what ' +
    'will change',
  async ({ page }) => {
    test.setTimeout(240_000);
    const problems = watchConsole(page);
    const token = await idToken(DEMO.superadmin);
    // A banner of its own (the test portal has no demo banners), titled in Thai.
    const created = await api<{ data: Banner }>('cms/saved', token, {
      json: { cms_type: 'banner', title: 'เวทีเมืองภูมิภาค', status: 'published', display_order: 9 },
    });
    expect(created.status).toBe(201);
    const banner = created.body.data;
    await signIn(page, DEMO.superadmin);
    await expectPath(page, '/dashboard');
    const indicator = page.getByRole('button', { name: /^Public site: / });
    await expect(indicator).toHaveAccessibleName(
      /^Public site: (Live since \d\d:\d\d|Updating the public site|\d+ changes? waiting)/,
    );

    // Withdrawing a banner is the decision: the site follows by itself, and the status names it while it waits.
    const withdrawn = await api<{ data: Banner }>(`cms/status/${banner.uuid}`, token, {
      json: { status: 'unpublished', version: banner.version },
    });
    expect(withdrawn.status).toBe(200);
    await page.reload();
    await expect(indicator).toHaveAccessibleName(
      /^Public site: \d+ changes? waiting · (live in about \d+ (s|min)|going live shortly)$/,
    );
    const card = page.getByRole('region', { name: 'Public site' });
    await expect(card).toContainText(`Banner “${banner.title}” withdrawn`);
    await expect(card).not.toContainText(/entrypoints|Step:/);
    await expectNoAxeViolations(page, 'dashboard with changes waiting');

    // The change goes live by itself within seconds here, so the confirmation lists it or says nothing waits.
    await indicator.click();
    const popover = page.getByRole('dialog', { name: 'Public site' });
    await expect(popover).toContainText(/withdrawn|Live since/);
    await shoot(page, 'publishing-status');
    await popover.getByRole('button', { name: 'Publish now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publish the public site now?' });
    await expect(confirm).toContainText(
      new RegExp(
        `These changes will go live[\\s\\S]*Banner “${banner.title}” withdrawn|Nothing is waiting: every change ` +
          `is already live`,
      ),
    );
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page, 'Publish now confirmation');
    await shoot(page, 'publish-confirm');
    await confirm.getByRole('button', { name: 'Publish now' }).click();
    await expect(confirm).toHaveCount(0);

    // Once live, nothing waits and the line says since when.
    await expect(indicator).toHaveAccessibleName(/^Public site: Live since \d\d:\d\d$/, { timeout: 200_000 });
    await expect(card).not.toContainText(`Banner “${banner.title}” withdrawn`);
    await shoot(page, 'publishing-live');

    const current = (await api<{ data: Banner }>(`cms/banner/view/${banner.uuid}`, token)).body.data;
    expect((await api(`cms/delete/${banner.uuid}`, token, { json: { version: current.version } })).status).toBe(200);
    expect(problems).toEqual([]);
  },
);

test('a country administrator sees no publishing status and may not publish', async () => {
  const token = await idToken(DEMO.stateAdmin);
  expect((await api('site/publish', token, { method: 'POST' })).status).toBe(403);
  expect((await api('site/status', token)).status).toBe(403);
});
