import { describe, expect, it } from 'vitest';
import type { Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { checkRaw, rawOf } from '../questionnaire/raw-answer.ts';
import { NARRATIVE_QUESTION_UUID, profileEngineOptions } from '../../../lib/urbanisation-profile/rows.ts';
import { answersIn, datasetQuestions, indicatorQuestion, narrativeQuestion } from './dataset-form.ts';

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
  progress: null,
  sort: 1,
  retired_at: null,
  version: 1,
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('the profile’s figures in the questionnaire form', () => {
  it(
    'the form asks the theme’s indicators in use under the answers route’s ids, then the narrative; a retired ' +
      'indicator’s figure is left out',
    () => {
      const read = {
        questions: [
          { uuid: '00000000-0000-4000-8000-000000000001', code: 'URB_POP_PCT' },
          { uuid: '00000000-0000-4000-8000-000000000002', code: 'RETIRED_ONE' },
          { uuid: NARRATIVE_QUESTION_UUID, code: 'narrative' },
        ],
      };
      const questions = datasetQuestions([URBAN], read);
      expect(questions.map((q) => [q.uuid, q.code])).toEqual([
        ['00000000-0000-4000-8000-000000000001', 'URB_POP_PCT'],
        [NARRATIVE_QUESTION_UUID, 'narrative'],
      ]);
      const answer = (question_uuid: string) => ({
        question_uuid,
        value: 3,
        text: null,
        data_year: 2010,
        source: null,
        comment: null,
        state: 'saved' as const,
        warnings: [],
        version: 1,
        updated_at: '2026-01-01T00:00:00.000Z',
        updated_by: null,
      });
      const kept = answersIn(questions, [answer(read.questions[0]!.uuid), answer(read.questions[1]!.uuid)]);
      expect(kept.map((a) => a.question_uuid)).toEqual([read.questions[0]!.uuid]);
    },
  );

  it('what a person types is checked with the profile’s years', () => {
    const question = indicatorQuestion(URBAN, 0, '00000000-0000-4000-8000-000000000001');
    const typed = { ...rawOf(question, null), value: '45.3', data_year: '2000' };
    expect(checkRaw(question, typed, profileEngineOptions(2010)).errors).toBeNull();
    expect(checkRaw(question, typed, { dataYearMax: 2010 }).errors).toEqual({ data_year: ['must be 2015 or later'] });
    expect(checkRaw(question, { ...typed, data_year: '1949' }, profileEngineOptions(2010)).errors).toEqual({
      data_year: ['must be 1950 or later'],
    });
  });

  it('the narrative is a question of the form too, a text checked by the engine (any script)', () => {
    const text = 'การขยายตัวของเมือง · 城市化加快 · شهرنشینی شتاب گرفت · Урбанизация ускорилась';
    const question = narrativeQuestion(1);
    expect(question.uuid).toBe(NARRATIVE_QUESTION_UUID);
    expect(checkRaw(question, { ...rawOf(question, null), value: text }, profileEngineOptions(2010)).errors).toBeNull();
  });
});
