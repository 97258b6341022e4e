import { z } from 'zod';
import { conflictResponse, GenericResponseSchema, itemResponse, oneOf, text, VersionSchema } from '../http/schema.ts';
import { zodError } from '../i18n/said.ts';

/**
 * Forms are data (DESIGN.md §11, decision 065): a form has ordered sections (headings of any depth)
 * and questions with a type, a label (`text`), help, choices, a unit, rules (required, limits, a
 * source) and free tags. One engine (engine.ts) turns a question into the schema of its answer. It
 * knows forms only: what a national report, a practice or a profile theme adds to its questions
 * (thrusts, tiers, references, cycles, indicators) is that form's own data, mapped onto this model.
 */

/**
 * pct: a percentage 0–100 · num: any number · int: a whole number · yn: yes/no ·
 * single: one of `options` · multi: several of `options` · txt: a narrative · url: a web address.
 */
export const ANSWER_TYPES = ['pct', 'num', 'int', 'yn', 'single', 'multi', 'txt', 'url'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];
/** Answer types that can be split into parts (e.g. documented / perceived tenure). */
export const PART_ANSWER_TYPES = ['pct', 'num', 'int', 'yn'] as const satisfies readonly AnswerType[];
export const NUMERIC_ANSWER_TYPES = ['pct', 'num', 'int'] as const satisfies readonly AnswerType[];

/**
 * empty: not answered · saved · invalid: breaks the question's current limits · warning: outside the expected range.
 */
export const ANSWER_STATES = ['empty', 'saved', 'invalid', 'warning'] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];

export const QUESTION_CODE_MAX = 12;
export const QUESTION_TEXT_MAX = 600;
export const QUESTION_HELP_MAX = 2000;
export const QUESTION_UNIT_MAX = 40;
export const QUESTION_OPTIONS_MAX = 30;
export const QUESTION_PARTS_MAX = 8;
export const OPTION_VALUE_MAX = 40;
export const OPTION_LABEL_MAX = 200;
export const SOURCE_HINT_MAX = 300;
export const DECIMALS_MAX = 6;
/** Largest magnitude of any numeric answer or limit. */
export const NUMBER_ABS_MAX = 1e15;

/** The narrative beside a value (with_text) and a txt answer. */
export const ANSWER_TEXT_MAX = 8000;
export const ANSWER_SOURCE_MAX = 500;
export const ANSWER_COMMENT_MAX = 1000;
/** Why an answer a review rule flags stands (decision 078). */
export const ANSWER_EXPLANATION_MAX = 1000;
export const ANSWER_URL_MAX = 2000;
/** The earliest data year unless a form says otherwise (the first year of the 2030 Agenda's reporting). */
export const DATA_YEAR_MIN = 2015;
/** At most this many answers in one save. */
export const ANSWERS_PER_SAVE_MAX = 200;

export const AnswerTypeSchema = oneOf(ANSWER_TYPES);
export const AnswerStateSchema = z.enum(ANSWER_STATES);

export const QuestionOptionSchema = z.object({
  value: text({ max: OPTION_VALUE_MAX, min: 1 }),
  label: text({ max: OPTION_LABEL_MAX, min: 1 }),
});
export type QuestionOption = z.output<typeof QuestionOptionSchema>;

export const QuestionPartSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,29}$/, 'must be a short key of lower-case letters, digits and _'),
  label: text({ max: OPTION_LABEL_MAX, min: 1 }),
});
export type QuestionPart = z.output<typeof QuestionPartSchema>;

/**
 * Where an entry of a catalogue (a question, an indicator) stands: its place, when it was retired (null: in use) and
 * its version.
 */
export const CATALOGUE_ENTRY_FIELDS = {
  sort: z.number().int(),
  retired_at: z.string().nullable(),
  version: z.number().int(),
};

/** The limits of a numeric answer: the engine checks every value against them (questions and indicators). */
export const ANSWER_LIMIT_FIELDS = {
  /** Hard limits: a value outside is invalid and not saved. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Soft limits: a value outside is saved with a warning. */
  expected_min: z.number().nullable(),
  expected_max: z.number().nullable(),
};

/**
 * A heading of a form: its code, its name, its place among its siblings and the heading it sits
 * under (null: a top-level one). Any depth; free tags for the form's own use.
 */
export const FormSectionSchema = z.object({
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  parent: z.string().nullable(),
  tags: z.array(z.string()),
});
export type FormSection = z.output<typeof FormSectionSchema>;

