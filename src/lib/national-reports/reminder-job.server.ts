/**
 * The scheduled job of the deadline reminders (decision 024): a tick in the server process,
 * started beside the mail worker. What was sent is kept in the database, so a restart picks up
 * where it stopped and never sends a reminder twice; the clock can be set, so tests walk a
 * cycle's days.
 */
export class ReminderJob {
  readonly #run: (now: Date) => Promise<number>;
  readonly #now: () => Date;
  readonly #log: (line: string) => void;
  #timer: NodeJS.Timeout | null = null;
  /** The runs, one after the other. */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: { run: (now: Date) => Promise<number>; now?: () => Date; log?: (line: string) => void }) {
    this.#run = options.run;
    this.#now = options.now ?? (() => new Date());
    this.#log = options.log ?? ((line) => console.warn(line));
  }

  /**
   * Sends the reminders due at `now` (the job's clock by default) after any run under way; resolves with how many went.
   */
  runOnce(now?: Date): Promise<number> {
    const run = this.#tail.catch(() => {}).then(() => this.#run(now ?? this.#now()));
    this.#tail = run;
    return run;
  }

  /** Runs now, then every `intervalMs`; errors are logged, never thrown. */
  start(intervalMs = 10 * 60_000): void {
    void this.stop();
    const tick = () => {
      this.runOnce().catch((error: unknown) => this.#log(`[reminders] run failed: ${String(error)}`));
    };
    this.#timer = setInterval(tick, intervalMs);
    this.#timer.unref();
    tick();
  }

  /** Stops the ticks and waits for a run under way. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#tail.catch(() => {});
  }
}
