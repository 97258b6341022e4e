import { expect, test } from '@playwright/test';
import { DEMO, expectPath, signIn } from './support.ts';

test.describe('guards', () => {
  test('no signed-in user: a back-office page sends to /login and back after signing in', async ({ page }) => {
    await page.goto('/admin/users?status=1');
    await expectPath(page, /\/login\?next=/);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.stateAdmin);
    await page.getByLabel('Password', { exact: true }).fill('Demo-Portal-2026');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await expectPath(page, /\/admin\/users\?status=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });

  test('an inactive account is sent to the unauthorized page that says it awaits activation', async ({ page }) => {
    await signIn(page, DEMO.pending);
    await expectPath(page, /\/unauthorized-access\?reason=inactive/);
    await expect(page.getByRole('heading', { name: 'Your account is awaiting activation' })).toBeVisible();
  });

  test('a role without the permission is sent to the unauthorized page that says so', async ({ page }) => {
    await signIn(page, DEMO.member);
    await expectPath(page, '/dashboard');
    for (const path of [
      '/admin/acl',
      '/admin/users',
      '/admin/setting/countries',
      '/content-management/banner',
      '/module/urbanisation-profile/overview',
    ]) {
      await page.goto(path);
      await expectPath(page, /\/unauthorized-access\?reason=forbidden/);
      await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    }
    // Country scope: a Philippine focal point may not open Viet Nam's report.
    await page.goto('/module/report/national/VN/2026/form');
    await expectPath(page, /\/unauthorized-access\?reason=forbidden/);
    await page.goto('/module/report/national/PH/2026/form');
    await expectPath(page, '/module/report/national/PH/2026/form');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Philippines 2026: report' }).or(page.getByRole('alert')),
    ).toBeVisible();
  });

  test('a state_admin reaches Users but not the admin-only areas', async ({ page }) => {
    await signIn(page, DEMO.stateAdmin);
    await expectPath(page, '/dashboard');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.goto('/admin/contact-us');
    await expectPath(page, /\/unauthorized-access\?reason=forbidden/);
  });

  test('an unmatched back-office path shows the not-found view; an unknown public path is a 404', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expectPath(page, '/dashboard');
    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
