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

/**
 * Migration 0034 (decision 066): the open data's figures leave `profile_datasets.values` for one
 * row each in `profile_figures`, beside the countries' (moved there by 0026); the datasets keep
 * their versions and the column goes.
 */
const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const before = mkdtempSync(join(tmpdir(), 'apua-migrations-33-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

// Two runs of every migration in PGlite: tens of seconds on a busy machine.
test(
  '0034 moves each open-data figure, its licence and estimate mark, to a row of profile_figures',
  { timeout: 120_000 },
  async () => {
    cpSync(folder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.filter((e) => e.tag < '0034');
    writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
    const client = new PGlite('memory://', { extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await db.execute(
      sql`insert into countries (code, name, flag, continent) values ('PH', 'Philippines', '', 'Asia')
    on conflict do nothing`,
    );
    await db.execute(sql`insert into profile_categories (slug, name) values ('demo-theme', 'Demo theme')`);
    await db.execute(sql`insert into profile_indicators (code, category_slug, name, source, sort)
    values ('URB', 'demo-theme', 'Urban', 'UN', 1), ('SLUM', 'demo-theme', 'Slums', 'UN', 2)`);
    const values = [
      {
        indicator: 'SLUM',
        value: 36.6,
        data_year: 2018,
        source: 'WDI',
        is_estimate: true,
        note: null,
        licence: 'CC BY',
      },
      { indicator: 'URB', value: 47.4, data_year: 2020, source: 'WUP', is_estimate: false, note: 'n', licence: null },
    ];
    await db.execute(sql`insert into profile_datasets (category_slug, country_code, year, values, status, origin,
      version)
    values ('demo-theme', 'PH', 2020, ${JSON.stringify(values)}::jsonb, 'published', 'open_data', 3)`);
    await migrate(db, { migrationsFolder: folder });
    const rows = (
      await db.execute(sql`select i.code, f.value, f.estimate, f.data_year, f.source, f.note, f.licence, f.version,
      d.origin, d.version as dataset_version
    from profile_figures f join profile_indicators i on i.id = f.indicator_id
      join profile_datasets d on d.id = f.dataset_id order by i.code`)
    ).rows;
    expect(rows).toEqual([
      {
        code: 'SLUM',
        value: 36.6,
        estimate: 'estimate',
        data_year: 2018,
        source: 'WDI',
        note: null,
        licence: 'CC BY',
        version: 1,
        origin: 'open_data',
        dataset_version: 3,
      },
      {
        code: 'URB',
        value: 47.4,
        estimate: null,
        data_year: 2020,
        source: 'WUP',
        note: 'n',
        licence: null,
        version: 1,
        origin: 'open_data',
        dataset_version: 3,
      },
    ]);
    const column = sql`select count(*)::int as n from information_schema.columns
    where table_name = 'profile_datasets' and column_name = 'values'`;
    expect((await db.execute(column)).rows[0]).toEqual({ n: 0 });
    await client.close();
  },
);
