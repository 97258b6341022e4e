import { atom, computed, onMount, onNotify } from 'nanostores';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import { SiteStatusResponseSchema, type BuildStatusData, type SiteStatusData } from '../../../lib/site/schema.ts';
import { api, errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith, mutateCache, revalidateKeys } from '../lib/query.ts';
import { notifyError } from '../notifications/snackbar-store.ts';
import { $identity } from '../session.ts';
import { INTL_TAG } from '../../i18n/page-locale.ts';
import { m } from './messages.ts';

export const SITE_STATUS_KEY = 'site/status';
/** How often the state of a queued or running build is asked for. */
export const SITE_STATUS_POLL_MS = 1500;
/** How often it is asked while builds fail and the next try waits. */
export const SITE_STATUS_FAILING_POLL_MS = 5000;

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
  if (value.loading) return;
  // While builds fail, the retry's countdown and its start are followed too, less often.
  const every = isBuildActive(value.data?.data)
    ? SITE_STATUS_POLL_MS
    : value.data?.data.failing
      ? SITE_STATUS_FAILING_POLL_MS
      : 0;
  if (every > 0) pollTimer = setTimeout(() => revalidateKeys(SITE_STATUS_KEY), every);
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

/** True while the "Publish now" request is on its way. */
export const $publishing = atom(false);

/** Whether the "Publish now" confirmation is open (one dialog, whichever button opened it). */
export const $confirmingPublish = atom(false);

/** Opens the confirmation of "Publish now", with the latest list of what will change. */
export function askToPublish(): void {
  if ($publishing.get()) return;
  revalidateKeys(SITE_STATUS_KEY);
  $confirmingPublish.set(true);
}

/** The "Publish now" action, once confirmed: queues a rebuild of the public site, then follows it. */
export async function publishSite(): Promise<void> {
  $confirmingPublish.set(false);
  if ($publishing.get()) return;
  $publishing.set(true);
  try {
    const answer = await api.request('POST', 'site/publish', { schema: SiteStatusResponseSchema });
    mutateCache(SITE_STATUS_KEY, answer);
  } catch (error) {
    notifyError(m('failed', { reason: errorMessage(error) }));
  } finally {
    $publishing.set(false);
  }
}

export type SitePhase =
  | { kind: 'unknown' }
  | { kind: 'queued'; since: string }
  | { kind: 'building'; progress: number; step: string; since: string }
  | { kind: 'failed'; at: string; reason: string; liveSince: string | null; retryAt: string | null }
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
  if (lastFailure)
    return {
      kind: 'failed',
      at: lastFailure.at,
      reason: lastFailure.reason,
      liveSince: live?.since ?? null,
      retryAt: status.failing?.retryAt ?? null,
    };
  return live ? { kind: 'live', since: live.since } : { kind: 'neverBuilt' };
}

/** "about 20 s", "about 2 min": an estimate never more precise than it can be. */
export function aboutTime(seconds: number): string {
  if (seconds < 58) return m('aboutSeconds', { count: Math.max(5, Math.round(seconds / 5) * 5) });
  return m('aboutMinutes', { count: Math.max(1, Math.round(seconds / 60)) });
}

const clock = new Intl.DateTimeFormat(INTL_TAG, { hour: '2-digit', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat(INTL_TAG, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** "14:02" today, "3 Mar, 14:02" another day, in the reader's time zone. */
export function liveMoment(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toDateString() === now.toDateString() ? clock.format(date) : dayAndClock.format(date);
}

const changesWaiting = (count: number) => m('changesWaiting', { count });

/**
 * The one status line of the public site, in two parts: what it is (announced when it changes)
 * and, while changes are on their way, when they should be live. "3 changes waiting · live in
 * about 20 s", "Live since 14:02".
 */
export function siteSummary(
  data: SiteStatusData | undefined,
  now = new Date(),
): { state: string; detail: string | null } {
  const phase = sitePhase(data);
  const waiting = data?.waiting.total ?? 0;
  switch (phase.kind) {
    case 'unknown':
      return { state: m('checking'), detail: null };
    case 'queued':
    case 'building': {
      const liveIn = data?.liveInSeconds ?? null;
      return {
        state: waiting > 0 ? changesWaiting(waiting) : m('updating'),
        detail: liveIn === null ? m('goingLiveShortly') : m('liveIn', { time: aboutTime(liveIn) }),
      };
    }
    case 'failed':
      if (data?.failing) return behind(data, now);
      return waiting > 0
        ? { state: changesWaiting(waiting), detail: m('lastFailedDetail') }
        : { state: m('lastFailed'), detail: null };
    case 'live':
      return waiting > 0
        ? { state: changesWaiting(waiting), detail: null }
        : { state: m('liveSince', { moment: liveMoment(phase.since, now) }), detail: null };
    case 'neverBuilt':
      return { state: waiting > 0 ? changesWaiting(waiting) : m('notPublished'), detail: null };
  }
}

/**
 * While builds fail (issue 31): "The public site is 6 minutes behind · the last update failed;
 * trying again in about 30 s". Behind since the oldest change it does not hold, else since the
 * first failure.
 */
function behind(data: SiteStatusData, now: Date): { state: string; detail: string } {
  const since = new Date(data.waiting.since ?? data.failing!.since).getTime();
  const seconds = Math.max(0, (now.getTime() - since) / 1000);
  const retryAt = data.failing!.retryAt;
  const retryIn = retryAt === null ? 0 : (new Date(retryAt).getTime() - now.getTime()) / 1000;
  const detail = retryIn >= 1 ? m('failedRetryIn', { time: aboutTime(retryIn) }) : m('failedRetryNow');
  return { state: m('behindBy', { time: aboutTime(seconds) }), detail };
}

/** The summary as one line: "3 changes waiting · live in about 20 s". */
export function summaryLine(data: SiteStatusData | undefined, now = new Date()): string {
  const { state, detail } = siteSummary(data, now);
  return detail ? `${state} · ${detail}` : state;
}
