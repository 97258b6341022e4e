import { beforeAll, describe, expect, test } from 'vitest';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { WhoamiSchema } from '../../src/lib/identity/schema.ts';
import { InactiveCountResponseSchema, UserListItemSchema } from '../../src/lib/users/schema.ts';
import { createTestContext, type TestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { allow, describeEndpointAccess, USER_MANAGERS } from '../support/endpoint-access.ts';
import { createAccount, createUser, insertUser, signIn, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { userVersion, withVersion } from '../support/versions.ts';

const StrictSaved = deepStrict(GenericResponseSchema.extend({ data: UserListItemSchema }));
const StrictWhoami = deepStrict(WhoamiSchema);

const ctx = await createTestContext();
// A second app on its own database, for the last-administrator rule: no other admins there.
const lonely = await createTestContext();

describeEndpointAccess(ctx, [
  {
    method: 'POST',
    label: '/api/user/edit/{uuid}',
    path: (users) => `/api/user/edit/${users.stateMember.uuid}`,
    json: async (_me, users) => ({ name: 'Renamed Member', version: await userVersion(ctx, users.stateMember.uuid) }),
    expected: allow(...USER_MANAGERS),
    schema: StrictSaved,
  },
]);

/** An edit based on the user's current version (the stale ones are in versions.test.ts). */
const edit = async (c: TestContext, token: string, uuid: string, json: object) =>
  c.request(`/api/user/edit/${uuid}`, { token, json: withVersion(json, await userVersion(c, uuid)) });
const profile = async (c: TestContext, token: string, json: object) =>
  c.request('/api/user/saved/profile', { token, json: withVersion(json, (await whoami(c, token)).version) });
const saved = async (response: Response) => (await expectJson(response, 200, StrictSaved)).data;
const whoami = async (c: TestContext, token: string) =>
  expectJson(await c.request('/api/whoami', { token }), 200, StrictWhoami);

let admin: TestUser;
let phAdmin: TestUser;

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  phAdmin = await createUser(ctx, { role: 'state_admin', country: 'PH' });
});

