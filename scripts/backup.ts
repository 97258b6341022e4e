/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` (issue 19): the database (DATABASE_URL,
 * else the embedded one in DATA_DIR) and every stored file (S3_BUCKET, else DATA_DIR/uploads), in
 * one gzip-compressed file of JSON lines. Restore goes into an empty database and file store.
 * Accounts live in Firebase Auth and are backed up there (docs/deploy.md).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { openDatabase } from '../src/lib/db/client.server.ts';
import { fileStoreFor } from '../src/lib/deps.server.ts';
import { parseEnvOrExit } from '../src/lib/env.server.ts';
import { backupLines, restoreLines, RestoreError, type BackupLine } from '../src/lib/ops/backup.server.ts';

const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('Usage: npm run backup -- FILE   or   npm run restore -- FILE');
  process.exit(2);
}
const env = parseEnvOrExit();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` });
const storage = fileStoreFor(env);

async function* jsonLines(lines: AsyncIterable<BackupLine>) {
  for await (const line of lines) yield `${JSON.stringify(line)}\n`;
}

async function* readLines(path: string): AsyncGenerator<BackupLine> {
  const input = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const text of input) if (text.trim()) yield JSON.parse(text) as BackupLine;
}

try {
  if (command === 'backup') {
    // Written beside its name and renamed at the end: a failed backup never looks like a whole one.
    const temp = `${file}.partial`;
    let summary: BackupLine | null = null;
    const tracked = async function* () {
      for await (const line of backupLines(database.db, storage)) {
        if (line.kind === 'end') summary = line;
        yield line;
      }
    };
    await pipeline(Readable.from(jsonLines(tracked())), createGzip(), createWriteStream(temp));
    await rename(temp, file);
    const end = summary as Extract<BackupLine, { kind: 'end' }> | null;
    const rows = Object.values(end?.tables ?? {}).reduce((a, b) => a + b, 0);
    console.log(`Backup written to ${file}: ${rows} rows in ${Object.keys(end?.tables ?? {}).length} tables, ${end?.files ?? 0} files`);
  } else {
    const restored = await restoreLines(database.db, storage, readLines(file));
    const rows = Object.values(restored.tables).reduce((a, b) => a + b, 0);
    console.log(`Restored from ${file}: ${rows} rows in ${Object.keys(restored.tables).length} tables, ${restored.files} files`);
  }
} catch (error) {
  console.error(error instanceof RestoreError ? `Restore refused: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
