import { isAnswered } from './engine.ts';
import type { AnswerValue, Check, CheckOp, FormQuestion } from './schema.ts';

/**
 * The review rules of a form (decision 078): pure, the same code in the data-entry kit (as the person types, offline
 * too) and on the server (the reviewer's list, the submission). An answer is flagged, never refused: outside the
 * expected range, changed from the instance's previous answer by more than the expected change, breaking a comparison
 * with another question ("Q05 ≤ Q04"), or missing while another answer asks for it ("if Q02 is yes, Q03 is
 * required"). The reviewer also sees answers far from the other instances' (`outlierStats`). The engine knows no
 * form: the previous answers and the other instances' values are the caller's.
 */

export const REVIEW_RULES = ['expected_range', 'expected_change', 'compare', 'required_if', 'outlier'] as const;
export type ReviewRule = (typeof REVIEW_RULES)[number];

/** What the rules read of a question (a FormQuestion satisfies it). */
export type ReviewQuestion = Pick<
  FormQuestion,
  | 'uuid'
  | 'code'
  | 'answer_type'
  | 'unit'
  | 'options'
  | 'parts'
  | 'with_text'
  | 'expected_min'
  | 'expected_max'
  | 'expected_change'
  | 'checks'
>;

/** What the rules read of an answer. */
export interface ReviewAnswer {
  value: AnswerValue | undefined;
  text?: string | null | undefined;
}

type FlagValues = Record<string, string | number>;

/** One flag on one answer: the rule, and its message as an English ICU message (its key) with the values. */
export interface ReviewFlag {
  /** The flagged question's uuid and code. */
  question: string;
  code: string;
  rule: ReviewRule;
  message: string;
  values: FlagValues;
}

/** The messages of the flags (keys of the API's catalogues; the kit words the same by rule). */
const FLAG_MESSAGES = {
  below: '{value} is below the expected range (at least {min})',
  above: '{value} is above the expected range (at most {max})',
  change: '{value} differs from the previous answer ({previous}) by {change} %, more than the expected ±{limit} %',
  compare:
    '{value} should be {op, select, lte {at most} lt {less than} gte {at least} gt {more than} other {equal to}} ' +
    'the answer to {other} ({otherValue})',
  required: 'an answer is expected when {other} is {equals}',
  outlier: '{value} is far from the other answers to this question (median {median})',
} as const;

/** The questions of a form indexed once: by uuid and code, and those that have any rule. */
export interface ReviewIndex {
  byUuid: ReadonlyMap<string, ReviewQuestion>;
  byCode: ReadonlyMap<string, ReviewQuestion>;
  ruled: readonly ReviewQuestion[];
}

export function reviewIndex(questions: readonly ReviewQuestion[]): ReviewIndex {
  const byUuid = new Map<string, ReviewQuestion>();
  const byCode = new Map<string, ReviewQuestion>();
  const ruled: ReviewQuestion[] = [];
  for (const q of questions) {
    byUuid.set(q.uuid, q);
    byCode.set(q.code, q);
    if (q.expected_min !== null || q.expected_max !== null || q.expected_change !== null || q.checks.length > 0)
      ruled.push(q);
  }
  return { byUuid, byCode, ruled };
}

const NUMERIC = new Set(['pct', 'num', 'int']);

/** A number rounded for a message (at most 6 significant decimals, no float noise). */
const round = (n: number) => Number(n.toPrecision(10));

/** The numbers of an answer: its value, or each part's (with the part's label). */
function numbersOf(q: ReviewQuestion, value: AnswerValue | undefined): { part: string | null; n: number }[] {
  if (!NUMERIC.has(q.answer_type) || value === null || value === undefined) return [];
  if (typeof value === 'number') return q.parts.length === 0 ? [{ part: null, n: value }] : [];
  if (typeof value !== 'object' || Array.isArray(value)) return [];
  return q.parts.flatMap((p) =>
    typeof value[p.key] === 'number' ? [{ part: p.label, n: value[p.key] as number }] : [],
  );
}

/** The one number of an answer without parts, or null. */
function numberOf(q: ReviewQuestion, value: AnswerValue | undefined): number | null {
  return NUMERIC.has(q.answer_type) && q.parts.length === 0 && typeof value === 'number' ? value : null;
}

function flag(q: ReviewQuestion, rule: ReviewRule, message: string, values: FlagValues, part: string | null) {
  return { question: q.uuid, code: q.code, rule, message, values: part ? { ...values, part } : values };
}

function rangeFlags(q: ReviewQuestion, value: AnswerValue | undefined): ReviewFlag[] {
  if (q.expected_min === null && q.expected_max === null) return [];
  return numbersOf(q, value).flatMap(({ part, n }) => {
    if (q.expected_min !== null && n < q.expected_min)
      return [flag(q, 'expected_range', FLAG_MESSAGES.below, { value: n, min: q.expected_min }, part)];
    if (q.expected_max !== null && n > q.expected_max)
      return [flag(q, 'expected_range', FLAG_MESSAGES.above, { value: n, max: q.expected_max }, part)];
    return [];
  });
}

/** The change from the previous answer beyond `expected_change` (a previous 0 has no relative change: not checked). */
function changeFlags(q: ReviewQuestion, value: AnswerValue | undefined, previous: AnswerValue | undefined) {
  const limit = q.expected_change;
  if (limit === null || previous === undefined || previous === null) return [];
  const before = new Map(numbersOf(q, previous).map(({ part, n }) => [part, n]));
  return numbersOf(q, value).flatMap(({ part, n }) => {
    const was = before.get(part);
    if (was === undefined || was === 0) return [];
    const change = Math.abs(n - was) / Math.abs(was);
    if (change <= limit * (1 + 1e-12)) return [];
    const values = { value: n, previous: was, change: round(change * 100), limit: round(limit * 100) };
    return [flag(q, 'expected_change', FLAG_MESSAGES.change, values, part)];
  });
}

