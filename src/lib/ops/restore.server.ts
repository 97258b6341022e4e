import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { storeBeneath } from '../storage/deferred-deletions.server.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { readBackup, RestoreError } from './backup-format.server.ts';
import { fileKeysOf } from './backup-references.server.ts';
import { ident, rowsOf, tablesInInsertOrder } from './backup.server.ts';

/**
 * Restores (decision 055): all or nothing. The file is read through once and checked whole
 * (it decompresses, every line is one of a backup, the counts and the checksum of its closing
 * line match, it holds every file its rows name) before anything is touched. Then, in ONE
 * transaction, the reference rows seeded at start are replaced by the backup's, every row is
 * inserted and the serial sequences moved past them; the files are written to the store as they
 * come (their names carry their content: writing them is harmless), and if anything fails the
 * transaction is rolled back and the files it added are deleted. A file that fails leaves the
 * database and the file store as they were.
 */
export interface RestoreSummary {
  version: number;
  tables: Record<string, number>;
  files: number;
  /** Files a version 1 backup's rows name and it does not hold (such backups missed some). */
  missing: string[];
}

/** Opens the backup file again for each reading (a stream of its gzip-compressed bytes). */
export type OpenBackup = () => Readable;

/**
 * Tables of earlier versions whose rows now live elsewhere: a backup taken before the move still
 * restores, its rows carried to where they live now once every table of the backup is in (and the
 * sequences moved past them, so that the carried rows take new ids).
 */
const RETIRED = new Map<string, (tx: Db, rows: unknown[]) => Promise<void>>([
  // Migration 0038 (decision 077): the best practices' section comments are the engine's form_comments, the
  // practice's uuid as instance and the section as question; as the migration copies them.
  [
    'best_practice_comments',
    async (tx, rows) => {
      await tx.execute(sql`insert into form_comments (form, instance, question, body, author_id, created_at,
        resolved_at, resolved_by, version)
      select 'best_practice', p.uuid::text, c.section, c.body, c.author_id, c.created_at, c.resolved_at,
        c.resolved_by, coalesce(c.version, 1)
      from json_to_recordset(${JSON.stringify(rows)}::json) as c(id integer, practice_id integer, section text,
        body text, author_id integer, created_at timestamptz, resolved_at timestamptz, resolved_by integer,
        version integer)
      join best_practices p on p.id = c.practice_id
      order by c.created_at, c.id`);
    },
  ],
]);

async function refuseIfNotEmpty(db: Db): Promise<void> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`));
  if ((row?.n ?? 0) > 0) {
    throw new RestoreError('The database already holds accounts: a backup is restored only into a new, empty database');
  }
}

/** The first reading: the whole file checked, and the files its rows name that it does not hold. */
async function check(open: OpenBackup, known: Set<string>): Promise<RestoreSummary> {
  const summary: RestoreSummary = { version: 0, tables: {}, files: 0, missing: [] };
  const named = new Set<string>();
  const held = new Set<string>();
  for await (const line of readBackup(open)) {
    if (line.kind === 'portal-backup') summary.version = line.version;
    else if (line.kind === 'rows') {
      if (!known.has(line.table) && !RETIRED.has(line.table))
        throw new RestoreError(`The backup holds a table this version of the portal does not know: ${line.table}`);
      summary.tables[line.table] = (summary.tables[line.table] ?? 0) + line.rows.length;
      for (const row of line.rows) for (const key of fileKeysOf(line.table, row)) named.add(key);
    } else if (line.kind === 'file') held.add(line.key);
  }
  summary.files = held.size;
  summary.missing = [...named].filter((key) => !held.has(key)).sort();
  if (summary.missing.length > 0 && summary.version >= 2) {
    throw new RestoreError(
      `The backup names ${summary.missing.length} stored file(s) it does not hold ` +
        `(${summary.missing.slice(0, 3).join(', ')}): it is not whole`,
    );
  }
  return summary;
}

/** Serial ids continue after the restored rows. */
async function resetSequences(db: Db): Promise<void> {
  const result = await db.execute(sql`
    select c.table_name, c.column_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as seq
    from information_schema.columns c
    where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`);
  for (const row of rowsOf<{ table_name: string; column_name: string; seq: string }>(result)) {
    await db.execute(
      sql`select setval(${row.seq}, coalesce((select max(${ident(row.column_name)}) from ${ident(row.table_name)}), 0)
        + 1, false)`,
    );
  }
}

/** The second reading, inside the transaction: rows inserted, files written (noted in `added`). */
async function apply(tx: Db, store: FileStore, open: OpenBackup, tables: string[], added: string[]): Promise<void> {
  await refuseIfNotEmpty(tx);
  // Reference rows seeded at start (countries, themes, …) give way to the backup's.
  await tx.execute(sql`truncate ${sql.join(tables.map(ident), sql`, `)} cascade`);
  const present = new Set(await store.keys());
  const retired = new Map<string, unknown[]>();
  // The file was checked whole before; read again, it is checked again before the commit.
  for await (const line of readBackup(open)) {
    if (line.kind === 'rows' && RETIRED.has(line.table)) {
      // Appended in place: copying the list at each line would be quadratic in a backup of many lines.
      let rows = retired.get(line.table);
      if (!rows) retired.set(line.table, (rows = []));
      for (const row of line.rows) rows.push(row);
    } else if (line.kind === 'rows') {
      await tx.execute(
        sql`insert into ${ident(line.table)} select * from json_populate_recordset(null::${ident(line.table)},
          ${JSON.stringify(line.rows)}::json)`,
      );
    } else if (line.kind === 'file' && !present.has(line.key)) {
      await store.put(line.key, Buffer.from(line.data, 'base64'));
      added.push(line.key);
      present.add(line.key);
    }
  }
  await resetSequences(tx);
  for (const [table, rows] of retired) await RETIRED.get(table)!(tx, rows);
}

/**
 * Restores the backup `open` reads into `db` (freshly migrated, no accounts) and `storage`. A
 * backup that is damaged, cut short or not whole is refused with a RestoreError, and nothing is
 * changed; so is any failure while restoring.
 */
export async function restoreBackup(db: Db, storage: FileStore, open: OpenBackup): Promise<RestoreSummary> {
  const store = storeBeneath(storage);
  await refuseIfNotEmpty(db);
  const tables = await tablesInInsertOrder(db);
  const summary = await check(open, new Set(tables));
  const added: string[] = [];
  try {
    await db.transaction((tx) => apply(tx as unknown as Db, store, open, tables, added));
  } catch (error) {
    const removed = await store.delete(added).then(
      () => true,
      () => false,
    );
    const why = error instanceof RestoreError ? error.message : `The restore stopped: ${(error as Error).message}`;
    throw new RestoreError(
      removed ? why : `${why}. The ${added.length} files it had written could not all be removed from the file store`,
      !removed,
    );
  }
  return summary;
}

export { RestoreError };
