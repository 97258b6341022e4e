import { z } from 'zod';
import { GenericResponseSchema } from '../http/schema.ts';

/** The state of the site builder (src/server/site-builder.ts), as the back-office shows it. */
export const BuildStateSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('idle') }),
  z.object({ state: z.literal('queued'), since: z.string() }),
  z.object({ state: z.literal('building'), since: z.string(), progress: z.number(), step: z.string() }),
]);

export const BuildStatusSchema = z.object({
  current: BuildStateSchema,
  live: z.object({ id: z.string(), since: z.string() }).nullable(),
  lastFailure: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type BuildStatusData = z.output<typeof BuildStatusSchema>;

/** GET /api/site/status and POST /api/site/publish (admin-level). */
export const SiteStatusResponseSchema = GenericResponseSchema.extend({ data: BuildStatusSchema });
export type SiteStatusResponse = z.output<typeof SiteStatusResponseSchema>;
