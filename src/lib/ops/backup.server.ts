import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { takeBackupLease } from '../storage/deferred-deletions.server.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { BACKUP_VERSION, BackupWriter, sha256Of, type BackupLine } from './backup-format.server.ts';
import { fileKeysOf } from './backup-references.server.ts';

/**
 * Backups (issue 19, decision 055): every table of the database and the stored files its rows
 * name, in one file of JSON lines (gzip-compressed by the caller; backup-format.server.ts). Rows
 * leave and come back through PostgreSQL's own JSON (`json_agg`, `json_populate_recordset`), so
 * every type round-trips as PostgreSQL writes it, on PGlite and on PostgreSQL alike. The rows are
 * read in one repeatable-read transaction (one consistent picture), under a lease that holds
 * back every deletion of a stored file (deferred-deletions.server.ts) until the files are copied:
 * every file the rows name is still there, and a backup holds exactly those files. One it cannot
 * read makes the backup fail.
 */

/** Kept out of backups and left alone by restores: the state of backups themselves. */
const OWN_TABLES = new Set(['backup_leases', 'deferred_file_deletions']);
const CHUNK = 2_000;

/** A backup that could not be made whole; its message says why, for the person who ran it. */
export class BackupError extends Error {}

interface TableInfo {
  name: string;
  /** Tables this one refers to (foreign keys), other than itself. */
  parents: string[];
}

/** drizzle's execute answers an array on postgres-js and `{ rows }` on PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

async function tables(db: Db): Promise<TableInfo[]> {
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  );
  const links = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select distinct c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`),
  );
  const plain = (name: string) => name.replace(/^public\./, '').replace(/"/g, '');
  return names
    .filter(({ name }) => !OWN_TABLES.has(name))
    .map(({ name }) => ({
      name,
      parents: links.filter((l) => plain(l.child) === name && plain(l.parent) !== name).map((l) => plain(l.parent)),
    }));
}

/** The portal's tables, parents before children, so that foreign keys hold at every insert. */
export async function tablesInInsertOrder(db: Db): Promise<string[]> {
  const list = await tables(db);
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (table: TableInfo, path: Set<string>) => {
    if (done.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const parent of table.parents) {
      const info = list.find((t) => t.name === parent);
      if (info) visit(info, path);
    }
    done.add(table.name);
    order.push(table.name);
  };
  for (const table of list) visit(table, new Set());
  return order;
}

export const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

interface Snapshot {
  lines: Extract<BackupLine, { kind: 'rows' }>[];
  counts: Record<string, number>;
  /** Every stored file the rows name, with the table of the first row that names it. */
  files: Map<string, string>;
}

/** Every row of every table, read in one repeatable-read transaction, and the files they name. */
async function readRows(db: Db): Promise<Snapshot> {
  const snapshot: Snapshot = { lines: [], counts: {}, files: new Map() };
  await db.transaction(
    async (tx) => {
      for (const name of await tablesInInsertOrder(tx as unknown as Db)) {
        snapshot.counts[name] = 0;
        for (let offset = 0; ; offset += CHUNK) {
          const result = await tx.execute(
            sql`select json_agg(t) as rows from (select * from ${ident(name)} order by 1 limit ${CHUNK} offset
              ${offset}) t`,
          );
          const rows = rowsOf<{ rows: unknown[] | string | null }>(result)[0]?.rows ?? [];
          const parsed = typeof rows === 'string' ? (JSON.parse(rows) as unknown[]) : rows;
          if (parsed.length === 0) break;
          snapshot.counts[name] += parsed.length;
          snapshot.lines.push({ kind: 'rows', table: name, rows: parsed });
          for (const row of parsed)
            for (const key of fileKeysOf(name, row)) if (!snapshot.files.has(key)) snapshot.files.set(key, name);
          if (parsed.length < CHUNK) break;
        }
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return snapshot;
}

/** The lines of the stored files the rows name; a file that cannot be read stops the backup. */
async function* fileLines(
  storage: FileStore,
  files: Map<string, string>,
  writer: BackupWriter,
): AsyncGenerator<string> {
  const missing: string[] = [];
  for (const key of [...files.keys()].sort()) {
    let body: Uint8Array | null;
    try {
      body = await storage.get(key);
    } catch (error) {
      throw new BackupError(
        `The stored file ${key} could not be read (${(error as Error).message}): the backup is not whole`,
      );
    }
    if (!body) missing.push(`${key} (named in ${files.get(key)})`);
    else yield writer.line({ kind: 'file', key, sha256: sha256Of(body), data: Buffer.from(body).toString('base64') });
  }
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? `, and ${missing.length - 5} more` : '');
    throw new BackupError(
      `${missing.length} stored file(s) the database names are not in the file store: ${shown}. The backup is ` +
        `not whole`,
    );
  }
}

/**
 * The backup, line by line (each ending with a newline): the caller compresses and writes them.
 * The lease is taken before the rows are read and let go (the deletions it held back made) when
 * the last line is written, the backup fails, or the caller stops reading.
 */
export async function* backupText(db: Db, storage: FileStore, now = new Date()): AsyncGenerator<string> {
  const lease = await takeBackupLease(db, storage);
  try {
    const snapshot = await readRows(db);
    const writer = new BackupWriter();
    yield writer.line({ kind: 'portal-backup', version: BACKUP_VERSION, taken_at: now.toISOString() });
    for (const line of snapshot.lines) yield writer.line(line);
    yield* fileLines(storage, snapshot.files, writer);
    yield writer.end(snapshot.counts, snapshot.files.size);
  } finally {
    // Deletions that fail now wait for the next backup, or go beside later ones.
    await lease.release().catch(() => {});
  }
}
