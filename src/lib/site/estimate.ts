import type { BuildStatusData } from './schema.ts';

/** Seconds from `from` to `to` (ISO strings or dates); NaN when either is not a time. */
function secondsBetween(from: string | Date, to: string | Date): number {
  return (new Date(to).getTime() - new Date(from).getTime()) / 1000;
}

/**
 * How long the live build took, from its start to live, rounded up to a tenth (a build takes some time); null when not
 * known.
 */
export function buildSeconds(status: BuildStatusData): number | null {
  const live = status.live;
  if (!live?.started) return null;
  const seconds = secondsBetween(live.started, live.since);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 10) / 10 : null;
}

/**
 * About how many seconds until the changes waiting now are live, judged by how long the live build
 * took: a queued build takes that long; a running one what it has left, and a whole build more
 * when changes came in after it started (they go into the next one). Null while nothing is on its
 * way, or before any build has been timed.
 */
export function liveInSeconds(status: BuildStatusData, latestChange: Date | null, now: Date): number | null {
  const duration = buildSeconds(status);
  const { current } = status;
  if (duration === null || current.state === 'idle') return null;
  if (current.state === 'queued') return Math.max(1, Math.round(duration));
  const left = Math.max(1, duration - secondsBetween(current.since, now));
  const another = latestChange !== null && latestChange > new Date(current.since);
  return Math.round(another ? left + duration : left);
}
