import { z } from 'zod';
import { dataResponse, itemResponse } from '../http/schema.ts';
import { AnswerContentSchema, UserRefSchema } from '../questionnaires/schema.ts';
import { CycleSchema } from './cycle-schema.ts';
import { OwnReportSummarySchema, REGION_PROGRESS_FIELDS, ReportListItemSchema } from './schema.ts';

/** A report's history (answer changes, activity) and the reporting dashboard. */

// ---- history and activity ----

/** An answer before or after a change; null where there was none. */
const AnswerSnapshotSchema = AnswerContentSchema.nullable();

/** Who did what, and when: how every entry of a report's history starts. */
const HISTORY_ENTRY_FIELDS = { at: z.string(), by: UserRefSchema.nullable(), action: z.string() };
/** What was changed, as it was before and as it is after, each in the shape `snapshot` gives. */
const changeFields = <T extends z.ZodType>(snapshot: T) => ({ before: snapshot, after: snapshot });

/** GET …/history?question={uuid}: one question's answer changes, newest first. */
export const AnswerHistoryQuerySchema = z.object({ question: z.uuid('must be a question id') });
export const AnswerChangeSchema = z.object({
  ...HISTORY_ENTRY_FIELDS,
  /** The answer after the change (the same as `after`, flat for convenience). */
  ...AnswerContentSchema.shape,
  ...changeFields(AnswerSnapshotSchema),
  version: z.number().int().nullable(),
});
export type AnswerChange = z.output<typeof AnswerChangeSchema>;
export const AnswerHistoryResponseSchema = dataResponse(AnswerChangeSchema);

/** GET …/activity (admins): the report's whole audit log, newest first. */
export const ActivityEntrySchema = z.object({
  ...HISTORY_ENTRY_FIELDS,
  entity: z.string(),
  entity_id: z.string(),
  /** The question's code for answer changes. */
  question_code: z.string().nullable(),
  note: z.string().nullable(),
  ...changeFields(z.unknown()),
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
