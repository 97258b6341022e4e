import type { DbOrTx } from '../audit/service.server.ts';
import { NOTIFYING_EVENTS } from '../notifications/kinds.ts';
import { dropCatalogues } from '../questionnaires/catalogue.server.ts';
import { changesCompareViews, dropCompareViews } from '../national-reports/compare-cache.server.ts';
import { followAnswerSearch } from '../national-reports/search-memory.server.ts';
import { writeNotifications } from '../notifications/service.server.ts';
import { indexReportAnswers } from '../national-reports/search-index.server.ts';
import { isSiteChange, recordSiteChange } from '../site/pending.server.ts';
import { WITHDRAWAL_EVENTS } from '../site/withdrawals.server.ts';
import type { ChangeBus } from './change-bus.server.ts';
import { domainOf, type ChangeDomain, type ChangeEvent } from './change-events.ts';

/** The public cache's domains: a committed change of one clears that domain's cached answers. */
const PUBLIC_CACHE_DOMAINS: readonly ChangeDomain[] = ['national-reports', 'profile', 'best-practices', 'cms'];

/** What the reactions need: the caches, the site's publisher, the mail worker and the writers. */
export interface ChangeReactions {
  publicCache: { invalidate(domain: string): void };
  /** Users, roles, access rights and countries as the API's guards and user lists see them. */
  accessCaches: { invalidate(): void };
  /** Who may read a record's stored files (decision 035), by the record's domain. */
  fileAccess?: { invalidate(domain?: string): void };
  /** The site's publisher: queues rebuilds; `refresh` reads the live build another instance named (decision 035). */
  site: { request(): Promise<void>; refresh?(): Promise<void> };
  /** Wakes the mail worker (null when mail only waits in the outbox). */
  mail?: { kick(): void } | null;
  /**
   * What the server writes in each change's own transaction: the pages a withdrawal takes off
   * (decision 053), the changes the live site does not hold yet (decision 027) and the
   * notifications (issue 16). Unit tests of the caches leave it out.
   */
  writes?: {
    withdrawals: {
      record(event: ChangeEvent, tx: DbOrTx): Promise<void>;
      committed(event: ChangeEvent): void;
      reload(): Promise<void>;
    };
    /** The public site's address, for the links of notification emails. */
    siteUrl: string;
  };
}

/**
 * The one registry of reactions to change events (decisions 023, 067): every subscriber of the
 * bus is here, and nothing else subscribes. Caches follow the data; every event that adds,
 * changes or withdraws public data queues a rebuild, so the live pages, the open-data files and
 * the search index follow it. Transaction subscribers run in the order listed.
 */
export function subscribeStandingReactions(bus: ChangeBus, to: ChangeReactions): void {
  subscribeWrites(bus, to);
  // Caches follow the changes of every instance on the database (decision 035), and are dropped
  // whole when some of those may have been missed.
  const everyInstance = { everyInstance: true };
  bus.onCommit(
    'public-cache',
    { domains: PUBLIC_CACHE_DOMAINS },
    (event) => to.publicCache.invalidate(domainOf(event)),
    everyInstance,
  );
  bus.onCommit('access-caches', { domains: ['access'] }, () => to.accessCaches.invalidate(), everyInstance);
  bus.onCommit('file-access', '*', (event) => to.fileAccess?.invalidate(domainOf(event)), everyInstance);
  // The forms' question catalogues (src/lib/questionnaires/catalogue.server.ts), each by its events.
  bus.onCommit('catalogues', '*', (event) => dropCatalogues(bus, event), everyInstance);
  // The Compare views of one question across the region (decision 075).
  bus.onCommit('compare-views', changesCompareViews, (event) => dropCompareViews(bus, event), everyInstance);
  // The answers' search index in memory (decision 076): a report's answers, or the reports' list, read again.
  bus.onCommit(
    'answer-search-memory',
    { domains: ['national-reports'] },
    (event) => followAnswerSearch(bus, event),
    everyInstance,
  );
  bus.onResync('caches', () => {
    for (const domain of PUBLIC_CACHE_DOMAINS) to.publicCache.invalidate(domain);
    to.accessCaches.invalidate();
    to.fileAccess?.invalidate();
    dropCatalogues(bus);
    dropCompareViews(bus);
    followAnswerSearch(bus);
  });
  // A reply to a contact message queues its email with the change; the worker sends it now.
  bus.onCommit('contact-reply-mail', { types: ['contact.replied'] }, () => to.mail?.kick());
  bus.onCommit('site-rebuild', { site: true }, () => {
    // The builder reports its own failures in its status; the change itself is committed.
    to.site.request().catch(() => {});
  });
  subscribeCommittedWrites(bus, to);
  if (to.site.refresh) followLiveBuilds(bus, to.site as { refresh(): Promise<void> });
}

/** The transaction subscribers: what is written with each change (ChangeReactions.writes). */
function subscribeWrites(bus: ChangeBus, to: ChangeReactions): void {
  const writes = to.writes;
  if (!writes) return;
  bus.inTransaction('site-changes', isSiteChange, recordSiteChange);
  bus.inTransaction('site-withdrawals', { types: WITHDRAWAL_EVENTS }, (event, tx) =>
    writes.withdrawals.record(event, tx),
  );
  // The answers' search index follows each save of a report's answers (decision 076).
  bus.inTransaction('answer-search', { types: ['report.answers.saved'] }, (event, tx) =>
    indexReportAnswers(tx, (event as ChangeEvent<'report.answers.saved'>).data.uuid),
  );
  bus.inTransaction('notifications', { types: NOTIFYING_EVENTS }, async (event, tx) => {
    if (await writeNotifications(event, tx, writes.siteUrl)) mailQueued.add(event);
  });
}

/** The events whose transaction queued notification emails (the mail worker is woken after their commit). */
const mailQueued = new WeakSet<ChangeEvent>();

/** After the commit of what subscribeWrites wrote: withdrawn pages apply, queued mail goes. */
function subscribeCommittedWrites(bus: ChangeBus, to: ChangeReactions): void {
  const writes = to.writes;
  if (!writes) return;
  // Every instance's withdrawals: this one applies its own at once, the others read the list again.
  bus.onCommit('withdrawn-pages', { types: WITHDRAWAL_EVENTS }, (event) => writes.withdrawals.committed(event), {
    everyInstance: true,
  });
  bus.onResync('withdrawn-pages', () => void writes.withdrawals.reload());
  bus.onCommit(
    'mail-worker',
    (event) => mailQueued.has(event),
    () => to.mail?.kick(),
  );
}

/**
 * Several instances on one database (decision 035): a build another instance named live is
 * loaded here as soon as its `site.live` event arrives (and after a resync), not only at the
 * publisher's next poll. Called for the server's publisher; a test that makes a second publisher
 * on the same bus calls it too.
 */
export function followLiveBuilds(bus: ChangeBus, site: { refresh(): Promise<void> }): void {
  bus.onCommit('site-live', { types: ['site.live'] }, () => void site.refresh(), { everyInstance: true });
  bus.onResync('site-live', () => void site.refresh());
}
