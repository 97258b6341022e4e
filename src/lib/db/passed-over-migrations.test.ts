import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, test } from 'vitest';
import { applyPassedOverMigrations, type Db } from './client.server.ts';

/**
 * A database migrated to 0021 before 0022–0024 existed: drizzle's migrator alone passes over
 * them (their journal times are earlier than 0021's), so start-up applies them first.
 */
const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const upTo21 = mkdtempSync(join(tmpdir(), 'apua-migrations-21-'));
afterAll(() => rmSync(upTo21, { recursive: true, force: true }));

test('migrations passed over by their journal time are applied once, in order, then the newer ones', async () => {
  cpSync(folder, upTo21, { recursive: true });
  const journal = JSON.parse(readFileSync(join(upTo21, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const all = journal.entries.length;
  journal.entries = journal.entries.filter((e) => e.tag < '0022');
  writeFileSync(join(upTo21, 'meta/_journal.json'), JSON.stringify(journal));
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: upTo21 });
  const column = sql`select count(*)::int as n from information_schema.columns where table_name = 'users' and
    column_name = 'language'`;
  expect((await db.execute(column)).rows[0]).toEqual({ n: 0 });

  // drizzle's migrator alone would not add 0022's column.
  const passed = await applyPassedOverMigrations(db as unknown as Db, folder);
  expect(passed.length).toBe(3);
  await migrate(db, { migrationsFolder: folder });
  expect((await db.execute(column)).rows[0]).toEqual({ n: 1 });
  expect((await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]).toEqual({
    n: all,
  });
  // Applied once: nothing left to apply on the next start.
  expect(await applyPassedOverMigrations(db as unknown as Db, folder)).toEqual([]);
  await client.close();
});

test('a fresh database and a fully migrated one need nothing of it', async () => {
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  const db = drizzle(client);
  expect(await applyPassedOverMigrations(db as unknown as Db, folder)).toEqual([]);
  await migrate(db, { migrationsFolder: folder });
  expect(await applyPassedOverMigrations(db as unknown as Db, folder)).toEqual([]);
  await client.close();
});
