/**
 * An indicator's progress setting (issue 35 item 1): the direction and the target an administrator
 * sets in the indicator form, saved against the indicator's version, and carried by the public
 * profile data the site and the progress pages read. Through the real app, database and tokens.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { DEFAULT_INDICATOR_METHODS } from '../../src/lib/progress/method.ts';
import {
  IndicatorResponseSchema,
  type IndicatorSaveBody,
} from '../../src/lib/urbanisation-profile/indicator-schema.ts';
import {
  CategoryResponseSchema,
  IndicatorSchema,
  PublicCategoryResponseSchema,
  PublicCountryResponseSchema,
  type Indicator,
} from '../../src/lib/urbanisation-profile/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const ctx = await createTestContext();
const StrictIndicator = deepStrict(IndicatorResponseSchema);
const StrictCategory = deepStrict(CategoryResponseSchema);
const IndicatorConflict = GenericResponseSchema.extend({ current: deepStrict(IndicatorSchema) });
const THEME = 'progress-theme';

let admin: TestUser;
let stateAdmin: TestUser;
const post = (path: string, json: unknown, token = admin.token) =>
  ctx.request(`/api/profile/${path}`, { method: 'POST', token, json });
const save = async (body: IndicatorSaveBody) =>
  (await expectJson(await post('indicator/saved', body), 200, StrictIndicator)).data;
const readBack = async (code: string): Promise<Indicator> => {
  const body = await expectJson(
    await ctx.request(`/api/profile/category/${THEME}`, { token: admin.token }),
    200,
    StrictCategory,
  );
  return body.data.indicators.find((i) => i.code === code)!;
};
let codes = 0;
const newCode = () => `P_${Date.now().toString(36).toUpperCase()}_${codes++}`;
const create = (body: Partial<IndicatorSaveBody> = {}) =>
  save({ code: newCode(), category: THEME, name: 'Households with piped water', source: 'JMP', ...body });

beforeAll(async () => {
  [admin, stateAdmin] = await Promise.all([
    createUser(ctx, { role: 'admin', country: 'JP' }),
    createUser(ctx, { role: 'state_admin', country: 'PH' }),
  ]);
  await expectJson(
    await post('category/saved', { slug: THEME, name: 'Progress theme', published: true }),
    200,
    StrictCategory,
  );
});

describe('an indicator’s progress setting', () => {
  test('is set on creation, changed and cleared against the version, and read back as saved', async () => {
    const fixed = { direction: 'higher', target: { kind: 'fixed', value: 95.5 } } as const;
    const made = await create({ answer_type: 'pct', progress: fixed });
    expect(made.progress).toEqual(fixed);
    expect((await readBack(made.code)).progress).toEqual(fixed);

    const champion = { direction: 'lower', target: { kind: 'champion' } } as const;
    const changed = await save({ code: made.code, progress: champion, version: made.version });
    expect(changed).toMatchObject({ progress: champion, version: made.version + 1 });
    // A save that leaves it out keeps it.
    const renamed = await save({ code: made.code, name: 'Renamed', version: changed.version });
    expect(renamed.progress).toEqual(champion);
    // A champion target may be sent with an empty value, as the form sends it.
    const again = await save({
      code: made.code,
      progress: { direction: 'lower', target: { kind: 'champion', value: null } },
      version: renamed.version,
    });
    expect(again.progress).toEqual(champion);
    const cleared = await save({ code: made.code, progress: null, version: again.version });
    expect(cleared.progress).toBeNull();
    expect((await readBack(made.code)).progress).toBeNull();
    // A new indicator without one is not scored.
    expect((await create()).progress).toBeNull();
  });

  test('a stale save is a 409 carrying the indicator as it is now, and changes nothing', async () => {
    const made = await create({ progress: { direction: 'higher', target: { kind: 'fixed', value: 10 } } });
    const theirs = await save({
      code: made.code,
      progress: { direction: 'lower', target: { kind: 'champion' } },
      version: made.version,
    });
    const response = await post('indicator/saved', { code: made.code, progress: null, version: made.version });
    const body = await expectJson(response, 409, IndicatorConflict);
    expect(body.current.progress).toEqual(theirs.progress);
    expect((await readBack(made.code)).progress).toEqual(theirs.progress);
  });

  test('bad settings are 400s naming the field, with a clear message', async () => {
    const made = await create({ answer_type: 'pct' });
    const send = (progress: unknown) => post('indicator/saved', { code: made.code, progress, version: made.version });
    const fixed = (value: unknown) => ({ direction: 'higher', target: { kind: 'fixed', value } });
    const noTarget = await expectError(await send({ direction: 'higher' }), 400, { fields: ['progress.target'] });
    expect(noTarget.errors!['progress.target']).toEqual([
      'is required with a direction: a fixed value or the champion area',
    ]);
    const noDirection = await expectError(await send({ target: { kind: 'champion' } }), 400, {
      fields: ['progress.direction'],
    });
    expect(noDirection.errors!['progress.direction']).toEqual(['is required with a target: higher or lower']);
    await expectError(await send({ direction: null, target: null }), 400, {
      fields: ['progress.direction', 'progress.target'],
    });
    const noValue = await expectError(await send(fixed(null)), 400, { fields: ['progress.target.value'] });
    expect(noValue.errors!['progress.target.value']).toEqual(['is required for a fixed target']);
    await expectError(await send({ direction: 'higher', target: { kind: 'fixed' } }), 400, {
      fields: ['progress.target.value'],
    });
    await expectError(await send(fixed('100')), 400, { fields: ['progress.target.value'] });
    await expectError(await send(fixed(1e300)), 400, { fields: ['progress.target.value'] });
    // A percentage's target is a percentage.
    await expectError(await send(fixed(120)), 400, { fields: ['progress.target.value'] });
    await expectError(await send({ direction: 'lower', target: { kind: 'champion', value: 3 } }), 400, {
      fields: ['progress.target.value'],
    });
    await expectError(await send({ direction: 'up', target: { kind: 'champion' } }), 400, {
      fields: ['progress.direction'],
    });
    await expectError(await send({ direction: 'lower', target: { kind: 'best' } }), 400, {
      fields: ['progress.target.kind'],
    });
    await expectError(await send({ ...fixed(1), weight: 2 }), 400, { fields: ['progress'] });
    await expectError(await send('higher'), 400, { fields: ['progress'] });
    // Nothing of it was stored.
    expect(await readBack(made.code)).toMatchObject({ progress: null, version: made.version });
  });

  test('only an administrator of the overview may set it (403)', async () => {
    const made = await create();
    const progress = { direction: 'higher', target: { kind: 'champion' } };
    const refused = await post(
      'indicator/saved',
      { code: made.code, progress, version: made.version },
      stateAdmin.token,
    );
    await expectError(refused, 403);
    expect((await readBack(made.code)).progress).toBeNull();
  });

  test('the public profile data carry it, for the site build and the progress pages', async () => {
    const progress = { direction: 'lower', target: { kind: 'fixed', value: 0 } } as const;
    const made = await create({ progress });
    const category = await expectJson(
      await ctx.request(`/api/profile/public/category/${THEME}`),
      200,
      deepStrict(PublicCategoryResponseSchema),
    );
    expect(category.data.indicators.find((i) => i.code === made.code)?.progress).toEqual(progress);
    const country = await expectJson(
      await ctx.request('/api/profile/public/country/PH'),
      200,
      deepStrict(PublicCountryResponseSchema),
    );
    const indicators = country.data.categories.find((c) => c.slug === THEME)?.indicators ?? [];
    expect(indicators.find((i) => i.code === made.code)?.progress).toEqual(progress);
  });
});

test('the seed gives the indicators of the method their default setting, the others none', async () => {
  const body = await expectJson(
    await ctx.request('/api/profile/public/category/basic-services'),
    200,
    deepStrict(PublicCategoryResponseSchema),
  );
  const { indicators } = body.data;
  const electricity = indicators.find((i) => i.code === 'ELECTRICITY_URBAN_PCT');
  expect(electricity?.progress).toEqual({ direction: 'higher', target: { kind: 'fixed', value: 100 } });
  for (const indicator of indicators) {
    const method = DEFAULT_INDICATOR_METHODS[indicator.code];
    expect(indicator.progress, indicator.code).toEqual(
      method ? { direction: method.direction, target: method.target } : null,
    );
  }
});