/** The comparisons of a `compare` check: this question's value is ≤, <, ≥, > or = the other's. */
export const CHECK_OPS = ['lte', 'lt', 'gte', 'gt', 'eq'] as const;
export type CheckOp = (typeof CHECK_OPS)[number];
/** At most this many checks on one question. */
export const CHECKS_MAX = 10;
/** The largest expected change (a fraction: 10 is ±1000 %). */
export const EXPECTED_CHANGE_MAX = 10;

const checkCode = z
  .string({ error: 'must be a question code' })
  .trim()
  .min(1, 'must be a question code')
  .max(QUESTION_CODE_MAX, { error: zodError('must be at most {max} characters', { max: QUESTION_CODE_MAX }) });

/**
 * A review rule across questions (decision 078), checked with the answers by `review-rules.ts`: `compare` — this
 * question's number is `op` the number of the question `other` ("Q05 ≤ Q04"); `required_if` — this question needs an
 * answer when `other`'s value is `equals` (yes/no, a choice, or a choice among several). A flag, never a refusal.
 */
export const CheckSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('compare'),
      op: z.enum(CHECK_OPS, { error: 'must be lte, lt, gte, gt or eq' }),
      other: checkCode,
    }),
    z.object({
      kind: z.literal('required_if'),
      other: checkCode,
      equals: z.union([z.boolean(), z.number(), text({ max: OPTION_VALUE_MAX, min: 1 })], {
        error: 'must be yes, no, a number or a choice',
      }),
    }),
  ],
  { error: 'must be a check of kind compare or required_if' },
);
export type Check = z.output<typeof CheckSchema>;

/** A question's review rules (decision 078): what flags an answer for the person answering and the reviewer. */
const REVIEW_RULE_FIELDS = {
  /** The largest expected change from the same instance's previous answer (a fraction: 0.5 is ±50 %); null: none. */
  expected_change: z.number().nullable(),
  /** Checks across the form's questions, by their codes. */
  checks: z.array(CheckSchema),
};

/** What a question asks and how its answer looks: the fields every form's questions share. */
export const QUESTION_CONTENT_FIELDS = {
  /** Its label: the question as asked. */
  text: z.string(),
  help: z.string().nullable(),
  answer_type: AnswerTypeSchema,
  unit: z.string().nullable(),
  /** The choices of single and multi questions. */
  options: z.array(QuestionOptionSchema),
  ...ANSWER_LIMIT_FIELDS,
  /** Most decimal places a numeric value may have; null: any. */
  decimals: z.number().int().nullable(),
  /** Multi-part answers (value is `{[key]: …}`); empty: one value. */
  parts: z.array(QuestionPartSchema),
  /** A narrative beside the value (e.g. yes/no + explanation). */
  with_text: z.boolean(),
  /** The narrative's label when with_text (e.g. 'Link to the policy'); null: 'Details'. */
  text_label: z.string().nullable(),
  ...REVIEW_RULE_FIELDS,
};

/** One question of a form, as the engine and the data-entry kit read it. */
export const FormQuestionSchema = z.object({
  uuid: z.string(),
  /** A short code naming it in the form ('Q01', an indicator's code, a section's key). */
  code: z.string(),
  /** The code of the section it sits in; null: at the form's top, under no heading. */
  section: z.string().nullable(),
  ...QUESTION_CONTENT_FIELDS,
  /** Rule: the form is complete only with an answer to it. */
  compulsory: z.boolean(),
  /** Rule: a value needs its source. */
  source_required: z.boolean(),
  /** An example of a source, shown in the empty source field. */
  source_hint: z.string().nullable(),
  /** Free tags of the form's own (the kit filters by them; the engine never reads them). */
  tags: z.array(z.string()),
  ...CATALOGUE_ENTRY_FIELDS,
});
export type FormQuestion = z.output<typeof FormQuestionSchema>;

/** What the engine needs of a question to check and count its answers (a FormQuestion satisfies it). */
export type QuestionRules = Pick<
  FormQuestion,
  | 'code'
  | 'answer_type'
  | 'unit'
  | 'options'
  | 'min'
  | 'max'
  | 'expected_min'
  | 'expected_max'
  | 'decimals'
  | 'parts'
  | 'with_text'
  | 'compulsory'
  | 'source_required'
>;

/** What the engine needs of a question to tell whether it is answered and to write an answer. */
export type AnswerShape = Pick<QuestionRules, 'answer_type' | 'unit' | 'options' | 'parts' | 'with_text'>;

