import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { isSafeKey } from '../storage/file-store.server.ts';

/**
 * The backup file (decisions 032 and 055): gzip-compressed JSON lines. A header; the rows of
 * every table, parents first; the stored files the rows name; and a closing line with the counts
 * and (version 2) the SHA-256 of every byte before it. Version 1 files (no checksum, every stored
 * file) are still read: gzip's own CRC-32, the closing line and its counts vouch for them.
 */
export const BACKUP_VERSION = 2;

const HeaderSchema = z.object({ kind: z.literal('portal-backup'), version: z.number().int(), taken_at: z.string() });
const RowsSchema = z.object({ kind: z.literal('rows'), table: z.string().min(1), rows: z.array(z.unknown()) });
const FileSchema = z.object({
  kind: z.literal('file'),
  key: z.string().refine(isSafeKey),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  data: z.string(),
});
const EndSchema = z.object({
  kind: z.literal('end'),
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.number().int().nonnegative(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
const LineSchema = z.discriminatedUnion('kind', [HeaderSchema, RowsSchema, FileSchema, EndSchema]);

export type BackupLine = z.infer<typeof LineSchema>;
export type BackupHeader = z.infer<typeof HeaderSchema>;
export type BackupEnd = z.infer<typeof EndSchema>;

/**
 * A backup that cannot be restored, said in one sentence for the person restoring it.
 * `leftBehind`: files the failed restore wrote could not all be removed again.
 */
export class RestoreError extends Error {
  readonly leftBehind: boolean;

  constructor(message: string, leftBehind = false) {
    super(message);
    this.leftBehind = leftBehind;
  }
}

/** The SHA-256 of a file's bytes, as its line records it. */
export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Writes lines, keeping the running checksum the closing line records. */
export class BackupWriter {
  readonly #hash = createHash('sha256');

  line(line: Exclude<BackupLine, BackupEnd>): string {
    const text = `${JSON.stringify(line)}\n`;
    this.#hash.update(text);
    return text;
  }

  end(tables: Record<string, number>, files: number): string {
    const end: BackupEnd = { kind: 'end', tables, files, sha256: this.#hash.digest('hex') };
    return `${JSON.stringify(end)}\n`;
  }
}

const damaged = (why: string) => new RestoreError(`The backup file is damaged: ${why}`);

/** The decompressed bytes; zlib's complaints (a cut or changed file) become one plain sentence. */
async function* decompressed(open: () => Readable): AsyncGenerator<Buffer> {
  const input = open();
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== undefined && /^Z_/.test(code)) {
      throw new RestoreError(`The backup file is damaged or cut short: it does not decompress (${message})`);
    }
    throw new RestoreError(`The backup file could not be read: ${message}`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

/** Lines as bytes, without their newline; `whole` is false for a last line that has none. */
async function* splitLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<{ bytes: Buffer; whole: boolean }> {
  let pending: Buffer[] = [];
  for await (const chunk of chunks) {
    let start = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, at));
      yield { bytes: Buffer.concat(pending), whole: true };
      pending = [];
      start = at + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield { bytes: Buffer.concat(pending), whole: false };
}

function parseLine(bytes: Buffer, number: number): BackupLine {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw damaged(`line ${number} is not readable`);
  }
  const parsed = LineSchema.safeParse(json);
  if (!parsed.success) throw damaged(`line ${number} is not a line of a backup`);
  return parsed.data;
}

function checkHeader(line: BackupLine): BackupHeader {
  if (line.kind !== 'portal-backup') throw new RestoreError('This file is not a backup of the portal');
  if (line.version > BACKUP_VERSION || line.version < 1) {
    throw new RestoreError(
      `This backup was written by another version of the portal (format ${line.version}; this one reads 1 and ` +
        `2): restore it with that version`,
    );
  }
  return line;
}

/** What the lines held, to compare with what the closing line says. */
class Tally {
  readonly tables: Record<string, number> = {};
  files = 0;

  add(line: BackupLine): void {
    if (line.kind === 'rows') this.tables[line.table] = (this.tables[line.table] ?? 0) + line.rows.length;
    if (line.kind === 'file') {
      if (sha256Of(Buffer.from(line.data, 'base64')) !== line.sha256)
        throw damaged(`the stored file ${line.key} in it has changed`);
      this.files++;
    }
  }

  check(end: BackupEnd): void {
    const names = new Set([...Object.keys(end.tables), ...Object.keys(this.tables)]);
    const short = [...names].find((name) => (end.tables[name] ?? 0) !== (this.tables[name] ?? 0));
    if (short)
      throw damaged(
        `it holds ${this.tables[short] ?? 0} rows of ${short} where its last line says ${end.tables[short] ?? 0}`,
      );
    if (end.files !== this.files) throw damaged(`it holds ${this.files} files where its last line says ${end.files}`);
  }
}

/**
 * Reads a backup line by line, checking as it goes, and at the end checks it whole (closing
 * line, counts, checksum): a reader that has seen every line without an error has a whole file.
 * Memory: one line at a time (the largest is one stored file).
 */
export async function* readBackup(open: () => Readable): AsyncGenerator<BackupLine> {
  const hash = createHash('sha256');
  const tally = new Tally();
  let header: BackupHeader | null = null;
  let end: BackupEnd | null = null;
  let number = 0;
  for await (const { bytes, whole } of splitLines(decompressed(open))) {
    number++;
    if (end) throw damaged('it goes on after its last line');
    if (!whole) throw damaged('it stops in the middle of a line (cut short)');
    const line = parseLine(bytes, number);
    if (!header) header = checkHeader(line);
    else if (line.kind === 'portal-backup') throw damaged(`line ${number} starts another backup`);
    if (line.kind === 'end') end = line;
    else hash.update(bytes).update('\n');
    tally.add(line);
    yield line;
  }
  if (!header) throw new RestoreError('The file is empty: it is not a backup of the portal');
  if (!end) throw new RestoreError('The backup is incomplete: it ends before its closing line (it was cut short)');
  tally.check(end);
  if (header.version >= 2 && end.sha256 !== hash.digest('hex'))
    throw damaged('its checksum does not match its content');
}
