import { join } from 'node:path';
import type { Context } from 'hono';
import { ContactGuard, clientHashSecret } from './contact/guard.server.ts';
import type { Env } from './env.server.ts';
import type { Db } from './db/client.server.ts';
import type { FileStore } from './storage/file-store.server.ts';
import { FileAccess } from './storage/file-access.server.ts';
import { practiceFiles } from './best-practices/file-access.server.ts';
import { cmsFiles } from './cms/file-access.server.ts';
import { reportCoverFiles } from './national-reports/file-access.server.ts';
import { LocalDiskStore } from './storage/local-disk-store.server.ts';
import { S3FileStore } from './storage/s3-store.server.ts';
import { BackupAwareStore } from './storage/deferred-deletions.server.ts';
import type { Whoami } from './identity/schema.ts';
import type { TokenVerifier, VerifiedToken } from './identity/token-verifier.server.ts';
import { LruCache } from './http/lru-cache.server.ts';
import { PublicCache } from './http/public-cache.server.ts';
import type { UserRow } from './users/queries.server.ts';
import { UserListCache } from './users/list-cache.server.ts';
import type { BuildStatusData } from './site/schema.ts';
import { ChangeBus } from './events/change-bus.server.ts';
import { subscribeStandingReactions } from './events/subscribers.server.ts';
import { MailWorker } from './mail/worker.server.ts';
import { Metrics } from './ops/metrics.server.ts';
import { smtpSender } from './mail/transport.server.ts';
import { PendingSiteChanges } from './site/pending.server.ts';
import { pruneWithdrawals, WithdrawnPages } from './site/withdrawals.server.ts';
import { siteHealth, type SiteHealth } from './site/health.server.ts';
import { ReminderJob } from './national-reports/reminder-job.server.ts';
import { sendDueReminders } from './national-reports/reminders.server.ts';

/**
 * Derived data kept in memory; every write to users, roles, permissions or countries clears it.
 * A value computed while a write cleared the caches may predate that write: read `generation`
 * before computing and cache the value only if it is still the same (see `setIfCurrent`).
 */
export class AccessCaches {
  readonly identities = new LruCache<string, { user: UserRow; identity: Whoami }>(20_000);
  /** The user list's order, items and counts (src/lib/users/list-cache.server.ts). */
  readonly users = new UserListCache();
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
    this.users.clear();
  }
}

/** What the API needs of the site builder (src/server/site-builder.ts). */
export interface SitePublisher {
  /** Queues a rebuild of the public site; resolves when a build started after the call is done. */
  request(): Promise<void>;
  status(): BuildStatusData;
  /** Calls `listener` after each build with its duration in seconds and whether it went live. */
  onFinished?(listener: (seconds: number, ok: boolean) => void): void;
  /** Calls `listener` after each failed build with how many failed in a row and why. */
  onFailed?(listener: (failures: number, reason: string) => void): void;
  /** Reads the live build again: another instance named one (several instances, decision 035). */
  refresh?(): Promise<void>;
}

export interface AppDeps {
  db: Db;
  env: Env;
  tokens: TokenVerifier;
  caches: AccessCaches;
  /** Rebuilds the public site when published content changes. */
  site: SitePublisher;
  /** The changes to the public site that its live build does not hold yet (decision 027). */
  siteChanges: PendingSiteChanges;
  /** Public pages taken off at once because what they show was withdrawn (decision 053). */
  withdrawals: WithdrawnPages;
  /** Uploaded files (CMS images), served under /uploads/. */
  storage: FileStore;
  /** Who may read the stored files that belong to a record (a best practice's): decision 035. */
  fileAccess: FileAccess;
  /** Rate limits and client hashing of the public contact form. */
  contact: ContactGuard;
  /** Answers of public endpoints that read the database; each write invalidates its domain's. */
  publicCache: PublicCache;
  /** Change events: services write through it; caches and rebuilds subscribe to it (decision 023). */
  changes: ChangeBus;
  /** Sends the mail outbox to SMTP_URL; null without SMTP_URL (mail then waits in the outbox). */
  mail: MailWorker | null;
  /** Prometheus metrics, served at /metrics to holders of METRICS_TOKEN. */
  metrics: Metrics;
  /** Deadline reminders of national reports: the runs of their job (decisions 024, 067). */
  reminders: ReminderJob;
}

/**
 * Where uploads live: the S3-compatible bucket S3_BUCKET when set, else DATA_DIR/uploads on the
 * local disk. With the database, deletions wait while a backup runs (decision 055): the store
 * the services use. Without it, the store itself (a restore writes there).
 */
