import { z } from 'zod';
import {
  ANSWER_COMMENT_MAX,
  ANSWER_EXPLANATION_MAX,
  ANSWER_SOURCE_MAX,
  ANSWER_TEXT_MAX,
  ANSWER_URL_MAX,
  DATA_YEAR_MIN,
  NUMBER_ABS_MAX,
  type AnswerState,
  type AnswerType,
  type AnswerShape,
  type AnswerValue,
  type Completeness,
  type QuestionRules,
} from './schema.ts';
import { httpUrl, optionalSafeText } from './text.ts';
import { zodError } from '../i18n/said.ts';

/**
 * The questionnaire engine (DESIGN.md §11): pure, used by the server to validate and by the form
 * to show errors and warnings. It knows forms, questions and answers only (schema.ts), nothing of
 * the forms that use it.
 */

/** What an instance of a form sets for its answers: the years their data may date from. */
export interface EngineOptions {
  /** The latest allowed data year (an instance's own year: a report's cycle, a dataset's year). */
  dataYearMax: number;
  /** The earliest allowed data year; DATA_YEAR_MIN when left out. */
  dataYearMin?: number;
}

/** The data year of an answer: from the use's earliest year to the instance's year; blank is null. */
export function dataYearSchema(options: EngineOptions): z.ZodType<number | null> {
  const min = options.dataYearMin ?? DATA_YEAR_MIN;
  return z
    .number({ error: 'must be a year' })
    .int('must be a year')
    .min(min, { error: zodError('must be {year} or later', { year: min }) })
    .max(options.dataYearMax, { error: zodError('must be {year} or earlier', { year: options.dataYearMax }) })
    .nullable()
    .optional()
    .transform((v) => v ?? null);
}

/** The stored fields of one answer, as the engine reads them. */
export interface AnswerFields {
  value: AnswerValue | undefined;
  text?: string | null | undefined;
  data_year?: number | null | undefined;
  source?: string | null | undefined;
  comment?: string | null | undefined;
  explanation?: string | null | undefined;
}

/** One answer input after `answerSchema`: every field present, blanks as null. */
export interface CleanAnswer {
  value: AnswerValue;
  text: string | null;
  data_year: number | null;
  source: string | null;
  comment: string | null;
  /** Absent in an answer made before explanations (decision 078): none. */
  explanation?: string | null;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(12))));

function decimalsOf(n: number): number {
  if (Number.isInteger(n)) return 0;
  const text = String(n);
  const exp = /e-(\d+)$/.exec(text);
  if (exp) return Number(exp[1]) + (text.split('e')[0]!.split('.')[1]?.length ?? 0);
  return text.split('.')[1]?.length ?? 0;
}

/** The schema of one scalar value of a numeric or yes/no question (or of one part). */
function scalarSchema(type: AnswerType, q: QuestionRules): z.ZodType<number | boolean> {
  if (type === 'yn') return z.boolean({ error: 'must be yes or no (true or false)' });
  // A percentage is 0–100 unless the question says otherwise (a growth rate can fall below 0).
  const lower = q.min ?? (type === 'pct' ? 0 : -NUMBER_ABS_MAX);
  const upper = q.max ?? (type === 'pct' ? 100 : NUMBER_ABS_MAX);
  const unit = q.unit ? ` ${q.unit}` : type === 'pct' ? ' %' : '';
  let schema = z
    .number({ error: type === 'pct' ? 'must be a percentage (a number)' : 'must be a number' })
    .refine(Number.isFinite, 'must be a number')
    // The limit with its unit is one value, so that a translation can place it (decision 043).
    .refine((n) => n >= lower, { error: zodError('must be at least {min}', { min: `${fmt(lower)}${unit}` }) })
    .refine((n) => n <= upper, { error: zodError('must be at most {max}', { max: `${fmt(upper)}${unit}` }) });
  if (type === 'int') schema = schema.refine(Number.isInteger, 'must be a whole number');
  const decimals = q.decimals;
  if (decimals !== null && type !== 'int') {
    schema = schema.refine(
      (n) => decimalsOf(n) <= decimals,
      decimals === 0
        ? 'must be a whole number'
        : {
            error: zodError(
              '{count, plural, one {must have at most # decimal place} other {must have at most # decimal places}}',
              { count: decimals },
            ),
          },
    );
  }
  return schema;
}

