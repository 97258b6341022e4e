import type { Db } from '../db/client.server.ts';
import { canActInCountry, hasModuleRule, type ModuleName, type Subject } from '../access/permissions.ts';
import { LruCache } from '../http/lru-cache.server.ts';

/**
 * Who may read the stored files of one record (a best practice, …), as its owner decides from
 * the record's state (decision 035).
 */
export interface FileRecord {
  /** Whether anyone may read this file of the record (published, or kept public). */
  isPublic(key: string): boolean;
  /** Whether a signed-in, active reader may read the record's files that are not public. */
  mayRead(reader: Subject): boolean;
}

/** A record that no longer exists: its files (if any are left) are nobody's to read. */
export const NO_RECORD: FileRecord = { isPublic: () => false, mayRead: () => false };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The owner of the files under `{top}/{uuid}/{below}`: the record named by the uuid, whose
 * rules `load` reads, and whose change events (of `domain`) may change them.
 */
export function filesOfRecords(domain: string, top: string, load: FileOwner['load'], below = ''): FileOwner {
  return { domain, folder: new RegExp(`^${top}/(${UUID})/${below}`), load };
}

/**
 * Whether a record's kept public copy (its `published_snapshot` as JSON text, decision 033)
 * names the stored file `key`, by its key or by its URL under /uploads/.
 */
export function keptCopyNames(kept: string | null, key: string): boolean {
  if (kept === null || kept === 'null') return false;
  return kept.includes(`"${key}"`) || kept.includes(`"/uploads/${key}"`);
}

/**
 * The reading rules of a record that is public once published and may keep a public copy while
 * it is revised (decision 033): anyone reads it published, and the files its kept copy names;
 * otherwise only those with `module`'s view rule in its country (administrators: all).
 * No row: NO_RECORD.
 */
export function publishedRecordFiles(
  row: { status: string; country: string; kept: string | null } | undefined,
  module: ModuleName,
): FileRecord {
  if (!row) return NO_RECORD;
  const published = row.status === 'published';
  return {
    // A file of the kept copy appears in it by its key (attachments) or its URL (pictures).
    isPublic: (key) => published || keptCopyNames(row.kept, key),
    mayRead: (reader) => hasModuleRule(reader, module, ['view']) && canActInCountry(reader, row.country),
  };
}

/** A kind of record that owns a folder of the file store and says who may read its files. */
export interface FileOwner {
  /** The change-event domain whose events may change who reads these files (their cache follows it). */
  domain: string;
  /** The keys this owner answers for; the first group names the record (e.g. its uuid). */
  folder: RegExp;
  /** The record's reading rules, read from the database; NO_RECORD when there is none. */
  load(db: Db, record: string): Promise<FileRecord>;
}

/**
 * The stored files whose readers depend on a record: each owner's folder, and the record's rules
 * kept in memory until a change event of the owner's domain clears them (on any instance: the
 * events travel between instances, decision 035). Files of no owner are public for good.
 */
export class FileAccess {
  readonly #owners: readonly FileOwner[];
  readonly cache = new LruCache<string, FileRecord>(5000);
  #generation = 0;

  constructor(owners: readonly FileOwner[]) {
    this.#owners = owners;
  }

  /** The reading rules of the record that owns `key`, or null when no record owns it. */
  async recordOf(db: Db, key: string): Promise<FileRecord | null> {
    for (const owner of this.#owners) {
      const record = owner.folder.exec(key)?.[1];
      if (record === undefined) continue;
      const cacheKey = `${owner.domain}:${record}`;
      const cached = this.cache.get(cacheKey);
      if (cached) return cached;
      // Kept only if no change cleared the cache while it was being read (it could predate that change).
      const generation = this.#generation;
      const loaded = await owner.load(db, record);
      if (generation === this.#generation) this.cache.set(cacheKey, loaded);
      return loaded;
    }
    return null;
  }

  /** Forgets the rules of the records of `domain` (every domain when omitted). */
  invalidate(domain?: string): void {
    if (domain !== undefined && !this.#owners.some((owner) => owner.domain === domain)) return;
    this.#generation++;
    if (domain === undefined) this.cache.clear();
    else this.cache.deleteWhere((key) => key.startsWith(`${domain}:`));
  }
}
