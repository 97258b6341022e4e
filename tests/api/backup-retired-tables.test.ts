/**
 * A backup taken before a table was retired still restores (decision 077): the best practices'
 * section comments of a backup taken before migration 0038 (its `best_practice_comments` rows) are
 * carried into the engine's form_comments as the migration moves them, beside the reports'
 * comments the backup holds, and the practice serves them as it always did.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { commentsOf } from '../../src/lib/best-practices/queries.server.ts';
import { formComments } from '../../src/lib/db/schema.ts';
import { backupText } from '../../src/lib/ops/backup.server.ts';
import { restoreBackup } from '../../src/lib/ops/restore.server.ts';
import { COMPLETE_ROW, insertPractice } from '../fixtures/best-practices.ts';
import { createTestContext } from '../support/app.ts';
import { createUser } from '../support/factories.ts';

/** The lines of a backup of `ctx`, as the CLI writes them (uncompressed here). */
async function backupLines(ctx: Awaited<ReturnType<typeof createTestContext>>): Promise<string[]> {
  const parts: string[] = [];
  for await (const text of backupText(ctx.deps.db, ctx.deps.storage)) parts.push(text);
  return parts.join('').split('\n').filter(Boolean);
}

/** The backup with a table's rows added after the line of `after`, its counts and checksum made whole again. */
function withRows(lines: string[], after: string, table: string, rows: unknown[]): Buffer {
  const at = lines.findIndex((l) => l.startsWith(`{"kind":"rows","table":"${after}"`));
  expect(at).toBeGreaterThan(0);
  const body = [...lines.slice(0, at + 1), JSON.stringify({ kind: 'rows', table, rows }), ...lines.slice(at + 1, -1)]
    .map((l) => `${l}\n`)
    .join('');
  const end = JSON.parse(lines.at(-1)!) as { tables: Record<string, number> };
  end.tables[table] = rows.length;
  const sha256 = createHash('sha256').update(body).digest('hex');
  return gzipSync(`${body}${JSON.stringify({ ...end, sha256 })}\n`);
}

test(
  'a backup with best_practice_comments restores them into form_comments, new ids after the reports’ ones',
  { timeout: 120_000 },
  async () => {
    const source = await createTestContext();
    const reviewer = await createUser(source, { role: 'admin', country: 'JP', name: 'Aiko Reviewer' });
    const author = await createUser(source, { role: 'state_member', country: 'PH', name: 'Jose Author' });
    const practice = await insertPractice(source, { ...COMPLETE_ROW, status: 'changes_requested' });
    const [report] = await source.deps.db
      .insert(formComments)
      .values({ form: 'national_report', instance: practice.uuid, question: 'results', body: 'A report’s.' })
      .returning();
    const old = [
      {
        id: report!.id,
        practice_id: practice.id,
        section: 'results',
        body: 'Give the 2023 figures.',
        author_id: reviewer.id,
        created_at: '2026-03-02T10:00:00.123456+00:00',
        resolved_at: '2026-03-05T08:30:00+00:00',
        resolved_by: author.id,
        version: 2,
      },
      {
        id: report!.id + 1,
        practice_id: practice.id,
        section: 'summary',
        body: 'Shorten the summary.',
        author_id: null,
        created_at: '2026-03-01T09:00:00+00:00',
        resolved_at: null,
        resolved_by: null,
        version: 1,
      },
    ];
    const file = withRows(await backupLines(source), 'best_practices', 'best_practice_comments', old);

    const target = await createTestContext();
    const summary = await restoreBackup(target.deps.db, target.deps.storage, () => Readable.from([file]));
    expect(summary.tables['best_practice_comments']).toBe(2);
    expect(await commentsOf(target.deps.db, practice.uuid)).toEqual([
      {
        id: report!.id + 1,
        section: 'summary',
        body: 'Shorten the summary.',
        author_name: null,
        created_at: '2026-03-01T09:00:00.000Z',
        resolved_at: null,
        resolved_by_name: null,
        version: 1,
      },
      {
        id: report!.id + 2,
        section: 'results',
        body: 'Give the 2023 figures.',
        author_name: 'Aiko Reviewer',
        created_at: '2026-03-02T10:00:00.123Z',
        resolved_at: '2026-03-05T08:30:00.000Z',
        resolved_by_name: 'Jose Author',
        version: 2,
      },
    ]);
    const [kept] = await target.deps.db.select().from(formComments).where(eq(formComments.id, report!.id));
    expect(kept).toMatchObject({ form: 'national_report', body: 'A report’s.' });
    // New comments take the next id.
    const [next] = await target.deps.db
      .insert(formComments)
      .values({ form: 'best_practice', instance: practice.uuid, question: 'results', body: 'Thanks.' })
      .returning();
    expect(next!.id).toBe(report!.id + 3);
  },
);
