import { beforeAll, describe, expect, test } from 'vitest';
import { CoverageResponseSchema, type Coverage } from '../../src/lib/urbanisation-profile/coverage-schema.ts';
import { DatasetResponseSchema } from '../../src/lib/urbanisation-profile/schema.ts';
import { importOpenData } from '../../src/lib/urbanisation-profile/open-data-import.server.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * GET /api/profile/coverage (issue 35 item 5): the back-office's countries × indicators matrix,
 * the latest year of a country's own figures (drafts too, said so) and of the open data; the
 * analytics view rule and the person's country scope.
 */
const ctx = await createTestContext();
const PATH = '/api/profile/coverage';
const THEME = 'basic-services';
const INDICATOR = 'ELECTRICITY_URBAN_PCT';

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: PATH,
    path: () => PATH,
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember'),
    schema: deepStrict(CoverageResponseSchema),
  },
]);

let admin: TestUser;
let stateAdmin: TestUser;
let before: Coverage;
const read = async (token: string): Promise<Coverage> =>
  (await expectJson(await ctx.request(PATH, { token }), 200, deepStrict(CoverageResponseSchema))).data;
const cellOf = (data: Coverage, country: string, indicator = INDICATOR) =>
  data.cells.find((c) => c.country_code === country && c.indicator === indicator);

/** Saves a country's figure (a draft), and publishes it when asked. */
async function figure(token: string, country: string, year: number, publish: boolean) {
  const path = `/api/profile/analytics/${THEME}/${country}/${year}`;
  const saved = await expectJson(
    await ctx.request(`${path}/saved`, {
      method: 'POST',
      token,
      json: { values: [{ indicator: INDICATOR, value: 97.5, source: 'Statistics office' }] },
    }),
    200,
    DatasetResponseSchema,
  );
  if (!publish) return;
  await expectJson(
    await ctx.request(`${path}/publish`, {
      method: 'POST',
      token: admin.token,
      json: { published: true, version: saved.data.version },
    }),
    200,
    DatasetResponseSchema,
  );
}

beforeAll(async () => {
  [admin, stateAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
  ]);
  before = await read(admin.token);
  // The open data: seconds of work, in the hook, which has the time a busy machine needs.
  await importOpenData(ctx.deps);
});

describe('GET /api/profile/coverage', () => {
  test('every theme with its indicators, every country; a pair without a figure has no cell', async () => {
    const data = before;
    expect(cellOf(data, 'PH')).toBeUndefined();
    expect(data.countries.map((c) => c.code)).toEqual(expect.arrayContaining(['PH', 'TH', 'JP', 'FJ']));
    const theme = data.categories.find((c) => c.slug === THEME)!;
    expect(theme.indicators.map((i) => i.code)).toContain(INDICATOR);
  });

  test('the open data’s latest year; a country’s own latest year, a draft said so until it is published', async () => {
    const opened = await read(admin.token);
    expect(cellOf(opened, 'PH')).toEqual({
      country_code: 'PH',
      indicator: INDICATOR,
      country: null,
      open_data: { year: 2017 },
    });
    await figure(stateAdmin.token, 'PH', 2023, false);
    expect(cellOf(await read(admin.token), 'PH')?.country).toEqual({ year: 2023, status: 'draft' });
    await figure(stateAdmin.token, 'PH', 2021, true);
    // 2023 is still the latest, and still a draft; 2021 published does not hide it.
    expect(cellOf(await read(admin.token), 'PH')?.country).toEqual({ year: 2023, status: 'draft' });
    await figure(stateAdmin.token, 'PH', 2024, true);
    expect(cellOf(await read(admin.token), 'PH')).toMatchObject({
      country: { year: 2024, status: 'published' },
      open_data: { year: 2017 },
    });
  });

  test('a country’s people see their own country only', async () => {
    const data = await read(stateAdmin.token);
    expect(data.countries.map((c) => c.code)).toEqual(['PH']);
    expect(data.cells.length).toBeGreaterThan(0);
    expect(new Set(data.cells.map((c) => c.country_code))).toEqual(new Set(['PH']));
    expect(data.categories.length).toBeGreaterThan(0);
  });

  test('without a sign-in: 401', async () => {
    await expectError(await ctx.request(PATH), 401);
  });
});
