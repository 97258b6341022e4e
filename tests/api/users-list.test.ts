import { beforeAll, describe, expect, test } from 'vitest';
import {
  InactiveCountResponseSchema,
  RoleListResponseSchema,
  UserListItemSchema,
  UserListResponseSchema,
  UserStatsResponseSchema,
} from '../../src/lib/users/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { allow, describeEndpointAccess, USER_MANAGERS } from '../support/endpoint-access.ts';
import { createUser, insertUser, type TestUser, type TestUserRow } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { userVersion } from '../support/versions.ts';

const StrictUserList = deepStrict(UserListResponseSchema);
const StrictUser = deepStrict(UserListItemSchema);
const StrictRoles = deepStrict(RoleListResponseSchema);
const StrictInactive = deepStrict(InactiveCountResponseSchema);
const StrictStats = deepStrict(UserStatsResponseSchema);

const ctx = await createTestContext();

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/user/list',
    path: () => '/api/user/list',
    expected: allow(...USER_MANAGERS),
    schema: StrictUserList,
  },
  {
    method: 'GET',
    label: '/api/user/show/{uuid}',
    path: (users) => `/api/user/show/${users.stateMember.uuid}`,
    expected: allow(...USER_MANAGERS),
    schema: StrictUser,
  },
  {
    method: 'GET',
    label: '/api/user/inactive',
    path: () => '/api/user/inactive',
    expected: allow(...USER_MANAGERS),
    schema: StrictInactive,
  },
  {
    method: 'GET',
    label: '/api/user/stats',
    path: () => '/api/user/stats',
    expected: allow(...USER_MANAGERS),
    schema: StrictStats,
  },
  {
    method: 'GET',
    label: '/api/role/list',
    path: () => '/api/role/list',
    expected: allow(...USER_MANAGERS),
    schema: StrictRoles,
  },
]);

let admin: TestUser;
let tuxuri: TestUser;
let phAdmin: TestUser;
/** 25 users in Laos, "Lao Person 01" … "Lao Person 25": 01–05 inactive, 06–07 suspended. */
let lao: TestUserRow[];
let vietnamese: TestUserRow;

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  tuxuri = await createUser(ctx, { role: 'tuxuri', country: 'TH' });
  phAdmin = await createUser(ctx, { role: 'state_admin', country: 'PH' });
  lao = [];
  for (let i = 1; i <= 25; i++) {
    const n = String(i).padStart(2, '0');
    lao.push(
      await insertUser(ctx, {
        name: `Lao Person ${n}`,
        email: `lao.person.${n}.${Date.now()}@example.la`,
        country: 'LA',
        status: i <= 5 ? 0 : i <= 7 ? 2 : 1,
        role: i % 10 === 0 ? 'state_member' : null,
      }),
    );
  }
  vietnamese = await insertUser(ctx, { name: 'Nguyen Van Binh', country: 'VN', role: 'state_member' });
});

const list = async (token: string, query = '') =>
  expectJson(await ctx.request(`/api/user/list${query}`, { token }), 200, StrictUserList);