describe('POST /api/user/edit/{uuid} by an administrator', () => {
  test("activates a newcomer and grants a role; the newcomer's whoami and the counts follow at once", async () => {
    const account = await createAccount(ctx);
    const token = await signIn(ctx, account.email);
    const before = await whoami(ctx, token);
    expect(before).toMatchObject({ status: 0, roles: [] });
    await expectJson(
      await profile(ctx, token, { name: 'Tran Thi Mai', country_code: 'VN' }),
      200,
      GenericResponseSchema,
    );
    const inactive = async () =>
      (
        await expectJson(
          await ctx.request('/api/user/inactive', { token: admin.token }),
          200,
          InactiveCountResponseSchema,
        )
      ).data;
    const inactiveBefore = await inactive();

    const user = await saved(await edit(ctx, admin.token, before.uuid, { status: 1, roles: ['state_member'] }));
    expect(user).toMatchObject({ uuid: before.uuid, status: 1, country_code: 'VN', name: 'Tran Thi Mai' });
    expect(user.roles.map((r) => r.name)).toEqual(['state_member']);

    const after = await whoami(ctx, token);
    expect(after.status).toBe(1);
    expect(after.roles.map((r) => [r.name, r.permissions.map((p) => p.module)])).toEqual([
      ['state_member', ['national_report', 'urban-profile-analytics', 'best-practice']],
    ]);
    expect(await inactive()).toBe(inactiveBefore - 1);
    const listed = await ctx.request(`/api/user/list?q=${encodeURIComponent(account.email)}`, { token: admin.token });
    expect(((await listed.json()) as { data: { status: number }[] }).data.map((u) => u.status)).toEqual([1]);
  });

  test('edits name, phone and country', async () => {
    const target = await insertUser(ctx, { country: 'PH' });
    const user = await saved(
      await edit(ctx, admin.token, target.uuid, {
        name: ' Le Van Tam ',
        phone_number: '+84 24 3825 1234',
        country_code: 'vn',
      }),
    );
    expect(user).toMatchObject({ name: 'Le Van Tam', phone_number: '+84 24 3825 1234', country_code: 'VN' });
    expect(user.country?.name).toBe('Viet Nam');
    expect((await saved(await edit(ctx, admin.token, target.uuid, { phone_number: '' }))).phone_number).toBeNull();
    expect((await saved(await edit(ctx, admin.token, target.uuid, { country_code: null }))).country).toBeNull();
  });

  test('grants any role but Super Administrator, including admin', async () => {
    const target = await insertUser(ctx, { country: 'PH' });
    for (const role of ['admin', 'state_admin', 'state_member']) {
      const user = await saved(await edit(ctx, admin.token, target.uuid, { roles: [role] }));
      expect(user.roles.map((r) => r.name)).toEqual([role]);
    }
    expect((await saved(await edit(ctx, admin.token, target.uuid, { roles: [] }))).roles).toEqual([]);
  });

  test('records who changed the user, and the version goes up by one per save', async () => {
    const target = await insertUser(ctx, { country: 'PH' });
    const first = await saved(await edit(ctx, admin.token, target.uuid, { name: 'First Name' }));
    expect(first).toMatchObject({
      version: 2,
      updated_by: { id: expect.any(Number), name: expect.stringContaining('Test') },
    });
    const second = await saved(await edit(ctx, admin.token, target.uuid, { phone_number: '+63 2 8123 4567' }));
    expect(second).toMatchObject({ version: 3, name: 'First Name' });
    expect(Date.parse(second.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.updated_at));
  });

  test('an edit without a version: 428 naming version, and nothing changes', async () => {
    const target = await insertUser(ctx, { country: 'PH', status: 0 });
    await expectError(
      await ctx.request(`/api/user/edit/${target.uuid}`, { token: admin.token, json: { status: 1 } }),
      428,
      {
        fields: ['version'],
      },
    );
    const shown = await expectJson(
      await ctx.request(`/api/user/show/${target.uuid}`, { token: admin.token }),
      200,
      UserListItemSchema,
    );
    expect(shown).toMatchObject({ status: 0, version: 1 });
  });

  test('refuses bad values with a 400 naming the field', async () => {
    const target = await insertUser(ctx, { country: 'PH' });
    const cases: [object, string[]][] = [
      [{ roles: ['state_admin', 'state_member'] }, ['roles']],
      [{ roles: ['superuser'] }, ['roles']],
      [{ roles: [''] }, ['roles.0']],
      [{ roles: 'admin' }, ['roles']],
      [{ status: 1, version: 0 }, ['version']],
      [{ status: 5 }, ['status']],
      [{ status: '1' }, ['status']],
      [{ name: 'X' }, ['name']],
      [{ phone_number: 'call me' }, ['phone_number']],
      [{ country_code: 'ZZ' }, ['country_code']],
      [{ country_code: 'PHL', status: -1 }, ['country_code', 'status']],
    ];
    for (const [json, fields] of cases)
      await expectError(await edit(ctx, admin.token, target.uuid, json), 400, { fields });
    expect(
      await expectJson(
        await ctx.request(`/api/user/show/${target.uuid}`, { token: admin.token }),
        200,
        UserListItemSchema,
      ),
    ).toMatchObject({ status: 1, country_code: 'PH', roles: [] });
  });

  test('a malformed uuid: 400 naming uuid; an unknown one: 404', async () => {
    await expectError(await edit(ctx, admin.token, 'nope', { status: 1 }), 400, { fields: ['uuid'] });
    await expectError(await edit(ctx, admin.token, crypto.randomUUID(), { status: 1 }), 404);
  });
});