export function fileStoreFor(env: Env, db?: Db): FileStore {
  const store = env.S3_BUCKET
    ? new S3FileStore({
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        prefix: env.S3_PREFIX,
      })
    : new LocalDiskStore(join(env.DATA_DIR, 'uploads'));
  return db ? new BackupAwareStore(store, db) : store;
}

/** The server's dependencies. */
export function createAppDeps(base: {
  db: Db;
  env: Env;
  tokens: TokenVerifier;
  site: SitePublisher;
  /** Made beforehand when something else needs them too (the shared site builder); else made here. */
  storage?: FileStore;
  changes?: ChangeBus;
}): AppDeps {
  const caches = new AccessCaches();
  const publicCache = new PublicCache();
  const changes = base.changes ?? new ChangeBus();
  const deps: AppDeps = {
    ...base,
    caches,
    siteChanges: new PendingSiteChanges(base.db),
    withdrawals: new WithdrawnPages(base.db),
    storage: base.storage ?? fileStoreFor(base.env, base.db),
    fileAccess: new FileAccess([practiceFiles, cmsFiles, reportCoverFiles]),
    contact: new ContactGuard({ secret: clientHashSecret(base.env), trustProxy: base.env.TRUST_PROXY }),
    publicCache,
    changes,
    mail: base.env.SMTP_URL
      ? new MailWorker({ db: base.db, sender: smtpSender(base.env.SMTP_URL), from: base.env.MAIL_FROM, changes })
      : null,
    metrics: new Metrics({
      db: base.db,
      caches: () => ({
        public: publicCache.counts,
        identities: caches.identities,
        user_lists: caches.users.ids,
        file_access: deps.fileAccess.cache,
      }),
      siteQueue: () => (base.site.status().current.state === 'idle' ? 0 : 1),
      site: async () => ({ ...(await siteHealthOf(deps, true)), withdrawn_pages: deps.withdrawals.size }),
    }),
    reminders: new ReminderJob({ run: (now) => sendDueReminders({ db: base.db, changes: deps.changes }, now) }),
  };
  base.site.onFinished?.((seconds, ok) => deps.metrics.build(seconds, ok));
  subscribeStandingReactions(deps.changes, {
    publicCache: deps.publicCache,
    accessCaches: deps.caches,
    fileAccess: deps.fileAccess,
    site: deps.site,
    mail: { kick: () => deps.mail?.kick() },
    writes: { withdrawals: deps.withdrawals, siteUrl: base.env.PUBLIC_SITE_URL },
  });
  followSiteBuilds(deps);
  return deps;
}

/** Builds failing this many times in a row are told to the administrators (issue 31). */
export const BUILD_FAILURES_TOLD = 2;

/**
 * After each build: a live one lets go of what it now holds (changes waiting, pages blocked only
 * until a rebuild); the second failure in a row is told to the administrators, once per streak.
 */
function followSiteBuilds(deps: AppDeps): void {
  deps.site.onFinished?.((_seconds, ok) => {
    const live = deps.site.status().live;
    if (!ok || !live) return;
    const started = new Date(live.started ?? live.since);
    void Promise.all([deps.siteChanges.prune(started), pruneWithdrawals(deps.db, started)]).catch(() => {});
  });
  deps.site.onFailed?.((failures, reason) => {
    if (failures !== BUILD_FAILURES_TOLD) return;
    void deps.changes
      .write(deps.db, (w) =>
        w.emit({
          type: 'site.build.failing',
          data: { failures, reason: reason.slice(0, 2000) },
          actorId: null,
          site: false,
        }),
      )
      .catch((error: unknown) =>
        console.warn(`The failing site build could not be told to the administrators: ${String(error)}`),
      );
  });
}

/** How far the live site is behind its decisions (health check, metrics). */
export function siteHealthOf(deps: AppDeps, loaded: boolean): Promise<SiteHealth> {
  return siteHealth(deps.site, deps.siteChanges, loaded);
}

export interface AuthedUser {
  token: VerifiedToken;
  user: UserRow;
  identity: Whoami;
}

/** What every route gets: `c.get('deps')`, and the signed-in user from `c.get('auth')`. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    auth: AuthedUser;
  };
}

/**
 * A public endpoint's answer (no sign-in): the body `load` makes with the request's database,
 * kept in the shared public cache under `key` and sent with its ETag (PublicCache.json).
 */
export function publicAnswer(c: Context<AppEnv>, key: string, load: (db: Db) => Promise<unknown>): Promise<Response> {
  const { db, publicCache } = c.get('deps');
  return publicCache.json(c, key, () => load(db));
}
