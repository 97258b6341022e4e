import type { IndicatorSaveBody } from '../../../lib/urbanisation-profile/indicator-schema.ts';
import type {
  Indicator,
  INDICATOR_TYPES,
  PROGRESS_DIRECTIONS,
  PROGRESS_TARGET_KINDS,
} from '../../../lib/urbanisation-profile/schema.ts';
import type { FieldErrors } from '../lib/field-errors.ts';
import { m } from './messages.ts';

/** The indicator form's fields as typed (numbers too are text until saved). */
export interface IndicatorDraft {
  code: string;
  name: string;
  unit: string;
  answer_type: (typeof INDICATOR_TYPES)[number];
  decimals: string;
  source: string;
  source_series: string;
  licence: string;
  sdg_ref: string;
  expected_min: string;
  expected_max: string;
  /** How progress towards 2030 is scored: '' is not scored. */
  progress_direction: '' | (typeof PROGRESS_DIRECTIONS)[number];
  progress_target: (typeof PROGRESS_TARGET_KINDS)[number];
  /** The fixed target, as typed (kept while the champion area is chosen, in case the person comes back). */
  progress_value: string;
}

export function draftOf(indicator: Indicator | null): IndicatorDraft {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    code: indicator?.code ?? '',
    name: indicator?.name ?? '',
    unit: text(indicator?.unit),
    answer_type: indicator?.answer_type ?? 'num',
    decimals: text(indicator?.decimals),
    source: indicator?.source ?? '',
    source_series: text(indicator?.source_series),
    licence: text(indicator?.licence),
    sdg_ref: text(indicator?.sdg_ref),
    expected_min: text(indicator?.expected_min),
    expected_max: text(indicator?.expected_max),
    progress_direction: indicator?.progress?.direction ?? '',
    progress_target: indicator?.progress?.target.kind ?? 'fixed',
    progress_value: indicator?.progress?.target.kind === 'fixed' ? String(indicator.progress.target.value) : '',
  };
}

/** The progress setting of a draft, or the message for its target value; null: not scored. */
function progressOf(draft: IndicatorDraft): { progress: IndicatorSaveBody['progress']; error: string | null } {
  const direction = draft.progress_direction;
  if (direction === '') return { progress: null, error: null };
  if (draft.progress_target === 'champion')
    return { progress: { direction, target: { kind: 'champion' } }, error: null };
  const value = numberOf(draft.progress_value);
  if (value === null) return { progress: null, error: m('draft.targetRequired') };
  if (Number.isNaN(value)) return { progress: null, error: m('draft.target') };
  return { progress: { direction, target: { kind: 'fixed', value } }, error: null };
}

/** A typed number: blank is null, '1,250.5' is 1250.5, anything else NaN. */
function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The save body of a draft, or the fields a person must correct first. A new indicator names its
 * theme; an edit sends the version it is based on (the code never changes).
 */
export function bodyOf(
  draft: IndicatorDraft,
  target: { category: string; version: number | null },
): { body: IndicatorSaveBody; errors: null } | { body: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const decimals = numberOf(draft.decimals);
  if (decimals !== null && (!Number.isInteger(decimals) || decimals < 0)) errors['decimals'] = [m('draft.decimals')];
  const expectedMin = numberOf(draft.expected_min);
  const expectedMax = numberOf(draft.expected_max);
  if (Number.isNaN(expectedMin)) errors['expected_min'] = [m('draft.min')];
  if (Number.isNaN(expectedMax)) errors['expected_max'] = [m('draft.max')];
  if (!draft.code.trim()) errors['code'] = [m('draft.required')];
  if (!draft.name.trim()) errors['name'] = [m('draft.required')];
  if (!draft.source.trim()) errors['source'] = [m('draft.required')];
  const { progress, error } = progressOf(draft);
  // Named as the API names it, so the server's message for the same field shows in the same place.
  if (error) errors['progress.target.value'] = [error];
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return {
    body: {
      code: draft.code.trim().toUpperCase(),
      ...(target.version === null ? { category: target.category } : { version: target.version }),
      name: draft.name,
      unit: draft.unit,
      answer_type: draft.answer_type,
      decimals,
      source: draft.source,
      source_series: draft.source_series,
      licence: draft.licence,
      sdg_ref: draft.sdg_ref,
      expected_min: expectedMin,
      expected_max: expectedMax,
      progress,
    },
    errors: null,
  };
}

/** Indicators in the order the server keeps them: by position, then code. */
export function inOrder(list: readonly Indicator[]): Indicator[] {
  return [...list].sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
}

/** The codes after moving `code` one place up (-1) or down (+1); null at either end. */
export function moved(codes: readonly string[], code: string, by: -1 | 1): string[] | null {
  const from = codes.indexOf(code);
  const to = from + by;
  if (from < 0 || to < 0 || to >= codes.length) return null;
  const next = [...codes];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
