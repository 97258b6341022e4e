import { z } from 'zod';
import { GenericResponseSchema, VersionSchema, text, wholeNumber } from '../http/schema.ts';
import { DECIMALS_MAX, NUMBER_ABS_MAX } from '../questionnaires/schema.ts';
import {
  INDICATOR_TYPES,
  IndicatorSchema,
  PROGRESS_DIRECTIONS,
  PROGRESS_TARGET_KINDS,
  SlugSchema,
  type IndicatorProgress,
} from './schema.ts';
import { zodError } from '../i18n/said.ts';

/**
 * The administration of a theme's indicators (issue 8): create and edit (the code never
 * changes), reorder, retire and restore. Shared with the back-office form.
 */

export const INDICATOR_CODE_MAX = 40;
export const INDICATOR_NAME_MAX = 200;
export const INDICATOR_UNIT_MAX = 40;
export const INDICATOR_SOURCE_MAX = 300;
export const INDICATOR_SERIES_MAX = 60;
export const INDICATOR_LICENCE_MAX = 80;
export const INDICATOR_SDG_MAX = 20;
export const INDICATOR_SORT_MAX = 1000;
/** At most this many indicators in one theme (a reorder names them all). */
export const INDICATORS_PER_CATEGORY_MAX = 60;

export const IndicatorCodeSchema = text({ max: INDICATOR_CODE_MAX, min: 1 }).regex(
  /^[A-Z][A-Z0-9_]*$/,
  'must be capital letters, digits and _, starting with a letter (such as URB_POP_PCT)',
);

/** Optional text that may be cleared: left out keeps the stored value, '' or null clears it. */
const clearable = (max: number) =>
  text({ max })
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const bound = z
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, 'must be a number')
  .refine((n) => Math.abs(n) <= NUMBER_ABS_MAX, {
    error: zodError('must be between -{low} and {high}', { low: NUMBER_ABS_MAX, high: NUMBER_ABS_MAX }),
  })
  .nullable()
  .optional();

/**
 * How progress is scored, as sent: `null` (not scored) or a direction with a target. Each part is
 * checked apart so that a missing one is named beside its own field rather than by the whole object.
 */
const ProgressInputSchema = z
  .strictObject(
    {
      direction: z
        .enum(PROGRESS_DIRECTIONS, {
          error: zodError('must be one of {values}', { values: PROGRESS_DIRECTIONS.join(', ') }),
        })
        .nullable()
        .optional(),
      target: z
        .strictObject({
          kind: z.enum(PROGRESS_TARGET_KINDS, {
            error: zodError('must be one of {values}', { values: PROGRESS_TARGET_KINDS.join(', ') }),
          }),
          value: bound,
        })
        .nullable()
        .optional(),
    },
    { error: 'must be an object, or null when the indicator is not scored' },
  )
  .nullable()
  .superRefine((progress, ctx) => {
    if (progress === null) return;
    const { direction, target } = progress;
    if (!direction)
      ctx.addIssue({ code: 'custom', path: ['direction'], message: 'is required with a target: higher or lower' });
    if (!target)
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: 'is required with a direction: a fixed value or the champion area',
      });
    else if (target.kind === 'fixed' && (target.value === null || target.value === undefined))
      ctx.addIssue({ code: 'custom', path: ['target', 'value'], message: 'is required for a fixed target' });
    else if (target.kind === 'champion' && target.value !== null && target.value !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['target', 'value'],
        message: 'must be left out: the champion area is computed from the region’s best performers',
      });
  })
  .transform((progress): IndicatorProgress => {
    if (!progress?.direction || !progress.target) return null;
    const { direction, target } = progress;
    return target.kind === 'fixed'
      ? { direction, target: { kind: 'fixed', value: target.value! } }
      : { direction, target: { kind: 'champion' } };
  })
  .optional();

/**
 * POST profile/indicator/saved (admin). Without `version`: creates indicator `code` in `category`
 * (name and source required). With `version`: changes indicator `code` against that version;
 * fields left out keep their value, the code and the theme never change.
 */
export const IndicatorSaveBodySchema = z.strictObject({
  code: IndicatorCodeSchema,
  category: SlugSchema.optional(),
  name: text({ max: INDICATOR_NAME_MAX, min: 1 }).optional(),
  unit: clearable(INDICATOR_UNIT_MAX),
  answer_type: z
    .enum(INDICATOR_TYPES, { error: zodError('must be one of {values}', { values: INDICATOR_TYPES.join(', ') }) })
    .optional(),
  decimals: wholeNumber({ min: 0, max: DECIMALS_MAX }).nullable().optional(),
  source: text({ max: INDICATOR_SOURCE_MAX, min: 1 }).optional(),
  source_series: clearable(INDICATOR_SERIES_MAX),
  licence: clearable(INDICATOR_LICENCE_MAX),
  sdg_ref: text({ max: INDICATOR_SDG_MAX })
    .regex(/^$|^\d{1,2}\.[0-9a-z]{1,2}(\.\d{1,2})?$/, 'must be an SDG indicator number such as 11.1.1')
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  expected_min: bound,
  expected_max: bound,
  sort: wholeNumber({ min: 0, max: INDICATOR_SORT_MAX }).optional(),
  /** How progress towards 2030 is scored (issue 35); null: not scored; left out: kept. */
  progress: ProgressInputSchema,
  version: VersionSchema.optional(),
});
export type IndicatorSaveBody = z.input<typeof IndicatorSaveBodySchema>;

/**
 * POST profile/indicator/reorder (admin): every indicator of the theme still in use, in the new
 * order, each with the version read. A list that is not the theme's current one is a 409.
 */
export const IndicatorReorderBodySchema = z.strictObject({
  category: SlugSchema,
  indicators: z
    .array(z.strictObject({ code: IndicatorCodeSchema, version: VersionSchema }), { error: 'must be a list' })
    .min(1, 'must name the indicators')
    .max(INDICATORS_PER_CATEGORY_MAX, {
      error: zodError('must have at most {max} indicators', { max: INDICATORS_PER_CATEGORY_MAX }),
    }),
});
export type IndicatorReorderBody = z.input<typeof IndicatorReorderBodySchema>;

/** POST profile/indicator/{code}/retire (admin): `retired: false` restores it. */
export const IndicatorRetireBodySchema = z.strictObject({
  retired: z.boolean({ error: 'must be true or false' }),
  version: VersionSchema.optional(),
});

export const IndicatorPathSchema = z.object({ code: IndicatorCodeSchema });

export const IndicatorResponseSchema = GenericResponseSchema.extend({ data: IndicatorSchema });
export type IndicatorResponse = z.output<typeof IndicatorResponseSchema>;
