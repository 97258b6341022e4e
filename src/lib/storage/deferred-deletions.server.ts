import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import type { FileStore } from './file-store.server.ts';

/**
 * Deletions that wait for backups (decision 055). A backup copies the files its rows name after
 * it has read the rows; a file deleted meanwhile (a photo replaced, a practice deleted) would be
 * named by the backup and missing from it. So while a backup holds a lease (a row of
 * backup_leases, seen by every instance sharing the database), the store records deletions in
 * deferred_file_deletions instead of making them, and they are made when no backup runs.
 */

/** A lease not renewed for this long belongs to a backup that died: deletions go ahead again. */
const LEASE_SECONDS = 120;
const RENEW_MS = 30_000;
/** Deferred deletions made at a time, at the end of a backup or beside a deletion. */
const BATCH = 200;

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

const leaseActive = sql`exists (select 1 from backup_leases where expires_at > now())`;

/** The FileStore the services use: deletions wait while a backup runs. */
export class BackupAwareStore implements FileStore {
  readonly inner: FileStore;
  readonly #db: Db;

  constructor(inner: FileStore, db: Db) {
    this.inner = inner;
    this.#db = db;
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    await this.inner.put(key, body);
    // Written again (names carry the content's hash: the same picture uploaded again): it is in use.
    await this.#db.execute(
      sql`delete from deferred_file_deletions where (key = ${key} and not folder) or (folder and starts_with(${key},
        key || '/'))`,
    );
  }

  get(key: string): Promise<Uint8Array | null> {
    return this.inner.get(key);
  }

  keys(): Promise<string[]> {
    return this.inner.keys();
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0 || (await this.#deferred(keys, false))) return;
    await this.inner.delete(keys);
    // Deletions a backup that died left waiting go a few at a time beside later ones.
    await flushDeferredDeletions(this.#db, this.inner, BATCH).catch(() => {});
  }

  async deleteFolder(prefix: string): Promise<void> {
    if (await this.#deferred([prefix], true)) return;
    await this.inner.deleteFolder(prefix);
  }

  /** Records the deletions when a backup holds a lease (one statement: the check and the record). */
  async #deferred(keys: readonly string[], folder: boolean): Promise<boolean> {
    const values = sql.join(
      keys.map((key) => sql`(${key})`),
      sql`, `,
    );
    const result = await this.#db.execute(sql`
      insert into deferred_file_deletions (key, folder)
      select k, ${folder} from (values ${values}) as v(k) where ${leaseActive}
      on conflict (key, folder) do update set deferred_at = now()
      returning key`);
    return rowsOf(result).length > 0;
  }
}

/** The store that really deletes: under a BackupAwareStore, the one it wraps. */
export function storeBeneath(storage: FileStore): FileStore {
  return storage instanceof BackupAwareStore ? storage.inner : storage;
}

/**
 * Makes deletions that were waiting, when no backup holds a lease: each batch is taken out of
 * the table in one statement that checks the leases, so a backup starting meanwhile waits for
 * nothing it could miss. A deletion that fails is put back for later.
 */
export async function flushDeferredDeletions(db: Db, storage: FileStore, limit = Infinity): Promise<number> {
  const store = storeBeneath(storage);
  let done = 0;
  while (done < limit) {
    const taken = rowsOf<{ key: string; folder: boolean }>(
      await db.execute(sql`
        delete from deferred_file_deletions
        where (key, folder) in (select key, folder from deferred_file_deletions order by deferred_at limit ${BATCH})
          and not ${leaseActive}
        returning key, folder`),
    );
    if (taken.length === 0) break;
    try {
      await store.delete(taken.filter((t) => !t.folder).map((t) => t.key));
      for (const t of taken.filter((t) => t.folder)) await store.deleteFolder(t.key);
    } catch (error) {
      await db.execute(insertDeferred(taken));
      throw error;
    }
    done += taken.length;
  }
  return done;
}

function insertDeferred(rows: { key: string; folder: boolean }[]): SQL {
  const values = sql.join(
    rows.map((r) => sql`(${r.key}, ${r.folder})`),
    sql`, `,
  );
  return sql`insert into deferred_file_deletions (key, folder) values ${values} on conflict do nothing`;
}

/** A backup's hold on deletions: taken before it reads the rows, renewed while it runs. */
export interface BackupLease {
  /** Lets deletions go ahead again and makes those that waited (unless another backup runs). */
  release(): Promise<void>;
}

export async function takeBackupLease(db: Db, storage: FileStore): Promise<BackupLease> {
  const id = randomUUID();
  const expiry = sql.raw(`now() + interval '${LEASE_SECONDS} seconds'`);
  await db.execute(sql`insert into backup_leases (id, expires_at) values (${id}, ${expiry})`);
  const timer = setInterval(() => {
    db.execute(sql`update backup_leases set expires_at = ${expiry} where id = ${id}`).catch(() => {});
  }, RENEW_MS);
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      await db.execute(sql`delete from backup_leases where id = ${id} or expires_at < now() - interval '1 day'`);
      await flushDeferredDeletions(db, storage);
    },
  };
}
