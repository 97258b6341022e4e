import { desc, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { siteChanges } from '../db/schema.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import { siteChangeFacts } from './change-facts.server.ts';
import { readFacts, siteChangeText, type SiteChangeFacts } from './change-words.ts';

/** One change to the public site, as the publishing status lists it. */
export interface SiteChange {
  type: ChangeEvent['type'];
  /** In English, as written when it happened. */
  title: string;
  /** What it was, to word it in the reader's language (null: written before facts were kept). */
  facts: SiteChangeFacts | null;
  /** When it was written: a build that started after this holds it. */
  at: Date;
}

/** What the live build does not hold yet: the newest changes (oldest first), how many in all, and the oldest's time. */
export interface Waiting {
  changes: SiteChange[];
  total: number;
  oldest: Date | null;
}

/** Changes older than this before the live build's start are forgotten (they are in it). */
const KEEP_BEHIND_MS = 24 * 60 * 60_000;

/**
 * The changes to the public site not yet in its live build (issue 16 item 8, decision 027; in the
 * database since decision 053, so every instance and a restarted one see the same): each change
 * of the public site is named and written in its own transaction, so a rolled-back change is never
 * listed; one is live once a build that started after it has gone live.
 */
export class PendingSiteChanges {
  readonly #db: DbOrTx;

  constructor(db: DbOrTx) {
    this.#db = db;
  }

  /** The changes written after `liveStarted` (all of them before any build), at most `limit` listed. */
  async waiting(liveStarted: Date | null, limit = 50): Promise<Waiting> {
    const after = liveStarted ? gt(siteChanges.at, liveStarted) : undefined;
    const [count] = await this.#db
      .select({ total: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${siteChanges.at})::text` })
      .from(siteChanges)
      .where(after);
    const rows =
      limit > 0
        ? await this.#db
            .select()
            .from(siteChanges)
            .where(after)
            .orderBy(desc(siteChanges.at), desc(siteChanges.id))
            .limit(limit)
        : [];
    const changes = rows.reverse().map((row) => ({
      type: row.type as ChangeEvent['type'],
      title: row.title,
      facts: readFacts(row.facts),
      at: row.at,
    }));
    return { changes, total: count?.total ?? 0, oldest: count?.oldest ? new Date(count.oldest) : null };
  }

  /** Forgets the changes long held by the live build. */
  async prune(liveStarted: Date): Promise<void> {
    await this.#db.delete(siteChanges).where(lt(siteChanges.at, new Date(liveStarted.getTime() - KEEP_BEHIND_MS)));
  }
}

/** Whether an event changes the public site: "Publish now" itself is no change. */
export const isSiteChange = (event: ChangeEvent) => event.site && event.type !== 'site.publish.requested';

/**
 * Writes a change of the public site in its transaction: its facts, and its line in English
 * (kept for logs and for readers of rows without facts).
 */
export async function recordSiteChange(event: ChangeEvent, tx: DbOrTx): Promise<void> {
  const facts = await siteChangeFacts(tx, event);
  await tx
    .insert(siteChanges)
    .values({ type: event.type, title: siteChangeText('en', facts) ?? 'A change to the public site', facts });
}