describe('GET /api/user/list', () => {
  test('pages through the users, newest first, 20 per page by default', async () => {
    const first = await list(admin.token, '?country_code=LA');
    expect(first).toMatchObject({ total: 25, page: 1, per_page: 20 });
    expect(first.data.map((u) => u.name)).toEqual(
      lao
        .slice(5)
        .reverse()
        .map((u) => u.name),
    );
    const second = await list(admin.token, '?country_code=LA&page=2');
    expect(second).toMatchObject({ total: 25, page: 2, per_page: 20 });
    expect(second.data.map((u) => u.id)).toEqual(
      lao
        .slice(0, 5)
        .reverse()
        .map((u) => u.id),
    );
    const beyond = await list(admin.token, '?country_code=LA&page=3');
    expect(beyond).toMatchObject({ total: 25, page: 3, data: [] });
  });

  test('honours per_page up to 100', async () => {
    const third = await list(admin.token, '?country_code=LA&per_page=10&page=3');
    expect(third).toMatchObject({ total: 25, per_page: 10, page: 3 });
    expect(third.data).toHaveLength(5);
    const all = await list(admin.token, '?country_code=la&per_page=100');
    expect(all.data).toHaveLength(25);
  });

  test('each item carries its country and roles', async () => {
    const { data } = await list(admin.token, '?q=Lao Person 10');
    expect(data).toEqual([
      {
        id: lao[9]!.id,
        uuid: lao[9]!.uuid,
        name: 'Lao Person 10',
        username: lao[9]!.email.split('@')[0],
        member_id: expect.stringMatching(/^APUA-[0-9A-F]{8}$/),
        email: lao[9]!.email,
        phone_number: null,
        country_code: 'LA',
        created_at: expect.any(String),
        status: 1,
        photo: null,
        country: {
          code: 'LA',
          name: "Lao People's Democratic Republic",
          flag: '/flags/la.svg',
          status: 1,
          continent: 'Asia',
        },
        roles: [{ id: expect.any(Number), name: 'state_member', description: 'Country Focal Point' }],
        version: 1,
        updated_at: expect.any(String),
        updated_by: null,
      },
    ]);
  });

  test('filters by status', async () => {
    expect((await list(admin.token, '?country_code=LA&status=0')).total).toBe(5);
    expect((await list(admin.token, '?country_code=LA&status=2')).total).toBe(2);
    const active = await list(admin.token, '?country_code=LA&status=1&per_page=100');
    expect(active.total).toBe(18);
    expect(active.data.every((u) => u.status === 1)).toBe(true);
  });

  test('searches name, email, username and member id, case-insensitively', async () => {
    const byName = await list(admin.token, '?q=lao%20person%201');
    expect(byName.data.map((u) => u.name).sort()).toEqual(lao.slice(9, 19).map((u) => u.name));
    const byEmail = await list(admin.token, `?q=${encodeURIComponent(lao[2]!.email.toUpperCase())}`);
    expect(byEmail.data.map((u) => u.id)).toEqual([lao[2]!.id]);
    const memberId = (await list(admin.token, '?q=Lao Person 04')).data[0]!.member_id;
    expect((await list(admin.token, `?q=${memberId.toLowerCase()}`)).data.map((u) => u.id)).toEqual([lao[3]!.id]);
    expect((await list(admin.token, '?q=nobody-has-this-name')).total).toBe(0);
  });

  test('treats % and _ in the search as plain characters', async () => {
    // As LIKE wildcards these would match "Lao Person …" and "lao.person.…@example.la".
    expect((await list(admin.token, '?q=Lao%25Person')).total).toBe(0);
    expect((await list(admin.token, '?q=L_o%20Person')).total).toBe(0);
    expect((await list(admin.token, '?q=lao_person')).total).toBe(0);
    expect((await list(admin.token, '?q=Lao%20Person')).total).toBe(25);
  });

  test('treats blank filters as absent', async () => {
    const blank = await list(admin.token, '?q=&status=&country_code=&page=&per_page=');
    const none = await list(admin.token);
    expect(blank).toEqual(none);
    expect(none.total).toBeGreaterThanOrEqual(28);
  });

  test.each([
    ['?per_page=101', ['per_page']],
    ['?per_page=0', ['per_page']],
    ['?page=0', ['page']],
    ['?page=abc', ['page']],
    ['?page=1.5', ['page']],
    ['?status=abc', ['status']],
    ['?status=10', ['status']],
    ['?country_code=LAO', ['country_code']],
    [`?q=${'x'.repeat(101)}`, ['q']],
    ['?page=-1&per_page=500&status=x', ['page', 'per_page', 'status']],
  ])('%s: 400 naming the field', async (query, fields) => {
    await expectError(await ctx.request(`/api/user/list${query}`, { token: admin.token }), 400, { fields });
  });

  test('a status that is not a number is explained in words', async () => {
    const response = await ctx.request('/api/user/list?status=abc', { token: admin.token });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string[]> }).errors['status']).toEqual([
      'must be a status number such as 0, 1 or 2',
    ]);
  });

  test('lists, searches and totals follow writes at once (the kept list order is dropped on every write)', async () => {
    const before = await list(admin.token, '?country_code=KH&status=0&q=Khmer');
    const newcomer = await insertUser(ctx, { name: 'Khmer Newcomer', country: 'KH', status: 0 });
    const after = await list(admin.token, '?country_code=KH&status=0&q=Khmer');
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]!.id).toBe(newcomer.id);
    const edit = await ctx.request(`/api/user/edit/${newcomer.uuid}`, {
      token: admin.token,
      json: { status: 1, version: await userVersion(ctx, newcomer.uuid) },
    });
    expect(edit.status).toBe(200);
    expect((await list(admin.token, '?country_code=KH&status=0&q=Khmer')).total).toBe(before.total);
    expect((await list(admin.token, '?country_code=KH&status=1&q=khmer newcomer')).data.map((u) => u.id)).toEqual([
      newcomer.id,
    ]);
  });

  test(
    'each item is what user/show answers for that user: a last editor, no country, a role given by an ' +
      'administrator',
    async () => {
      const stateless = await insertUser(ctx, { name: 'Stateless Person', country: null, role: 'state_member' });
      const edited = await insertUser(ctx, { name: 'Edited Person', country: 'KH', status: 0 });
      const edit = await ctx.request(`/api/user/edit/${edited.uuid}`, {
        token: admin.token,
        json: { status: 1, roles: ['state_admin'], version: await userVersion(ctx, edited.uuid) },
      });
      expect(edit.status, await edit.clone().text()).toBe(200);
      for (const person of [stateless, edited, vietnamese]) {
        const show = await expectJson(
          await ctx.request(`/api/user/show/${person.uuid}`, { token: admin.token }),
          200,
          StrictUser,
        );
        const { data } = await list(admin.token, `?q=${encodeURIComponent(person.email)}`);
        expect(data).toEqual([show]);
      }
      const { data } = await list(admin.token, `?q=${encodeURIComponent(edited.email)}`);
      expect(data[0]).toMatchObject({ updated_by: { id: admin.id }, country: { code: 'KH' } });
      expect(data[0]!.roles.map((r) => r.name)).toEqual(['state_admin']);
      expect(data[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    },
  );

  test(
    'pages read again after the whole list was kept in ' + 'memory answer the same, and a rename shows at once',
    async () => {
      const first = await list(admin.token, '?country_code=LA&per_page=7&page=2');
      // Every page of the unfiltered list makes the server keep all rows; let it finish.
      const all = await list(admin.token, '?per_page=5');
      await expect.poll(() => ctx.deps.caches.users.items.size).toBeGreaterThanOrEqual(all.total);
      expect(await list(admin.token, '?country_code=LA&per_page=7&page=2')).toEqual(first);
      const target = first.data[0]!;
      const rename = await ctx.request(`/api/user/edit/${target.uuid}`, {
        token: admin.token,
        json: { name: `${target.name} Renamed`, version: target.version },
      });
      expect(rename.status, await rename.clone().text()).toBe(200);
      const again = await list(admin.token, '?country_code=LA&per_page=7&page=2');
      expect(again.data[0]).toMatchObject({
        id: target.id,
        name: `${target.name} Renamed`,
        version: target.version + 1,
      });
      // Put the name back for the other tests.
      const back = await ctx.request(`/api/user/edit/${target.uuid}`, {
        token: admin.token,
        json: { name: target.name, version: target.version + 1 },
      });
      expect(back.status).toBe(200);
    },
  );

  test('a page read while a write clears the kept rows still holds every user of the page', async () => {
    const page = await list(admin.token, '?country_code=LA&per_page=5');
    const ids = page.data.map((u) => u.id);
    expect(ids.every((id) => ctx.deps.caches.users.items.has(id))).toBe(true);
    const pending = ctx.deps.caches.users.itemsOf(ctx.deps.db, ctx.deps.caches.users.generation, ids);
    ctx.deps.caches.invalidate();
    expect((await pending).map((row) => row.id)).toEqual(ids);
  });

  test("a state_admin's list is confined to its own country, whatever country_code says", async () => {
    const own = await list(phAdmin.token, '?per_page=100');
    expect(own.total).toBeGreaterThan(0);
    expect(own.data.every((u) => u.country_code === 'PH')).toBe(true);
    expect(own.total).toBe((await list(admin.token, '?country_code=PH&per_page=100')).total);
    expect(await list(phAdmin.token, '?country_code=VN')).toMatchObject({ total: 0, data: [] });
    expect(await list(phAdmin.token, '?country_code=LA')).toMatchObject({ total: 0, data: [] });
    expect((await list(phAdmin.token, `?q=${encodeURIComponent(vietnamese.name!)}`)).total).toBe(0);
  });
});

