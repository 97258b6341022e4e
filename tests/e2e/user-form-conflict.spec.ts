import { expect, test, type Page } from '@playwright/test';
import { api, DEMO, EMULATOR, expectPath, idToken, signIn, uniqueEmail } from './support.ts';

interface ShownUser {
  uuid: string;
  name: string | null;
  status: number;
  phone_number: string | null;
  version: number;
}

/** A newcomer: an account in the identity service and, after its first whoami, an inactive user. */
async function newcomer(name: string): Promise<ShownUser> {
  const email = uniqueEmail('conflict');
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=e2e-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Conflict-Test-2026', displayName: name, returnSecureToken: true }),
  });
  const { idToken: token } = (await response.json()) as { idToken: string };
  const me = await api<{ uuid: string; version: number }>('whoami', token);
  const admin = await idToken(DEMO.superadmin);
  const named = await api<{ data: ShownUser }>(`user/edit/${me.body.uuid}`, admin, {
    json: { name, version: me.body.version },
  });
  expect(named.status).toBe(200);
  return named.body.data;
}

async function openForm(page: Page, uuid: string) {
  await page.goto(`/admin/users/form/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
  await expect(page.getByLabel('Role')).toBeEnabled();
}

test('two administrators edit one user: the second sees what changed and by whom, and chooses', async ({ page }) => {
  const user = await newcomer('Dewi Lestari');
  const other = await idToken(DEMO.admin);
  await signIn(page, DEMO.superadmin);
  await expectPath(page, '/dashboard');
  await openForm(page, user.uuid);
  await expect(page.getByLabel('Status')).toHaveValue('0');

  // Meanwhile the other administrator (Aiko Tanaka) activates the user and grants a role.
  const activated = await api<{ data: ShownUser }>(`user/edit/${user.uuid}`, other, {
    json: { status: 1, roles: ['state_member'], version: user.version },
  });
  expect(activated.status).toBe(200);

  // This administrator, on the form opened before, only adds a phone number and saves.
  await page.getByLabel(/Phone number/).fill('+62 21 555 0101');
  await page.getByRole('button', { name: 'Save changes' }).click();

  const panel = page.getByRole('region', { name: 'This user was changed while you were editing' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(/Aiko Tanaka changed this user on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await expect(panel).toContainText('Your changes have not been saved yet.');
  const rows = panel.getByRole('row');
  await expect(panel.getByRole('row', { name: /^Status/ })).toContainText('Active (changed by them)');
  await expect(panel.getByRole('row', { name: /^Status/ })).toContainText('Inactive');
  await expect(panel.getByRole('row', { name: /^Role/ })).toContainText('Country Focal Point (changed by them)');
  await expect(panel.getByRole('row', { name: /^Phone number/ })).toContainText('+62 21 555 0101');
  await expect(rows).toHaveCount(4);
  await page.screenshot({ path: 'test-results/user-form-conflict.png', fullPage: true });
  // Nothing of the other administrator's save was undone.
  const theirs = await api<ShownUser>(`user/show/${user.uuid}`, other);
  expect(theirs.body).toMatchObject({ status: 1, phone_number: null, version: user.version + 1 });

  // "Reload their version": the form now shows the activation; the typed phone number goes.
  await panel.getByRole('button', { name: 'Reload their version' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByLabel('Status')).toHaveValue('1');
  await expect(page.getByLabel('Role')).toHaveValue('state_member');
  await expect(page.getByLabel(/Phone number/)).toHaveValue('');

  // Again: the other administrator renames the user while this one types a phone number...
  const renamed = await api<{ data: ShownUser }>(`user/edit/${user.uuid}`, other, {
    json: { name: 'Dewi L. Lestari', version: theirs.body.version },
  });
  expect(renamed.status).toBe(200);
  await page.getByLabel(/Phone number/).fill('+62 21 555 0202');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('row', { name: /^Name/ })).toContainText('Dewi L. Lestari (changed by them)');

  // ...and this one keeps its own changes: saved on top of their version, nothing lost on the way.
  await panel.getByRole('button', { name: 'Keep my changes and save again' }).click();
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('User saved');
  await expect(panel).toHaveCount(0);
  const final = await api<ShownUser>(`user/show/${user.uuid}`, other);
  expect(final.body).toMatchObject({
    phone_number: '+62 21 555 0202',
    status: 1,
    name: 'Dewi Lestari',
    version: renamed.body.data.version + 1,
  });
});

test('an administrator is not offered Super Administrator, nor may change a Super Administrator', async ({ page }) => {
  const user = await newcomer('Farhan Siddiqui');
  await signIn(page, DEMO.admin);
  await expectPath(page, '/dashboard');
  await openForm(page, user.uuid);
  const options = await page.getByLabel('Role').locator('option').allTextContents();
  expect(options).toEqual(['No role', 'Administrator', 'Country Administrator', 'Country Focal Point']);

  const token = await idToken(DEMO.admin);
  const list = await api<{ data: { uuid: string }[] }>(`user/list?q=${encodeURIComponent(DEMO.superadmin)}`, token);
  await openFormOf(page, list.body.data[0]!.uuid);
  await expect(page.getByLabel('Role')).toBeDisabled();
  await expect(page.getByLabel('Status')).toBeDisabled();
  await expect(
    page.getByText('Only a Super Administrator can change the status or role of a Super Administrator.'),
  ).toBeVisible();
});

async function openFormOf(page: Page, uuid: string) {
  await page.goto(`/admin/users/form/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit user' })).toBeVisible();
}
