import { describe, expect, it } from 'vitest';
import { IndicatorSaveBodySchema } from '../../../lib/urbanisation-profile/indicator-schema.ts';
import { bodyOf, draftOf, moved } from './indicator-draft.ts';

describe('the indicator form', () => {
  const typed = {
    ...draftOf(null),
    code: 'waste_pct',
    name: 'Waste collected (%)',
    answer_type: 'pct' as const,
    unit: '%',
    decimals: '1',
    source: 'UN-Habitat',
    expected_min: '5',
    expected_max: '1,000',
  };

  it(
    'a new indicator names its theme; numbers are read, blanks cleared, the code in capitals; the server’s ' +
      'schema takes it',
    () => {
      const { body } = bodyOf(typed, { category: 'environment-climate', version: null });
      expect(body).toMatchObject({
        code: 'WASTE_PCT',
        category: 'environment-climate',
        decimals: 1,
        expected_min: 5,
        expected_max: 1000,
        sdg_ref: '',
        licence: '',
      });
      expect(body).not.toHaveProperty('version');
      const parsed = IndicatorSaveBodySchema.parse(body);
      expect(parsed).toMatchObject({ sdg_ref: null, licence: null, source_series: null });
    },
  );

  it('an edit sends the version it is based on, not the theme', () => {
    const { body } = bodyOf(typed, { category: 'environment-climate', version: 3 });
    expect(body).toMatchObject({ version: 3 });
    expect(body).not.toHaveProperty('category');
  });

  it('says what to correct before anything is sent', () => {
    const { errors } = bodyOf(
      { ...typed, name: ' ', decimals: '1.5', expected_min: 'five' },
      { category: 'x', version: null },
    );
    expect(Object.keys(errors ?? {}).sort()).toEqual(['decimals', 'expected_min', 'name']);
  });

  it('moves one place up or down, never past either end', () => {
    expect(moved(['A', 'B', 'C'], 'C', -1)).toEqual(['A', 'C', 'B']);
    expect(moved(['A', 'B', 'C'], 'A', 1)).toEqual(['B', 'A', 'C']);
    expect(moved(['A', 'B', 'C'], 'A', -1)).toBeNull();
    expect(moved(['A', 'B', 'C'], 'C', 1)).toBeNull();
  });
});
