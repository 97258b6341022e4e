/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (issue 19, decision 055): the database
 * (DATABASE_URL, else the embedded one in DATA_DIR) and the stored files its rows name
 * (S3_BUCKET, else DATA_DIR/uploads), in one gzip-compressed file of JSON lines. A backup that
 * cannot be made whole fails and leaves no file; a restore checks the file whole first and then
 * restores everything or nothing, into an empty database. Each says what went wrong in one
 * sentence and exits with 1. Accounts live in Firebase Auth and are backed up there (docs/deploy.md).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { openDatabase, type Database } from '../src/lib/db/client.server.ts';
import { fileStoreFor } from '../src/lib/deps.server.ts';
import { parseEnvOrExit } from '../src/lib/env.server.ts';
import { BackupError, backupText } from '../src/lib/ops/backup.server.ts';
import { restoreBackup, RestoreError } from '../src/lib/ops/restore.server.ts';

const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('Usage: npm run backup -- FILE   or   npm run restore -- FILE');
  process.exit(2);
}
const env = parseEnvOrExit();
const total = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

async function backup(database: Database, path: string): Promise<void> {
  // Written beside its name and renamed at the end: a failed backup never looks like a whole one.
  const temp = `${path}.partial`;
  let last = '';
  const lines = async function* () {
    for await (const line of backupText(database.db, fileStoreFor(env, database.db))) yield (last = line);
  };
  try {
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(temp));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await rename(temp, path);
  const end = JSON.parse(last) as { tables: Record<string, number>; files: number };
  console.log(
    `Backup written to ${path}: ${total(end.tables)} rows in ${Object.keys(end.tables).length} ` +
      `tables, ${end.files} files`,
  );
}

async function restore(database: Database, path: string): Promise<void> {
  const done = await restoreBackup(database.db, fileStoreFor(env), () => createReadStream(path));
  console.log(
    `Restored from ${path}: ${total(done.tables)} rows in ${Object.keys(done.tables).length} ` +
      `tables, ${done.files} files`,
  );
  if (done.missing.length > 0) {
    console.warn(
      `This version 1 backup did not hold ${done.missing.length} file(s) its rows name; they are ` +
        `missing: ${done.missing.join(', ')}`,
    );
  }
}

/** One sentence, no stack trace: what failed and what it left. */
function say(error: unknown): string {
  if (command === 'restore') {
    const why = error instanceof RestoreError ? error.message : `The restore stopped: ${(error as Error).message}`;
    return (
      `Restore ` + `refused: ${why}.${error instanceof RestoreError && error.leftBehind ? '' : ' Nothing was changed.'}`
    );
  }
  const why = error instanceof BackupError ? error.message : (error as Error).message;
  return `Backup failed: ${why}. No backup file was written.`;
}

let database: Database | null = null;
try {
  database = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` });
  await (command === 'backup' ? backup(database, file) : restore(database, file));
} catch (error) {
  console.error(say(error));
  process.exitCode = 1;
} finally {
  await database?.close();
}
