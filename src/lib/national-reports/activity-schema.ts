import { z } from 'zod';
import { GenericResponseSchema } from '../http/schema.ts';
import { AnswerValueSchema, UserRefSchema } from '../questionnaires/schema.ts';
import { CycleSchema, OwnReportSummarySchema, ReportListItemSchema } from './schema.ts';

/** A report's history (answer changes, activity) and the reporting dashboard. */

// ---- history and activity ----

const AnswerSnapshotSchema = z
  .object({
    value: AnswerValueSchema,
    text: z.string().nullable(),
    data_year: z.number().int().nullable(),
    source: z.string().nullable(),
    comment: z.string().nullable(),
  })
  .nullable();

/** GET …/history?question={uuid}: one question's answer changes, newest first. */
export const AnswerHistoryQuerySchema = z.object({ question: z.uuid('must be a question id') });
export const AnswerChangeSchema = z.object({
  at: z.string(),
  by: UserRefSchema.nullable(),
  action: z.string(),
  /** The answer after the change (the same as `after`, flat for convenience). */
  value: AnswerValueSchema,
  text: z.string().nullable(),
  data_year: z.number().int().nullable(),
  source: z.string().nullable(),
  comment: z.string().nullable(),
  before: AnswerSnapshotSchema,
  after: AnswerSnapshotSchema,
  version: z.number().int().nullable(),
});
export type AnswerChange = z.output<typeof AnswerChangeSchema>;
export const AnswerHistoryResponseSchema = GenericResponseSchema.extend({ data: z.array(AnswerChangeSchema) });

/** GET …/activity (admins): the report's whole audit log, newest first. */
export const ActivityEntrySchema = z.object({
  at: z.string(),
  by: UserRefSchema.nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  /** The question's code for answer changes. */
  question_code: z.string().nullable(),
  note: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export const ActivityResponseSchema = GenericResponseSchema.extend({ data: z.array(ActivityEntrySchema) });

// ---- dashboard ----

/** GET /api/report/type/national/dashboard: the reporting card. */
export const DashboardSchema = z.object({
  /** The open cycle (the latest open one), or null. */
  cycle: CycleSchema.nullable(),
  /** Days until the deadline (negative once passed); null without an open cycle. */
  days_left: z.number().int().nullable(),
  /** Country roles: their own reports of open cycles. Admins: []. */
  own: z.array(OwnReportSummarySchema),
  /** Admins: the open cycle across the region; null for country roles. */
  region: z
    .object({
      countries_total: z.number().int(),
      by_status: z.record(z.string(), z.number().int()),
      average_completeness: z.number().int(),
      countries: z.array(ReportListItemSchema),
    })
    .nullable(),
});
export type Dashboard = z.output<typeof DashboardSchema>;
export const DashboardResponseSchema = GenericResponseSchema.extend({ data: DashboardSchema });
