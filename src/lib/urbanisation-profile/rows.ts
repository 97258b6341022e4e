import type { QuestionRules } from '../questionnaires/schema.ts';
import type { Indicator } from './schema.ts';

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
