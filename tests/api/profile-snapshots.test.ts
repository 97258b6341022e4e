/**
 * Issue 16, item 6 for the urbanisation profile (decision 033): publication is a snapshot. A
 * country changing the figures or narrative of a published dataset makes it a draft; the public
 * theme, country pages and the files built from them (chart, CSV, JSON) keep the published
 * version until an administrator publishes the dataset again; withdrawing takes it off. Rebuilds
 * are asked for only when the public profile changes.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { ChangeEvent } from '../../src/lib/events/change-events.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import {
  DatasetResponseSchema,
  DatasetSchema,
  GridResponseSchema,
  PublicCategoryResponseSchema,
  PublicCountryResponseSchema,
  type Dataset,
} from '../../src/lib/urbanisation-profile/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const ctx = await createTestContext();
const CATEGORY = 'demography-urbanisation';
const YEAR = 2031;
const PATH = `/api/profile/analytics/${CATEGORY}/PH/${YEAR}`;
const StrictDataset = deepStrict(DatasetResponseSchema);
const events: ChangeEvent[] = [];
ctx.deps.changes.onCommit('test-probe', { domains: ['profile'] }, (event) => events.push(event));

const NARRATIVE = {
  published: 'Urban growth follows the coast.',
  revised: 'การเติบโตของเมือง · 城市增长 · رشد شهری · Рост городов',
};

let admin: TestUser;
let stateAdmin: TestUser;
let vnAdmin: TestUser;
beforeAll(async () => {
  [admin, stateAdmin, vnAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
    createUser(ctx, { role: 'state_admin', country: 'VN' }),
  ]);
});

const post = (path: string, user: TestUser, json: unknown) =>
  ctx.request(path, { method: 'POST', token: user.token, json });
const saved = async (user: TestUser, body: Record<string, unknown>): Promise<Dataset> =>
  (await expectJson(await post(`${PATH}/saved`, user, body), 200, StrictDataset)).data;
const published = async (flag: boolean, version: number): Promise<Dataset> =>
  (await expectJson(await post(`${PATH}/publish`, admin, { published: flag, version }), 200, StrictDataset)).data;

/** What the public theme page shows of PH in YEAR: its share of urban population and its narrative. */
async function publicTheme(): Promise<{
  value: number | undefined;
  source: string | null | undefined;
  narrative: string | undefined;
}> {
  const { data } = await expectJson(
    await ctx.request(`/api/profile/public/category/${CATEGORY}`),
    200,
    PublicCategoryResponseSchema,
  );
  const figure = data.indicators
    .find((i) => i.code === 'URB_POP_PCT')!
    .values.find((v) => v.country_code === 'PH' && v.year === YEAR);
  return {
    value: figure?.value,
    source: figure?.source,
    narrative: data.narratives.find((n) => n.country_code === 'PH' && n.year === YEAR)?.narrative,
  };
}
async function publicCountryLatest(): Promise<number | undefined> {
  const { data } = await expectJson(
    await ctx.request('/api/profile/public/country/PH'),
    200,
    PublicCountryResponseSchema,
  );
  const latest = data.categories
    .find((c) => c.slug === CATEGORY)!
    .indicators.find((i) => i.code === 'URB_POP_PCT')!.latest;
  return latest?.year === YEAR ? latest.value : undefined;
}
const siteChanges = () => events.map((e) => [e.type, e.site]);

