import { PgBoss } from 'pg-boss';
import { UNTIL_DONE, type JobHandler, type JobOptions, type Jobs, type JobWaiting } from './jobs.server.ts';

export interface PgBossJobsOptions {
  /** The PostgreSQL database of the queue (pg-boss keeps its tables in the schema `pgboss`). */
  databaseUrl: string;
  /** Names this instance to PostgreSQL (application_name). */
  instance: string;
  /** A script that only asks for runs: one connection, no clock, no workers. */
  askOnly?: boolean;
  log?: (line: string) => void;
}

/** Runs without a heartbeat of their own: a worker that stops beating for this long has died. */
const DEFAULT_HEARTBEAT_SECONDS = 30;
const DEFAULT_EXPIRE_SECONDS = 900;

/** pg-boss's clock counts in minutes: the cron of a job run every `seconds` (at least every minute). */
export function cronOf(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
}

/** The queue's rules of a job: one waiting and one running at most across every instance (`stately`). */
function queueOptions(options: JobOptions) {
  const retry = options.retry;
  return {
    policy: 'stately',
    ...(retry
      ? { retryLimit: retry.limit ?? UNTIL_DONE, retryDelay: retry.delaySeconds, retryBackoff: true }
      : { retryLimit: 0 }),
    ...(retry && { retryDelayMax: retry.maxDelaySeconds }),
    heartbeatSeconds: options.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS,
    expireInSeconds: options.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
  } as const;
}

/**
 * The jobs of every instance on one PostgreSQL database, as pg-boss queues (decisions 035, 067).
 * A run asked for is a job of the queue; whichever instance is free takes it, once. A worker
 * that dies mid-run stops sending heartbeats and its run goes to another instance; one that is
 * stopped hands its run back. Runs by the clock are pg-boss schedules, sent once per tick
 * across all instances.
 */
export class PgBossJobs implements Jobs {
  readonly #boss: PgBoss;
  readonly #defined = new Map<string, { handler: JobHandler | null; options: JobOptions }>();
  readonly #askOnly: boolean;
  #started = false;
  #stopped: Promise<void> | null = null;

  constructor(options: PgBossJobsOptions) {
    const log = options.log ?? ((line) => console.warn(line));
    this.#askOnly = options.askOnly ?? false;
    this.#boss = new PgBoss({
      connectionString: options.databaseUrl,
      application_name: this.#askOnly ? 'apua-jobs-script' : `apua-jobs-${options.instance.slice(0, 8)}`,
      ...(this.#askOnly
        ? { max: 1, supervise: false, schedule: false }
        : // A dead worker's job is noticed within a heartbeat and one monitor pass.
          { max: 3, superviseIntervalSeconds: 5, monitorIntervalSeconds: 5 }),
    });
    this.#boss.on('error', (error) => log(`Job queue: ${error.message}`));
  }

  define(name: string, handler: JobHandler | null, options: JobOptions = {}): void {
    this.#defined.set(name, { handler, options });
  }

  /**
   * Starts the queue: creates each job's queue (or brings the rules of one made by an earlier
   * version up to date), its schedule and this instance's worker; then asks for a run of each
   * job that runs by the clock (what came due while no instance was running goes now).
   */
  async start(): Promise<void> {
    await this.#boss.start();
    for (const [name, { handler, options }] of this.#defined) {
      const rules = queueOptions(options);
      await this.#boss.createQueue(name, rules);
      const { policy: _policy, ...changeable } = rules;
      await this.#boss.updateQueue(name, changeable);
      if (this.#askOnly) continue;
      if (options.everySeconds) await this.#boss.schedule(name, cronOf(options.everySeconds));
      if (!handler) continue;
      const heartbeat = rules.heartbeatSeconds;
      const work = { pollingIntervalSeconds: 1, heartbeatRefreshSeconds: Math.max(1, Math.floor(heartbeat / 3)) };
      await this.#boss.work(name, work, () => handler());
    }
    this.#started = true;
    const clocked = [...this.#defined].filter(([, job]) => job.options.everySeconds && job.handler);
    if (!this.#askOnly) await Promise.all(clocked.map(([name]) => this.run(name)));
  }

  async run(name: string): Promise<void> {
    if (!this.#started) return;
    await this.#boss.send(name, {});
  }

  async runLater(name: string, seconds: number): Promise<void> {
    if (!this.#started) return;
    await this.#boss.send(name, {}, { startAfter: seconds });
  }

  async waiting(name: string): Promise<JobWaiting> {
    if (!this.#started) return { since: null, retryAt: null };
    const queued = await this.#boss.findJobs<object>(name, { queued: true });
    const earliest = (dates: number[]) => (dates.length ? new Date(Math.min(...dates)) : null);
    return {
      since: earliest(queued.map((job) => job.createdOn.getTime())),
      retryAt: earliest(queued.filter((job) => job.state === 'retry').map((job) => job.startAfter.getTime())),
    };
  }

  /**
   * Stops taking jobs; a run under way here finishes (or, failing, goes back to the queue for
   * another instance). Stopping twice waits for the same stop.
   */
  stop(): Promise<void> {
    const wasStarted = this.#started || this.#askOnly;
    this.#started = false;
    this.#stopped ??= wasStarted ? this.#boss.stop({ graceful: !this.#askOnly, timeout: 10_000 }) : Promise.resolve();
    return this.#stopped;
  }
}
