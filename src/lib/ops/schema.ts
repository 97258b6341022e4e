import { z } from 'zod';
import { GenericResponseSchema } from '../http/schema.ts';

/** GET /api/health: the database answers and a live site is loaded (else a 503 error body). */
export const HealthResponseSchema = GenericResponseSchema.extend({
  data: z.object({
    database: z.literal('ok'),
    /**
     * When the live version went live (null for a build served as it was found, as in tests), and
     * how far it is behind the decisions (issue 31): changes it does not hold yet and since when,
     * and while builds fail, since when, why, and when the next try starts.
     */
    site: z.object({
      live_since: z.string().nullable(),
      pending_changes: z.number().int(),
      behind_since: z.string().nullable(),
      failing_since: z.string().nullable(),
      last_error: z.string().nullable(),
      retry_at: z.string().nullable(),
    }),
  }),
});
export type HealthResponse = z.output<typeof HealthResponseSchema>;
