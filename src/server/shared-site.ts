import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../lib/db/client.server.ts';
import { siteBuilds } from '../lib/db/schema.ts';
import type { SitePublisher } from '../lib/deps.server.ts';
import type { ChangeBus } from '../lib/events/change-bus.server.ts';
import { JOB, SITE_BUILD_JOB, type Jobs } from '../lib/jobs/jobs.server.ts';
import { PgBossJobs } from '../lib/jobs/pg-boss-jobs.server.ts';
import type { BuildStatusData } from '../lib/site/schema.ts';
import type { FileStore } from '../lib/storage/file-store.server.ts';
import type { SiteSource } from './app.ts';
import { newBuildId, type LiveInfo, type SiteBuilder } from './site-builder.ts';
import { SiteFiles } from './site-files.ts';

/**
 * Asks the instances on `databaseUrl` for a site build (a script's change, e.g. `npm run
 * data:import`): one run of their job `site-build`, whichever instance is free builds it.
 */
export async function queueSiteBuild(databaseUrl: string): Promise<void> {
  const jobs = new PgBossJobs({ databaseUrl, instance: 'script', askOnly: true });
  jobs.define(JOB.siteBuild, null, SITE_BUILD_JOB);
  try {
    await jobs.start();
    await jobs.runLater(JOB.siteBuild, 1);
  } finally {
    await jobs.stop();
  }
}

type BuildRow = typeof siteBuilds.$inferSelect;

export interface SharedSiteOptions {
  /** Builds on this instance when its worker takes a job (astro build, then the search index). */
  builder: SiteBuilder;
  db: Db;
  /** Where built sites are kept for the other instances: the bucket when S3_BUCKET is set. */
  storage: FileStore;
  changes: ChangeBus;
  /** The jobs every instance on the database shares (pg-boss): the builds are runs of `site-build`. */
  jobs: Jobs;
  /** Names this instance in the builds it makes. */
  instance: string;
  /** How long a request waits before its build may start, so a burst of edits makes one build. */
  debounceSeconds?: number;
  /** How often the instance reads the live build's name and the queue, besides being told. */
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * The public site when several instances share one PostgreSQL database (decision 035). A build
 * request is a run of the job `site-build` of the shared jobs (pg-boss, decision 067: at most one
 * waiting and one running, across all instances): requests while one waits join it, and exactly
 * one instance builds it; a failed build is tried again as SITE_BUILD_JOB says.
 * The instance that builds it stores the build as one archive in the file store, then names it
 * live in `site_builds` and publishes `site.live`; every instance (told by that event, or by its
 * own poll every few seconds) loads the archive and serves it. A worker that dies mid-build stops
 * sending heartbeats and its job goes to another instance; one that is stopped hands its job back.
 */
export class SharedSite implements SitePublisher, SiteSource {
  readonly #options: Required<Omit<SharedSiteOptions, 'log'>> & { log: (line: string) => void };
  readonly #finished: ((seconds: number, ok: boolean) => void)[] = [];
  readonly #failed: ((failures: number, reason: string) => void)[] = [];
  #streak: BuildStatusData['failing'] | null = null;
  #waiters: { after: number; resolve: () => void }[] = [];
  #latest: BuildRow | null = null;
  #queuedSince: Date | null = null;
  #refreshing: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #stopping = false;
  #named = false;

  constructor(options: SharedSiteOptions) {
    this.#options = {
      debounceSeconds: 1,
      pollMs: 2000,
      log: (line) => console.warn(line),
      ...options,
    };
    options.jobs.define(JOB.siteBuild, () => this.#build(), SITE_BUILD_JOB);
  }

  /**
   * Serves the live build the database names, then reads it every few seconds besides being told
   * (the `site.live` events, src/lib/events/subscribers.server.ts). The jobs start after this
   * (this instance then takes builds).
   */
  async start(): Promise<void> {
    await this.refresh();
    this.#timer = setInterval(() => void this.refresh(), this.#options.pollMs);
    this.#timer.unref();
  }

  /**
   * Stops with its instance: stops reading, stops a build running here and stops the instance's
   * jobs; the build's run goes back to the queue, for another instance.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#options.builder.abort();
    await this.#options.jobs.stop();
  }

  /** Whether the database names a live build (until then an instance serves its own last build, if any). */
  get named(): boolean {
    return this.#named;
  }