describe('GET /api/user/show/{uuid}', () => {
  test('returns the user', async () => {
    const response = await ctx.request(`/api/user/show/${lao[0]!.uuid}`, { token: admin.token });
    const body = await expectJson(response, 200, StrictUser);
    expect(body).toMatchObject({ id: lao[0]!.id, name: 'Lao Person 01', status: 0, country_code: 'LA', roles: [] });
  });

  test('a malformed uuid: 400 naming uuid; an unknown one: 404', async () => {
    await expectError(await ctx.request('/api/user/show/not-a-uuid', { token: admin.token }), 400, {
      fields: ['uuid'],
    });
    await expectError(await ctx.request(`/api/user/show/${crypto.randomUUID()}`, { token: admin.token }), 404);
  });

  test('a state_admin sees users of its country only (403 otherwise)', async () => {
    const neighbour = await insertUser(ctx, { country: 'PH' });
    await expectJson(await ctx.request(`/api/user/show/${neighbour.uuid}`, { token: phAdmin.token }), 200, StrictUser);
    await expectError(await ctx.request(`/api/user/show/${vietnamese.uuid}`, { token: phAdmin.token }), 403, {
      message: /own country/,
    });
    const stateless = await insertUser(ctx, { country: null, status: 0 });
    await expectError(await ctx.request(`/api/user/show/${stateless.uuid}`, { token: phAdmin.token }), 403);
    await expectJson(await ctx.request(`/api/user/show/${stateless.uuid}`, { token: admin.token }), 200, StrictUser);
  });
});

