import { backoffSeconds, type JobHandler, type JobOptions, type Jobs, type JobWaiting } from './jobs.server.ts';

interface LocalJob {
  handler: JobHandler | null;
  options: JobOptions;
  /** The runs under way: the wait before the first, then each run while more are asked for. */
  active: Promise<void> | null;
  /** Asked for while a run was under way: one more run after it. */
  again: boolean;
  waitingSince: Date | null;
  /** Failed runs in a row (reset by a run that succeeds). */
  failures: number;
  retryTimer: NodeJS.Timeout | null;
  retryAt: Date | null;
  clock: NodeJS.Timeout | null;
}

/**
 * The jobs of one process (PGlite: one instance): timers and a queue in memory (decision 067).
 * Asks run at once, without `start()` (tests ask for builds without starting a clock); `start()`
 * begins the clock of the jobs that run by it. A retry waits on a timer; an ask meanwhile
 * replaces it and runs at once (after its own delay).
 */
export class LocalJobs implements Jobs {
  readonly #jobs = new Map<string, LocalJob>();
  readonly #log: (line: string) => void;
  #stopped = false;

  constructor(options: { log?: (line: string) => void } = {}) {
    this.#log = options.log ?? ((line) => console.warn(line));
  }

  define(name: string, handler: JobHandler | null, options: JobOptions = {}): void {
    this.#jobs.set(name, {
      handler,
      options,
      active: null,
      again: false,
      waitingSince: null,
      failures: 0,
      retryTimer: null,
      retryAt: null,
      clock: null,
    });
  }

  run(name: string): Promise<void> {
    this.#ask(this.#job(name), 0);
    return Promise.resolve();
  }

  runLater(name: string, seconds: number): Promise<void> {
    this.#ask(this.#job(name), seconds * 1000);
    return Promise.resolve();
  }

  waiting(name: string): Promise<JobWaiting> {
    return Promise.resolve(this.waitingNow(name));
  }

  /** The run that waits, read at once (the in-process site builder's status is read on every request). */
  waitingNow(name: string): JobWaiting {
    const job = this.#job(name);
    return { since: job.waitingSince, retryAt: job.retryAt };
  }

  /** Whether a run of `name` is under way or about to start (not counting a retry's wait). */
  busy(name: string): boolean {
    return this.#job(name).active !== null;
  }

  /** Resolves once no run of `name` is under way or about to start. */
  async settled(name: string): Promise<void> {
    const job = this.#job(name);
    while (job.active) await job.active;
  }

  /** Drops the retry `name` waits for, if any (the work it would do is no longer wanted). */
  cancelRetry(name: string): void {
    this.#clearRetry(this.#job(name));
  }

  start(): Promise<void> {
    this.#stopped = false;
    for (const job of this.#jobs.values()) {
      const seconds = job.options.everySeconds;
      if (!seconds || job.clock) continue;
      job.clock = setInterval(() => this.#ask(job, 0), seconds * 1000);
      job.clock.unref();
      this.#ask(job, 0);
    }
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    for (const job of this.#jobs.values()) {
      if (job.clock) clearInterval(job.clock);
      job.clock = null;
      this.#clearRetry(job);
    }
    await Promise.all([...this.#jobs.values()].map((job) => job.active));
  }

  #job(name: string): LocalJob {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    return job;
  }

  #ask(job: LocalJob, delayMs: number): void {
    if (this.#stopped || !job.handler) return;
    this.#clearRetry(job);
    job.waitingSince ??= new Date();
    if (job.active) {
      job.again = true;
      return;
    }
    job.active = this.#runs(job, delayMs);
  }

  async #runs(job: LocalJob, delayMs: number): Promise<void> {
    // Stays waiting for a moment: the asks of one change (an item, then its image) make one run.
    await new Promise((resolveTimer) => setTimeout(resolveTimer, delayMs));
    let failed = false;
    if (this.#stopped) {
      job.active = null;
      job.waitingSince = null;
      return;
    }
    do {
      job.again = false;
      job.waitingSince = null;
      failed = !(await this.#runOnce(job));
    } while (job.again && !this.#stopped);
    job.active = null;
    if (failed) this.#retryLater(job);
  }

  /** One run; resolves whether it succeeded (a failure is logged unless the job retries by itself). */
  async #runOnce(job: LocalJob): Promise<boolean> {
    try {
      await job.handler!();
      job.failures = 0;
      return true;
    } catch (error) {
      job.failures++;
      if (!job.options.retry) this.#log(`Job failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  #retryLater(job: LocalJob): void {
    const retry = job.options.retry;
    if (!retry || this.#stopped || job.retryTimer || job.failures > (retry.limit ?? Infinity)) return;
    const seconds = backoffSeconds(retry, job.failures);
    job.retryAt = new Date(Date.now() + seconds * 1000);
    job.retryTimer = setTimeout(() => {
      job.retryTimer = null;
      job.retryAt = null;
      this.#ask(job, 0);
    }, seconds * 1000);
    job.retryTimer.unref();
  }

  #clearRetry(job: LocalJob): void {
    if (job.retryTimer) clearTimeout(job.retryTimer);
    job.retryTimer = null;
    job.retryAt = null;
  }
}
