import { z } from 'zod';
import { itemResponse } from '../http/schema.ts';
import { PROGRESS_CLASSES } from './escap.ts';
import { OPEN_SDG_STATUSES } from './open-sdg.ts';
import type { ProgressRow } from './rows.ts';

/**
 * A row of `GET /api/profile/public/progress`: the columns of progress.csv, numbers as numbers,
 * null for an empty cell.
 */
export const ProgressRowSchema = z.object({
  area: z.string(),
  indicator: z.string(),
  direction: z.enum(['higher', 'lower']).nullable(),
  target: z.number().nullable(),
  target_kind: z.enum(['fixed', 'champion']).nullable(),
  base_year: z.number().int().nullable(),
  base_value: z.number().nullable(),
  latest_year: z.number().int().nullable(),
  latest_value: z.number().nullable(),
  csi: z.number().nullable(),
  predicted_2030: z.number().nullable(),
  class: z.enum(PROGRESS_CLASSES),
  open_sdg_status: z.enum(OPEN_SDG_STATUSES),
  open_sdg_score: z.number().nullable(),
  points: z.number().int(),
  method_version: z.string(),
}) satisfies z.ZodType<ProgressRow>;

/** `GET /api/profile/public/progress`: the progress assessment of the published profile (issue 35 item 3). */
export const PublicProgressResponseSchema = itemResponse(
  z.object({ method_version: z.string(), rows: z.array(ProgressRowSchema) }),
);
export type PublicProgressResponse = z.output<typeof PublicProgressResponseSchema>;