/** The schema of an answer's value for `q`; null (or nothing) always clears the answer. */
export function valueSchema(q: QuestionRules): z.ZodType<AnswerValue> {
  const nullish = z
    .null()
    .optional()
    .transform(() => null);
  if (q.parts.length > 0) {
    const scalar = scalarSchema(q.answer_type, q).nullable().optional();
    const shape = Object.fromEntries(q.parts.map((p) => [p.key, scalar]));
    const parts = z
      .strictObject(shape, {
        error: zodError('must give a value for each of: {parts}', { parts: q.parts.map((p) => p.key).join(', ') }),
      })
      .transform((object) => {
        const out: Record<string, number | boolean | null> = {};
        for (const p of q.parts) out[p.key] = (object[p.key] as number | boolean | null | undefined) ?? null;
        return Object.values(out).every((v) => v === null) ? null : out;
      });
    return z.union([nullish, parts]) as z.ZodType<AnswerValue>;
  }
  switch (q.answer_type) {
    case 'pct':
    case 'num':
    case 'int':
    case 'yn':
      return z.union([nullish, scalarSchema(q.answer_type, q)]) as z.ZodType<AnswerValue>;
    case 'single': {
      const values = q.options.map((o) => o.value);
      const one = z.string({ error: 'must be one of the choices' }).refine((v) => values.includes(v), {
        error: zodError('must be one of: {choices}', { choices: values.join(', ') }),
      });
      return z.union([nullish, z.literal('').transform(() => null), one]) as z.ZodType<AnswerValue>;
    }
    case 'multi': {
      const values = q.options.map((o) => o.value);
      return z.union([
        nullish,
        z
          .array(z.string({ error: 'must be a list of choices' }), { error: 'must be a list of choices' })
          .max(values.length, { error: zodError('must have at most {max} choices', { max: values.length }) })
          .refine((list) => list.every((v) => values.includes(v)), {
            error: zodError('each choice must be one of: {choices}', { choices: values.join(', ') }),
          })
          .refine((list) => new Set(list).size === list.length, 'must not repeat a choice')
          .transform((list) => (list.length === 0 ? null : values.filter((v) => list.includes(v)))),
      ]) as z.ZodType<AnswerValue>;
    }
    case 'txt':
      return optionalSafeText(ANSWER_TEXT_MAX) as z.ZodType<AnswerValue>;
    case 'url':
      return z.union([nullish, z.literal('').transform(() => null), httpUrl(ANSWER_URL_MAX)]) as z.ZodType<AnswerValue>;
  }
}

/** Answer schemas made so far, by the rules they check: making one costs a thousand times more than using it. */
const schemaCache = new Map<string, z.ZodType<CleanAnswer>>();
/** Far more than the question sets × cycle years in use; past it the cache starts afresh. */
const SCHEMA_CACHE_MAX = 5000;

/**
 * The zod schema of one answer input for `q`: the value by type and hard limits, the data year
 * (`dataYearSchema`), the source (required when the question's rule says so), the narrative (only when the
 * question has one) and the comment. Text goes through the safe-text cleaning. Made once per set
 * of rules: every answer to a question (and every save of it) reuses its schema.
 */
export function answerSchema(q: QuestionRules, options: EngineOptions): z.ZodType<CleanAnswer> {
  // Every field the schema reads, and nothing else: a question edited in any of them gets a new one.
  const key = JSON.stringify([
    q.source_required,
    q.answer_type,
    q.unit,
    q.options,
    q.min,
    q.max,
    q.decimals,
    q.parts,
    q.with_text,
    options.dataYearMax,
    options.dataYearMin ?? null,
  ]);
  let schema = schemaCache.get(key);
  if (!schema) {
    if (schemaCache.size >= SCHEMA_CACHE_MAX) schemaCache.clear();
    schema = makeAnswerSchema(q, options);
    schemaCache.set(key, schema);
  }
  return schema;
}

function makeAnswerSchema(q: QuestionRules, options: EngineOptions): z.ZodType<CleanAnswer> {
  const narrative = q.with_text
    ? optionalSafeText(ANSWER_TEXT_MAX)
    : z
        .union([z.null(), z.literal('')], { error: 'this question takes no narrative' })
        .optional()
        .transform(() => null);
  return z
    .object({
      value: valueSchema(q),
      text: narrative,
      data_year: dataYearSchema(options),
      source: optionalSafeText(ANSWER_SOURCE_MAX),
      comment: optionalSafeText(ANSWER_COMMENT_MAX),
      explanation: optionalSafeText(ANSWER_EXPLANATION_MAX),
    })
    .superRefine((answer, ctx) => {
      if (q.source_required && answer.value !== null && !answer.source) {
        // The API's words since decision 023 (clients translate them by this text).
        ctx.addIssue({ code: 'custom', path: ['source'], message: 'is required for a core (tier 1) figure' });
      }
    }) as unknown as z.ZodType<CleanAnswer>;
}

