import type { DbOrTx } from '../audit/service.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import { siteChangeTitle } from './change-titles.server.ts';

/** One change to the public site, as the publishing status lists it. */
export interface SiteChange {
  type: ChangeEvent['type'];
  title: string;
  /** When it was committed: a build that started after this holds it. */
  at: Date;
}

/** Kept at most: past this the oldest are forgotten (the count still says how many wait). */
const KEPT = 500;

/**
 * The changes to the public site not yet in its live build (issue 16, item 8; decision 027), in
 * memory: every committed event with `site: true` adds one, named in its own transaction; a
 * change is live once a build that started after it has gone live. After a restart the list
 * starts empty (the server builds the site afresh when it starts).
 */
export class PendingSiteChanges {
  #changes: SiteChange[] = [];
  #forgotten = 0;

  add(change: SiteChange): void {
    this.#changes.push(change);
    if (this.#changes.length > KEPT) {
      this.#changes.shift();
      this.#forgotten++;
    }
  }

  /**
   * The changes the live build does not hold, oldest first, and how many they are: those
   * committed after the start of the build that is live (all of them before any build). A
   * change of the very millisecond the build started is in it: the build reads the data later.
   */
  waiting(liveStarted: Date | null): { changes: SiteChange[]; total: number } {
    if (liveStarted) {
      const live = this.#changes.findIndex((change) => change.at > liveStarted);
      if (live !== 0) {
        this.#changes = live < 0 ? [] : this.#changes.slice(live);
        this.#forgotten = 0;
      }
    }
    return { changes: [...this.#changes], total: this.#changes.length + this.#forgotten };
  }
}

/**
 * Names each change of the public site in its transaction and adds it to `pending` once it has
 * committed (a rolled-back change is never listed). "Publish now" itself is no change.
 */
export function subscribeSiteChanges(bus: ChangeBus, pending: PendingSiteChanges, db: DbOrTx): void {
  const titles = new WeakMap<object, string>();
  const isChange = (event: ChangeEvent) => event.site && event.type !== 'site.publish.requested';
  bus.inTransaction('site-change-titles', isChange, async (event, tx) => {
    titles.set(event, await siteChangeTitle(tx, event));
  });
  const add = (event: ChangeEvent, title: string, at: Date) => pending.add({ type: event.type, title, at });
  bus.onCommit(
    'site-pending-changes',
    isChange,
    (event) => {
      const at = new Date();
      const title = titles.get(event);
      if (title !== undefined) return add(event, title, at);
      // Another instance's change (decision 035): named from the database now that it has committed.
      void siteChangeTitle(db, event).then(
        (named) => add(event, named, at),
        () => add(event, 'A change to the public site', at),
      );
    },
    { everyInstance: true },
  );
}
