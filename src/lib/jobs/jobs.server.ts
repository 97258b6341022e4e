/**
 * One job interface for the work the portal does besides answering requests (decision 067):
 * site builds, the mail outbox, the deadline reminders, and a script's ask for a build after
 * an import. Two implementations, chosen by the database: on PostgreSQL a pg-boss queue that
 * every instance on the database shares (src/lib/jobs/pg-boss-jobs.server.ts); on PGlite,
 * which has one instance, timers and a queue in the process (src/lib/jobs/local-jobs.server.ts).
 *
 * Every job is a singleton: at most one run waiting and one running, across every instance.
 * An ask while a run waits joins it; an ask while one runs makes one more run after it. Each
 * run is taken by exactly one instance (run once across instances). The portal's jobs all
 * bring something up to date (the site, the outbox, the reminders), so a run that starts after
 * an ask answers it, however many asks came.
 */

/** Retries of a failed run: `delaySeconds` after the first failure, doubling up to `maxDelaySeconds`. */
export interface RetryPolicy {
  delaySeconds: number;
  maxDelaySeconds: number;
  /** How many retries at most (default: 1,000,000, i.e. until one succeeds). */
  limit?: number;
  /** In-process only: the wait before the next try after `failures` failures in a row (tests shorten it). */
  schedule?: (failures: number) => number;
}

export interface JobOptions {
  /** A failed run is tried again by itself; without it, the next ask or tick runs it. */
  retry?: RetryPolicy;
  /**
   * Also runs by the clock every `seconds`, and once as the jobs start (what came due while no
   * instance ran). pg-boss's clock counts in whole minutes: below 60 it runs every minute there.
   */
  everySeconds?: number;
  /** A worker that sends no heartbeat for this long has died: its run goes to another instance (pg-boss). */
  heartbeatSeconds?: number;
  /** How long a run may take before it is counted failed (pg-boss). */
  expireInSeconds?: number;
}

/** The work of a job; an error fails the run (and is retried by the job's RetryPolicy, if it has one). */
export type JobHandler = () => Promise<void>;

/** A run asked for and not started: since when it waits, and when a retry is due (null: none). */
export interface JobWaiting {
  since: Date | null;
  retryAt: Date | null;
}

export interface Jobs {
  /**
   * Declares the job `name`: `handler` runs it on this instance (null: this process only asks
   * for runs, e.g. a script). Declared before `start()`.
   */
  define(name: string, handler: JobHandler | null, options?: JobOptions): void;
  /** Asks for a run now, on whichever instance is free (joining one that waits). */
  run(name: string): Promise<void>;
  /** Asks for a run in `seconds` (joining one that waits): a burst of asks makes one run. */
  runLater(name: string, seconds: number): Promise<void>;
  /** The run of `name` that waits, if any. */
  waiting(name: string): Promise<JobWaiting>;
  /** Starts the clock and this instance's workers; each job with `everySeconds` runs once now. */
  start(): Promise<void>;
  /** Stops the clock and the workers, waiting for the runs under way here. */
  stop(): Promise<void>;
}

/** A run's retries never end while the portal wants the work done (builds: until one goes live). */
export const UNTIL_DONE = 1_000_000;

/** The wait before retry `failures` (1, 2, …) of a job: the first delay, doubling, at most the maximum. */
export function backoffSeconds(policy: RetryPolicy, failures: number): number {
  if (policy.schedule) return policy.schedule(failures);
  return Math.min(policy.delaySeconds * 2 ** Math.max(0, failures - 1), policy.maxDelaySeconds);
}

/** The job names of the portal, one place for both implementations. */
export const JOB = {
  /** Builds the public site and names the build live (decision 027, 035, 053). */
  siteBuild: 'site-build',
  /** Sends the mail outbox (decision 058). */
  mail: 'mail-outbox',
  /** Sends the deadline reminders of national reports (decision 024). */
  reminders: 'deadline-reminders',
} as const;

/**
 * Site builds: a failed one is tried again 5 s after the first failure, doubling up to five
 * minutes, until one goes live (issue 31, decisions 053/054); its worker beats every few seconds
 * so a dead instance's build goes to another within seconds.
 */
export const SITE_BUILD_JOB: JobOptions = {
  retry: { delaySeconds: 5, maxDelaySeconds: 300, limit: UNTIL_DONE },
  heartbeatSeconds: 10,
  expireInSeconds: 3600,
};
