import type { EngineOptions } from '../questionnaires/engine.ts';
import { formQuestion } from '../questionnaires/form-question.ts';
import type { FormQuestion } from '../questionnaires/schema.ts';
import { PROFILE_YEAR_MIN, type Indicator } from './schema.ts';

/**
 * The engine's options for a dataset of `year`: figures may date from PROFILE_YEAR_MIN (the
 * profile's series reach back before the SDG period that bounds national reports) to `year`.
 */
export function profileEngineOptions(year: number): EngineOptions {
  return { dataYearMax: year, dataYearMin: PROFILE_YEAR_MIN };
}

/**
 * An indicator as a question of the profile's form (decision 046): the question the engine's
 * profile catalogue holds (`figures-form.server.ts`, `uuid` made from the indicator's id) and the
 * back-office's figures form renders (`uuid` the code). A numeric question with no choices or
 * parts, in its theme's section; its SDG reference is a tag. Its per-answer text is the estimate
 * mark (`ESTIMATE_MARK`), so `with_text` is true; the form shows it as a checkbox.
 */
export function indicatorQuestion(indicator: Indicator, uuid: string): FormQuestion {
  return formQuestion({
    uuid,
    code: indicator.code,
    section: indicator.category,
    text: indicator.name,
    answer_type: indicator.answer_type,
    unit: indicator.unit,
    min: indicator.min,
    max: indicator.max,
    expected_min: indicator.expected_min,
    expected_max: indicator.expected_max,
    decimals: indicator.decimals,
    with_text: true,
    source_hint: indicator.source,
    tags: indicator.sdg_ref ? [`sdg:${indicator.sdg_ref}`] : [],
    sort: indicator.sort,
    retired_at: indicator.retired_at,
    version: indicator.version,
  });
}

/** The per-answer text of an estimated figure (`profile_figures.estimate`). */
export const ESTIMATE_MARK = 'estimate';

/** The median of `values` (null when empty). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The question id of a dataset's narrative on the answers route (decision 071): a text question of
 * every theme's form, whose answer the dataset's row keeps (`narrative`, `narrative_version`).
 */
export const NARRATIVE_QUESTION_UUID = '00000000-0000-4000-8000-000000000000';
