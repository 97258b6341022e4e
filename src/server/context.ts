import { join } from 'node:path';
import { ContactGuard, clientHashSecret } from '../lib/contact/guard.server.ts';
import type { Env } from '../lib/env.server.ts';
import type { Db } from '../lib/db/client.server.ts';
import type { FileStore } from '../lib/storage/file-store.server.ts';
import { LocalDiskStore } from '../lib/storage/local-disk-store.server.ts';
import type { Whoami } from '../lib/identity/schema.ts';
import type { TokenVerifier, VerifiedToken } from '../lib/identity/token-verifier.server.ts';
import { LruCache } from '../lib/http/lru-cache.server.ts';
import type { UserRow } from '../lib/users/queries.server.ts';
import type { BuildStatus } from './site-builder.ts';

/**
 * Derived data kept in memory; every write to users, roles, permissions or countries clears it.
 * A value computed while a write cleared the caches may predate that write: read `generation`
 * before computing and cache the value only if it is still the same (see `setIfCurrent`).
 */
export class AccessCaches {
  readonly identities = new LruCache<string, { user: UserRow; identity: Whoami }>(20_000);
  /** Response bodies of GET /api/user/list (serialised UserListResponse) per scope, filters and page. */
  readonly userLists = new LruCache<string, string>(2_000);
  readonly counts = new LruCache<string, number>(1_000);
  #generation = 0;

  /** Changes on every invalidate(). */
  get generation(): number {
    return this.#generation;
  }

  /** Caches `value` unless the caches were invalidated since `generation` was read. */
  setIfCurrent<K, V>(cache: LruCache<K, V>, generation: number, key: K, value: V): void {
    if (generation === this.#generation) cache.set(key, value);
  }

  invalidate(): void {
    this.#generation++;
    this.identities.clear();
    this.userLists.clear();
    this.counts.clear();
  }
}

/** What the API needs of the site builder (src/server/site-builder.ts). */
export interface SitePublisher {
  /** Queues a rebuild of the public site; resolves when a build started after the call is done. */
  request(): Promise<void>;
  status(): BuildStatus;
}

export interface AppDeps {
  db: Db;
  env: Env;
  tokens: TokenVerifier;
  caches: AccessCaches;
  /** Rebuilds the public site when published content changes. */
  site: SitePublisher;
  /** Uploaded files (CMS images), served under /uploads/. */
  storage: FileStore;
  /** Rate limits and client hashing of the public contact form. */
  contact: ContactGuard;
}

/** The server's dependencies, with uploads in DATA_DIR/uploads on the local disk. */
export function createAppDeps(base: { db: Db; env: Env; tokens: TokenVerifier; site: SitePublisher }): AppDeps {
  return {
    ...base,
    caches: new AccessCaches(),
    storage: new LocalDiskStore(join(base.env.DATA_DIR, 'uploads')),
    contact: new ContactGuard({ secret: clientHashSecret(base.env), trustProxy: base.env.TRUST_PROXY }),
  };
}

export interface AuthedUser {
  token: VerifiedToken;
  user: UserRow;
  identity: Whoami;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    auth: AuthedUser;
  };
}
