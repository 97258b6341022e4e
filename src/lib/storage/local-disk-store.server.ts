import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertSafeKey, type FileStore } from './file-store.server.ts';

/** Files in a folder of the local disk (by default DATA_DIR/uploads). */
export class LocalDiskStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  #path(key: string): string {
    assertSafeKey(key);
    const path = join(this.root, ...key.split('/'));
    // isSafeKey already rules out `..`; this is the second lock on the same door.
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key ${key} leaves the storage folder`);
    return path;
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written next to its final place, flushed to disk, then renamed over it: the rename is
    // atomic, so the name points at the old file or at the whole new one, never at half of it.
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(body);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.#path(key), { force: true })));
  }

  async deleteFolder(prefix: string): Promise<void> {
    await rm(this.#path(prefix), { recursive: true, force: true });
  }

  async keys(): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
      .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
  }
}
