import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { Db } from '../../src/lib/db/client.server.ts';
import { backupLines, restoreLines, RestoreError, type BackupLine } from '../../src/lib/ops/backup.server.ts';
import { createTestContext } from '../support/app.ts';
import { createUser } from '../support/factories.ts';

const source = await createTestContext();
const target = await createTestContext();

/** Per table: the row count and a checksum of every row as PostgreSQL prints it. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const result = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const names = (Array.isArray(result) ? result : (result as unknown as { rows: { name: string }[] }).rows).map((r) => r.name);
  const out: Record<string, string> = {};
  for (const name of names) {
    const r = await db.execute(sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from "${name}" t`));
    const [row] = (Array.isArray(r) ? r : (r as unknown as { rows: unknown[] }).rows) as { n: number; sum: string }[];
    out[name] = `${row!.n}:${row!.sum}`;
  }
  return out;
}

async function collect(lines: AsyncIterable<BackupLine>): Promise<BackupLine[]> {
  const all: BackupLine[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

async function* replay(lines: BackupLine[]) {
  yield* lines;
}

test('a backup restored into an empty database and file store gives back every row and file', { timeout: 120_000 }, async () => {
  await createUser(source, { role: 'state_member', country: 'TH', name: 'สมชาย ใจดี' });
  await createUser(source, { role: 'admin', country: 'KZ', name: 'Айгерим Нурланова' });
  const files: Record<string, Uint8Array> = {
    'cms/one/picture-960.webp': new TextEncoder().encode('图片 · صورة'),
    'national-reports/abc/2026-signed.pdf': new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3]),
  };
  for (const [key, body] of Object.entries(files)) await source.deps.storage.put(key, body);

  const lines = await collect(backupLines(source.deps.db, source.deps.storage));
  expect(lines[0]).toMatchObject({ kind: 'portal-backup', version: 1 });
  const end = lines.at(-1) as Extract<BackupLine, { kind: 'end' }>;
  expect(end).toMatchObject({ kind: 'end', files: 2 });
  expect(end.tables['users']).toBe(2);

  const restored = await restoreLines(target.deps.db, target.deps.storage, replay(lines));
  expect(restored.files).toBe(2);
  expect(await fingerprint(target.deps.db)).toEqual(await fingerprint(source.deps.db));
  const sha = (b: Uint8Array | null) => (b ? createHash('sha256').update(b).digest('hex') : null);
  for (const [key, body] of Object.entries(files)) expect(sha(await target.deps.storage.get(key))).toBe(sha(body));
  expect(await target.deps.storage.keys()).toEqual(Object.keys(files).sort());

  // Ids continue after the restored rows: a new account gets the next one.
  const next = await createUser(target, { role: 'state_member', country: 'PH' });
  expect(next.id).toBeGreaterThan(Math.max(...(await target.deps.db.execute(sql`select id from users`).then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { id: number }[] }).rows).map((x) => (x as { id: number }).id).filter((id) => id !== next.id)))));

  // A database that already holds accounts is refused; so are a stranger's file and a cut-off backup.
  await expect(restoreLines(target.deps.db, target.deps.storage, replay(lines))).rejects.toThrow(RestoreError);
  await expect(restoreLines(target.deps.db, target.deps.storage, replay([{ kind: 'end', tables: {}, files: 0 }]))).rejects.toThrow(/not a backup/);
  const fresh = await createTestContext();
  await expect(restoreLines(fresh.deps.db, fresh.deps.storage, replay(lines.slice(0, -1)))).rejects.toThrow(/incomplete/);
});
