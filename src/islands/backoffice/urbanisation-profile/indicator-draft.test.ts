import { describe, expect, it } from 'vitest';
import { IndicatorSaveBodySchema } from '../../../lib/urbanisation-profile/indicator-schema.ts';
import type { Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { bodyOf, draftOf, moved } from './indicator-draft.ts';

const indicator: Indicator = {
  code: 'SLUM_PCT',
  category: 'housing',
  name: 'Urban population living in slums (%)',
  unit: '%',
  answer_type: 'pct',
  decimals: 1,
  min: null,
  max: null,
  expected_min: null,
  expected_max: null,
  source: 'UN-Habitat',
  source_series: null,
  licence: null,
  sdg_ref: '11.1.1',
  progress: null,
  sort: 1,
  retired_at: null,
  version: 1,
  updated_at: '2026-12-01T00:00:00.000Z',
};

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

  it('sends the progress setting the server’s schema takes: a fixed value, the champion area, or none', () => {
    const withProgress = (over: Partial<typeof typed>) =>
      bodyOf({ ...typed, ...over }, { category: 'x', version: 2 }).body?.progress;
    expect(withProgress({ progress_direction: 'higher', progress_target: 'fixed', progress_value: '1,000' })).toEqual({
      direction: 'higher',
      target: { kind: 'fixed', value: 1000 },
    });
    const champion = withProgress({ progress_direction: 'lower', progress_target: 'champion', progress_value: '7' });
    expect(champion).toEqual({ direction: 'lower', target: { kind: 'champion' } });
    expect(IndicatorSaveBodySchema.parse({ code: 'A', progress: champion, version: 2 }).progress).toEqual(champion);
    expect(withProgress({ progress_direction: '', progress_value: '100' })).toBeNull();
    // Opened again, the form shows what was saved.
    const saved = { direction: 'lower', target: { kind: 'fixed', value: 0 } } as const;
    const draft = draftOf({ ...indicator, progress: saved });
    expect(draft).toMatchObject({ progress_direction: 'lower', progress_target: 'fixed', progress_value: '0' });
  });

  it('a fixed target needs its value, as a number', () => {
    for (const value of ['', 'all']) {
      const { errors } = bodyOf(
        { ...typed, progress_direction: 'higher', progress_target: 'fixed', progress_value: value },
        { category: 'x', version: 2 },
      );
      expect(Object.keys(errors ?? {})).toEqual(['progress.target.value']);
    }
  });

  it('moves one place up or down, never past either end', () => {
    expect(moved(['A', 'B', 'C'], 'C', -1)).toEqual(['A', 'C', 'B']);
    expect(moved(['A', 'B', 'C'], 'A', 1)).toEqual(['B', 'A', 'C']);
    expect(moved(['A', 'B', 'C'], 'A', -1)).toBeNull();
    expect(moved(['A', 'B', 'C'], 'C', 1)).toBeNull();
  });
});
