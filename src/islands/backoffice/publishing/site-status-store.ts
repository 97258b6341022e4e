import { atom, computed, onMount, onNotify } from 'nanostores';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import { SiteStatusResponseSchema, type BuildStatusData } from '../../../lib/site/schema.ts';
import { api, errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith, mutateCache, revalidateKeys } from '../lib/query.ts';
import { notifyError } from '../notifications/snackbar-store.ts';
import { $identity } from '../session.ts';

export const SITE_STATUS_KEY = 'site/status';
/** How often the state of a queued or running build is asked for. */
export const SITE_STATUS_POLL_MS = 1500;

const $statusKey = computed($identity, (state) =>
  state.status === 'ready' && isAdminLevel(state.identity) ? SITE_STATUS_KEY : null,
);

/** The site builder's state (admin-level users only); polled while a build is queued or running. */
export const $siteStatus = createFetcherStore([$statusKey], {
  fetcher: fetchWith(SiteStatusResponseSchema),
  dedupeTime: 0,
  revalidateOnFocus: true,
});

/** Whether the builder has work queued or under way, so the status is worth asking again. */
export function isBuildActive(status: BuildStatusData | undefined): boolean {
  return status?.current.state === 'queued' || status?.current.state === 'building';
}

let pollTimer: ReturnType<typeof setTimeout> | undefined;

/** One request at a time: the next poll is scheduled only once an answer has arrived. */
function schedulePoll(): void {
  clearTimeout(pollTimer);
  pollTimer = undefined;
  const value = $siteStatus.get();
  if (!value.loading && isBuildActive(value.data?.data)) {
    pollTimer = setTimeout(() => revalidateKeys(SITE_STATUS_KEY), SITE_STATUS_POLL_MS);
  }
}

// A lifecycle hook, not a subscription: polling stops when no indicator shows the state.
onNotify($siteStatus, schedulePoll);
onMount($siteStatus, () => () => {
  clearTimeout(pollTimer);
  pollTimer = undefined;
});

/**
 * After a change the server answers by queueing a rebuild itself (an item published,
 * unpublished or deleted): ask for the builder's state now, so the indicators follow it.
 */
export function followSiteBuild(): void {
  revalidateKeys(SITE_STATUS_KEY);
}

/** True while the "Publish site" request is on its way. */
export const $publishing = atom(false);

/** The "Publish site" action: queues a rebuild of the public site, then follows it. */
export async function publishSite(): Promise<void> {
  if ($publishing.get()) return;
  $publishing.set(true);
  try {
    const answer = await api('site/publish', SiteStatusResponseSchema, { method: 'POST' });
    mutateCache(SITE_STATUS_KEY, answer);
  } catch (error) {
    notifyError(`The site could not be published: ${errorMessage(error)}`);
  } finally {
    $publishing.set(false);
  }
}

export type SitePhase =
  | { kind: 'unknown' }
  | { kind: 'queued'; since: string }
  | { kind: 'building'; progress: number; step: string; since: string }
  | { kind: 'failed'; at: string; reason: string; liveSince: string | null }
  | { kind: 'live'; since: string }
  | { kind: 'neverBuilt' };

/** What the indicators show: a build under way first, then a failure, then the live build. */
export function sitePhase(status: BuildStatusData | undefined): SitePhase {
  if (!status) return { kind: 'unknown' };
  const { current, live, lastFailure } = status;
  if (current.state === 'queued') return { kind: 'queued', since: current.since };
  if (current.state === 'building') {
    const progress = Math.max(0, Math.min(100, Math.round(current.progress)));
    return { kind: 'building', progress, step: current.step, since: current.since };
  }
  if (lastFailure) return { kind: 'failed', at: lastFailure.at, reason: lastFailure.reason, liveSince: live?.since ?? null };
  return live ? { kind: 'live', since: live.since } : { kind: 'neverBuilt' };
}
