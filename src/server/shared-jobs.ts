import { PgBoss } from 'pg-boss';
import type { MailWorker } from '../lib/mail/worker.server.ts';
import type { ReminderJob } from '../lib/national-reports/reminder-job.server.ts';

/** The pg-boss queues of the jobs besides site builds (decision 035). */
export const MAIL_QUEUE = 'mail-outbox';
export const REMINDER_QUEUE = 'deadline-reminders';

/**
 * When each queue runs by the clock, besides being asked: the outbox every minute (a message
 * whose retry has come goes then), the reminders every ten minutes.
 */
export const SCHEDULES = { [MAIL_QUEUE]: '* * * * *', [REMINDER_QUEUE]: '*/10 * * * *' } as const;

/**
 * One job waiting and one running at most, across every instance: asks while one waits join it.
 * A run that fails is not retried by the queue (the outbox keeps each message's own retries,
 * and the next scheduled run comes within minutes); a worker that dies mid-run stops sending
 * heartbeats and its job goes to another instance.
 */
const QUEUE_OPTIONS = { policy: 'stately', retryLimit: 0, heartbeatSeconds: 30, expireInSeconds: 900 } as const;

/**
 * This instance's pg-boss client of the database `databaseUrl` (named in PostgreSQL after the
 * instance), with `tuning` (its pool, whether it runs the clock); its errors go to `log`.
 */
export function jobQueue(
  options: { databaseUrl: string; instance: string },
  tuning: { max: number; schedule?: boolean },
  log: (line: string) => void,
): PgBoss {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    application_name: `apua-jobs-${options.instance.slice(0, 8)}`,
    // A dead worker's job is noticed within a heartbeat and one monitor pass.
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
    ...tuning,
  });
  boss.on('error', (error) => log(`Job queue: ${error.message}`));
  return boss;
}

export interface SharedJobsOptions {
  /** The PostgreSQL database of the queue (pg-boss keeps its tables in the schema `pgboss`). */
  databaseUrl: string;
  /** Names this instance to PostgreSQL (application_name). */
  instance: string;
  /** The outbox sender; null when mail is off. */
  mail: MailWorker | null;
  reminders: ReminderJob;
  log?: (line: string) => void;
}

/**
 * The mail outbox and the deadline reminders as jobs of a PostgreSQL queue shared by every
 * instance (pg-boss; the embedded database runs them in-process instead, with the same workers).
 * A change that queues mail asks for an outbox run: one job, taken by whichever instance is free.
 * The clock's runs are pg-boss schedules, sent once per minute across all instances. The
 * outbox's rows (claimed with SKIP LOCKED, sent once) and the reminders' record of what was sent
 * stay the truth of what went: the queue decides only who runs and when.
 */
export class SharedJobs {
  readonly #options: SharedJobsOptions & { log: (line: string) => void };
  readonly #boss: PgBoss;
  #started = false;

  constructor(options: SharedJobsOptions) {
    this.#options = { log: (line) => console.warn(line), ...options };
    this.#boss = jobQueue(options, { max: 2 }, (line) => this.#options.log(line));
  }

  /**
   * Starts the queues, their schedules and this instance's workers; mail asked for goes through the queue from now on.
   */
  async start(): Promise<void> {
    const { mail, reminders } = this.#options;
    await this.#boss.start();
    for (const [name, cron] of Object.entries(SCHEDULES)) {
      await this.#boss.createQueue(name, QUEUE_OPTIONS);
      await this.#boss.schedule(name, cron);
    }
    const work = { pollingIntervalSeconds: 1, heartbeatRefreshSeconds: 10 };
    if (mail) {
      await this.#boss.work(MAIL_QUEUE, work, async () => {
        await mail.runOnce();
      });
      mail.routeKicks(() => this.request(MAIL_QUEUE));
    }
    await this.#boss.work(REMINDER_QUEUE, work, async () => {
      await reminders.runOnce();
    });
    this.#started = true;
    // What came due while no instance was running goes now (mail queued then, reminders missed).
    await Promise.all([mail ? this.request(MAIL_QUEUE) : null, this.request(REMINDER_QUEUE)]);
  }

  /** Asks for a run of `queue` on whichever instance is free (joining one that waits). */
  async request(queue: typeof MAIL_QUEUE | typeof REMINDER_QUEUE): Promise<void> {
    if (!this.#started) return;
    try {
      await this.#boss.send(queue, {});
    } catch (error) {
      this.#options.log(`Job queue: could not ask for ${queue} (${(error as Error).message})`);
    }
  }

  /** Stops taking jobs; a run under way here finishes (or goes back to the queue after the timeout). */
  async stop(): Promise<void> {
    this.#started = false;
    this.#options.mail?.routeKicks(null);
    await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }
}
