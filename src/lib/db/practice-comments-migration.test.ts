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
 * Migration 0038 (decision 077): the best practices' section comments leave best_practice_comments
 * for the engine's form_comments (form `best_practice`, the practice's uuid as instance, the section
 * as question), with their authors, times, resolution and versions, in their order; the table goes.
 */
const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const before = mkdtempSync(join(tmpdir(), 'apua-migrations-37-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

const UTC = 'YYYY-MM-DD"T"HH24:MI:SS';
const rowsOf = async <T>(db: ReturnType<typeof drizzle>, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as T[];

// Two runs of every migration in PGlite: tens of seconds on a busy machine.
test(
  '0038 moves each section comment to form_comments as it was, beside the reports’ comments, and drops the table',
  { timeout: 120_000 },
  async () => {
    cpSync(folder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(join(before, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.filter((e) => e.tag < '0038');
    writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
    const client = new PGlite('memory://', { extensions: { pg_trgm } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await db.execute(sql`insert into users (username, member_id, email, name) values
      ('reviewer', 'M-0001', 'reviewer@example.org', 'Aiko Reviewer'),
      ('author', 'M-0002', 'author@example.org', 'Jose Author')`);
    await db.execute(
      sql`insert into countries (code, name, flag, continent) values ('PH', 'Philippines', '', 'Asia') on conflict do
      nothing`,
    );
    await db.execute(sql`insert into best_practices (title, country_code) values ('Canal walk', 'PH'), ('Esplanade',
      'PH')`);
    const [canal, esplanade] = await rowsOf<{ id: number; uuid: string }>(
      db,
      sql`select id, uuid::text as uuid from best_practices order by id`,
    );
    // A report's comment already in form_comments: its id is taken.
    await db.execute(sql`insert into form_comments (form, instance, question, body) values ('national_report',
      '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'A report’s comment')`);
    // Three comments: one resolved (version 2), one whose author's account is gone, the third on another practice;
    // the second was written first.
    await db.execute(sql`insert into best_practice_comments (practice_id, section, body, author_id, created_at,
        resolved_at, resolved_by, version) values
      (${canal!.id}, 'results', 'Give the 2023 figures.', (select id from users where username = 'reviewer'),
        '2026-03-02T10:00:00Z', '2026-03-05T08:30:00Z', (select id from users where username = 'author'), 2),
      (${canal!.id}, 'summary', 'Shorten the summary · 成果', null, '2026-03-01T09:00:00Z', null, null, 1),
      (${esplanade!.id}, 'context', 'Say what it was like before.', (select id from users where username =
        'reviewer'), '2026-03-03T11:00:00Z', null, null, 1)`);

    await migrate(db, { migrationsFolder: folder });

    const moved = await rowsOf<Record<string, unknown>>(
      db,
      sql`select c.form, c.instance, c.question, c.parent_id, c.body, a.username as author,
        to_char(c.created_at at time zone 'UTC', ${UTC}) as created_at,
        to_char(c.resolved_at at time zone 'UTC', ${UTC}) as resolved_at, r.username as resolver, c.version
      from form_comments c left join users a on a.id = c.author_id left join users r on r.id = c.resolved_by
      where c.form = 'best_practice' order by c.id`,
    );
    const row = { form: 'best_practice', parent_id: null, resolved_at: null, resolver: null, version: 1 };
    expect(moved).toEqual([
      {
        ...row,
        instance: canal!.uuid,
        question: 'summary',
        body: 'Shorten the summary · 成果',
        author: null,
        created_at: '2026-03-01T09:00:00',
      },
      {
        ...row,
        instance: canal!.uuid,
        question: 'results',
        body: 'Give the 2023 figures.',
        author: 'reviewer',
        created_at: '2026-03-02T10:00:00',
        resolved_at: '2026-03-05T08:30:00',
        resolver: 'author',
        version: 2,
      },
      {
        ...row,
        instance: esplanade!.uuid,
        question: 'context',
        body: 'Say what it was like before.',
        author: 'reviewer',
        created_at: '2026-03-03T11:00:00',
      },
    ]);
    // The report's comment is as it was, and new comments take the next ids.
    expect(await rowsOf(db, sql`select id, form, body from form_comments where form = 'national_report'`)).toEqual([
      { id: 1, form: 'national_report', body: 'A report’s comment' },
    ]);
    const [next] = await rowsOf<{ id: number }>(
      db,
      sql`insert into form_comments (form, instance, question, body) values ('best_practice', ${canal!.uuid},
        'results', 'Thanks.') returning id`,
    );
    expect(next!.id).toBe(5);
    expect(await rowsOf(db, sql`select to_regclass('best_practice_comments') as t`)).toEqual([{ t: null }]);
    await client.close();
  },
);
