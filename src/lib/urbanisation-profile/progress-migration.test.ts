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
import { DEFAULT_INDICATOR_METHODS } from '../progress/method.ts';

/**
 * Migration 0036 (issue 35, decision 072): the indicators already stored take the method's default
 * direction and target by their code; the others stay unscored. The migration's list is written out
 * in SQL (a migration does not change with the code), so this test holds it to the method's.
 */
const folder = fileURLToPath(new URL('../db/migrations', import.meta.url));
const before = mkdtempSync(join(tmpdir(), 'apua-migrations-35-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

// Two runs of every migration in PGlite: tens of seconds on a busy machine.
test('0036 sets the default progress method of every indicator that has one', { timeout: 120_000 }, async () => {
  cpSync(folder, before, { recursive: true });
  const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.tag < '0036');
  writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
  const client = new PGlite('memory://', { extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before });
  await db.execute(sql`insert into profile_categories (slug, name) values ('demo-theme', 'Demo theme')`);
  const codes = [...Object.keys(DEFAULT_INDICATOR_METHODS), 'URBAN_POP_PCT'];
  for (const [i, code] of codes.entries()) {
    await db.execute(sql`insert into profile_indicators (code, category_slug, name, source, sort)
      values (${code}, 'demo-theme', ${code}, 'UN', ${i})`);
  }
  await migrate(db, { migrationsFolder: folder });
  const rows = (
    await db.execute<{ code: string; direction: string | null; kind: string | null; value: number | null }>(sql`
      select code, progress_direction as direction, progress_target_kind as kind, progress_target_value as value,
        version
      from profile_indicators order by sort`)
  ).rows;
  const expected = codes.map((code) => {
    const method = DEFAULT_INDICATOR_METHODS[code];
    const target = method?.target ?? null;
    return {
      code,
      direction: method?.direction ?? null,
      kind: target?.kind ?? null,
      value: target?.kind === 'fixed' ? target.value : null,
      version: 1,
    };
  });
  expect(rows).toEqual(expected);
  // A direction without a target, or a fixed target without its value, cannot be stored.
  const refused = async (set: ReturnType<typeof sql>) => {
    const error = await db.execute(sql`update profile_indicators set ${set} where code = 'SLUM_PCT'`).then(
      () => null,
      (e: unknown) => e as { cause?: { message?: string } },
    );
    return String(error?.cause?.message ?? error);
  };
  expect(await refused(sql`progress_target_kind = null, progress_target_value = null`)).toMatch(/progress_check/);
  expect(await refused(sql`progress_target_value = null`)).toMatch(/progress_check/);
  expect(await refused(sql`progress_direction = 'up'`)).toMatch(/progress_direction_check/);
  await client.close();
});
