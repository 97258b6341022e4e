import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { countries, users } from '../../src/lib/db/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { WhoamiSchema } from '../../src/lib/identity/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createAccount, createUser, insertUser, signIn, uniqueEmail } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { userVersion, withVersion } from '../support/versions.ts';

const StrictWhoami = deepStrict(WhoamiSchema);
const StrictGeneric = deepStrict(GenericResponseSchema);

const BOSS_EMAIL = uniqueEmail('boss');
const UNVERIFIED_BOSS_EMAIL = uniqueEmail('unverified-boss');
// Mixed case and spaces: the list is normalised.
const ctx = await createTestContext({
  env: { ADMIN_EMAILS: ` ${BOSS_EMAIL.toUpperCase()} , ${UNVERIFIED_BOSS_EMAIL}` },
});

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/whoami',
    path: () => '/api/whoami',
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember', 'inactive', 'noRole', 'unverified'),
    schema: StrictWhoami,
  },
  {
    method: 'POST',
    label: '/api/user/saved/profile',
    path: () => '/api/user/saved/profile',
    json: async (me) => ({ name: 'Same Person', country_code: me.country, version: await userVersion(ctx, me.uuid) }),
    // Profile completion is for everyone signed in, active or not; it needs a verified email.
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember', 'inactive', 'noRole'),
    schema: StrictGeneric,
  },
]);

const whoami = async (token: string) => expectJson(await ctx.request('/api/whoami', { token }), 200, StrictWhoami);

