import { z } from 'zod';
import { blankIsAbsent, conflictResponse, dataResponse, itemResponse, text, VersionSchema } from '../http/schema.ts';
import {
  AnswerTypeSchema,
  CATALOGUE_ENTRY_FIELDS,
  CHECKS_MAX,
  CheckSchema,
  EXPECTED_CHANGE_MAX,
  DECIMALS_MAX,
  NUMBER_ABS_MAX,
  OPTION_LABEL_MAX,
  PART_ANSWER_TYPES,
  QUESTION_HELP_MAX,
  QUESTION_OPTIONS_MAX,
  QUESTION_PARTS_MAX,
  QUESTION_TEXT_MAX,
  QUESTION_UNIT_MAX,
  QUESTION_CONTENT_FIELDS,
  QuestionOptionSchema,
  QuestionPartSchema,
  SOURCE_HINT_MAX,
  type FormQuestion,
  type FormSection,
} from '../questionnaires/schema.ts';
import { nullableText } from '../questionnaires/text.ts';
import { say, zodError } from '../i18n/said.ts';

/**
 * The national report's questions (DESIGN.md §11, decision 065): the form's own data on top of
 * the engine's model. A question sits in a subcategory of a thrust (the New Urban Agenda's
 * headings), has a tier, SDG and NUA references and the first cycle it joins; `formQuestionOf`
 * and `formSectionsOf` give the engine and the data-entry kit the form they know: thrusts and
 * subcategories become sections, the tier decides whether a value needs its source, and the tier
 * and references become tags.
 */

/** 1: core quantitative, globally comparable · 2: extended quantitative · 3: qualitative policy question. */
export const QUESTION_TIERS = [1, 2, 3] as const;
export type QuestionTier = (typeof QUESTION_TIERS)[number];

export const QuestionTierSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1, 2 or 3' });

export const SDG_REFS_MAX = 10;
export const SDG_REF_MAX = 20;
export const NUA_PARAGRAPHS_MAX = 60;

/** A heading questions are grouped under (a thrust, a subcategory): its code, its name and its place. */
const HEADING_FIELDS = { code: z.string(), name: z.string(), sort: z.number().int() };

/** A NUA thrust (Quito Implementation Plan heading), e.g. TC1. */
export const ThrustSchema = z.object({ ...HEADING_FIELDS, nua_paragraphs: z.string().nullable() });
export type Thrust = z.output<typeof ThrustSchema>;

/** A subcategory of a thrust, e.g. 1.2 Access to adequate housing. */
export const SubcategorySchema = z.object({ ...HEADING_FIELDS, thrust: z.string() });
export type Subcategory = z.output<typeof SubcategorySchema>;

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
  ...QUESTION_CONTENT_FIELDS,
  compulsory: z.boolean(),
  sdg_refs: z.array(z.string()),
  sdg_tier: QuestionTierSchema.nullable(),
  nua_paragraphs: z.string().nullable(),
  source_hint: z.string().nullable(),
  ...CATALOGUE_ENTRY_FIELDS,
});
export type Question = z.output<typeof QuestionSchema>;

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
    expected_change: z
      .number({ error: 'must be a number' })
      .gt(0, 'must be more than 0')
      .max(EXPECTED_CHANGE_MAX, { error: zodError('must be at most {max}', { max: EXPECTED_CHANGE_MAX }) })
      .nullable()
      .default(null),
    checks: z
      .array(CheckSchema)
      .max(CHECKS_MAX, { error: zodError('must hold at most {max} checks', { max: CHECKS_MAX }) })
      .default([]),
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

/** The tag of a question's tier ('tier:1'): the data-entry kit's tier filter picks by it. */
export const tierTag = (tier: QuestionTier) => `tier:${tier}`;

/**
 * A national-report question as the engine's form question: it sits in its subcategory, a tier-1
 * value needs its source, and its tier and SDG references are tags.
 */
export function formQuestionOf(q: Question): FormQuestion {
  let made = formQuestions.get(q);
  if (!made) formQuestions.set(q, (made = makeFormQuestion(q)));
  return made;
}

/** Made once per question object (a catalogue's, a report view's). */
const formQuestions = new WeakMap<Question, FormQuestion>();

function makeFormQuestion(q: Question): FormQuestion {
  return {
    uuid: q.uuid,
    code: q.code,
    section: q.subcategory,
    text: q.text,
    help: q.help,
    answer_type: q.answer_type,
    unit: q.unit,
    options: q.options,
    min: q.min,
    max: q.max,
    expected_min: q.expected_min,
    expected_max: q.expected_max,
    decimals: q.decimals,
    parts: q.parts,
    with_text: q.with_text,
    text_label: q.text_label,
    expected_change: q.expected_change,
    checks: q.checks,
    compulsory: q.compulsory,
    source_required: q.question_tier === 1,
    source_hint: q.source_hint,
    tags: [tierTag(q.question_tier), ...q.sdg_refs.map((ref) => `sdg:${ref}`)],
    sort: q.sort,
    retired_at: q.retired_at,
    version: q.version,
  };
}

/** The thrusts as top-level sections of the form, each subcategory a section under its thrust. */
export function formSectionsOf(thrusts: readonly Thrust[], subcategories: readonly Subcategory[]): FormSection[] {
  return [
    ...thrusts.map((t) => ({ code: t.code, name: t.name, sort: t.sort, parent: null, tags: [] })),
    ...subcategories.map((s) => ({ code: s.code, name: s.name, sort: s.sort, parent: s.thrust, tags: [] })),
  ];
}
