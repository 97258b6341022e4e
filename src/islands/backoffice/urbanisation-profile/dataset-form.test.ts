import { describe, expect, it } from 'vitest';
import type { Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { profileEngineOptions } from '../../../lib/urbanisation-profile/rows.ts';
import { checkRaw, rawOf } from '../questionnaire/raw-answer.ts';
import { answersOf, indicatorQuestion, NARRATIVE, narrativeQuestion } from './dataset-form.ts';

const URBAN: Indicator = {
  code: 'URB_POP_PCT',
  category: 'demography-urbanisation',
  name: 'Urban population (% of total population)',
  unit: '%',
  answer_type: 'pct',
  decimals: 2,
  min: null,
  max: null,
  expected_min: null,
  expected_max: null,
  source: 'UN DESA',
  source_series: 'SP.URB.TOTL.IN.ZS',
  licence: 'CC BY 4.0',
  sdg_ref: null,
  sort: 1,
  retired_at: null,
  version: 1,
  updated_at: '2026-01-01T00:00:00.000Z',
};

const figure = (indicator: string, value: number, dataYear: number) => ({
  indicator,
  value,
  data_year: dataYear,
  source: 'WUP 2018',
  is_estimate: true,
  note: null,
});

describe('the profile’s figures in the questionnaire form', () => {
  it(
    'a 2010 figure is saved, not invalid (the profile accepts data years from 1950); a retired indicator’s ' +
      'figure is left out',
    () => {
      const answers = answersOf({
        values: [figure('URB_POP_PCT', 45.3, 2010), figure('RETIRED_ONE', 3, 2010)],
        version: 4,
        updated_at: '2026-01-01T00:00:00.000Z',
        updated_by: null,
        year: 2010,
        indicators: [URBAN],
        warnings: {},
      });
      expect(answers.map((a) => [a.question_uuid, a.state])).toEqual([['URB_POP_PCT', 'saved']]);
    },
  );

  it('what a person types is checked with the profile’s years', () => {
    const question = indicatorQuestion(URBAN, 0);
    const typed = { ...rawOf(question, null), value: '45.3', data_year: '2000' };
    expect(checkRaw(question, typed, profileEngineOptions(2010)).errors).toBeNull();
    expect(checkRaw(question, typed, { dataYearMax: 2010 }).errors).toEqual({ data_year: ['must be 2015 or later'] });
    expect(checkRaw(question, { ...typed, data_year: '1949' }, profileEngineOptions(2010)).errors).toEqual({
      data_year: ['must be 1950 or later'],
    });
  });

  it('the narrative is an answer of the form too, a text checked by the engine (any script)', () => {
    const text = 'การขยายตัวของเมือง · 城市化加快 · شهرنشینی شتاب گرفت · Урбанизация ускорилась';
    const base = { values: [], version: 2, updated_at: '2026-01-01T00:00:00.000Z', updated_by: null, year: 2010 };
    expect(answersOf({ ...base, narrative: text }).map((a) => [a.question_uuid, a.value])).toEqual([[NARRATIVE, text]]);
    expect(answersOf({ ...base, narrative: null })).toEqual([]);
    const question = narrativeQuestion(1);
    expect(checkRaw(question, { ...rawOf(question, null), value: text }, profileEngineOptions(2010)).errors).toBeNull();
  });
});
