import { computed, type ReadableAtom } from 'nanostores';
import {
  reviewFlags,
  reviewIndex,
  type ReviewAnswer,
  type ReviewFlag,
} from '../../../lib/questionnaires/review-rules.ts';
import type { AnswerValue, FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { formatNumber } from '../ui/format.ts';
import { m } from './messages.ts';
import { parseNumber, type RawAnswer } from './raw-answer.ts';

/**
 * The review rules as the person types (decision 078): the engine's one check (review-rules.ts) on what the inputs
 * show now, with the previous cycle's answers the form was loaded with — in the browser, offline too. A flag is no
 * error: the answer saves, and an explanation says why it stands.
 */

/** A typed value as the rules read it: a number being typed that is not one yet is no value. */
function typedValue(question: FormQuestion, raw: RawAnswer): AnswerValue {
  const scalar = (text: string): number | boolean | null => {
    if (question.answer_type === 'yn') return text === 'yes' ? true : text === 'no' ? false : null;
    const n = parseNumber(text);
    return n === null || Number.isNaN(n) ? null : n;
  };
  const { value } = raw;
  if (question.parts.length > 0) {
    const parts = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
    return Object.fromEntries(question.parts.map((p) => [p.key, scalar(parts[p.key] ?? '')]));
  }
  if (Array.isArray(value)) return value.length ? value : null;
  if (typeof value !== 'string') return null;
  if (['pct', 'num', 'int', 'yn'].includes(question.answer_type)) return scalar(value);
  return value.trim() === '' ? null : value;
}

/** Each question's flags (by uuid) as the inputs stand: recounted on every key, in well under a millisecond. */
export function createFlags(
  questions: readonly FormQuestion[],
  $raw: ReadableAtom<Record<string, RawAnswer>>,
  previous: readonly { question_uuid: string; value: AnswerValue }[] = [],
): ReadableAtom<Record<string, ReviewFlag[]>> {
  const index = reviewIndex(questions);
  const before = new Map(previous.map((p) => [p.question_uuid, p.value]));
  return computed($raw, (raw) => {
    const answers = new Map<string, ReviewAnswer>();
    for (const question of questions) {
      const typed = raw[question.uuid];
      if (typed) answers.set(question.uuid, { value: typedValue(question, typed), text: typed.text });
    }
    const out: Record<string, ReviewFlag[]> = {};
    for (const flag of reviewFlags(index, answers, before)) (out[flag.question] ??= []).push(flag);
    return out;
  });
}

const shown = (v: string | number | undefined) => (typeof v === 'number' ? formatNumber(v) : (v ?? ''));

/** A flag as a sentence in the page's language. */
export function flagText(flag: ReviewFlag): string {
  const v = flag.values;
  const lead = v['part'] ? `${v['part']}: ` : '';
  switch (flag.rule) {
    case 'expected_range':
      return (
        lead +
        (v['min'] !== undefined
          ? m('review.below', { value: shown(v['value']), min: shown(v['min']) })
          : m('review.above', { value: shown(v['value']), max: shown(v['max']) }))
      );
    case 'expected_change':
      return (
        lead +
        m('review.change', {
          value: shown(v['value']),
          previous: shown(v['previous']),
          change: shown(v['change']),
          limit: shown(v['limit']),
        })
      );
    case 'compare':
      return m('review.compare', {
        value: shown(v['value']),
        op: String(v['op']),
        other: String(v['other']),
        otherValue: shown(v['otherValue']),
      });
    case 'required_if':
      return m('review.required', { other: String(v['other']), equals: reviewEquals(v['equals']) });
    case 'outlier':
      return m('review.outlier', { value: shown(v['value']), median: shown(v['median']) });
  }
}

/** "yes"/"no" of a check in the page's language; a choice's label as the form words it. */
function reviewEquals(value: string | number | undefined): string {
  if (value === 'yes') return m('review.yes');
  if (value === 'no') return m('review.no');
  return shown(value);
}
