/**
 * A backup holds exactly the files its rows name, whatever changes while it runs (issue 31 item
 * 3, decision 055): photos replaced, a CMS item deleted, pictures replaced and answers saved
 * between the reading of the rows and the copying of the files (the deletions wait for the
 * backup's lease, on every instance), and the restored portal has every file a row names.
 */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/lib/db/client.server.ts';
import { users } from '../../src/lib/db/schema.ts';
import { BackupError, backupText } from '../../src/lib/ops/backup.server.ts';
import { FILE_REFERENCES, fileKeysOf } from '../../src/lib/ops/backup-references.server.ts';
import { restoreBackup } from '../../src/lib/ops/restore.server.ts';
import { takeBackupLease } from '../../src/lib/storage/deferred-deletions.server.ts';
import type { FileStore } from '../../src/lib/storage/file-store.server.ts';
import { insertCmsItem, makeImage, uploadForm } from '../fixtures/cms.ts';
import { createTestContext, type TestContext } from '../support/app.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { openCycle, questionsByCode, saveAnswers, viewReport } from '../support/national-reports.ts';
import { cmsVersion } from '../support/versions.ts';

const source = await createTestContext();
const YEAR = 2026;
let admin: TestUser;
let member: TestUser;
let question: string;

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);
const keyOf = (url: string | null) => url!.replace(/^\/uploads\//, '');
const photoOf = async (db: Db, id: number) =>
  (await db.select({ photo: users.photo }).from(users).where(eq(users.id, id)))[0]!.photo;
let shade = 0;
/** A picture never uploaded before (its stored name carries its content's hash). */
const freshImage = () => makeImage('png', 40 + (shade++ % 200), 40);

async function setPhoto(user: TestUser): Promise<void> {
  const response = await source.request('/api/user/photo', {
    method: 'POST',
    token: user.token,
    body: uploadForm(await freshImage()),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function setCmsImage(uuid: string): Promise<void> {
  const response = await source.request(`/api/cms/upload/${uuid}`, {
    token: admin.token,
    body: uploadForm(await freshImage()),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function saveAnswer(value: number): Promise<void> {
  const view = await viewReport(source, member, YEAR, 'PH');
  const current = view.answers.find((a) => a.question_uuid === question);
  const response = await saveAnswers(source, member, YEAR, 'PH', [
    { question_uuid: question, value, ...(current && { version: current.version }) },
  ]);
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Every stored file the rows of `db` name. */
async function namedFiles(db: Db): Promise<string[]> {
  const keys = new Set<string>();
  for (const table of Object.keys(FILE_REFERENCES)) {
    for (const { row } of rowsOf<{ row: unknown }>(
      await db.execute(sql.raw(`select row_to_json(t) as row from "${table}" t`)),
    )) {
      for (const key of fileKeysOf(table, row)) keys.add(key);
    }
  }
  return [...keys].sort();
}

async function missingFrom(storage: FileStore, keys: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const key of keys) if (!(await storage.get(key))) missing.push(key);
  return missing;
}

const count = async (db: Db, table: string) =>
  rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

async function drain(lines: AsyncGenerator<string>, first: string[] = []): Promise<Buffer> {
  const parts = [...first];
  for await (const text of lines) parts.push(text);
  return gzipSync(parts.join(''));
}

/** Restores `file` into a new portal and checks that every file its rows name is there. */
async function restoresWhole(file: Buffer): Promise<TestContext> {
  const target = await createTestContext();
  await restoreBackup(target.deps.db, target.deps.storage, () => Readable.from([file]));
  const named = await namedFiles(target.deps.db);
  expect(named.length).toBeGreaterThan(0);
  expect(await missingFrom(target.deps.storage, named)).toEqual([]);
  expect((await target.deps.storage.keys()).sort()).toEqual(named);
  return target;
}

let item: { uuid: string };
let doomed: { uuid: string };
beforeAll(async () => {
  admin = await createUser(source, { role: 'admin', country: 'JP' });
  member = await createUser(source, { role: 'state_member', country: 'PH' });
  await setPhoto(member);
  item = await insertCmsItem(source, { cmsType: 'partner' });
  doomed = await insertCmsItem(source);
  await setCmsImage(item.uuid);
  await setCmsImage(doomed.uuid);
  await openCycle(source, admin, { year: YEAR });
  question = (await questionsByCode(source, member)).get('Q07')!.uuid;
  await saveAnswer(1);
}, 120_000);

describe('a backup under changes', () => {
  test(
    'changes made after the rows were read and before the files are copied: the backup holds every file its rows name',
    { timeout: 120_000 },
    async () => {
      const lines = backupText(source.deps.db, source.deps.storage);
      const header = await lines.next(); // the rows are read, the lease held
      const oldPhoto = await photoOf(source.deps.db, member.id);
      await setPhoto(member);
      await setCmsImage(item.uuid);
      const deleted = await source.request(`/api/cms/delete/${doomed.uuid}`, {
        token: admin.token,
        json: { version: await cmsVersion(source, doomed.uuid) },
      });
      expect(deleted.status).toBe(200);
      await saveAnswer(2);
      // The replaced photo and the deleted item's pictures wait for the backup.
      expect(await source.deps.storage.get(keyOf(oldPhoto))).not.toBeNull();
      expect(await count(source.deps.db, 'deferred_file_deletions')).toBeGreaterThanOrEqual(3);
      const file = await drain(lines, [header.value as string]);
      // The backup is over: its lease is gone and the deletions are made.
      expect(await source.deps.storage.get(keyOf(oldPhoto))).toBeNull();
      expect((await source.deps.storage.keys()).filter((k) => k.startsWith(`cms/${doomed.uuid}/`))).toEqual([]);
      expect([
        await count(source.deps.db, 'deferred_file_deletions'),
        await count(source.deps.db, 'backup_leases'),
      ]).toEqual([0, 0]);
      // Restored: the portal as it was when the rows were read, with every file they name.
      const target = await restoresWhole(file);
      expect(await photoOf(target.deps.db, member.id)).toBe(oldPhoto);
      expect(await missingFrom(source.deps.storage, await namedFiles(source.deps.db))).toEqual([]);
    },
  );

  test(
    'photos replaced, pictures replaced and answers saved while the backup runs: it restores to a portal whose ' +
      'every named file exists',
    { timeout: 180_000 },
    async () => {
      let running = true;
      const writer = (async () => {
        for (let i = 0; running || i < 3; i++) {
          await setPhoto(member);
          await saveAnswer(10 + i);
          if (i % 2 === 0) await setCmsImage(item.uuid);
        }
      })();
      const backup = drain(backupText(source.deps.db, source.deps.storage)).finally(() => (running = false));
      // The writer finishes its round before anything is checked (or the test's folder goes away).
      await Promise.allSettled([backup, writer]);
      await writer;
      await restoresWhole(await backup);
      expect(await count(source.deps.db, 'deferred_file_deletions')).toBe(0);
      expect(await missingFrom(source.deps.storage, await namedFiles(source.deps.db))).toEqual([]);
    },
  );
});

describe('deletions and backups', () => {
  test(
    'while a lease is held a deletion waits; a file ' + 'written again is kept; an expired lease holds nothing',
    async () => {
      const store = source.deps.storage;
      await store.put('cms/lease-test/a.webp', new Uint8Array([1]));
      await store.put('cms/lease-test/b.webp', new Uint8Array([2]));
      await store.put('cms/lease-folder/c.webp', new Uint8Array([3]));
      const lease = await takeBackupLease(source.deps.db, store);
      await store.delete(['cms/lease-test/a.webp', 'cms/lease-test/b.webp']);
      await store.deleteFolder('cms/lease-folder');
      await store.put('cms/lease-test/b.webp', new Uint8Array([2]));
      expect((await store.keys()).filter((k) => k.includes('lease-'))).toEqual([
        'cms/lease-folder/c.webp',
        'cms/lease-test/a.webp',
        'cms/lease-test/b.webp',
      ]);
      await lease.release();
      expect((await store.keys()).filter((k) => k.includes('lease-'))).toEqual(['cms/lease-test/b.webp']);

      await source.deps.db.execute(
        sql`insert into backup_leases (id, expires_at) values ('died', now() - interval '1 second')`,
      );
      await store.delete(['cms/lease-test/b.webp']);
      expect((await store.keys()).filter((k) => k.includes('lease-'))).toEqual([]);
      await source.deps.db.execute(sql`delete from backup_leases`);
    },
  );

  test.skipIf(!source.openInstance)(
    "on PostgreSQL, another instance's deletions wait for this one's backup",
    async () => {
      const other = await source.openInstance!();
      await other.deps.storage.put('cms/other-instance/a.webp', new Uint8Array([1]));
      const lease = await takeBackupLease(source.deps.db, source.deps.storage);
      await other.deps.storage.delete(['cms/other-instance/a.webp']);
      expect(await source.deps.storage.get('cms/other-instance/a.webp')).not.toBeNull();
      await lease.release();
      expect(await source.deps.storage.get('cms/other-instance/a.webp')).toBeNull();
    },
  );

  test('a file the rows name that the store does not hold makes the backup fail, saying which', async () => {
    const ghost = await createUser(source, { role: 'state_member', country: 'TH' });
    await source.deps.db
      .update(users)
      .set({ photo: `/uploads/users/${ghost.uuid}/ffffffffffffffff-256.webp` })
      .where(eq(users.id, ghost.id));
    const error = await drain(backupText(source.deps.db, source.deps.storage)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `1 stored file\\(s\\) the database names are not in the file store: ` +
          `users/${ghost.uuid}/ffffffffffffffff-256.webp \\(named in users\\)`,
      ),
    );
    expect(await count(source.deps.db, 'backup_leases')).toBe(0);
    await source.deps.db.update(users).set({ photo: null }).where(eq(users.id, ghost.id));
  });
});
