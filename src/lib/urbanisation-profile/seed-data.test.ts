import { describe, expect, test } from 'vitest';
import { answerState, answerWarnings } from '../questionnaires/engine.ts';
import type { QuestionRules } from '../questionnaires/schema.ts';
import { profileEngineOptions } from './rows.ts';
import {
  demoFigures,
  PROFILE_FIGURE_SEED,
  PROFILE_INDICATOR_SEED,
  type FigureSeed,
  type IndicatorSeed,
} from './seed-data.ts';

/** A seeded indicator as the engine reads it (the same rules as rows.ts `indicatorQuestion`). */
function rulesOf(seed: IndicatorSeed): QuestionRules {
  return {
    code: seed.code,
    source_required: false,
    answer_type: seed.type,
    unit: seed.unit,
    options: [],
    min: seed.min ?? null,
    max: seed.max ?? null,
    expected_min: seed.expectedMin ?? null,
    expected_max: seed.expectedMax ?? null,
    decimals: seed.decimals,
    parts: [],
    with_text: false,
    compulsory: false,
  };
}

const indicators = new Map(PROFILE_INDICATOR_SEED.map((i) => [i.code, rulesOf(i)]));
const fields = (f: FigureSeed) => ({ value: f.value, data_year: f.year, source: f.source, comment: f.note ?? null });

describe('the seeded figures meet their indicators’ rules', () => {
  const figures = [
    ...PROFILE_FIGURE_SEED.map((f) => ['reference', f] as const),
    ...demoFigures().map((f) => ['demo', f] as const),
  ];

  test.each(figures.map(([kind, f]) => [`${kind} ${f.indicator} ${f.country} ${f.year}`, f] as const))(
    '%s: saved, no warning',
    (_, figure) => {
      const rules = indicators.get(figure.indicator);
      expect(rules, `indicator ${figure.indicator} is seeded`).toBeDefined();
      expect(answerState(rules!, fields(figure), profileEngineOptions(figure.year))).toBe('saved');
      expect(answerWarnings(rules!, figure.value)).toEqual([]);
    },
  );

  test('the demo series reach back before 2015, which national reports would refuse', () => {
    const early = demoFigures().filter((f) => f.year < 2015);
    expect(early.length).toBeGreaterThan(0);
    for (const f of early)
      expect(answerState(indicators.get(f.indicator)!, fields(f), { dataYearMax: f.year })).toBe('invalid');
  });
});
