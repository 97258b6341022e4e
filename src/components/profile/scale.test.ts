import { describe, expect, test } from 'vitest';
import { PROFILE_INDICATOR_SEED } from '../../lib/urbanisation-profile/seed-data.ts';
import { isShare } from './scale.ts';

const seeded = (code: string) => {
  const i = PROFILE_INDICATOR_SEED.find((s) => s.code === code)!;
  return { unit: i.unit, min: i.min ?? null, max: i.max ?? null };
};

describe('the scale of a theme page’s bars and map', () => {
  test('a share out of 100 keeps the 0 to 100 scale', () => {
    expect(
      ['URB_POP_PCT', 'SLUM_PCT', 'CLEAN_COOKING_URBAN_PCT', 'EMPLOYMENT_RATIO_PCT'].map((c) => isShare(seeded(c))),
    ).toEqual([true, true, true, true]);
  });

  test('a growth rate in % is drawn on its own values (Iran’s −10.7 is not “0% to 25%”)', () => {
    expect(['URB_GROWTH', 'GDP_PER_CAPITA_GROWTH', 'GDP_PER_WORKER_GROWTH'].map((c) => isShare(seeded(c)))).toEqual([
      false,
      false,
      false,
    ]);
  });

  test('a figure in other units is never a share', () => {
    expect(isShare({ unit: 'µg/m³', min: 0, max: 100 })).toBe(false);
    expect(isShare({ unit: null, min: 0, max: 1 })).toBe(false);
  });
});
