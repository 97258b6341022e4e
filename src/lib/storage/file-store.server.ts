/**
 * Where uploaded files live (DESIGN.md §9): a folder of the local disk (LocalDiskStore, the
 * default) or an S3-compatible bucket (S3FileStore, when S3_BUCKET is set). Keys are relative paths such as
 * `cms/<uuid>/<hash>-960.webp`.
 */
export interface FileStore {
  /** Writes the whole file or nothing: a reader never sees a half-written file. */
  put(key: string, body: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** Deletes the files; a key with no file is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Deletes every file under `prefix` (a folder key such as `cms/<uuid>`). */
  deleteFolder(prefix: string): Promise<void>;
  /** Every stored key, for backups (a sorted list). */
  keys(): Promise<string[]>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * True for keys made of plain path segments: letters, digits, `.`, `_` and `-`, none starting
 * with a dot, so no `..`, no absolute path, no hidden file and nothing a file system reads
 * specially.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`Refused storage key ${JSON.stringify(key)}`);
  }
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new UnsafeKeyError(key);
}
