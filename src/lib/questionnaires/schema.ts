import { z } from 'zod';
import {
  blankIsAbsent,
  conflictResponse,
  dataResponse,
  itemResponse,
  oneOf,
  text,
  VersionSchema,
} from '../http/schema.ts';
import { nullableText } from './text.ts';
import { say } from '../i18n/said.ts';

/**
 * Questions are data (DESIGN.md §11): one engine (engine.ts) turns a question into the schema of
 * its answer. Shared by national reports and, later, the urbanisation profile's analytics.
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

/** 1: core quantitative, globally comparable · 2: extended quantitative · 3: qualitative policy question. */
export const QUESTION_TIERS = [1, 2, 3] as const;
export type QuestionTier = (typeof QUESTION_TIERS)[number];

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
export const SDG_REFS_MAX = 10;
export const SDG_REF_MAX = 20;
export const NUA_PARAGRAPHS_MAX = 60;
export const SOURCE_HINT_MAX = 300;
export const DECIMALS_MAX = 6;
/** Largest magnitude of any numeric answer or limit. */
export const NUMBER_ABS_MAX = 1e15;

/** The narrative beside a value (with_text) and a txt answer. */
export const ANSWER_TEXT_MAX = 8000;
export const ANSWER_SOURCE_MAX = 500;
export const ANSWER_COMMENT_MAX = 1000;
export const ANSWER_URL_MAX = 2000;
/** The earliest data year: the first year of the SDG/NUA reporting period. */
export const DATA_YEAR_MIN = 2015;
/** At most this many answers in one save. */
export const ANSWERS_PER_SAVE_MAX = 200;

export const AnswerTypeSchema = oneOf(ANSWER_TYPES);
export const QuestionTierSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1, 2 or 3' });
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

/** A heading questions are grouped under (a thrust, a subcategory): its code, its name and its place. */
const HEADING_FIELDS = { code: z.string(), name: z.string(), sort: z.number().int() };

/**
 * Where an entry of a catalogue (a question, an indicator) stands: its place, when it was retired (null: in use) and
 * its version.
 */
export const CATALOGUE_ENTRY_FIELDS = {
  sort: z.number().int(),
  retired_at: z.string().nullable(),
  version: z.number().int(),
};

/** A NUA thrust (Quito Implementation Plan heading), e.g. TC1. */
export const ThrustSchema = z.object({ ...HEADING_FIELDS, nua_paragraphs: z.string().nullable() });
export type Thrust = z.output<typeof ThrustSchema>;

/** A subcategory of a thrust, e.g. 1.2 Access to adequate housing. */
export const SubcategorySchema = z.object({ ...HEADING_FIELDS, thrust: z.string() });
export type Subcategory = z.output<typeof SubcategorySchema>;

/** The limits of a numeric answer: the engine checks every value against them (questions and indicators). */
export const ANSWER_LIMIT_FIELDS = {
  /** Hard limits: a value outside is invalid and not saved. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Soft limits: a value outside is saved with a warning. */
  expected_min: z.number().nullable(),
  expected_max: z.number().nullable(),
};

/** One question as stored and served (question/list, report views). */
export const QuestionSchema = z.object({
  uuid: z.string(),
  /** 'Q01' … */
  code: z.string(),
  /** Thrust code, e.g. 'TC1'. */
  thrust: z.string(),
  /** Subcategory code, e.g. '1.2'. */
  subcategory: z.string(),
  question_tier: QuestionTierSchema,
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
  compulsory: z.boolean(),
  sdg_refs: z.array(z.string()),
  sdg_tier: QuestionTierSchema.nullable(),
  nua_paragraphs: z.string().nullable(),
  source_hint: z.string().nullable(),
  ...CATALOGUE_ENTRY_FIELDS,
});
export type Question = z.output<typeof QuestionSchema>;

/** What the engine needs of a question (a Question satisfies it). */
export type QuestionRules = Pick<
  Question,
  | 'code'
  | 'question_tier'
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
>;

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

// ---- question/* calls ----

/** GET /api/question/ref/thrust */
export const ThrustListResponseSchema = dataResponse(ThrustSchema);
export type ThrustListResponse = z.output<typeof ThrustListResponseSchema>;

/** GET /api/question/ref/subcategory?thrust= */
export const SubcategoryQuerySchema = z.object({ thrust: text({ max: 10 }).optional() });
export const SubcategoryListResponseSchema = dataResponse(SubcategorySchema);
export type SubcategoryListResponse = z.output<typeof SubcategoryListResponseSchema>;

/** A question tier in a query string (1, 2 or 3); blank or left out: every tier. */
export const QuestionTierQuerySchema = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : Number(v)),
  QuestionTierSchema.optional(),
);

/** GET /api/question/list?question_tier&thrust&subcategory&include_retired=true */
export const QuestionListQuerySchema = z.object({
  question_tier: QuestionTierQuerySchema,
  thrust: blankIsAbsent(text({ max: 10 }).optional()),
  subcategory: blankIsAbsent(text({ max: 10 }).optional()),
  include_retired: blankIsAbsent(z.enum(['true', 'false']).optional()),
});
export type QuestionListQuery = z.output<typeof QuestionListQuerySchema>;
export const QuestionListResponseSchema = dataResponse(QuestionSchema);
export type QuestionListResponse = z.output<typeof QuestionListResponseSchema>;

