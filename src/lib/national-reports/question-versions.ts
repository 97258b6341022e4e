import type { Question } from './question-schema.ts';

/**
 * A question's wording (decision 026): what a person answers against. A change of any of these
 * fields makes a new version of the question; reports whose answers were locked keep the version
 * they were answered against. The code, thrust, subcategory, tier, references and order are the
 * question's place in the catalogue and follow it everywhere.
 */
export const WORDING_FIELDS = [
  'text',
  'help',
  'answer_type',
  'unit',
  'options',
  'min',
  'max',
  'expected_min',
  'expected_max',
  'decimals',
  'parts',
  'with_text',
  'text_label',
  'compulsory',
  'source_hint',
  // The review rules the answers were checked against (decision 078): a closed cycle keeps them.
  'expected_change',
  'checks',
] as const satisfies readonly (keyof Question)[];

export type QuestionWording = Pick<Question, (typeof WORDING_FIELDS)[number]>;

/** The wording fields of a question. */
export function wordingOf(q: Question): QuestionWording {
  const out: Record<string, unknown> = {};
  for (const field of WORDING_FIELDS) out[field] = q[field];
  return out as QuestionWording;
}

/** JSON with object keys in one order (jsonb gives a stored choice's keys in its own order). */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Whether two questions read the same to the person answering. */
export function sameWording(a: Question, b: Question): boolean {
  return WORDING_FIELDS.every((field) => stableJson(a[field]) === stableJson(b[field]));
}

/** The question with an older wording laid over it (fields the stored wording lacks stay). */
export function withWording(q: Question, wording: Partial<QuestionWording> | Record<string, unknown>): Question {
  const out: Record<string, unknown> = { ...q };
  for (const field of WORDING_FIELDS) if (field in wording) out[field] = (wording as Record<string, unknown>)[field];
  return out as Question;
}

/** A report's pins (question id → wording version), as stored: null or an object. */
export type QuestionPins = Readonly<Record<string, number>> | null | undefined;

/** A short, stable key of a set of pins (memo keys, completeness bases). */
export function pinsKey(pins: QuestionPins): string {
  if (!pins) return '';
  return Object.entries(pins)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([id, n]) => `${id}.${n}`)
    .join(',');
}