/** Warnings for a valid value outside the question's expected range (saved anyway). */
export function answerWarnings(q: QuestionRules, value: AnswerValue | undefined): string[] {
  if (!(q.answer_type === 'pct' || q.answer_type === 'num' || q.answer_type === 'int')) return [];
  if (q.expected_min === null && q.expected_max === null) return [];
  const unit = q.unit ? ` ${q.unit}` : q.answer_type === 'pct' ? ' %' : '';
  const check = (n: unknown, prefix: string): string[] => {
    if (typeof n !== 'number') return [];
    if (q.expected_min !== null && n < q.expected_min) {
      return [`${prefix}${fmt(n)}${unit} is below the expected range (${rangeText(q, unit)}): check the figure`];
    }
    if (q.expected_max !== null && n > q.expected_max) {
      return [`${prefix}${fmt(n)}${unit} is above the expected range (${rangeText(q, unit)}): check the figure`];
    }
    return [];
  };
  if (q.parts.length > 0 && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return q.parts.flatMap((p) => check(value[p.key], `${p.label}: `));
  }
  return check(value, '');
}

function rangeText(q: QuestionRules, unit: string): string {
  if (q.expected_min !== null && q.expected_max !== null)
    return `${fmt(q.expected_min)} to ${fmt(q.expected_max)}${unit}`;
  if (q.expected_min !== null) return `at least ${fmt(q.expected_min)}${unit}`;
  return `at most ${fmt(q.expected_max!)}${unit}`;
}

/**
 * What changes with `isAnswered`: the stored completeness of a form names it in its basis, so
 * counts made under an earlier rule are counted again.
 */
export const ANSWERED_RULE = 'value-or-description';

/** Whether `value` gives the question's value (every part, for multi-part questions). */
function hasValue(q: AnswerShape, value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return q.parts.length > 0 && q.parts.every((p) => value[p.key] != null);
  return true;
}

/**
 * Whether the question's narrative answers it by itself: a yes/no or a choice that asks to be
 * described ("Describe it briefly") is answered by its description; a figure needs its number.
 */
function answersByDescription(q: AnswerShape, text: string | null | undefined): boolean {
  return (
    q.with_text &&
    q.answer_type !== 'pct' &&
    q.answer_type !== 'num' &&
    q.answer_type !== 'int' &&
    typeof text === 'string' &&
    text.trim() !== ''
  );
}

/**
 * Whether `answer` answers `q` — the one rule of the form on screen, of completeness and of the
 * printed report: a value is there (every part, for multi-part questions), or the question's
 * description of a choice is written.
 */
export function isAnswered(q: AnswerShape, answer: Pick<AnswerFields, 'value' | 'text'> | null | undefined): boolean {
  return hasValue(q, answer?.value) || answersByDescription(q, answer?.text);
}

/** Whether an answer holds anything that answers (a value, or a description that answers by itself). */
function holdsAnswer(q: QuestionRules, answer: AnswerFields | null | undefined): answer is AnswerFields {
  if (!answer) return false;
  return (answer.value !== null && answer.value !== undefined) || answersByDescription(q, answer.text);
}

/** Whether a stored answer still meets the question's current rules (limits can change). */
export function isValidAnswer(q: QuestionRules, answer: AnswerFields, options: EngineOptions): boolean {
  return answerSchema(q, options).safeParse(answer).success;
}

/** The state a stored answer shows in the form. */
export function answerState(
  q: QuestionRules,
  answer: AnswerFields | null | undefined,
  options: EngineOptions,
): AnswerState {
  if (!holdsAnswer(q, answer)) return 'empty';
  if (!isValidAnswer(q, answer, options)) return 'invalid';
  return answerWarnings(q, answer.value).length > 0 ? 'warning' : 'saved';
}

/** What one answer adds to its form's completeness (counts of `Completeness`). */
export interface Contribution {
  answered: number;
  compulsoryAnswered: number;
  invalid: number;
}

export const NO_CONTRIBUTION: Contribution = { answered: 0, compulsoryAnswered: 0, invalid: 0 };