  current(): SiteFiles | null {
    return this.#options.builder.current();
  }

  onFinished(listener: (seconds: number, ok: boolean) => void): void {
    this.#finished.push(listener);
  }

  onFailed(listener: (failures: number, reason: string) => void): void {
    this.#failed.push(listener);
  }

  /** Queues a build (joining one that waits); resolves once a build started after this call is done. */
  async request(): Promise<void> {
    // The database's clock, the one the builds' start times are written with.
    const [asked] = await this.#options.db.select({ at: sql<string>`now()::text` }).from(sql`(select 1) as one`);
    const done = new Promise<void>((resolve) => this.#waiters.push({ after: new Date(asked!.at).getTime(), resolve }));
    await this.#options.jobs.runLater(JOB.siteBuild, this.#options.debounceSeconds);
    void this.refresh();
    return done;
  }

  status(): BuildStatusData {
    const latest = this.#latest;
    const local = this.#options.builder.status();
    let current: BuildStatusData['current'] = { state: 'idle' };
    if (latest?.state === 'building')
      current = {
        state: 'building',
        since: latest.startedAt.toISOString(),
        progress: latest.progress,
        step: latest.step,
      };
    else if (this.#queuedSince) current = { state: 'queued', since: this.#queuedSince.toISOString() };
    const failed =
      latest?.state === 'failed'
        ? { at: (latest.finishedAt ?? latest.startedAt).toISOString(), reason: latest.failure ?? 'The build failed' }
        : null;
    return { current, live: local.live, lastFailure: failed, ...(this.#streak && { failing: this.#streak }) };
  }

  /** Reads the builds and the queue; loads the live build when it is not the one served here. */
  refresh(): Promise<void> {
    if (this.#stopping) return Promise.resolve();
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = (async () => {
      do {
        this.#again = false;
        try {
          await this.#refreshOnce();
        } catch (error) {
          this.#options.log(`Site: could not read the live build (${(error as Error).message})`);
        }
      } while (this.#again && !this.#stopping);
    })().finally(() => (this.#refreshing = null));
    return this.#refreshing;
  }

  async #refreshOnce(): Promise<void> {
    const { db } = this.#options;
    const [latest] = await db.select().from(siteBuilds).orderBy(desc(siteBuilds.startedAt)).limit(1);
    const [live] = await db
      .select()
      .from(siteBuilds)
      .where(isNotNull(siteBuilds.liveSince))
      .orderBy(desc(siteBuilds.liveSince))
      .limit(1);
    const waiting = this.#stopping ? null : await this.#options.jobs.waiting(JOB.siteBuild);
    this.#latest = latest ?? null;
    this.#streak = await this.#failureStreak(live, waiting?.retryAt ?? null);
    this.#queuedSince = waiting?.since ?? null;
    this.#named = live !== undefined;
    if (live && live.id !== this.#options.builder.status().live?.id) await this.#load(live);
    // Requests are answered by the first build that started after them and has finished.
    const finished = latest && latest.state !== 'building' ? latest.startedAt.getTime() : -Infinity;
    const answered = this.#waiters.filter((waiter) => waiter.after <= finished);
    this.#waiters = this.#waiters.filter((waiter) => waiter.after > finished);
    for (const waiter of answered) waiter.resolve();
  }

  /** The builds failed since the live one went live (none: null), and when the queue tries again. */
  async #failureStreak(live: BuildRow | undefined, retry: Date | null): Promise<BuildStatusData['failing'] | null> {
    const since = live?.liveSince ?? new Date(0);
    const [streak] = await this.#options.db
      .select({ failures: sql<number>`count(*)::int`, first: sql<string | null>`min(${siteBuilds.finishedAt})::text` })
      .from(siteBuilds)
      .where(and(eq(siteBuilds.state, 'failed'), gt(siteBuilds.startedAt, since)));
    if (!streak?.failures || !streak.first) return null;
    return {
      since: new Date(streak.first).toISOString(),
      failures: streak.failures,
      retryAt: retry?.toISOString() ?? null,
    };
  }

  async #load(row: BuildRow): Promise<void> {
    const bytes = row.archiveKey ? await this.#options.storage.get(row.archiveKey) : null;
    if (!bytes) {
      this.#options.log(`Site: the live build ${row.id} is missing from the file store; building it again`);
      void this.request();
      return;
    }
    this.#options.builder.adopt(SiteFiles.fromArchive(row.id, bytes), infoOf(row));
  }

  /** The job: builds here, stores the archive, names it live and tells every instance. */
  async #build(): Promise<void> {
    const { db, builder, storage, changes } = this.#options;
    const id = newBuildId();
    const started = performance.now();
    // Builds of instances that died are over: a new one starts.
    await db
      .update(siteBuilds)
      .set({ state: 'abandoned', finishedAt: sql`now()` })
      .where(eq(siteBuilds.state, 'building'));
    const [row] = await db.insert(siteBuilds).values({ id, instance: this.#options.instance }).returning();
    void this.refresh();
    const progress = setInterval(() => void this.#reportProgress(id), 1000);
    try {
      const files = await builder.produce(id, row!.startedAt.toISOString());
      const archiveKey = `site-builds/${id}.site`;
      await storage.put(archiveKey, files.toArchive());
      const live = await changes.write(db, async (w) => {
        const [done] = await w.tx
          .update(siteBuilds)
          .set({
            state: 'live',
            finishedAt: sql`now()`,
            liveSince: sql`now()`,
            archiveKey,
            progress: 100,
            step: 'live',
          })
          .where(eq(siteBuilds.id, id))
          .returning();
        await w.emit({ type: 'site.live', data: { id }, actorId: null, site: false });
        return done!;
      });
      builder.adopt(files, infoOf(live));
      await this.#forgetOld();
      this.#tell((performance.now() - started) / 1000, true);
    } catch (error) {
      // Stopped with its instance: another instance builds it again, so it is no failure to show.
      const state = this.#stopping ? 'abandoned' : 'failed';
      await db
        .update(siteBuilds)
        .set({ state, finishedAt: sql`now()`, failure: (error as Error).message })
        .where(eq(siteBuilds.id, id));
      this.#tell((performance.now() - started) / 1000, false);
      if (!this.#stopping) await this.#tellFailed((error as Error).message);
      // The job fails: the queue gives it to a free instance again after its delay (stopping: at once).
      throw error;
    } finally {
      clearInterval(progress);
      await builder.pruneExcept([id]);
      void this.refresh();
    }
  }

  async #reportProgress(id: string): Promise<void> {
    const current = this.#options.builder.status().current;
    if (current.state !== 'building') return;
    await this.#options.db
      .update(siteBuilds)
      .set({ progress: current.progress, step: current.step })
      .where(eq(siteBuilds.id, id))
      .catch(() => {});
  }

  /**
   * Keeps the archives of the live build and the one before it (an instance may still be loading it), and the last 20
   * rows.
   */
  async #forgetOld(): Promise<void> {
    const { db, storage } = this.#options;
    const lives = await db
      .select()
      .from(siteBuilds)
      .where(isNotNull(siteBuilds.archiveKey))
      .orderBy(desc(siteBuilds.liveSince));
    const old = lives.slice(2);
    if (old.length > 0) {
      // The rows let go of the archives first: a backup's rows never name a file already deleted (decision 055).
      await db
        .update(siteBuilds)
        .set({ archiveKey: null })
        .where(
          inArray(
            siteBuilds.id,
            old.map((row) => row.id),
          ),
        );
      await storage.delete(old.map((row) => row.archiveKey!)).catch(() => {});
    }
    await db.execute(
      sql`delete from ${siteBuilds} where id not in (select id from ${siteBuilds} order by started_at desc limit 20)
        and live_since is distinct from (select max(live_since) from ${siteBuilds})`,
    );
  }

  async #tellFailed(reason: string): Promise<void> {
    const [live] = await this.#options.db
      .select()
      .from(siteBuilds)
      .where(isNotNull(siteBuilds.liveSince))
      .orderBy(desc(siteBuilds.liveSince))
      .limit(1);
    const streak = await this.#failureStreak(live, null).catch(() => null);
    for (const listener of this.#failed) listener(streak?.failures ?? 1, reason);
  }

  #tell(seconds: number, ok: boolean): void {
    for (const listener of this.#finished) listener(seconds, ok);
  }
}

function infoOf(row: BuildRow): LiveInfo {
  return { id: row.id, since: (row.liveSince ?? row.startedAt).toISOString(), started: row.startedAt.toISOString() };
}
