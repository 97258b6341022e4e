import { expect, test } from '@playwright/test';
import { DEMO, expectPath, signIn, uniqueEmail, verificationLink, watchConsole } from './support.ts';

/**
 * Issue 2's whole journey, as people do it: a new person signs up, verifies their email,
 * completes their profile and is told the account awaits activation; an administrator
 * activates them with a role; they sign in again and land on the dashboard with the sidebar
 * their role allows.
 */
test('sign-up → verification → profile → activation by an admin → dashboard', async ({ browser }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('journey');
  const password = 'Journey-pass-2026';

  const newcomer = await browser.newContext();
  const page = await newcomer.newPage();
  const problems = watchConsole(page);

  await page.goto('/');
  await page
    .getByRole('link', { name: /^sign in$/i })
    .first()
    .click();
  await expectPath(page, '/login');
  await page.getByRole('link', { name: /create an account/i }).click();
  await expectPath(page, '/signup');

  await page.getByLabel('Full name').fill('Lina Haddad');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /create account/i }).click();

  await expectPath(page, '/email/verification');
  await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The emulator "sends" the email; its link completes verification on our page.
  await page.goto(await verificationLink(email));
  await expect(page.getByRole('heading', { name: 'Your email address is verified' })).toBeVisible();
  await page.getByRole('button', { name: /continue/i }).click();

  await expectPath(page, '/profile/completion');
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Lina Haddad');
  await page.getByLabel('Phone number').fill('not a phone');
  await page.getByLabel('Country').selectOption('PH');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText(/must be a phone number/i)).toBeVisible();
  await page.getByLabel('Phone number').fill('+63 2 8123 4567');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expectPath(page, /\/unauthorized-access\?reason=inactive/);
  await expect(page.getByRole('heading', { name: 'Your account is awaiting activation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeHidden();

  // The dashboard stays closed while the account is inactive.
  await page.goto('/dashboard');
  await expectPath(page, /\/unauthorized-access\?reason=inactive/);

  // An administrator activates the account and makes the person a country focal point.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.superadmin);
  await expectPath(admin, '/dashboard');
  await admin.getByRole('link', { name: /users awaiting activation/i }).click();
  await expectPath(admin, /\/admin\/users\?status=0/);
  await admin.getByLabel('Search').fill(email);
  await expect(admin.getByRole('link', { name: 'Edit Lina Haddad' })).toBeVisible();
  await admin.getByRole('link', { name: 'Edit Lina Haddad' }).click();
  await expectPath(admin, /\/admin\/users\/form\/[0-9a-f-]{36}$/);
  await expect(admin.getByLabel('Country')).toHaveValue('PH');
  await admin.getByLabel('Status').selectOption('1');
  await admin.getByLabel('Role').selectOption('state_member');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByRole('status', { name: 'Notifications' })).toContainText('User saved');
  await adminContext.close();

  // Signing in again now lands on the dashboard with exactly a focal point's menu.
  await page.goto('/login?signout=1');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expectPath(page, '/dashboard');
  await expect(page.getByText('Welcome, Lina Haddad')).toBeVisible();
  await expect(page.getByText('Country Focal Point').first()).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link')).toHaveText([
    'Dashboard',
    'National Reports',
    'Urbanisation Profile: Analytics',
    'Best Practices',
  ]);
  expect(problems.filter((p) => !/apis\.google\.com|Failed to load resource/.test(p))).toEqual([]);
  await newcomer.close();
});