describe('GET /api/user/inactive', () => {
  const count = async (token: string) =>
    (await expectJson(await ctx.request('/api/user/inactive', { token }), 200, StrictInactive)).data;

  test(
    'counts users awaiting activation (status 0, not ' + 'suspended); a state_admin counts its own country only',
    async () => {
      const [allBefore, phBefore] = [await count(admin.token), await count(phAdmin.token)];
      expect(allBefore).toBeGreaterThanOrEqual(5);
      await insertUser(ctx, { country: 'PH', status: 0 });
      await insertUser(ctx, { country: 'PH', status: 2 });
      await insertUser(ctx, { country: 'PH', status: 1 });
      await insertUser(ctx, { country: 'VN', status: 0 });
      await insertUser(ctx, { country: null, status: 0 });
      expect(await count(admin.token)).toBe(allBefore + 3);
      expect(await count(phAdmin.token)).toBe(phBefore + 1);
    },
  );
});

describe('GET /api/role/list', () => {
  const roleNames = async (token: string) =>
    (await expectJson(await ctx.request('/api/role/list', { token }), 200, StrictRoles)).data;

  test('an admin sees every role but Super Administrator, which only a tuxuri grants', async () => {
    expect((await roleNames(admin.token)).map((r) => r.name)).toEqual(['admin', 'state_admin', 'state_member']);
  });

  test('a tuxuri sees every role', async () => {
    expect(await roleNames(tuxuri.token)).toEqual([
      { id: expect.any(Number), name: 'tuxuri', description: 'Super Administrator' },
      { id: expect.any(Number), name: 'admin', description: 'Administrator' },
      { id: expect.any(Number), name: 'state_admin', description: 'Country Administrator' },
      { id: expect.any(Number), name: 'state_member', description: 'Country Focal Point' },
    ]);
  });

  test('a state_admin sees only the state roles it may grant', async () => {
    expect((await roleNames(phAdmin.token)).map((r) => r.name)).toEqual(['state_admin', 'state_member']);
  });
});

describe('GET /api/user/stats', () => {
  const stats = async (token: string) =>
    (await expectJson(await ctx.request('/api/user/stats', { token }), 200, StrictStats)).data;
  const countOf = <T extends { count: number }>(rows: T[], match: (row: T) => boolean) => rows.find(match)?.count ?? 0;

  test('counts users per status and per country; a state_admin sees its own country only', async () => {
    const [all, ph] = [await stats(admin.token), await stats(phAdmin.token)];
    await insertUser(ctx, { country: 'PH', status: 0 });
    await insertUser(ctx, { country: 'PH', status: 1 });
    await insertUser(ctx, { country: 'VN', status: 2 });
    const [allAfter, phAfter] = [await stats(admin.token), await stats(phAdmin.token)];

    expect(allAfter.total).toBe(all.total + 3);
    expect(allAfter.total).toBe(allAfter.by_status.reduce((sum, row) => sum + row.count, 0));
    expect(countOf(allAfter.by_status, (r) => r.status === 2)).toBe(countOf(all.by_status, (r) => r.status === 2) + 1);
    expect(countOf(allAfter.by_country, (r) => r.country_code === 'VN')).toBe(
      countOf(all.by_country, (r) => r.country_code === 'VN') + 1,
    );
    expect(phAfter.total).toBe(ph.total + 2);
    expect(phAfter.by_country.map((r) => r.country_code)).toEqual(['PH']);
    expect(countOf(phAfter.by_status, (r) => r.status === 0)).toBe(countOf(ph.by_status, (r) => r.status === 0) + 1);
  });
});