describe('POST /api/user/edit/{uuid} by a state_admin', () => {
  test('activates a user of its country and grants state roles', async () => {
    const target = await insertUser(ctx, { country: 'PH', status: 0 });
    const user = await saved(await edit(ctx, phAdmin.token, target.uuid, { status: 1, roles: ['state_admin'] }));
    expect(user).toMatchObject({ status: 1, roles: [expect.objectContaining({ name: 'state_admin' })] });
    const again = await saved(
      await edit(ctx, phAdmin.token, target.uuid, { roles: ['state_member'], country_code: 'ph' }),
    );
    expect(again.country_code).toBe('PH');
  });

  test('cannot grant admin or tuxuri (403)', async () => {
    const target = await insertUser(ctx, { country: 'PH', role: 'state_member' });
    for (const role of ['admin', 'tuxuri']) {
      await expectError(await edit(ctx, phAdmin.token, target.uuid, { roles: [role] }), 403, {
        message: /may not grant/,
      });
    }
    await expectError(await edit(ctx, phAdmin.token, phAdmin.uuid, { roles: ['admin'] }), 403);
    expect((await whoami(ctx, phAdmin.token)).roles.map((r) => r.name)).toEqual(['state_admin']);
  });

  test('cannot move a user to another country or out of every country (403)', async () => {
    const target = await insertUser(ctx, { country: 'PH' });
    await expectError(await edit(ctx, phAdmin.token, target.uuid, { country_code: 'VN' }), 403, {
      message: /own country/,
    });
    await expectError(await edit(ctx, phAdmin.token, target.uuid, { country_code: null }), 403, {
      message: /own country/,
    });
  });

  test('cannot edit an administrator, even of its own country (403)', async () => {
    for (const role of ['admin', 'tuxuri'] as const) {
      const target = await insertUser(ctx, { country: 'PH', role });
      await expectError(await edit(ctx, phAdmin.token, target.uuid, { status: 0 }), 403, { message: /administrators/ });
    }
  });

  test('cannot edit users of another country or without one (403)', async () => {
    const vietnamese = await insertUser(ctx, { country: 'VN', status: 0 });
    await expectError(await edit(ctx, phAdmin.token, vietnamese.uuid, { status: 1 }), 403, { message: /own country/ });
    const stateless = await insertUser(ctx, { country: null, status: 0 });
    await expectError(await edit(ctx, phAdmin.token, stateless.uuid, { status: 1, country_code: 'PH' }), 403);
    const shown = await ctx.request(`/api/user/show/${vietnamese.uuid}`, { token: admin.token });
    expect(((await shown.json()) as { status: number }).status).toBe(0);
  });
});

describe('the last active administrator', () => {
  let only: TestUser;
  beforeAll(async () => {
    only = await createUser(lonely, { role: 'tuxuri', country: 'TH' });
    await insertUser(lonely, { role: 'admin', status: 0, country: 'TH' });
  });

  test('cannot be deactivated or demoted (409) while no other active admin-level user exists', async () => {
    const stepDowns = [
      { status: 0 },
      { status: 2 },
      { roles: ['state_admin'] },
      { roles: [] },
      { status: 1, roles: ['state_member'] },
    ];
    for (const json of stepDowns) {
      await expectError(await edit(lonely, only.token, only.uuid, json), 409, { message: /last active administrator/ });
    }
    const me = await whoami(lonely, only.token);
    expect(me).toMatchObject({ status: 1, roles: [expect.objectContaining({ name: 'tuxuri' })] });
  });

  test('may still be renamed, or moved between admin-level roles', async () => {
    expect((await saved(await edit(lonely, only.token, only.uuid, { name: 'Sole Keeper' }))).name).toBe('Sole Keeper');
    const moved = await saved(await edit(lonely, only.token, only.uuid, { roles: ['admin'] }));
    expect(moved.roles.map((r) => r.name)).toEqual(['admin']);
  });

  test('can step down once another active admin exists, who is then the last', async () => {
    const other = await createUser(lonely, { role: 'admin', country: 'JP' });
    const down = await saved(await edit(lonely, only.token, only.uuid, { roles: ['state_admin'] }));
    expect(down.roles.map((r) => r.name)).toEqual(['state_admin']);
    expect((await whoami(lonely, only.token)).roles.map((r) => r.name)).toEqual(['state_admin']);
    await expectError(await edit(lonely, other.token, other.uuid, { status: 0 }), 409);
  });

  test('two administrators deactivating each other at once: exactly one succeeds', async () => {
    const [a, b] = await Promise.all([
      createUser(lonely, { role: 'admin', country: 'JP' }),
      createUser(lonely, { role: 'admin', country: 'JP' }),
    ]);
    // Step every other admin down so that a and b are the last two.
    const { data } = (await (await lonely.request('/api/user/list?per_page=100', { token: a.token })).json()) as {
      data: { uuid: string; status: number; roles: { name: string }[] }[];
    };
    for (const user of data) {
      if (user.uuid === a.uuid || user.uuid === b.uuid || user.status !== 1) continue;
      if (!user.roles.some((r) => r.name === 'admin' || r.name === 'tuxuri')) continue;
      await saved(await edit(lonely, a.token, user.uuid, { roles: ['state_member'] }));
    }
    for (let round = 0; round < 5; round++) {
      const [first, second] = await Promise.all([
        edit(lonely, a.token, b.uuid, { status: 0 }),
        edit(lonely, b.token, a.uuid, { status: 0 }),
      ]);
      // The loser is refused as the last administrator (409) or, if the winner's change landed
      // before its request was authorised, as an inactive account (403).
      const statuses = [first.status, second.status];
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect([403, 409]).toContain(statuses.find((s) => s !== 200));
      const winner = first.status === 200 ? a : b;
      const victim = first.status === 200 ? b : a;
      expect((await whoami(lonely, winner.token)).status).toBe(1);
      // Put the victim back for the next round.
      await saved(await edit(lonely, winner.token, victim.uuid, { status: 1 }));
    }
  });
});

