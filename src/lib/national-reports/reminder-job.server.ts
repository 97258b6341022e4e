/**
 * The runs of the deadline reminders (decision 024), one after the other; the job that runs
 * them by the clock is src/lib/jobs/portal-jobs.server.ts (decision 067). What was sent is kept
 * in the database, so a restart picks up where it stopped and never sends a reminder twice; the
 * clock can be set, so tests walk a cycle's days.
 */
export class ReminderJob {
  readonly #run: (now: Date) => Promise<number>;
  readonly #now: () => Date;
  /** The runs, one after the other. */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: { run: (now: Date) => Promise<number>; now?: () => Date }) {
    this.#run = options.run;
    this.#now = options.now ?? (() => new Date());
  }

  /**
   * Sends the reminders due at `now` (the job's clock by default) after any run under way; resolves with how many went.
   */
  runOnce(now?: Date): Promise<number> {
    const run = this.#tail.catch(() => {}).then(() => this.#run(now ?? this.#now()));
    this.#tail = run;
    return run;
  }

  /** Waits for a run under way. */
  async stop(): Promise<void> {
    await this.#tail.catch(() => {});
  }
}
