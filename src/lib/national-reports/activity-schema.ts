import { z } from 'zod';
import { dataResponse, itemResponse } from '../http/schema.ts';
import { AnswerContentSchema, UserRefSchema } from '../questionnaires/schema.ts';
import { CycleSchema } from './cycle-schema.ts';
import { OwnReportSummarySchema, REGION_PROGRESS_FIELDS, ReportListItemSchema } from './schema.ts';

/** A report's history (answer changes, activity) and the reporting dashboard. */

// ---- history and activity ----

/** An answer before or after a change; null where there was none. */
const AnswerSnapshotSchema = AnswerContentSchema.nullable();

/** GET …/history?question={uuid}: one question's answer changes, newest first. */
export const AnswerHistoryQuerySchema = z.object({ question: z.uuid('must be a question id') });
export const AnswerChangeSchema = z.object({
  at: z.string(),
  by: UserRefSchema.nullable(),
  action: z.string(),
  /** The answer after the change (the same as `after`, flat for convenience). */
  ...AnswerContentSchema.shape,
  before: AnswerSnapshotSchema,
  after: AnswerSnapshotSchema,
  version: z.number().int().nullable(),
});
export type AnswerChange = z.output<typeof AnswerChangeSchema>;
export const AnswerHistoryResponseSchema = dataResponse(AnswerChangeSchema);

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
export const ActivityResponseSchema = dataResponse(ActivityEntrySchema);

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
      ...REGION_PROGRESS_FIELDS,
      countries: z.array(ReportListItemSchema),
    })
    .nullable(),
});
export type Dashboard = z.output<typeof DashboardSchema>;
export const DashboardResponseSchema = itemResponse(DashboardSchema);
