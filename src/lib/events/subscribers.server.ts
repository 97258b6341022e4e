import type { ChangeBus } from './change-bus.server.ts';
import { domainOf, type ChangeDomain } from './change-events.ts';

/** The public cache's domains: a committed change of one clears that domain's cached answers. */
const PUBLIC_CACHE_DOMAINS: readonly ChangeDomain[] = ['national-reports', 'profile', 'best-practices', 'cms'];

/** What the standing subscribers need: the caches and the site builder's queue. */
export interface ChangeReactions {
  publicCache: { invalidate(domain: string): void };
  /** Users, roles, access rights and countries as the API's guards and user lists see them. */
  accessCaches: { invalidate(): void };
  /** Who may read a record's stored files (decision 035), by the record's domain. */
  fileAccess?: { invalidate(domain?: string): void };
  site: { request(): Promise<void> };
  /** Wakes the mail worker (null when mail only waits in the outbox). */
  mail?: { kick(): void } | null;
}

/**
 * The one place where caches and the site's rebuild follow the data (decision 023): nothing else
 * calls them after a write. Every event that adds, changes or withdraws public data queues a
 * rebuild, so the live pages, the open-data files and the search index follow it.
 */
export function subscribeStandingReactions(bus: ChangeBus, to: ChangeReactions): void {
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
  bus.onResync('caches', () => {
    for (const domain of PUBLIC_CACHE_DOMAINS) to.publicCache.invalidate(domain);
    to.accessCaches.invalidate();
    to.fileAccess?.invalidate();
  });
  // A reply to a contact message queues its email with the change; the worker sends it now.
  bus.onCommit('contact-reply-mail', { types: ['contact.replied'] }, () => to.mail?.kick());
  bus.onCommit('site-rebuild', { site: true }, () => {
    // The builder reports its own failures in its status; the change itself is committed.
    to.site.request().catch(() => {});
  });
}