/**
 * What an answer in `state` (answerState) adds to completeness: an invalid stored value counts as
 * invalid, a valid one that answers the question (`isAnswered`) as answered.
 */
export function contribution(
  q: QuestionRules,
  answer: Pick<AnswerFields, 'value' | 'text'> | null | undefined,
  state: AnswerState,
): Contribution {
  if (state === 'empty') return NO_CONTRIBUTION;
  if (state === 'invalid') return { answered: 0, compulsoryAnswered: 0, invalid: 1 };
  if (!isAnswered(q, answer)) return NO_CONTRIBUTION;
  return { answered: 1, compulsoryAnswered: q.compulsory ? 1 : 0, invalid: 0 };
}

/** Completeness from its counts: the percentage follows answered ÷ total. */
export function completenessOfCounts(counts: Omit<Completeness, 'pct'>): Completeness {
  return { ...counts, pct: counts.total === 0 ? 0 : Math.round((counts.answered * 100) / counts.total) };
}

/**
 * A stored completeness after one answer changed from `before` to `after` (incremental: the form's
 * other answers are not read again). Only valid while the question set it was counted on holds.
 */
export function shiftCompleteness(current: Completeness, before: Contribution, after: Contribution): Completeness {
  return completenessOfCounts({
    answered: current.answered - before.answered + after.answered,
    total: current.total,
    compulsory_total: current.compulsory_total,
    compulsory_answered: current.compulsory_answered - before.compulsoryAnswered + after.compulsoryAnswered,
    invalid: current.invalid - before.invalid + after.invalid,
  });
}

/**
 * Completeness of one form instance: answered (valid) questions over all of `questions`, and the
 * same for the compulsory ones; `invalid` counts stored answers that break the current rules.
 * `stateOf` gives an answer's state when the caller already has it (the engine's cache).
 */
export function completeness<A extends AnswerFields & { question_uuid: string }>(
  questions: readonly (QuestionRules & { uuid: string })[],
  answers: readonly A[],
  options: EngineOptions,
  stateOf: (q: QuestionRules, answer: A) => AnswerState = (q, answer) => answerState(q, answer, options),
): Completeness {
  const byQuestion = new Map(answers.map((a) => [a.question_uuid, a]));
  let answered = 0;
  let compulsoryTotal = 0;
  let compulsoryAnswered = 0;
  let invalid = 0;
  for (const q of questions) {
    if (q.compulsory) compulsoryTotal++;
    const answer = byQuestion.get(q.uuid);
    if (!answer) continue;
    const counts = contribution(q, answer, stateOf(q, answer));
    answered += counts.answered;
    compulsoryAnswered += counts.compulsoryAnswered;
    invalid += counts.invalid;
  }
  return completenessOfCounts({
    answered,
    total: questions.length,
    compulsory_total: compulsoryTotal,
    compulsory_answered: compulsoryAnswered,
    invalid,
  });
}

/** How one number or yes/no of an answer is written (a language's numbers and words). */
export type ScalarFormat = (v: number | boolean | null | undefined) => string;

/** The API's own way: British English numbers, the unit after a space, Yes and No. */
function englishScalar(q: AnswerShape): ScalarFormat {
  const unit = q.unit ? ` ${q.unit}` : q.answer_type === 'pct' ? ' %' : '';
  return (v) => {
    if (v === null || v === undefined) return '–';
    if (typeof v === 'boolean') return v ? 'Yes' : 'No';
    return `${v.toLocaleString('en-GB', { maximumFractionDigits: 6 })}${unit}`;
  };
}

/**
 * A value as a person reads it: '58.3 %', 'Yes', option labels, 'Documented: 40 %; Perceived: 55 %'.
 * `scalar` writes its numbers and yes/no in another language (a translated public page).
 */
export function formatAnswer(
  q: AnswerShape,
  value: AnswerValue | undefined,
  scalar: ScalarFormat = englishScalar(q),
): string {
  if (value === null || value === undefined) return '';
  if (q.parts.length > 0 && typeof value === 'object' && !Array.isArray(value)) {
    return q.parts.map((p) => `${p.label}: ${scalar(value[p.key])}`).join('; ');
  }
  if (typeof value === 'number' || typeof value === 'boolean') return scalar(value);
  const label = (v: string) => q.options.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.map(label).join('; ');
  if (typeof value === 'string') return q.answer_type === 'single' ? label(value) : value;
  return '';
}
