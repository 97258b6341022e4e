import { z } from 'zod';
import { GenericResponseSchema } from '../http/schema.ts';

/** GET /api/health: the database answers and a live site is loaded (else a 503 error body). */
export const HealthResponseSchema = GenericResponseSchema.extend({
  data: z.object({
    database: z.literal('ok'),
    /** When the live version went live (null for a build served as it was found, as in tests). */
    site: z.object({ live_since: z.string().nullable() }),
  }),
});
export type HealthResponse = z.output<typeof HealthResponseSchema>;
