import { expect, test } from '@playwright/test';
import { api, DEMO, expectPath, idToken, signIn } from './support.ts';

test('snackbars: at most 4 at once, each gone after about 3 s', async ({ page }) => {
  await signIn(page, DEMO.superadmin);
  await expectPath(page, '/dashboard');
  await page.goto('/admin/setting/countries');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Activating an active country is a harmless change that still answers with a notice.
  const countries = ['Fiji', 'Samoa', 'Tonga', 'Palau', 'Nauru', 'Tuvalu'];
  const switches = countries.map((name) => page.getByRole('switch', { name: `${name} active`, exact: true }));
  for (const toggle of switches) await expect(toggle).toBeChecked();
  const token = await idToken(DEMO.superadmin);
  const all = await api<{ data: { code: string; version: number }[] }>('countries/all', token);
  for (const code of ['FJ', 'WS', 'TO', 'PW', 'NR', 'TV']) {
    const { version } = all.body.data.find((c) => c.code === code)!;
    expect((await api(`country/${code}/update/status`, token, { json: { status: 0, version } })).status).toBe(200);
  }
  await page.reload();
  for (const toggle of switches) {
    await expect(toggle).not.toBeChecked();
    await toggle.click();
  }
  const region = page.getByRole('status', { name: 'Notifications' });
  await expect
    .poll(async () => region.getByRole('button', { name: 'Dismiss notification' }).count())
    .toBeGreaterThan(0);
  expect(await region.getByRole('button', { name: 'Dismiss notification' }).count()).toBeLessThanOrEqual(4);
  // 3 s visible plus a 1 s fade, for the last of six queued notices: all gone within ~10 s.
  await expect(region.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0, { timeout: 15_000 });
  for (const toggle of switches) await expect(toggle).toBeChecked();
});

test('access control: an admin removes a rule and the role loses the menu item', async ({ page, browser }) => {
  const token = await idToken(DEMO.superadmin);
  const acl = await api<{ roles: { id: number; name: string }[] }>('administration/acl', token);
  const memberRole = acl.body.roles.find((role) => role.name === 'state_member')!;
  const restore = async () =>
    api('administration/acl/saved', token, {
      json: {
        modules: [
          { module: 'best-practice', permissions: [{ id: memberRole.id, rules: [{ action: 'view', enabled: true }] }] },
        ],
        version: (await api<{ version: number }>('administration/acl', token)).body.version,
      },
    });
  try {
    await signIn(page, DEMO.superadmin);
    await expectPath(page, '/dashboard');
    await page.goto('/admin/acl');
    const cell = page.getByRole('checkbox', { name: 'Country Focal Point may View in Best Practices' });
    await expect(cell).toBeChecked();
    await cell.uncheck();
    await page.getByRole('button', { name: /^save/i }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(/saved/i);

    const member = await (await browser.newContext()).newPage();
    await signIn(member, DEMO.member);
    await expectPath(member, '/dashboard');
    const menu = member.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'National Reports' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Best Practices' })).toHaveCount(0);
    await member.goto('/module/best-practice');
    await expectPath(member, /\/unauthorized-access\?reason=forbidden/);
  } finally {
    expect((await restore()).status).toBe(200);
  }
});
