import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while no other server on the same database runs its own (an advisory lock on
   * PostgreSQL; PGlite has one server): instances started together migrate and seed one at a time.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock of start-up work (migrations, reference and open data): any constant of our own. */
const STARTUP_LOCK = 0x61707561;

async function holdingLock<T>(client: postgres.Sql, work: () => Promise<T>): Promise<T> {
  const session = await client.reserve();
  try {
    await session`select pg_advisory_lock(${STARTUP_LOCK})`;
    try {
      return await work();
    } finally {
      await session`select pg_advisory_unlock(${STARTUP_LOCK})`;
    }
  } finally {
    session.release();
  }
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The rows of a raw statement, from PGlite (`{ rows }`) or postgres-js (an array). */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * Applies the committed migrations drizzle's own migrator would pass over. It applies only those
 * whose journal time is later than the last one recorded, and 0021's time was set by hand later
 * than 0022–0024's: a database migrated to 0021 before those existed would never get them. Each
 * migration not recorded (by its hash) whose time is not after the last recorded one is applied
 * here, in order, in a transaction of its own, and recorded as drizzle records it; drizzle's
 * migrator then applies the newer ones. Returns the times (`when`) of those it applied.
 */
export async function applyPassedOverMigrations(db: Db, folder = migrationsFolder): Promise<number[]> {
  const table = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  )[0];
  if (!table?.name) return [];
  const recorded = rowsOf<{ hash: string; created_at: string | number | null }>(
    await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations`),
  );
  const hashes = new Set(recorded.map((r) => r.hash));
  // Known by its hash, or by its time (a file edited after it was applied keeps its time).
  const times = new Set(recorded.map((r) => Number(r.created_at ?? 0)));
  const last = Math.max(0, ...times);
  const applied: number[] = [];
  for (const migration of readMigrationFiles({ migrationsFolder: folder })) {
    if (hashes.has(migration.hash) || times.has(migration.folderMillis) || migration.folderMillis > last) continue;
    await db.transaction(async (tx) => {
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash},
          ${migration.folderMillis})`,
      );
    });
    applied.push(migration.folderMillis);
  }
  return applied;
}

/**
 * Opens the database and applies the committed migrations: PostgreSQL when `url` is set,
 * otherwise embedded PGlite in `dataDir` (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir), e.g. an already migrated one. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    const client = postgres(options.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema });
    const exclusive = <T>(work: () => Promise<T>) => holdingLock(client, work);
    await exclusive(async () => {
      await applyPassedOverMigrations(db as unknown as Db);
      await migratePostgres(db, { migrationsFolder });
    });
    return { db: db as unknown as Db, kind: 'postgres', exclusive, close: () => client.end({ timeout: 5 }) };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the user search's trigram indexes (migration 0003).
  const client = yieldBeforeQueries(
    new PGlite(dataDir, { extensions: { pg_trgm }, ...(options.loadDataDir && { loadDataDir: options.loadDataDir }) }),
  );
  const db = drizzlePglite(client, { schema });
  await applyPassedOverMigrations(db as unknown as Db);
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', exclusive: (work) => work(), close: () => client.close() };
}

/** A dump of a PGlite database's data directory (uncompressed), to open copies of it with `loadDataDir`. */
export async function dumpPglite(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('Only a PGlite database can be dumped');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return await client.dumpDataDir('none');
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each query synchronously in this process and hands its result on through promises,
 * so a queue of waiting queries (many requests at once) would all run in one unbroken chain of
 * promise callbacks: the server reads no request and answers no timer until the whole queue is
 * done (seconds under load). One turn of the event loop before each query keeps it serving
 * (decision 070 names the load and the bench row). PGlite has no hook for this, so its `query`
 * and its transactions' `query` are wrapped.
 */
function yieldBeforeQueries(client: PGlite): PGlite {
  const pausing = <T extends Pick<PGlite, 'query'>>(target: T): T => {
    const query = target.query.bind(target);
    target.query = ((...args: Parameters<PGlite['query']>) => nextTurn().then(() => query(...args))) as T['query'];
    return target;
  };
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback) => transaction((tx) => callback(pausing(tx)))) as PGlite['transaction'];
  return pausing(client);
}
