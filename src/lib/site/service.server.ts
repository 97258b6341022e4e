import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { buildSeconds, liveInSeconds } from './estimate.ts';
import { WAITING_LISTED_MAX, type SiteStatusData } from './schema.ts';

/**
 * "Publish now" (POST site/publish, admin-level): records who asked and publishes
 * `site.publish.requested`, whose standing subscriber queues the rebuild like any other public
 * change (decision 023). Changes go live by themselves; this only builds the site again at once.
 */
export async function requestSitePublish(deps: AppDeps, auth: AuthedUser): Promise<void> {
  await deps.changes.write(deps.db, async (w) => {
    await w.audit({ actorId: auth.user.id, entity: 'site', entityId: 'public-site', action: 'publish' });
    await w.emit({ type: 'site.publish.requested', data: {}, actorId: auth.user.id, site: true });
  });
}

/**
 * The publishing status (decision 027): the builder's state, the changes not yet live (newest
 * first, at most WAITING_LISTED_MAX listed) and when they should be.
 */
export async function siteStatus(deps: AppDeps, now = new Date()): Promise<SiteStatusData> {
  const status = deps.site.status();
  const started = status.live ? new Date(status.live.started ?? status.live.since) : null;
  const waiting = await deps.siteChanges.waiting(started, WAITING_LISTED_MAX);
  const latest = waiting.changes.at(-1)?.at ?? null;
  return {
    ...status,
    waiting: {
      total: waiting.total,
      ...(waiting.oldest && { since: waiting.oldest.toISOString() }),
      changes: waiting.changes
        .reverse()
        .map((change) => ({ type: change.type, title: change.title, at: change.at.toISOString() })),
    },
    buildSeconds: buildSeconds(status),
    liveInSeconds: liveInSeconds(status, latest, now),
  };
}
