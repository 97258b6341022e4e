import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStore } from './file-store.server.ts';

export interface S3StoreOptions {
  bucket: string;
  /** For services other than AWS (MinIO, R2, Google Cloud Storage's interoperability endpoint, s3rver). */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** Keys are stored under this folder of the bucket (no leading or trailing slash). */
  prefix?: string | undefined;
  /** Only for tests and local servers; otherwise the AWS SDK's standard variables and files give them. */
  credentials?: S3ClientConfig['credentials'];
}

/** S3 deletes at most this many objects per call. */
const DELETE_BATCH = 1000;

/**
 * Files in an S3-compatible bucket (issue 19): the same four calls as the local disk. A PUT is
 * atomic in S3 (a reader sees the old object or the whole new one), which is what `put` promises.
 */
export class S3FileStore implements FileStore {
  readonly bucket: string;
  readonly prefix: string;
  readonly client: S3Client;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
    this.client = new S3Client({
      region: options.region ?? process.env['AWS_REGION'] ?? 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  }

  #key(key: string): string {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Uint8Array): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.#key(key), Body: body }));
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.#key(key) }));
      return answer.Body ? await answer.Body.transformToByteArray() : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await this.#deleteObjects(keys.map((key) => this.#key(key)));
  }

  async deleteFolder(prefix: string): Promise<void> {
    await this.#deleteObjects(await this.#list(`${this.#key(prefix)}/`));
  }

  async keys(): Promise<string[]> {
    return (await this.#list(this.prefix)).map((key) => key.slice(this.prefix.length)).sort();
  }

  async #list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async #deleteObjects(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
