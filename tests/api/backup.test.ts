/**
 * Backups and restores (issue 19; issue 31 item 3, decision 055): a backup restores to the same
 * rows and files; a damaged, cut-short or end-less file, or one that changes between the check
 * and the restore, is refused with one sentence and leaves the empty database and the file store
 * exactly as they were, so the good file restores afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/lib/db/client.server.ts';
import { users } from '../../src/lib/db/schema.ts';
import { uploadUrl } from '../../src/lib/storage/routes.server.ts';
import { backupText } from '../../src/lib/ops/backup.server.ts';
import { restoreBackup, RestoreError } from '../../src/lib/ops/restore.server.ts';
import { createTestContext, type TestContext } from '../support/app.ts';
import { createUser } from '../support/factories.ts';

const source = await createTestContext();

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);

/** Per table: the row count and a checksum of every row as PostgreSQL prints it. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const names = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type =
        'BASE TABLE' order by 1`,
    ),
  ).map((r) => r.name);
  const out: Record<string, string> = {};
  for (const name of names) {
    const r = await db.execute(
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from ` +
          `"${name}" t`,
      ),
    );
    const [row] = rowsOf<{ n: number; sum: string }>(r);
    out[name] = `${row!.n}:${row!.sum}`;
  }
  return out;
}

/** The backup as the CLI writes it: gzip-compressed. */
async function backupFile(ctx: TestContext): Promise<Buffer> {
  const parts: string[] = [];
  for await (const text of backupText(ctx.deps.db, ctx.deps.storage)) parts.push(text);
  return gzipSync(parts.join(''));
}

const opener = (bytes: Buffer) => () => Readable.from([bytes]);
const sha = (b: Uint8Array | null) => (b ? createHash('sha256').update(b).digest('hex') : null);
/** The database and the file store, to compare before and after. */
const stateOf = async (ctx: TestContext) => ({
  rows: await fingerprint(ctx.deps.db),
  files: await ctx.deps.storage.keys(),
});

const files: Record<string, Uint8Array> = {};
let good: Buffer;
let lines: string[];

beforeAll(async () => {
  const member = await createUser(source, { role: 'state_member', country: 'TH', name: 'สมชาย ใจดี' });
  await createUser(source, { role: 'admin', country: 'KZ', name: 'Айгерим Нурланова' });
  // A photo the rows name (random bytes: a flipped byte of the file lands in its data).
  const photo = `users/${member.uuid}/0123456789abcdef-256.webp`;
  files[photo] = new Uint8Array(randomBytes(60_000));
  for (const [key, body] of Object.entries(files)) await source.deps.storage.put(key, body);
  await source.deps.db
    .update(users)
    .set({ photo: uploadUrl(photo) })
    .where(sql`${users.id} = ${member.id}`);
  // A file no row names: litter a backup leaves out.
  await source.deps.storage.put('cms/orphan/0000000000000000-480.webp', new Uint8Array([1, 2, 3]));
  good = await backupFile(source);
  lines = gunzipSync(good).toString('utf8').split('\n').filter(Boolean);
});

describe('a backup', () => {
  test(
    'is version 2: a header, the rows, the files the rows name (no other), and a closing line with counts and ' +
      'checksum',
    () => {
      const parsed = lines.map((l) => JSON.parse(l) as { kind: string; key?: string; [k: string]: unknown });
      expect(parsed[0]).toMatchObject({ kind: 'portal-backup', version: 2 });
      const end = parsed.at(-1)!;
      expect(end).toMatchObject({ kind: 'end', files: 1 });
      expect((end['tables'] as Record<string, number>)['users']).toBe(2);
      expect(end['sha256']).toBe(
        createHash('sha256')
          .update(
            lines
              .slice(0, -1)
              .map((l) => `${l}\n`)
              .join(''),
          )
          .digest('hex'),
      );
      expect(parsed.filter((l) => l.kind === 'file').map((l) => l.key)).toEqual([Object.keys(files)[0]]);
      expect(
        parsed.some(
          (l) => l.kind === 'rows' && (l['table'] === 'backup_leases' || l['table'] === 'deferred_file_deletions'),
        ),
      ).toBe(false);
    },
  );
});

