import type { Env } from '../lib/env.server.ts';
import type { Db } from '../lib/db/client.server.ts';
import type { Whoami } from '../lib/identity/schema.ts';
import type { TokenVerifier, VerifiedToken } from '../lib/identity/token-verifier.server.ts';
import { LruCache } from '../lib/http/lru-cache.server.ts';
import type { UserRow } from '../lib/users/queries.server.ts';

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

export interface AppDeps {
  db: Db;
  env: Env;
  tokens: TokenVerifier;
  caches: AccessCaches;
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