/** A stored answer's value: a number, yes/no, text, choices, or one value per part. */
export const AnswerValueSchema = z.union([
  z.number(),
  z.boolean(),
  z.string(),
  z.array(z.string()),
  z.record(z.string(), z.union([z.number(), z.boolean(), z.null()])),
  z.null(),
]);
export type AnswerValue = z.output<typeof AnswerValueSchema>;

export const UserRefSchema = z.object({ name: z.string() });
export type UserRef = z.output<typeof UserRefSchema>;

/** Who last changed an answer: the name, and the person's id (a conflict with one's own other tab says so). */
export const AnswerAuthorSchema = UserRefSchema.extend({ uuid: z.string().optional() });

/** What an answer says, apart from its bookkeeping: served in answers, their history and their public copies. */
export const AnswerContentSchema = z.object({
  value: AnswerValueSchema,
  text: z.string().nullable(),
  data_year: z.number().int().nullable(),
  source: z.string().nullable(),
  comment: z.string().nullable(),
});

/** One answer as served. `state` and `warnings` are computed against the question as it is now. */
export const AnswerSchema = z.object({
  question_uuid: z.string(),
  ...AnswerContentSchema.shape,
  /** Why the answer stands although a review rule flags it (decision 078); null: none given; absent: none kept. */
  explanation: z.string().nullable().optional(),
  state: AnswerStateSchema,
  warnings: z.array(z.string()),
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: AnswerAuthorSchema.nullable(),
});
export type Answer = z.output<typeof AnswerSchema>;

/**
 * One answer as sent in a save. The value is checked per question by `answerSchema` (engine.ts);
 * this outer shape only checks the envelope. `version` is absent for a first answer.
 */
export const AnswerInputSchema = z.object({
  question_uuid: z.uuid('must be a question id'),
  /** Left out: the stored value stays (e.g. a save of the comment alone); null clears it. */
  value: z.unknown().optional(),
  text: z.unknown().optional(),
  data_year: z.unknown().optional(),
  source: z.unknown().optional(),
  comment: z.unknown().optional(),
  explanation: z.unknown().optional(),
  version: VersionSchema.optional(),
});
export type AnswerInput = z.output<typeof AnswerInputSchema>;

/** Completeness of one form instance (engine.ts `completeness`). */
export const CompletenessSchema = z.object({
  answered: z.number().int(),
  total: z.number().int(),
  compulsory_total: z.number().int(),
  compulsory_answered: z.number().int(),
  invalid: z.number().int(),
  /** answered ÷ total, rounded to a whole percent. */
  pct: z.number().int(),
});
export type Completeness = z.output<typeof CompletenessSchema>;

/**
 * One form instance's answers, as every form's answers route reads and saves them
 * (`GET|POST /api/forms/{form}/{instance}/answers`, decision 071): the instance's status and
 * version (other writes of the instance send it), its completeness and its answers as stored now.
 * A save's answers are the ones it sent; a read's, every answer (`FormAnswersRead`).
 */
export const FormAnswersSchema = z.object({
  form: z.string(),
  instance: z.string(),
  status: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
  completeness: CompletenessSchema,
  answers: z.array(AnswerSchema),
});
export type FormAnswers = z.output<typeof FormAnswersSchema>;

/** The body of a save on the answers route: the changed answers, each with the version it replaces. */
export function formAnswersBody(max: number) {
  return z.object({
    answers: z
      .array(AnswerInputSchema, { error: 'must be a list of answers' })
      .min(1, 'must hold at least one answer')
      .max(max, { error: zodError('must hold at most {max} answers', { max }) }),
  });
}

/** A read of the answers route: the answers, and the instance's questions in order (their ids and codes). */
export const FormAnswersReadSchema = FormAnswersSchema.extend({
  questions: z.array(z.object({ uuid: z.string(), code: z.string() })),
});
export type FormAnswersRead = z.output<typeof FormAnswersReadSchema>;
export const FormAnswersReadResponseSchema = itemResponse(FormAnswersReadSchema);
export type FormAnswersReadResponse = z.output<typeof FormAnswersReadResponseSchema>;
export const FormAnswersResponseSchema = itemResponse(FormAnswersSchema);
export type FormAnswersResponse = z.output<typeof FormAnswersResponseSchema>;
/** 409 of a save: the stale answers as they are now. */
export const FormAnswersConflictSchema = conflictResponse(z.array(AnswerSchema));
/** 423 of a save on an instance that takes no answers now, with the reason (e.g. `submitted`). */
export const FormLockedResponseSchema = GenericResponseSchema.extend({ reason: z.string() });