describe('GET /api/whoami', () => {
  test('the first call creates an inactive user with no country and no roles', async () => {
    const account = await createAccount(ctx);
    const token = await signIn(ctx, account.email);
    const before = Date.now();
    const first = await whoami(token);
    expect(first).toMatchObject({
      email: account.email,
      name: null,
      status: 0,
      phone_number: null,
      country_code: null,
      country: null,
      photo: null,
      roles: [],
    });
    expect(first.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(Math.abs(new Date(first.created_at).getTime() - before)).toBeLessThan(60_000);

    const second = await whoami(token);
    expect(second).toEqual(first);
    const rows = await ctx.deps.db.select().from(users).where(eq(users.firebaseUid, account.uid));
    expect(rows).toHaveLength(1);
  });

  test('an account listed in ADMIN_EMAILS becomes an active tuxuri', async () => {
    const account = await createAccount(ctx, { email: BOSS_EMAIL });
    const token = await signIn(ctx, account.email);
    const me = await whoami(token);
    expect(me.status).toBe(1);
    expect(me.roles).toEqual([
      {
        id: expect.any(Number),
        name: 'tuxuri',
        description: 'Super Administrator',
        permissions: [
          { module: 'national_report', rules: ['view', 'create', 'update'] },
          { module: 'urban-profile-overview', rules: ['view', 'create', 'update'] },
          { module: 'urban-profile-analytics', rules: ['view', 'create', 'update'] },
          { module: 'best-practice', rules: ['view', 'create', 'update'] },
        ],
      },
    ]);
    expect((await ctx.request('/api/user/list', { token })).status).toBe(200);
  });

  test(
    'an ADMIN_EMAILS account with an unverified email ' + 'is refused by admin endpoints and profile saving',
    async () => {
      const account = await createAccount(ctx, { email: UNVERIFIED_BOSS_EMAIL, emailVerified: false });
      const token = await signIn(ctx, account.email);
      expect((await whoami(token)).roles.map((r) => r.name)).toEqual(['tuxuri']);
      await expectError(await ctx.request('/api/user/list', { token }), 403, { message: /Verify your email/ });
      await expectError(await ctx.request('/api/administration/acl', { token }), 403, { message: /Verify your email/ });
      await expectError(
        await ctx.request('/api/user/saved/profile', { token, json: { name: 'Boss', country_code: 'PH' } }),
        403,
        { message: /Verify your email/ },
      );
    },
  );

  test('an account not in ADMIN_EMAILS gets no role even with an admin-looking email', async () => {
    const account = await createAccount(ctx, { email: `x${BOSS_EMAIL}` });
    const me = await whoami(await signIn(ctx, account.email));
    expect(me.status).toBe(0);
    expect(me.roles).toEqual([]);
  });

  test('returns the country and the permissions of the role', async () => {
    const member = await createUser(ctx, { role: 'state_member', country: 'PH' });
    const me = await whoami(member.token);
    expect(me).toMatchObject({ id: member.id, uuid: member.uuid, email: member.email, status: 1, country_code: 'PH' });
    expect(me.country).toEqual({
      code: 'PH',
      name: 'Philippines',
      flag: '/flags/ph.svg',
      status: 1,
      continent: 'Asia',
    });
    expect(me.roles).toEqual([
      {
        id: expect.any(Number),
        name: 'state_member',
        description: 'Country Focal Point',
        permissions: [
          { module: 'national_report', rules: ['view', 'create', 'update'] },
          { module: 'urban-profile-analytics', rules: ['view'] },
          { module: 'best-practice', rules: ['view', 'create'] },
        ],
      },
    ]);
  });

  test('links a row that exists for the email but has no account yet', async () => {
    const invited = await insertUser(ctx, { role: 'state_admin', country: 'VN' });
    const account = await createAccount(ctx, { email: invited.email });
    const me = await whoami(await signIn(ctx, account.email));
    expect(me).toMatchObject({ id: invited.id, uuid: invited.uuid, country_code: 'VN', status: 1 });
    expect(me.roles.map((r) => r.name)).toEqual(['state_admin']);
  });

  test('an unverified email already linked to another account: 409', async () => {
    const email = uniqueEmail('taken');
    await insertUser(ctx, { email, uid: 'some-other-account' });
    const account = await createAccount(ctx, { email, emailVerified: false });
    await expectError(await ctx.request('/api/whoami', { token: await signIn(ctx, account.email) }), 409, {
      message: /already belongs to another account/,
    });
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, email));
    expect(row?.firebaseUid).toBe('some-other-account');
  });

  test('a verified email relinks the row of a re-created account', async () => {
    const email = uniqueEmail('recreated');
    const old = await insertUser(ctx, { email, uid: 'deleted-account', role: 'state_member', country: 'VN' });
    const account = await createAccount(ctx, { email });
    const me = await whoami(await signIn(ctx, account.email));
    expect(me).toMatchObject({ id: old.id, uuid: old.uuid, country_code: 'VN' });
    expect(me.roles.map((r) => r.name)).toEqual(['state_member']);
  });

  test('a deleted account: 401, whether its token was seen before or not', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    const seen = await createUser(ctx, { role: 'admin' });
    await whoami(seen.token);
    await ctx.deps.tokens.deleteAccount(seen.uid);
    await expectError(await ctx.request('/api/whoami', { token: seen.token }), 401, { message: /no longer exists/ });
    await ctx.deps.tokens.deleteAccount(user.uid);
    await expectError(await ctx.request('/api/whoami', { token: user.token }), 401, { message: /no longer exists/ });
  });

  test('a disabled account: 401, whether its token was seen before or not', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    const unseen = await createUser(ctx, { role: 'admin' });
    await whoami(user.token);
    await ctx.deps.tokens.setDisabled(user.uid, true);
    await ctx.deps.tokens.setDisabled(unseen.uid, true);
    await expectError(await ctx.request('/api/whoami', { token: user.token }), 401, { message: /disabled/ });
    await expectError(await ctx.request('/api/whoami', { token: unseen.token }), 401, { message: /disabled/ });
  });

  test('an account without an email (anonymous sign-in): 401', async () => {
    const response = await fetch(
      `http://${ctx.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ returnSecureToken: true }),
      },
    );
    const { idToken } = (await response.json()) as { idToken: string };
    await expectError(await ctx.request('/api/whoami', { token: idToken }), 401, { message: /no email address/ });
  });
});

describe('POST /api/user/saved/profile', () => {
  /** A save based on the user's current version (the stale ones are in versions.test.ts). */
  const save = async (token: string, json: object) =>
    ctx.request('/api/user/saved/profile', { token, json: withVersion(json, (await whoami(token)).version) });

  async function newcomer() {
    const account = await createAccount(ctx);
    const token = await signIn(ctx, account.email);
    await whoami(token);
    return token;
  }

  test('saves name, phone and country; the user stays inactive', async () => {
    const token = await newcomer();
    const body = await expectJson(
      await save(token, { name: '  Ana Cruz ', phone_number: '+63 2 8123 4567', country_code: 'ph' }),
      200,
      StrictGeneric,
    );
    expect(body).toEqual({ status: 200, message: 'Profile saved' });
    const me = await whoami(token);
    expect(me).toMatchObject({ name: 'Ana Cruz', phone_number: '+63 2 8123 4567', country_code: 'PH', status: 0 });
    expect(me.country?.name).toBe('Philippines');
  });

  test('an empty phone number is stored as none', async () => {
    const token = await newcomer();
    await expectJson(await save(token, { name: 'Ben Lim', phone_number: '', country_code: 'SG' }), 200, StrictGeneric);
    expect((await whoami(token)).phone_number).toBeNull();
  });

  test('an unknown or malformed country: 400 naming country_code', async () => {
    const token = await newcomer();
    await expectError(await save(token, { name: 'Ana Cruz', country_code: 'ZZ' }), 400, { fields: ['country_code'] });
    await expectError(await save(token, { name: 'Ana Cruz', country_code: 'PHL' }), 400, { fields: ['country_code'] });
    expect((await whoami(token)).country_code).toBeNull();
  });

  test('an inactive country: 400 naming country_code', async () => {
    await ctx.deps.db.update(countries).set({ status: 0 }).where(eq(countries.code, 'KP'));
    const token = await newcomer();
    const body = await expectError(await save(token, { name: 'Ana Cruz', country_code: 'KP' }), 400, {
      fields: ['country_code'],
    });
    expect(body.errors?.['country_code']).toEqual(['must be an active country of the region']);
  });

  test('a bad phone number: 400 naming phone_number', async () => {
    const token = await newcomer();
    await expectError(await save(token, { name: 'Ana Cruz', phone_number: 'call me', country_code: 'PH' }), 400, {
      fields: ['phone_number'],
    });
  });

  test('a missing or too short name: 400 naming name', async () => {
    const token = await newcomer();
    await expectError(await save(token, { country_code: 'PH' }), 400, { fields: ['name'] });
    await expectError(await save(token, { name: 'A', country_code: 'PH' }), 400, { fields: ['name'] });
  });

  test('every bad field is named at once', async () => {
    const token = await newcomer();
    await expectError(await save(token, { phone_number: '12' }), 400, {
      fields: ['name', 'phone_number', 'country_code'],
    });
  });

  test('a user whose country is set cannot switch it (409), but can save again with the same one', async () => {
    const user = await createUser(ctx, { role: 'state_member', country: 'PH' });
    await expectError(await save(user.token, { name: 'Jose Reyes', country_code: 'VN' }), 409, {
      message: /already set/,
    });
    expect((await whoami(user.token)).country_code).toBe('PH');
    await expectJson(await save(user.token, { name: 'Jose Reyes', country_code: 'PH' }), 200, StrictGeneric);
    expect((await whoami(user.token)).name).toBe('Jose Reyes');
  });
});
