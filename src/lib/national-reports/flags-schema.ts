import { z } from 'zod';
import { dataResponse } from '../http/schema.ts';
import { REVIEW_RULES } from '../questionnaires/review-rules.ts';
import { AnswerValueSchema } from '../questionnaires/schema.ts';

/**
 * The review flags of a national report (decision 078): every answer a review rule flags, with the explanation its
 * country gave. `outlier` flags (far from the other countries' answers of the cycle) are the reviewer's only.
 */
export const ReportFlagSchema = z.object({
  question_uuid: z.string(),
  question_code: z.string(),
  rule: z.enum(REVIEW_RULES),
  /** The flag in words, in the request's language. */
  message: z.string(),
  /** The message's values (the figure, the limit, the other question…), for a client that words it itself. */
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The flagged answer's value (null: not answered, a missing answer asked for). */
  value: AnswerValueSchema,
  /** Why the answer stands, as the country wrote it; null: not explained. */
  explanation: z.string().nullable(),
});
export type ReportFlag = z.output<typeof ReportFlagSchema>;

/** GET /api/report/type/national/{year}/{country_code}/flags */
export const ReportFlagsResponseSchema = dataResponse(ReportFlagSchema);
export type ReportFlagsResponse = z.output<typeof ReportFlagsResponseSchema>;
