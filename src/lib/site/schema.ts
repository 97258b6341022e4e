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
  /** The build the site shows: when it went live and (since issue 16) when it started. */
  live: z.object({ id: z.string(), since: z.string(), started: z.string().optional() }).nullable(),
  lastFailure: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /**
   * Builds failing one after the other since `since` (issue 31, decision 053): how many, and when
   * the next try starts (null: it is starting, or waits for the queue). Null while the last build went live.
   */
  failing: z.object({ since: z.string(), failures: z.number().int(), retryAt: z.string().nullable() }).optional(),
});
export type BuildStatusData = z.output<typeof BuildStatusSchema>;

/** A change made since the live build started, not yet on the public site. */
export const SiteChangeSchema = z.object({ type: z.string(), title: z.string(), at: z.string() });

/** At most this many waiting changes are listed; `waiting.total` counts them all. */
export const WAITING_LISTED_MAX = 50;

/**
 * GET /api/site/status's data: the builder's state, and (issue 16, item 8) what waits for the
 * next build, how long the last build took and when the waiting changes should be live.
 */
export const SiteStatusSchema = BuildStatusSchema.extend({
  /** `since`: when the oldest change the live site does not hold was made (absent: none waits). */
  waiting: z.object({ total: z.number().int(), since: z.string().optional(), changes: z.array(SiteChangeSchema) }),
  /** Seconds the live build took, from its start to live; null when not known. */
  buildSeconds: z.number().nullable(),
  /** About how many seconds until what waits is live; null when nothing is on its way or it cannot be told. */
  liveInSeconds: z.number().nullable(),
});
export type SiteStatusData = z.output<typeof SiteStatusSchema>;

/** GET /api/site/status and POST /api/site/publish (admin-level). */
export const SiteStatusResponseSchema = GenericResponseSchema.extend({ data: SiteStatusSchema });
export type SiteStatusResponse = z.output<typeof SiteStatusResponseSchema>;
