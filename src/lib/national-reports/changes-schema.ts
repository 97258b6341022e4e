import { z } from 'zod';
import { GenericResponseSchema } from '../http/schema.ts';
import { AnswerValueSchema, UserRefSchema } from '../questionnaires/schema.ts';

/**
 * What changed in a national report (issue 34 item 3, decision 077): since it was last returned,
 * since it was last submitted, or against the same country's report of the previous cycle.
 */
export const CHANGES_SINCE = ['return', 'submission', 'previous_cycle'] as const;
export type ChangesSince = (typeof CHANGES_SINCE)[number];

/** GET …/{year}/{cc}/changes?since= */
export const ChangesQuerySchema = z.object({
  since: z.enum(CHANGES_SINCE, { error: 'must be return, submission or previous_cycle' }),
});

/** What an answer says, as the changes compare it (its note aside); null where there was no answer. */
const ChangedAnswerSchema = z
  .object({
    value: AnswerValueSchema,
    text: z.string().nullable(),
    source: z.string().nullable(),
    data_year: z.number().int().nullable(),
  })
  .nullable();

export const ReportChangeSchema = z.object({
  question_uuid: z.string(),
  before: ChangedAnswerSchema,
  after: ChangedAnswerSchema,
  /** Who last changed the answer, named as the answer history names a person; null: nobody since (a cleared answer). */
  changed_by: UserRefSchema.nullable(),
  /** When the answer was last changed; null when this report holds no answer to the question. */
  changed_at: z.string().nullable(),
});
export type ReportChange = z.output<typeof ReportChangeSchema>;

export const ReportChangesResponseSchema = GenericResponseSchema.extend({
  data: z.array(ReportChangeSchema),
  /** When the point compared against was: the return, the submission, or the previous report's last change. */
  since_at: z.string().nullable(),
  /** The year of the report compared against (previous_cycle), else null. */
  since_year: z.number().int().nullable(),
});
export type ReportChangesResponse = z.output<typeof ReportChangesResponseSchema>;
