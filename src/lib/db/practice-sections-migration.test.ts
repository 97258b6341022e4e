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
 * Migration 0025 (decision 047): every written narrative section becomes its first answer in
 * best_practice_sections, the practice keeping its version and its narrative. It is applied to a
 * database migrated before it: drizzle runs only migrations whose journal time is later than the
 * last one applied, and 0021's was set by hand to 1795700000000 (later than 0022–0024's).
 */
const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const before = mkdtempSync(join(tmpdir(), 'apua-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

test(
  '0025 copies each written section as version 1, by the ' + 'practice’s last editor, and keeps the practice as it was',
  async () => {
    // The migrations up to 0024, then a practice as it was stored then, then 0025.
    cpSync(folder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const whenOf = (tag: string) =>
      (journal.entries as { tag: string; when: number }[]).find((e) => e.tag.startsWith(tag))!.when;
    expect(whenOf('0025')).toBeGreaterThan(
      Math.max(
        ...(journal.entries as { tag: string; when: number }[]).filter((e) => e.tag < '0025').map((e) => e.when),
      ),
    );
    journal.entries = journal.entries.filter((e) => e.tag < '0025');
    writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
    const client = new PGlite('memory://', { extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await db.execute(
      sql`insert into users (username, member_id, email, name) values ('author', 'M-0001', 'author@example.org',
      'Author')`,
    );
    await db.execute(
      sql`insert into countries (code, name, flag, continent) values ('PH', 'Philippines', '', 'Asia') on conflict do
      nothing`,
    );
    const narrative = { context: 'ชุมชนริมคลอง', objectives: '', implementation: null, results: 'Итоги · نتایج · 成果' };
    await db.execute(sql`insert into best_practices (title, country_code, narrative, version, updated_by, updated_at)
    values ('Canal walk', 'PH', ${JSON.stringify(narrative)}::jsonb, 7, (select id from users where username =
      'author'), '2026-03-01T10:00:00Z')`);
    await migrate(db, { migrationsFolder: folder });
    const rows = (
      await db.execute(sql`select s.question_id, s.value, s.version, s.updated_at = p.updated_at as same_time,
      s.updated_by = p.updated_by as same_editor
    from best_practice_sections s join best_practices p on p.id = s.practice_id order by s.question_id`)
    ).rows;
    expect(rows).toEqual([
      { question_id: 1, value: 'ชุมชนริมคลอง', version: 1, same_time: true, same_editor: true },
      { question_id: 5, value: 'Итоги · نتایج · 成果', version: 1, same_time: true, same_editor: true },
    ]);
    const practice = (
      await db.execute(sql`select version, narrative, section_completeness, section_basis from best_practices`)
    ).rows[0];
    expect(practice).toEqual({ version: 7, narrative, section_completeness: null, section_basis: null });
    await client.close();
  },
);
