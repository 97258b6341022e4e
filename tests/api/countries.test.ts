import { beforeAll, describe, expect, test } from 'vitest';
import { CountryListResponseSchema, CountryRecordSchema } from '../../src/lib/countries/schema.ts';
import { REGION_COUNTRIES } from '../../src/lib/db/countries-data.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { WhoamiSchema } from '../../src/lib/identity/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { countryVersion, withVersion } from '../support/versions.ts';

const StrictCountries = deepStrict(CountryListResponseSchema);
const StrictStatusSaved = deepStrict(GenericResponseSchema.extend({ data: CountryRecordSchema }));

const ctx = await createTestContext();

describeEndpointAccess(ctx, [
  {
    method: 'POST',
    label: '/api/country/{country_code}/update/status',
    path: () => '/api/country/PH/update/status',
    json: async () => ({ status: 1, version: await countryVersion(ctx, 'PH') }),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictStatusSaved,
  },
]);

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
});

const countries = async (query = '') =>
  (await expectJson(await ctx.request(`/api/countries/all${query}`), 200, StrictCountries)).data;
/** A status change based on the country's current version (the stale ones are in versions.test.ts). */
const setStatus = async (code: string, json: object, token = admin.token) =>
  ctx.request(`/api/country/${code}/update/status`, {
    token,
    json: withVersion(json, await countryVersion(ctx, code)),
  });
const saveProfile = async (token: string, json: object) => {
  const { version } = (await (await ctx.request('/api/whoami', { token })).json()) as { version: number };
  return ctx.request('/api/user/saved/profile', { token, json: withVersion(json, version) });
};

describe('GET /api/countries/all', () => {
  test('is public and lists the 58 countries of the region by name', async () => {
    const response = await ctx.request('/api/countries/all');
    const body = await expectJson(response, 200, StrictCountries);
    expect(body).toMatchObject({ status: 200, message: 'Countries' });
    expect(body.data).toHaveLength(58);
    expect(body.data.map((c) => c.code).sort()).toEqual(REGION_COUNTRIES.map((c) => c.code).sort());
    const names = body.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(body.data.find((c) => c.code === 'FJ')).toEqual({
      code: 'FJ',
      name: 'Fiji',
      flag: '/flags/fj.svg',
      status: 1,
      continent: 'Oceania',
      version: 1,
      updated_at: expect.any(String),
    });
  });

  test('filters by status; a bad status is a 400 naming it', async () => {
    expect(await countries('?status=all')).toHaveLength(58);
    expect(await countries('?status=1')).toHaveLength(58);
    expect(await countries('?status=0')).toEqual([]);
    await expectError(await ctx.request('/api/countries/all?status=2'), 400, { fields: ['status'] });
    await expectError(await ctx.request('/api/countries/all?status=active'), 400, { fields: ['status'] });
  });
});

describe('POST /api/country/{country_code}/update/status', () => {
  test("deactivates and reactivates a country; the lists and its users' whoami follow", async () => {
    const mongolian = await createUser(ctx, { role: 'state_member', country: 'MN' });
    const countryOf = async () =>
      (await expectJson(await ctx.request('/api/whoami', { token: mongolian.token }), 200, WhoamiSchema)).country;
    expect((await countryOf())?.status).toBe(1);
    const off = await expectJson(await setStatus('mn', { status: 0 }), 200, StrictStatusSaved);
    expect(off).toEqual({
      status: 200,
      message: 'Mongolia is now inactive',
      data: {
        code: 'MN',
        name: 'Mongolia',
        flag: '/flags/mn.svg',
        status: 0,
        continent: 'Asia',
        version: 2,
        updated_at: expect.any(String),
        updated_by: { id: expect.any(Number), name: expect.any(String) },
      },
    });
    expect((await countries('?status=0')).map((c) => c.code)).toEqual(['MN']);
    expect(await countries('?status=1')).toHaveLength(57);
    expect((await countries()).find((c) => c.code === 'MN')?.status).toBe(0);
    expect((await countryOf())?.status).toBe(0);

    const on = await expectJson(await setStatus('MN', { status: 1 }), 200, StrictStatusSaved);
    expect(on.message).toBe('Mongolia is now active');
    expect(await countries('?status=0')).toEqual([]);
  });

  test('a profile cannot pick an inactive country', async () => {
    await expectJson(await setStatus('BT', { status: 0 }), 200, StrictStatusSaved);
    const newcomer = await createUser(ctx, { country: null, status: 0 });
    await expectError(await saveProfile(newcomer.token, { name: 'Karma Wangchuk', country_code: 'BT' }), 400, {
      fields: ['country_code'],
    });
    await expectJson(await setStatus('BT', { status: 1 }), 200, StrictStatusSaved);
    await expectJson(
      await saveProfile(newcomer.token, { name: 'Karma Wangchuk', country_code: 'BT' }),
      200,
      GenericResponseSchema,
    );
  });

  test.each([
    ['status 2', { status: 2 }, ['status']],
    ['a string status', { status: '0' }, ['status']],
    ['no status', {}, ['status']],
  ])('%s: 400 naming the field', async (_what, json, fields) => {
    await expectError(await setStatus('PH', json), 400, { fields });
  });

  test('an unknown code: 404; a malformed one: 400 naming country_code', async () => {
    await expectError(await setStatus('ZZ', { status: 0 }), 404, { message: /ZZ/ });
    await expectError(await setStatus('PHL', { status: 0 }), 400, { fields: ['country_code'] });
  });

  test('a body that is not JSON: 415', async () => {
    await expectError(
      await ctx.request('/api/country/PH/update/status', {
        method: 'POST',
        token: admin.token,
        headers: { 'Content-Type': 'text/plain' },
        body: 'status=0',
      }),
      415,
    );
    expect((await countries()).find((c) => c.code === 'PH')?.status).toBe(1);
  });
});
