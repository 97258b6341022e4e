import { join } from 'node:path';
import { ContactGuard, clientHashSecret } from '../contact/guard.server.ts';
import type { Env } from '../env.server.ts';
import type { Db } from '../db/client.server.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { LocalDiskStore } from '../storage/local-disk-store.server.ts';
import type { Whoami } from '../identity/schema.ts';
import type { TokenVerifier, VerifiedToken } from '../identity/token-verifier.server.ts';
import { LruCache } from './lru-cache.server.ts';
import { PublicCache } from './public-cache.server.ts';
import type { UserRow } from '../users/queries.server.ts';
import type { UserListIndex } from '../users/list-index.server.ts';
import type { BuildStatusData } from '../site/schema.ts';

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
  /** The user list's order per search (src/lib/users/list-index.server.ts). */
  readonly userListIndexes = new LruCache<string, UserListIndex>(32);
  /** Loads of userListIndexes under way, per generation and search: concurrent misses share one. */
  readonly userListLoads = new Map<string, Promise<UserListIndex>>();
  /** The user list's matching ids per search, scope, status and country. */
  readonly userListIds = new LruCache<string, Int32Array>(1_000);
  /** The user list's items as JSON text by user id (src/lib/users/list-rows.server.ts). */
  readonly userRows = new Map<number, string>();
  /** The generation whose rows are being loaded in the background, if any. */
  userRowsWarming: number | null = null;
  #generation = 0;

  /** Changes on every invalidate(). */
  get generation(): number {
    return this.#generation;
  }

  /** Caches `value` unless the caches were invalidated since `generation` was read. */
  setIfCurrent<K, V>(cache: LruCache<K, V>, generation: number, key: K, value: V): void {
    if (generation === this.#generation) cache.set(key, value);
  }

  /** Adds list rows unless the caches were invalidated since `generation` was read. */
  setRowsIfCurrent(generation: number, rows: ReadonlyMap<number, string>): void {
    if (generation !== this.#generation) return;
    // A bound on memory: far more users than any programme has; past it the rows start over.
    if (this.userRows.size + rows.size > MAX_USER_ROWS) this.userRows.clear();
    for (const [id, row] of rows) this.userRows.set(id, row);
  }

  invalidate(): void {
    this.#generation++;
    this.identities.clear();
    this.userLists.clear();
    this.counts.clear();
    this.userListIndexes.clear();
    this.userListIds.clear();
    this.userRows.clear();
    this.userRowsWarming = null;
  }
}

/** At most this many user list rows are kept in memory (about 0.5 KB each). */
const MAX_USER_ROWS = 250_000;

/** What the API needs of the site builder (src/server/site-builder.ts). */
export interface SitePublisher {
  /** Queues a rebuild of the public site; resolves when a build started after the call is done. */
  request(): Promise<void>;
  status(): BuildStatusData;
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
  /** Answers of public endpoints that read the database; each write invalidates its domain's. */
  publicCache: PublicCache;
}

/** The server's dependencies, with uploads in DATA_DIR/uploads on the local disk. */
export function createAppDeps(base: { db: Db; env: Env; tokens: TokenVerifier; site: SitePublisher }): AppDeps {
  return {
    ...base,
    caches: new AccessCaches(),
    storage: new LocalDiskStore(join(base.env.DATA_DIR, 'uploads')),
    contact: new ContactGuard({ secret: clientHashSecret(base.env), trustProxy: base.env.TRUST_PROXY }),
    publicCache: new PublicCache(),
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
