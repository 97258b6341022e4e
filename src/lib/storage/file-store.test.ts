import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FileStore } from './file-store.server.ts';
import { LocalDiskStore } from './local-disk-store.server.ts';
import { S3FileStore } from './s3-store.server.ts';

/** The same contract, run on the local disk and on an S3-compatible bucket (s3rver). */
const folders: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name));
  folders.push(dir);
  return dir;
};
let s3: S3rver;
let endpoint = '';

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: folder('apua-s3-'),
    configureBuckets: [{ name: 'store-test' }],
  });
  endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
});
afterAll(async () => {
  await s3.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const bytes = (body: Uint8Array | null) => (body ? [...body] : null);

const stores: [string, () => FileStore][] = [
  ['local disk', () => new LocalDiskStore(folder('apua-store-'))],
  [
    'S3 bucket',
    () =>
      new S3FileStore({
        bucket: 'store-test',
        endpoint,
        prefix: `p${Math.random().toString(36).slice(2)}`,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
  ],
];

describe.each(stores)('file store on the %s', (_name, make) => {
  test('puts, gets, lists, deletes one key and a folder', async () => {
    const store = make();
    const thai = new TextEncoder().encode('รายงาน ระดับชาติ · 国家报告 · Национальный доклад');
    await store.put('cms/one/a-960.webp', thai);
    await store.put('cms/one/b.pdf', new Uint8Array([1, 2, 3]));
    await store.put('cms/two/c.png', new Uint8Array([9]));
    expect(bytes(await store.get('cms/one/a-960.webp'))).toEqual([...thai]);
    expect(await store.get('cms/one/missing.webp')).toBeNull();
    expect(await store.keys()).toEqual(['cms/one/a-960.webp', 'cms/one/b.pdf', 'cms/two/c.png']);

    await store.put('cms/one/b.pdf', new Uint8Array([4]));
    expect(bytes(await store.get('cms/one/b.pdf'))).toEqual([4]);

    await store.delete(['cms/one/b.pdf', 'cms/one/never-there.pdf']);
    expect(await store.get('cms/one/b.pdf')).toBeNull();
    await store.deleteFolder('cms/one');
    expect(await store.keys()).toEqual(['cms/two/c.png']);
  });

  test('refuses keys that could leave the store', async () => {
    const store = make();
    for (const key of ['../x.pdf', '/etc/passwd', 'a/../../b', '.hidden/x', 'a//b', '']) {
      await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow(/Refused storage key/);
      await expect(store.get(key)).rejects.toThrow(/Refused storage key/);
    }
  });

  test('an empty store lists nothing', async () => {
    expect(await make().keys()).toEqual([]);
  });
});
