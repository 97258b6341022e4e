import type { PendingSiteChanges } from './pending.server.ts';
import type { BuildStatusData } from './schema.ts';

/** How far the live site is behind the decisions (issue 31): `/api/health`'s `site`, and the metrics. */
export interface SiteHealth {
  /** When the live build went live (null: none yet, or a build served as it was found). */
  live_since: string | null;
  /** Changes to the public site made since the live build started. */
  pending_changes: number;
  /** When the oldest of them was made (null: none waits). */
  behind_since: string | null;
  /** When the first of the builds failing one after the other failed (null: the last build went live). */
  failing_since: string | null;
  /** Why the last build failed, while builds fail. */
  last_error: string | null;
  /** When the next try of a failed build starts, if it waits. */
  retry_at: string | null;
}

/** The site's health from the builder's status and the changes its live build does not hold. */
export async function siteHealth(
  site: { status(): BuildStatusData },
  changes: PendingSiteChanges,
  loaded: boolean,
): Promise<SiteHealth> {
  const status = site.status();
  const started = status.live ? new Date(status.live.started ?? status.live.since) : null;
  const waiting = await changes.waiting(started, 0);
  const failing = status.failing ?? null;
  return {
    live_since: loaded ? (status.live?.since ?? null) : null,
    pending_changes: waiting.total,
    behind_since: waiting.oldest?.toISOString() ?? null,
    failing_since: failing?.since ?? null,
    last_error: failing ? (status.lastFailure?.reason ?? null) : null,
    retry_at: failing?.retryAt ?? null,
  };
}
