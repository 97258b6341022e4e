import type { Env } from '../lib/env.server.ts';
import type { Db } from '../lib/db/client.server.ts';
import type { Whoami } from '../lib/identity/schema.ts';
import type { TokenVerifier, VerifiedToken } from '../lib/identity/token-verifier.server.ts';
import { LruCache } from '../lib/http/lru-cache.server.ts';
import type { UserListResponse } from '../lib/users/schema.ts';
import type { UserRow } from '../lib/users/queries.server.ts';

/** Derived data kept in memory; every write to users, roles, permissions or countries clears it. */
export class AccessCaches {
  readonly identities = new LruCache<string, { user: UserRow; identity: Whoami }>(20_000);
  readonly userLists = new LruCache<string, UserListResponse>(2_000);
  readonly counts = new LruCache<string, number>(1_000);

  invalidate(): void {
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
