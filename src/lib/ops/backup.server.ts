import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import type { FileStore } from '../storage/file-store.server.ts';

/**
 * Backups (issue 19): every table of the database and every stored file, in one file of JSON
 * lines (gzip-compressed by the caller). Rows leave and come back through PostgreSQL's own JSON
 * (`json_agg`, `json_populate_recordset`), so every type round-trips as PostgreSQL writes it, on
 * PGlite and on PostgreSQL alike. The rows are read in one repeatable-read transaction (one
 * consistent picture); files are written once under names that carry their content hash and
 * never change, so reading them after the rows finds every file the rows name.
 */
export type BackupLine =
  | { kind: 'portal-backup'; version: 1; taken_at: string }
  | { kind: 'rows'; table: string; rows: unknown[] }
  | { kind: 'file'; key: string; sha256: string; data: string }
  | { kind: 'end'; tables: Record<string, number>; files: number };

const CHUNK = 2_000;

interface TableInfo {
  name: string;
  /** Tables this one refers to (foreign keys), other than itself. */
  parents: string[];
}

async function tables(db: Db): Promise<TableInfo[]> {
  const names = (await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as { name: string }[];
  const links = (await db.execute<{ child: string; parent: string }>(sql`
    select distinct c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public'`)) as unknown as { child: string; parent: string }[];
  const plain = (name: string) => name.replace(/^public\./, '').replace(/"/g, '');
  return rowsOf(names).map(({ name }) => ({
    name,
    parents: rowsOf(links)
      .filter((l) => plain(l.child) === name && plain(l.parent) !== name)
      .map((l) => plain(l.parent)),
  }));
}

/** drizzle's execute answers an array on postgres-js and `{ rows }` on PGlite. */
function rowsOf<T>(result: T[] | { rows: T[] }): T[] {
  return Array.isArray(result) ? result : result.rows;
}

/** Parents before children, so that foreign keys hold at every insert. */
function inInsertOrder(list: TableInfo[]): string[] {
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

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

export async function* backupLines(db: Db, storage: FileStore, now = new Date()): AsyncGenerator<BackupLine> {
  yield { kind: 'portal-backup', version: 1, taken_at: now.toISOString() };
  const counts: Record<string, number> = {};
  const lines: BackupLine[] = [];
  await db.transaction(
    async (tx) => {
      for (const name of inInsertOrder(await tables(tx as unknown as Db))) {
        counts[name] = 0;
        for (let offset = 0; ; offset += CHUNK) {
          const result = await tx.execute<{ rows: unknown[] | null }>(
            sql`select json_agg(t) as rows from (select * from ${ident(name)} order by 1 limit ${CHUNK} offset ${offset}) t`,
          );
          const rows = rowsOf(result as unknown as { rows: unknown[] | null }[])[0]?.rows ?? [];
          const parsed = typeof rows === 'string' ? (JSON.parse(rows) as unknown[]) : rows;
          if (parsed.length === 0) break;
          counts[name] += parsed.length;
          lines.push({ kind: 'rows', table: name, rows: parsed });
          if (parsed.length < CHUNK) break;
        }
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  yield* lines;
  let files = 0;
  for (const key of await storage.keys()) {
    const body = await storage.get(key);
    if (!body) continue;
    files++;
    yield { kind: 'file', key, sha256: createHash('sha256').update(body).digest('hex'), data: Buffer.from(body).toString('base64') };
  }
  yield { kind: 'end', tables: counts, files };
}

export class RestoreError extends Error {}

/**
 * Restores a backup into a database that holds no portal data yet (freshly migrated; reference
 * rows such as countries are replaced by the backup's) and an empty file store.
 */
export async function restoreLines(db: Db, storage: FileStore, lines: AsyncIterable<BackupLine>): Promise<{ tables: Record<string, number>; files: number }> {
  const restored = { tables: {} as Record<string, number>, files: 0 };
  let header = false;
  let ended = false;
  const known = new Set((await tables(db)).map((t) => t.name));
  for await (const line of lines) {
    if (!header) {
      if (line.kind !== 'portal-backup') throw new RestoreError('This is not a backup of the portal');
      header = true;
      await refuseIfNotEmpty(db);
      // Reference rows seeded at start (countries, themes, …) give way to the backup's.
      await db.execute(sql`truncate ${sql.join([...known].map(ident), sql`, `)} cascade`);
      continue;
    }
    if (line.kind === 'rows') {
      if (!known.has(line.table)) throw new RestoreError(`The backup holds a table this version does not know: ${line.table}`);
      await db.execute(sql`insert into ${ident(line.table)} select * from json_populate_recordset(null::${ident(line.table)}, ${JSON.stringify(line.rows)}::json)`);
      restored.tables[line.table] = (restored.tables[line.table] ?? 0) + line.rows.length;
    } else if (line.kind === 'file') {
      const body = Buffer.from(line.data, 'base64');
      if (createHash('sha256').update(body).digest('hex') !== line.sha256) throw new RestoreError(`The file ${line.key} is damaged in the backup`);
      await storage.put(line.key, body);
      restored.files++;
    } else if (line.kind === 'end') {
      ended = true;
    }
  }
  if (!ended) throw new RestoreError('The backup is incomplete (it ends before its last line)');
  await resetSequences(db);
  return restored;
}

async function refuseIfNotEmpty(db: Db): Promise<void> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  if ((rowsOf(result as unknown as { n: number }[])[0]?.n ?? 0) > 0) {
    throw new RestoreError('The database already holds accounts: restore into an empty database');
  }
}

/** Serial ids continue after the restored rows. */
async function resetSequences(db: Db): Promise<void> {
  const result = await db.execute<{ table_name: string; column_name: string; seq: string }>(sql`
    select c.table_name, c.column_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as seq
    from information_schema.columns c
    where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`);
  for (const row of rowsOf(result as unknown as { table_name: string; column_name: string; seq: string }[])) {
    await db.execute(
      sql`select setval(${row.seq}, coalesce((select max(${ident(row.column_name)}) from ${ident(row.table_name)}), 0) + 1, false)`,
    );
  }
}