describe('a restore', () => {
  test(
    'refuses a truncated, a corrupted, an end-less or a changed file with one sentence, and changes nothing',
    { timeout: 120_000 },
    async () => {
      const target = await createTestContext();
      const before = await stateOf(target);
      const middle = Math.floor(good.length / 2);
      const corrupted = Buffer.from(good);
      for (let i = middle; i < middle + 8; i++) corrupted[i]! ^= 0xff;
      const endless = gzipSync(
        lines
          .slice(0, -1)
          .map((l) => `${l}\n`)
          .join(''),
      );
      const changed = gzipSync(lines.map((l) => `${l.replace('Айгерим', 'Айгерiм')}\n`).join(''));
      const cases: [string, Buffer, RegExp][] = [
        ['truncated', good.subarray(0, Math.floor(good.length * 0.6)), /damaged or cut short: it does not decompress/],
        ['corrupted', corrupted, /^The backup file is damaged/],
        ['end-less', endless, /incomplete: it ends before its closing line/],
        ['changed', changed, /checksum does not match/],
        ['not gzip', Buffer.from(lines.join('\n')), /does not decompress/],
        ['empty', gzipSync(''), /empty: it is not a backup/],
      ];
      for (const [name, bytes, message] of cases) {
        const error = await restoreBackup(target.deps.db, target.deps.storage, opener(bytes)).catch((e: unknown) => e);
        expect(error, name).toBeInstanceOf(RestoreError);
        expect((error as Error).message, name).toMatch(message);
        expect(await stateOf(target), name).toEqual(before);
      }
      // The good file restores afterwards.
      const restored = await restoreBackup(target.deps.db, target.deps.storage, opener(good));
      expect(restored).toMatchObject({ version: 2, files: 1, missing: [] });
      expect(await fingerprint(target.deps.db)).toEqual(await fingerprint(source.deps.db));
      const photo = Object.keys(files)[0]!;
      expect(sha(await target.deps.storage.get(photo))).toBe(sha(files[photo]!));
      expect(await target.deps.storage.keys()).toEqual([photo]);
      // Ids continue after the restored rows.
      const next = await createUser(target, { role: 'state_member', country: 'PH' });
      const ids = rowsOf<{ id: number }>(await target.deps.db.execute(sql`select id from users`)).map((r) => r.id);
      expect(next.id).toBe(Math.max(...ids));
      expect(next.id).toBeGreaterThan(Math.max(...ids.filter((id) => id !== next.id)));
      // A database that already holds accounts is refused, before the file is read.
      await expect(restoreBackup(target.deps.db, target.deps.storage, opener(good))).rejects.toThrow(
        /already holds accounts/,
      );
    },
  );

  test(
    'a file that changes between its check and the restore: the transaction is rolled back and the files ' +
      'written are removed',
    { timeout: 120_000 },
    async () => {
      const target = await createTestContext();
      const before = await stateOf(target);
      // Read whole the first time; the second time it has lost its closing line (after the rows and files went in).
      const endless = gzipSync(
        lines
          .slice(0, -1)
          .map((l) => `${l}\n`)
          .join(''),
      );
      let reads = 0;
      const open = () => Readable.from([reads++ === 0 ? good : endless]);
      await expect(restoreBackup(target.deps.db, target.deps.storage, open)).rejects.toThrow(/incomplete/);
      expect(reads).toBe(2);
      expect(await stateOf(target)).toEqual(before);
      await restoreBackup(target.deps.db, target.deps.storage, opener(good));
      expect(await fingerprint(target.deps.db)).toEqual(await fingerprint(source.deps.db));
    },
  );

  test(
    'reads version 1 files (no checksum) all or nothing too; refuses a newer format and a stranger file',
    { timeout: 120_000 },
    async () => {
      const v1 = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      v1[0]!['version'] = 1;
      delete v1.at(-1)!['sha256'];
      const v1File = gzipSync(v1.map((l) => `${JSON.stringify(l)}\n`).join(''));
      const target = await createTestContext();
      const before = await stateOf(target);
      const cut = gzipSync(
        v1
          .slice(0, -1)
          .map((l) => `${JSON.stringify(l)}\n`)
          .join(''),
      );
      await expect(restoreBackup(target.deps.db, target.deps.storage, opener(cut))).rejects.toThrow(/incomplete/);
      const newer = gzipSync(
        lines.map((l, i) => `${i === 0 ? l.replace('"version":2', '"version":3') : l}\n`).join(''),
      );
      await expect(restoreBackup(target.deps.db, target.deps.storage, opener(newer))).rejects.toThrow(
        /another version of the portal/,
      );
      await expect(
        restoreBackup(target.deps.db, target.deps.storage, opener(gzipSync('{"kind":"end","tables":{},"files":0}\n'))),
      ).rejects.toThrow(/not a backup/);
      expect(await stateOf(target)).toEqual(before);
      expect(await restoreBackup(target.deps.db, target.deps.storage, opener(v1File))).toMatchObject({
        version: 1,
        missing: [],
      });
      expect(await fingerprint(target.deps.db)).toEqual(await fingerprint(source.deps.db));
    },
  );

  test('a version 2 backup that names a file it does not hold is refused', async () => {
    const target = await createTestContext();
    const before = await stateOf(target);
    const kept = lines.filter((l) => !l.startsWith('{"kind":"file"'));
    const text = kept
      .slice(0, -1)
      .map((l) => `${l}\n`)
      .join('');
    const end = {
      ...(JSON.parse(kept.at(-1)!) as object),
      files: 0,
      sha256: createHash('sha256').update(text).digest('hex'),
    };
    const holed = gzipSync(`${text}${JSON.stringify(end)}\n`);
    await expect(restoreBackup(target.deps.db, target.deps.storage, opener(holed))).rejects.toThrow(
      /names 1 stored file\(s\) it does not hold \(users\//,
    );
    expect(await stateOf(target)).toEqual(before);
  });
});
