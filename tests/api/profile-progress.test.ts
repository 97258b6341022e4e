import { beforeAll, describe, expect, test } from 'vitest';
import {
  DatasetResponseSchema,
  PublicCategoriesResponseSchema,
  PublicCategoryResponseSchema,
} from '../../src/lib/urbanisation-profile/schema.ts';
import { PublicProgressResponseSchema } from '../../src/lib/progress/schema.ts';
import { METHOD_VERSION, REGION_MEMBERS } from '../../src/lib/progress/method.ts';
import { assessProfile } from '../../src/lib/progress/profile.ts';
import { createTestContext } from '../support/app.ts';
import { expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

/**
 * GET /api/profile/public/progress (issue 35 item 3): the progress assessment of the published
 * profile, the same rows as the site's progress.csv, from the public cache; drafts never count.
 */
const ctx = await createTestContext();
const PATH = '/api/profile/public/progress';
const THEME = 'basic-services';
const INDICATOR = 'ELECTRICITY_URBAN_PCT';
/** More than half of the 58 with two published figures, so the indicator passes the coverage rule. */
const REPORTING = REGION_MEMBERS.slice(0, 31);
const DRAFTED = REGION_MEMBERS.at(-1)!;

let admin: TestUser;

/** Saves a country's figure of the indicator for a year (a draft), and publishes it when asked. */
async function figure(country: string, year: number, value: number, publish: boolean) {
  const path = `/api/profile/analytics/${THEME}/${country}/${year}`;
  const current = await expectJson(await ctx.request(path, { token: admin.token }), 200, DatasetResponseSchema);
  const saved = await expectJson(
    await ctx.request(`${path}/saved`, {
      method: 'POST',
      token: admin.token,
      json: {
        // A dataset not yet saved has version 0, and the first save sends none.
        ...(current.data.version > 0 ? { version: current.data.version } : {}),
        values: [{ indicator: INDICATOR, value, source: 'Statistics office' }],
      },
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

const progress = async () => (await expectJson(await ctx.request(PATH), 200, PublicProgressResponseSchema)).data;
const rowOf = (rows: { area: string; indicator: string }[], area: string) =>
  rows.find((r) => r.area === area && r.indicator === INDICATOR);

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'admin', country: 'JP' });
  for (const country of REPORTING) {
    await figure(country, 2015, 80, true);
    await figure(country, 2021, 92, true);
  }
});

describe('GET /api/profile/public/progress', () => {
  test('no sign-in; the method version and one row per area of each scored indicator, numbers as numbers', async () => {
    const body = await expectJson(await ctx.request(PATH), 200, deepStrict(PublicProgressResponseSchema));
    expect(body.status).toBe(200);
    expect(body.data.method_version).toBe(METHOD_VERSION);
    const electricity = body.data.rows.filter((r) => r.indicator === INDICATOR);
    expect(electricity).toHaveLength(64);
    expect(electricity.slice(0, 6).map((r) => r.area)).toEqual(['region', 'ENEA', 'NCA', 'PACIFIC', 'SEA', 'SSWA']);
    expect(rowOf(body.data.rows, REPORTING[0]!)).toEqual({
      area: REPORTING[0],
      indicator: INDICATOR,
      direction: 'higher',
      target: 100,
      target_kind: 'fixed',
      base_year: 2015,
      base_value: 80,
      latest_year: 2021,
      latest_value: 92,
      csi: 0.6,
      predicted_2030: 110,
      class: 'on_track',
      open_sdg_status: 'substantial_progress',
      open_sdg_score: 5,
      points: 2,
      method_version: METHOD_VERSION,
    });
    expect(rowOf(body.data.rows, 'region')).toMatchObject({ class: expect.not.stringMatching('not_assessed') });
    // Indicators without a desirable direction are never scored, so never listed.
    expect(body.data.rows.some((r) => r.indicator === 'URB_POP_PCT')).toBe(false);
  });

  test('the rows the site builds from the same public themes', async () => {
    const list = await expectJson(
      await ctx.request('/api/profile/public/categories'),
      200,
      PublicCategoriesResponseSchema,
    );
    const themes = [];
    for (const { slug } of list.data) {
      themes.push(
        (await expectJson(await ctx.request(`/api/profile/public/category/${slug}`), 200, PublicCategoryResponseSchema))
          .data,
      );
    }
    expect((await progress()).rows).toEqual(assessProfile(themes).rows);
  });

  test('a draft never counts; once published it does, at once (the public cache is cleared)', async () => {
    const before = rowOf((await progress()).rows, DRAFTED)!;
    await figure(DRAFTED, 2016, 40, false);
    await figure(DRAFTED, 2022, 50, false);
    expect(rowOf((await progress()).rows, DRAFTED)).toEqual(before);
    await figure(DRAFTED, 2016, 40, true);
    await figure(DRAFTED, 2022, 50, true);
    expect(rowOf((await progress()).rows, DRAFTED)).toMatchObject({
      base_year: 2015,
      latest_year: 2022,
      latest_value: 50,
      points: 2,
    });
  });

  test('from the public cache: an ETag, no-cache, and a 304 for the same answer', async () => {
    const first = await ctx.request(PATH);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await ctx.request(PATH, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});
