import { expect, test } from '@playwright/test';
import { DEMO, expectPath, signIn, watchConsole } from './support.ts';

const MENUS: Record<string, string[]> = {
  [DEMO.superadmin]: [
    'Dashboard',
    'National Reports',
    'Urbanisation Profile: Overview',
    'Urbanisation Profile: Analytics',
    'Best Practices',
    'Users',
    'Access Control',
    'Messages',
    'Countries',
    'Sent mail',
    'Banner',
    'Media Gallery',
    'Partners',
  ],
  [DEMO.stateAdmin]: ['Dashboard', 'National Reports', 'Urbanisation Profile: Analytics', 'Best Practices', 'Users'],
  [DEMO.member]: ['Dashboard', 'National Reports', 'Urbanisation Profile: Analytics', 'Best Practices'],
};

for (const [email, items] of Object.entries(MENUS)) {
  test(`the sidebar of ${email} shows exactly what the role allows`, async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page, email);
    await expectPath(page, '/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')).toHaveText(items);
    // Every item opens its screen without an error.
    for (const name of items) {
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).not.toHaveURL(/unauthorized|server-error/);
    }
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  });
}

test('the sidebar shows its labels at 1366 px and collapses to icons at 1024 px; hover still opens it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, DEMO.admin);
  await expectPath(page, '/dashboard');
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  const sidebar = page.locator('#' + (await toggle.getAttribute('aria-controls')));
  const width = async () => (await sidebar.boundingBox())?.width;
  await page.mouse.move(1000, 400);
  await expect.poll(width).toBe(240);
  await expect(sidebar.getByRole('link', { name: 'Urbanisation Profile: Analytics' })).toBeVisible();
  // No label is cut off: each fits inside its link.
  for (const link of await sidebar.getByRole('navigation').getByRole('link').all()) {
    const fits = await link.evaluate(
      (a) => a.scrollWidth <= a.clientWidth + 1 && a.getBoundingClientRect().right <= 240,
    );
    expect(fits, await link.innerText()).toBe(true);
  }
  // The toggle collapses it, and the choice is remembered.
  await toggle.click();
  await page.mouse.move(1000, 400);
  await expect.poll(width).toBe(60);
  await page.reload();
  await page.mouse.move(1000, 400);
  await expect.poll(width).toBe(60);
  await toggle.click();
  await expect.poll(width).toBe(240);

  await page.setViewportSize({ width: 1024, height: 800 });
  await page.reload();
  await page.mouse.move(900, 400);
  await expect.poll(width).toBe(60);
  // Collapsed, the label is only for screen readers (a 1 px box); open, it shows in full.
  const label = async () => (await sidebar.getByText('Access Control').boundingBox())?.width ?? 0;
  expect(await label()).toBeLessThanOrEqual(1);
  await sidebar.hover();
  await expect.poll(width).toBe(240);
  await expect.poll(label).toBeGreaterThan(50);
  await page.mouse.move(900, 400);
  await expect.poll(width).toBe(60);
});

test('the top bar greets the user, shows the flag, the inactive badge for admins, and the email menu', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await expectPath(page, '/dashboard');
  const header = page.getByRole('banner');
  await expect(header.getByText('Welcome, Aiko Tanaka')).toBeVisible();
  await expect(header.getByText('Administrator')).toBeVisible();
  await expect(header.getByRole('img', { name: /Japan/ })).toBeVisible();
  await expect(header.getByRole('link', { name: /awaiting activation/i })).toHaveAttribute('href', /\/admin\/users/);
  await header.getByRole('button', { name: DEMO.admin }).click();
  await expect(page.getByRole('menuitem', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
});

test('a state_admin sees no inactive-users badge', async ({ page }) => {
  await signIn(page, DEMO.stateAdmin);
  await expectPath(page, '/dashboard');
  await expect(page.getByText('Welcome, Maria Santos')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /awaiting activation/i })).toHaveCount(0);
});

test('logout clears the session and returns to /login; the back-office is closed again', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expectPath(page, '/dashboard');
  await page.getByRole('banner').getByRole('button', { name: DEMO.admin }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectPath(page, '/login');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === '__session')).toBeUndefined();
  await page.goto('/dashboard');
  await expectPath(page, /\/login\?next=/);
});

test('on a 390 px phone the back-office screens do not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.superadmin);
  await expectPath(page, '/dashboard');
  for (const path of [
    '/dashboard',
    '/admin/users',
    '/admin/acl',
    '/admin/setting/countries',
    '/content-management/banner',
    '/admin/contact-us',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: /^Loading/ }),
    ).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});
