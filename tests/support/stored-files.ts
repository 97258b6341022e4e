import type { FileStore } from '../../src/lib/storage/file-store.server.ts';

/**
 * The names of the files stored under a folder key (`cms/<uuid>`), sorted, read through the
 * portal's own file store: the local disk for the pglite project, the S3 bucket for postgres.
 */
export async function storedNames(storage: FileStore, folder: string): Promise<string[]> {
  const prefix = `${folder}/`;
  return (await storage.keys())
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length))
    .sort();
}

/** The bytes of a stored file named by its public URL (`/uploads/<key>`); fails the test when it is missing. */
export async function storedBytes(storage: FileStore, url: string): Promise<Buffer> {
  const key = url.replace(/^\/uploads\//, '');
  const bytes = await storage.get(key);
  if (!bytes) throw new Error(`No stored file ${key}`);
  return Buffer.from(bytes);
}