function compares(op: CheckOp, a: number, b: number): boolean {
  const tolerance = 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  switch (op) {
    case 'lte':
      return a <= b + tolerance;
    case 'lt':
      return a < b - tolerance;
    case 'gte':
      return a >= b - tolerance;
    case 'gt':
      return a > b + tolerance;
    case 'eq':
      return Math.abs(a - b) <= tolerance;
  }
}

/** Whether `value` (the other question's answer) is `equals`: yes/no, a choice, one of several, a number. */
function holds(value: AnswerValue | undefined, equals: boolean | number | string): boolean {
  if (Array.isArray(value)) return typeof equals === 'string' && value.includes(equals);
  return value === equals;
}

/** How a value a check names is written in a message: a choice by its label, yes/no as such. */
function equalsText(q: ReviewQuestion, equals: boolean | number | string): string | number {
  if (typeof equals === 'boolean') return equals ? 'yes' : 'no';
  if (typeof equals === 'number') return equals;
  return q.options.find((o) => o.value === equals)?.label ?? equals;
}

function checkFlag(
  index: ReviewIndex,
  q: ReviewQuestion,
  check: Check,
  answer: ReviewAnswer | undefined,
  answerOf: (uuid: string) => ReviewAnswer | undefined,
): ReviewFlag | null {
  const other = index.byCode.get(check.other);
  if (!other) return null;
  const theirs = answerOf(other.uuid)?.value;
  if (check.kind === 'required_if') {
    if (!holds(theirs, check.equals) || isAnswered(q, answer)) return null;
    return flag(
      q,
      'required_if',
      FLAG_MESSAGES.required,
      { other: other.code, equals: equalsText(other, check.equals) },
      null,
    );
  }
  const a = numberOf(q, answer?.value);
  const b = numberOf(other, theirs);
  if (a === null || b === null || compares(check.op, a, b)) return null;
  return flag(q, 'compare', FLAG_MESSAGES.compare, { value: a, op: check.op, other: other.code, otherValue: b }, null);
}

/**
 * The flags of one question's answer: its expected range and change, and its checks against the other answers
 * (`answerOf` by question uuid; `previous`: the instance's previous answer to it, if known).
 */
export function questionFlags(
  index: ReviewIndex,
  q: ReviewQuestion,
  answerOf: (uuid: string) => ReviewAnswer | undefined,
  previous?: AnswerValue,
): ReviewFlag[] {
  const answer = answerOf(q.uuid);
  const flags = [...rangeFlags(q, answer?.value), ...changeFlags(q, answer?.value, previous)];
  for (const check of q.checks) {
    const found = checkFlag(index, q, check, answer, answerOf);
    if (found) flags.push(found);
  }
  return flags;
}

/**
 * Every flag of a form instance's answers (by question uuid), in the questions' order; `previous` holds the instance's
 * previous answers (e.g. the same country's last cycle) by question uuid. Linear in the questions and their checks.
 */
export function reviewFlags(
  index: ReviewIndex,
  answers: ReadonlyMap<string, ReviewAnswer>,
  previous?: ReadonlyMap<string, AnswerValue>,
): ReviewFlag[] {
  const answerOf = (uuid: string) => answers.get(uuid);
  return index.ruled.flatMap((q) => questionFlags(index, q, answerOf, previous?.get(q.uuid)));
}

/** At least this many answers to a question before any of them is called an outlier. */
const OUTLIER_MIN_ANSWERS = 5;
/** The modified z-score beyond which an answer is an outlier (Iglewicz and Hoaglin). */
const OUTLIER_SCORE = 3.5;

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The median and median absolute deviation (MAD) of the answers to one question across instances; null with fewer
 * than OUTLIER_MIN_ANSWERS answers or a MAD of 0 (most answers alike: no robust spread to measure by).
 */
export function outlierStats(values: readonly number[]): { median: number; mad: number } | null {
  if (values.length < OUTLIER_MIN_ANSWERS) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = median(sorted);
  const mad = median(sorted.map((v) => Math.abs(v - mid)).sort((a, b) => a - b));
  return mad === 0 ? null : { median: mid, mad };
}

/** The modified z-score of `x`: 0.6745 · (x − median) / MAD. */
export function modifiedZ(x: number, stats: { median: number; mad: number }): number {
  return (0.6745 * (x - stats.median)) / stats.mad;
}

/** The outlier flag of one answer's number among the answers `stats` were taken from, or null. */
export function outlierFlag(
  q: ReviewQuestion,
  value: AnswerValue | undefined,
  stats: { median: number; mad: number } | null,
): ReviewFlag | null {
  const x = numberOf(q, value);
  if (x === null || !stats) return null;
  const score = modifiedZ(x, stats);
  if (Math.abs(score) <= OUTLIER_SCORE) return null;
  return flag(
    q,
    'outlier',
    FLAG_MESSAGES.outlier,
    { value: x, median: round(stats.median), score: round(score) },
    null,
  );
}

/** The one number of an answer without parts (the values outliers are measured among), or null. */
export function reviewNumber(q: ReviewQuestion, value: AnswerValue | undefined): number | null {
  return numberOf(q, value);
}
