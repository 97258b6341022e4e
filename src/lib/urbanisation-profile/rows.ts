import type { EngineOptions } from '../questionnaires/engine.ts';
import type { QuestionRules } from '../questionnaires/schema.ts';
import { PROFILE_YEAR_MIN, type Indicator } from './schema.ts';

/**
 * The engine's options for a dataset of `year`: figures may date from PROFILE_YEAR_MIN (the
 * profile's series reach back before the SDG period that bounds national reports) to `year`.
 */
export function profileEngineOptions(year: number): EngineOptions {
  return { cycleYear: year, dataYearMin: PROFILE_YEAR_MIN };
}

/** An indicator read as a numeric question of the questionnaire engine (DESIGN.md §11). */
export function indicatorRules(indicator: Indicator): QuestionRules {
  return {
    code: indicator.code,
    question_tier: 2,
    answer_type: indicator.answer_type,
    unit: indicator.unit,
    options: [],
    min: indicator.min,
    max: indicator.max,
    expected_min: indicator.expected_min,
    expected_max: indicator.expected_max,
    decimals: indicator.decimals,
    parts: [],
    with_text: false,
    compulsory: false,
  };
}

/** The median of `values` (null when empty). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
