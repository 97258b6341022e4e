/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts) end to end on an embedded data
 * folder (decision 055): a cut-short file is refused in one sentence, exit code 1, no stack trace,
 * and leaves the new portal empty; the good file then restores; a backup that cannot be whole
 * fails and leaves no file.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../src/lib/db/client.server.ts';
import { users } from '../../src/lib/db/schema.ts';
import { LocalDiskStore } from '../../src/lib/storage/local-disk-store.server.ts';

const work = mkdtempSync(join(tmpdir(), 'apua-backup-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(command: 'backup' | 'restore', file: string, dataDir: string): Promise<Run> {
  const child = spawn(process.execPath, ['scripts/backup.ts', command, file], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      FIREBASE_PROJECT_ID: 'demo-apua-test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      S3_BUCKET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ ...run, code })));
}

/** What a data folder holds: its accounts and its stored files. */
async function contents(dataDir: string): Promise<{ users: string[]; files: string[] }> {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    const rows = await database.db.select({ email: users.email }).from(users).orderBy(users.email);
    return { users: rows.map((r) => r.email), files: await new LocalDiskStore(join(dataDir, 'uploads')).keys() };
  } finally {
    await database.close();
  }
}

/** One sentence on one line, and nothing that looks like a stack trace. */
function expectOneSentence(run: Run, message: RegExp): void {
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr.trim()).toMatch(message);
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

test(
  'backup and restore from the command line: refused in one sentence, then restored',
  { timeout: 240_000 },
  async () => {
    const source = join(work, 'source');
    const photo = 'users/7a1e0f52-7d77-4a4c-9b2e-2f4f1c7e9a10/0123456789abcdef-256.webp';
    const database = await openDatabase({ dataDir: join(source, 'pglite') });
    await database.db
      .insert(users)
      .values({ email: 'ana@apua.test', username: 'ana', memberId: 'M-1', status: 1, photo: `/uploads/${photo}` });
    await database.db.execute(sql`update users set uuid = '7a1e0f52-7d77-4a4c-9b2e-2f4f1c7e9a10'`);
    await database.close();
    const store = new LocalDiskStore(join(source, 'uploads'));
    await store.put(photo, new Uint8Array(Buffer.from('a photo of Ana')));
    await store.put('cms/litter/0000000000000000-480.webp', new Uint8Array([1, 2, 3]));

    const file = join(work, 'portal.backup.gz');
    const made = await cli('backup', file, source);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Backup written to .*portal\.backup\.gz: \d+ rows in \d+ tables, 1 files$/m);

    const target = join(work, 'target');
    const empty = await contents(target);
    expect(empty).toEqual({ users: [], files: [] });
    const cut = join(work, 'cut.backup.gz');
    const bytes = readFileSync(file);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    expectOneSentence(
      await cli('restore', cut, target),
      new RegExp(
        '^Restore refused: The backup file is damaged or cut short: it does not decompress \\(.*\\)\\. ' +
          'Nothing was changed\\.$',
      ),
    );
    expect(await contents(target)).toEqual(empty);
    expectOneSentence(
      await cli('restore', join(work, 'no-such-file.gz'), target),
      /^Restore refused: The backup file could not be read: ENOENT.*Nothing was changed\.$/,
    );

    const restored = await cli('restore', file, target);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored from .*: \d+ rows in \d+ tables, 1 files$/m);
    expect(await contents(target)).toEqual({ users: ['ana@apua.test'], files: [photo] });
    expect(readFileSync(join(target, 'uploads', ...photo.split('/'))).toString()).toBe('a photo of Ana');
    expectOneSentence(
      await cli('restore', file, target),
      /^Restore refused: The database already holds accounts: .*Nothing was changed\.$/,
    );

    // A file the rows name is gone: the backup fails and leaves no file behind.
    unlinkSync(join(source, 'uploads', ...photo.split('/')));
    const broken = join(work, 'broken.backup.gz');
    expectOneSentence(
      await cli('backup', broken, source),
      new RegExp(
        `^Backup failed: 1 stored file\\(s\\) the database names are not in the file store: ${photo} \\(named ` +
          `in users\\)\\. The backup is not whole\\. No backup file was written\\.$`,
      ),
    );
    expect([existsSync(broken), existsSync(`${broken}.partial`)]).toEqual([false, false]);
  },
);