describe('a published dataset changed by its country', () => {
  let dataset: Dataset;
  beforeAll(async () => {
    dataset = await saved(stateAdmin, {
      values: [{ indicator: 'URB_POP_PCT', value: 48.1, source: 'PSA census' }],
      narrative: NARRATIVE.published,
    });
    dataset = await published(true, dataset.version);
  });

  test(
    'the change makes it a draft; the public theme and ' + 'country pages keep the published figures and narrative',
    async () => {
      expect(await publicTheme()).toEqual({ value: 48.1, source: 'PSA census', narrative: NARRATIVE.published });
      events.length = 0;
      dataset = await saved(stateAdmin, {
        values: [{ indicator: 'URB_POP_PCT', value: 52.7, source: 'สำนักงานสถิติ · 统计局 · مرکز آمار · Росстат' }],
        version: dataset.version,
      });
      expect(dataset).toMatchObject({ status: 'draft', public_copy_kept_at: expect.any(String) });
      const keptAt = dataset.public_copy_kept_at;
      dataset = await saved(stateAdmin, { narrative: NARRATIVE.revised, version: dataset.version });
      expect(dataset).toMatchObject({ status: 'draft', public_copy_kept_at: keptAt, narrative: NARRATIVE.revised });
      expect(siteChanges()).toEqual([
        ['profile.figure.saved', false],
        ['profile.figure.saved', false],
      ]);
      expect(await publicTheme()).toEqual({ value: 48.1, source: 'PSA census', narrative: NARRATIVE.published });
      expect(await publicCountryLatest()).toBe(48.1);
      const grid = await expectJson(
        await ctx.request(`/api/profile/analytics/${CATEGORY}`, { token: stateAdmin.token }),
        200,
        deepStrict(GridResponseSchema),
      );
      expect(grid.data.cells.find((c) => c.year === YEAR)).toMatchObject({ status: 'draft', public_copy: true });
    },
  );

  test('a stale version 409, another country 403, bad figures 400: the kept version untouched', async () => {
    const stale = await post(`${PATH}/saved`, stateAdmin, {
      values: [{ indicator: 'URB_POP_PCT', value: 1 }],
      version: dataset.version - 1,
    });
    expect(
      (await expectJson(stale, 409, GenericResponseSchema.extend({ current: DatasetSchema }))).current,
    ).toMatchObject({ version: dataset.version });
    await expectError(
      await post(`${PATH}/saved`, vnAdmin, {
        values: [{ indicator: 'URB_POP_PCT', value: 1 }],
        version: dataset.version,
      }),
      403,
    );
    await expectError(await post(`${PATH}/publish`, stateAdmin, { published: true, version: dataset.version }), 403);
    await expectError(
      await post(`${PATH}/saved`, stateAdmin, {
        values: [{ indicator: 'URB_POP_PCT', value: 'half' }],
        version: dataset.version,
      }),
      400,
      { fields: ['values.0.value'] },
    );
    await expectError(
      await post(`${PATH}/saved`, stateAdmin, {
        values: [{ indicator: 'URB_POP_PCT', value: 140 }],
        version: dataset.version,
      }),
      400,
      { fields: ['values.0.value'] },
    );
    await expectError(await post(`${PATH}/publish`, admin, { published: 'yes', version: dataset.version }), 400, {
      fields: ['published'],
    });
    expect(await publicTheme()).toEqual({ value: 48.1, source: 'PSA census', narrative: NARRATIVE.published });
  });

  test('published again: the public profile shows the new version (one site change)', async () => {
    events.length = 0;
    dataset = await published(true, dataset.version);
    expect(dataset).toMatchObject({ status: 'published', public_copy_kept_at: null });
    expect(siteChanges()).toEqual([['profile.figure.published', true]]);
    expect(await publicTheme()).toEqual({
      value: 52.7,
      source: 'สำนักงานสถิติ · 统计局 · مرکز آمار · Росстат',
      narrative: NARRATIVE.revised,
    });
    expect(await publicCountryLatest()).toBe(52.7);
  });

  test('saving the same figures again changes nothing public and keeps it published', async () => {
    events.length = 0;
    dataset = await saved(stateAdmin, {
      values: [{ indicator: 'URB_POP_PCT', value: 52.7 }],
      version: dataset.version,
    });
    expect(dataset).toMatchObject({ status: 'published', public_copy_kept_at: null });
    expect(siteChanges()).toEqual([['profile.figure.saved', false]]);
  });

  test('withdrawn while changed: the kept version goes too (one site change)', async () => {
    dataset = await saved(stateAdmin, { values: [{ indicator: 'URB_POP_PCT', value: 53 }], version: dataset.version });
    expect(await publicTheme()).toMatchObject({ value: 52.7 });
    events.length = 0;
    dataset = await published(false, dataset.version);
    expect(dataset).toMatchObject({
      status: 'draft',
      public_copy_kept_at: null,
      values: [expect.objectContaining({ value: 53 })],
    });
    expect(siteChanges()).toEqual([['profile.figure.withdrawn', true]]);
    expect(await publicTheme()).toEqual({ value: undefined, source: undefined, narrative: undefined });
    expect(await publicCountryLatest()).toBeUndefined();
    // Withdrawing a draft that shows nothing changes nothing public.
    events.length = 0;
    dataset = await published(false, dataset.version);
    expect(siteChanges()).toEqual([['profile.figure.withdrawn', false]]);
  });
});
