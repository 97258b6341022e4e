import { z } from 'zod';
import { isCalendarDay, itemResponse, oneOf, VersionSchema, wholeNumber, yearParam } from '../http/schema.ts';
import { DATA_YEAR_MIN } from '../questionnaires/schema.ts';
import { nullableText } from '../questionnaires/text.ts';
import { zodError } from '../i18n/said.ts';

/**
 * The reporting cycles: one a year, with the dates countries report between and the reminders
 * they get. A cycle's reports are in schema.ts.
 */

/** draft: being prepared · open: countries report · closed: reporting over · archived. */
export const CYCLE_STATUSES = ['draft', 'open', 'closed', 'archived'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

export const GUIDELINE_VERSION_MAX = 60;
/** Reporting on the SDGs and the NUA starts with their period, as the answers' data years do. */
export const CYCLE_YEAR_MIN = DATA_YEAR_MIN;
export const CYCLE_YEAR_MAX = 2100;
export const CYCLE_DAYS_MAX = 366;
/** The reminders a new cycle sends: this many days before its closing date (and one the day after it). */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [14, 7, 1];
/** At most this many reminders before a cycle's closing date. */
export const REMINDER_DAYS_COUNT_MAX = 6;

export const CycleStatusSchema = oneOf(CYCLE_STATUSES);

/** A year in a path or query: four digits. */
export const YearSchema = yearParam(CYCLE_YEAR_MIN, CYCLE_YEAR_MAX);

/** The earliest and latest dates a cycle may open or close on. */
export const CYCLE_DATE_MIN = `${CYCLE_YEAR_MIN - 1}-01-01`;
export const CYCLE_DATE_MAX = `${CYCLE_YEAR_MAX + 1}-12-31`;

/** A day of the calendar (YYYY-MM-DD): 2026-02-31 is no date, and the database would refuse it. */
const DateSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a date (YYYY-MM-DD)') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(isCalendarDay, 'must be a real date')
  .refine((v) => v >= CYCLE_DATE_MIN && v <= CYCLE_DATE_MAX, {
    error: zodError('must be between {from} and {to}', { from: CYCLE_DATE_MIN, to: CYCLE_DATE_MAX }),
  });

/** The days before the closing date that reminders go: whole days, each once, largest first once saved. */
export const ReminderDaysSchema = z
  .array(wholeNumber({ min: 0, max: CYCLE_DAYS_MAX, unit: 'days', invalid: 'must be a whole number of days' }), {
    error: 'must be a list of days before the closing date',
  })
  .max(REMINDER_DAYS_COUNT_MAX, { error: zodError('must hold at most {max} days', { max: REMINDER_DAYS_COUNT_MAX }) })
  .refine((days) => new Set(days).size === days.length, 'must not name the same day twice')
  .transform((days) => [...days].sort((a, b) => b - a));

export const CycleSchema = z.object({
  year: z.number().int(),
  opens_at: z.string(),
  closes_at: z.string(),
  /** Answers lock `expiry_days` after closes_at. */
  expiry_days: z.number().int(),
  /** A submission is on time within closes_at + timely_days. */
  timely_days: z.number().int(),
  guideline_version: z.string().nullable(),
  status: CycleStatusSchema,
  /** When answers lock (closes_at + expiry_days), ISO date. */
  locks_at: z.string(),
  /**
   * Reports not yet submitted are reminded this many days before closes_at (and once the day after it), largest first.
   */
  reminder_days: z.array(z.number().int()),
  version: z.number().int(),
});
export type Cycle = z.output<typeof CycleSchema>;

/**
 * POST /api/report/type/national/cycles/saved (admin): creates the cycle of `year` or updates it
 * (then `version` is required). Setting status `open` creates a not_started report per active country.
 * Fields left out of an update keep their value (the server lays the body over the stored cycle
 * before this schema reads it); the defaults are for a new cycle.
 */
export const CycleSaveBodySchema = z
  .object({
    year: wholeNumber({ min: CYCLE_YEAR_MIN, max: CYCLE_YEAR_MAX, invalid: 'must be a year' }),
    version: VersionSchema.optional(),
    opens_at: DateSchema,
    closes_at: DateSchema,
    expiry_days: wholeNumber({
      min: 0,
      max: CYCLE_DAYS_MAX,
      unit: 'days',
      invalid: 'must be a number of days',
    }).default(30),
    timely_days: wholeNumber({
      min: 0,
      max: CYCLE_DAYS_MAX,
      unit: 'days',
      invalid: 'must be a number of days',
    }).default(0),
    guideline_version: nullableText({ max: GUIDELINE_VERSION_MAX }),
    status: CycleStatusSchema.default('draft'),
    reminder_days: ReminderDaysSchema.default([...DEFAULT_REMINDER_DAYS]),
  })
  .refine((c) => c.opens_at <= c.closes_at, { path: ['closes_at'], message: 'must not be before the opening date' });
export type CycleSaveBody = z.input<typeof CycleSaveBodySchema>;
export const CycleResponseSchema = itemResponse(CycleSchema);
export type CycleResponse = z.output<typeof CycleResponseSchema>;