describe('the Super Administrator role (tuxuri)', () => {
  let tuxuri: TestUser;
  beforeAll(async () => {
    tuxuri = await createUser(ctx, { role: 'tuxuri', country: 'TH' });
  });
  const roleNames = async (uuid: string) =>
    (
      await expectJson(await ctx.request(`/api/user/show/${uuid}`, { token: tuxuri.token }), 200, UserListItemSchema)
    ).roles.map((r) => r.name);

  test('an administrator cannot make itself or anyone tuxuri (403), and is not offered it', async () => {
    const target = await insertUser(ctx, { country: 'PH', role: 'state_member' });
    await expectError(await edit(ctx, admin.token, admin.uuid, { roles: ['tuxuri'] }), 403, {
      message: /may not grant/,
    });
    await expectError(await edit(ctx, admin.token, target.uuid, { roles: ['tuxuri'] }), 403, {
      message: /may not grant/,
    });
    expect(await roleNames(admin.uuid)).toEqual(['admin']);
    expect(await roleNames(target.uuid)).toEqual(['state_member']);
    const offered = (await (await ctx.request('/api/role/list', { token: admin.token })).json()) as {
      data: { name: string }[];
    };
    expect(offered.data.map((r) => r.name)).toEqual(['admin', 'state_admin', 'state_member']);
  });

  test('an administrator cannot demote a tuxuri or change its status (403), but may edit its name', async () => {
    const superAdmin = await insertUser(ctx, { country: 'TH', role: 'tuxuri' });
    for (const json of [{ roles: ['admin'] }, { roles: [] }, { roles: ['state_member'] }]) {
      await expectError(await edit(ctx, admin.token, superAdmin.uuid, json), 403, { message: /Super Administrator/ });
    }
    for (const status of [0, 2]) {
      await expectError(await edit(ctx, admin.token, superAdmin.uuid, { status }), 403, {
        message: /Super Administrator/,
      });
    }
    expect(await roleNames(superAdmin.uuid)).toEqual(['tuxuri']);
    // The form sends every field: the role and status it already has pass.
    const renamed = await saved(
      await edit(ctx, admin.token, superAdmin.uuid, { name: 'Renamed Super', roles: ['tuxuri'], status: 1 }),
    );
    expect(renamed).toMatchObject({
      name: 'Renamed Super',
      status: 1,
      roles: [expect.objectContaining({ name: 'tuxuri' })],
    });
  });

  test('a tuxuri grants and removes tuxuri', async () => {
    const target = await insertUser(ctx, { country: 'PH', role: 'admin' });
    expect(
      (await saved(await edit(ctx, tuxuri.token, target.uuid, { roles: ['tuxuri'] }))).roles.map((r) => r.name),
    ).toEqual(['tuxuri']);
    expect(
      (await saved(await edit(ctx, tuxuri.token, target.uuid, { roles: ['admin'] }))).roles.map((r) => r.name),
    ).toEqual(['admin']);
    const offered = (await (await ctx.request('/api/role/list', { token: tuxuri.token })).json()) as {
      data: { name: string }[];
    };
    expect(offered.data.map((r) => r.name)).toEqual(['tuxuri', 'admin', 'state_admin', 'state_member']);
  });
});