const limit = z.number({ error: 'must be a number' }).min(-NUMBER_ABS_MAX).max(NUMBER_ABS_MAX).nullable().default(null);

/**
 * POST /api/question/saved (admin): creates a question, or updates the one named by `uuid`
 * (then `version` is required). Fields left out of an update keep their value (the server lays
 * the body over the stored question before this schema reads it); the defaults are for a new one.
 */
export const QuestionSaveBodySchema = z
  .object({
    uuid: z.uuid('must be a question id').optional(),
    version: VersionSchema.optional(),
    code: z
      .string({ error: 'is required' })
      .trim()
      .regex(/^[A-Z][A-Z0-9.-]{0,11}$/, 'must be a short code such as Q39'),
    thrust: text({ max: 10, min: 1 }),
    subcategory: text({ max: 10, min: 1 }),
    question_tier: QuestionTierSchema,
    text: text({ max: QUESTION_TEXT_MAX, min: 1, multiline: true }),
    help: nullableText({ max: QUESTION_HELP_MAX, multiline: true }),
    answer_type: AnswerTypeSchema,
    unit: nullableText({ max: QUESTION_UNIT_MAX }),
    options: z.array(QuestionOptionSchema).max(QUESTION_OPTIONS_MAX).default([]),
    min: limit,
    max: limit,
    expected_min: limit,
    expected_max: limit,
    decimals: z.number().int().min(0).max(DECIMALS_MAX).nullable().default(null),
    parts: z.array(QuestionPartSchema).max(QUESTION_PARTS_MAX).default([]),
    with_text: z.boolean().default(false),
    text_label: nullableText({ max: OPTION_LABEL_MAX }),
    compulsory: z.boolean().default(false),
    sdg_refs: z
      .array(text({ max: SDG_REF_MAX, min: 1 }))
      .max(SDG_REFS_MAX)
      .default([]),
    sdg_tier: QuestionTierSchema.nullable().default(null),
    nua_paragraphs: nullableText({ max: NUA_PARAGRAPHS_MAX, multiline: true }),
    source_hint: nullableText({ max: SOURCE_HINT_MAX, multiline: true }),
  })
  .superRefine((q, ctx) => {
    const choice = q.answer_type === 'single' || q.answer_type === 'multi';
    if (choice && q.options.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'a choice question needs at least 2 options' });
    }
    if (!choice && q.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'only single and multi questions have options' });
    }
    if (new Set(q.options.map((o) => o.value)).size !== q.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'option values must differ' });
    }
    if (q.parts.length > 0 && !(PART_ANSWER_TYPES as readonly string[]).includes(q.answer_type)) {
      ctx.addIssue({
        code: 'custom',
        path: ['parts'],
        message: say('only {type} questions have parts', { type: PART_ANSWER_TYPES.join(', ') }),
      });
    }
    if (new Set(q.parts.map((p) => p.key)).size !== q.parts.length) {
      ctx.addIssue({ code: 'custom', path: ['parts'], message: 'part keys must differ' });
    }
    if (q.min !== null && q.max !== null && q.min > q.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'must not be below the lowest allowed value' });
    }
    if (q.expected_min !== null && q.expected_max !== null && q.expected_min > q.expected_max) {
      ctx.addIssue({ code: 'custom', path: ['expected_max'], message: 'must not be below the lowest expected value' });
    }
  });
export type QuestionSaveBody = z.input<typeof QuestionSaveBodySchema>;
export const QuestionResponseSchema = itemResponse(QuestionSchema);
export type QuestionResponse = z.output<typeof QuestionResponseSchema>;

/**
 * POST /api/question/reorder (admin): the questions in their new order (sort = position).
 * `versions`, one per uuid, are the versions the order was based on: when sent, a question
 * changed since is a 409 with `current`, every question as it is now.
 */
export const QuestionReorderBodySchema = z
  .object({
    uuids: z.array(z.uuid('must be a question id')).min(1).max(500),
    versions: z.array(VersionSchema).max(500).optional(),
  })
  .refine((body) => body.versions === undefined || body.versions.length === body.uuids.length, {
    path: ['versions'],
    message: 'must give one version per question, in the order of uuids',
  });
export type QuestionReorderBody = z.input<typeof QuestionReorderBodySchema>;
/** 409 of question/reorder: every question as it is now, retired ones included. */
export const QuestionReorderConflictSchema = conflictResponse(z.array(QuestionSchema));

/**
 * POST /api/question/retire/{uuid} (admin): `retired: false` brings a question back. `version`
 * (or If-Match) is the version read: none is a 428, a stale one a 409 with the question as it is now.
 */
export const QuestionRetireBodySchema = z.object({
  version: VersionSchema.optional(),
  retired: z.boolean().default(true),
});
export type QuestionRetireBody = z.input<typeof QuestionRetireBodySchema>;
