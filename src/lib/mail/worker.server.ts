import type { Db } from '../db/client.server.ts';
import { claimDueMail, markFailed, markSent, type OutboxRow } from './outbox.server.ts';

/** What the worker needs of a mail transport (nodemailer's, or anything that sends). */
export interface MailSender {
  send(message: { from: string; to: string; subject: string; text: string; html: string; messageId: string }): Promise<void>;
}

/** The delay before attempt `attempts + 1`: 30 s doubling each time, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** How long a claimed message stays with the worker that claimed it. */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/**
 * Sends the mail outbox (DESIGN.md §16). Each message is claimed before it is sent and marked
 * sent right after, so two workers never send it both; a message that fails goes back to the
 * queue with its attempt count and next try (retryDelayMs). Nothing is ever dropped: a message
 * waits until the SMTP server takes it. The clock can be set, so tests walk through retries.
 */
export class MailWorker {
  readonly #db: Db;
  readonly #sender: MailSender;
  readonly #from: string;
  readonly #now: () => Date;
  readonly #log: (line: string) => void;
  #timer: NodeJS.Timeout | null = null;
  /** The runs, one after the other. */
  #tail: Promise<unknown> = Promise.resolve();
  /** A run asked for and not started yet: later asks join it. */
  #pending: Promise<number> | null = null;
  /** Where kicks go instead of a run here: the shared job queue of several instances. */
  #kicks: (() => Promise<void>) | null = null;

  constructor(options: { db: Db; sender: MailSender; from: string; now?: () => Date; log?: (line: string) => void }) {
    this.#db = options.db;
    this.#sender = options.sender;
    this.#from = options.from;
    this.#now = options.now ?? (() => new Date());
    this.#log = options.log ?? ((line) => console.warn(line));
  }

  /**
   * Sends what is due now; resolves with how many messages were sent by a run that started
   * after the call. Runs never overlap; asks made while one waits to start share it.
   */
  runOnce(): Promise<number> {
    if (this.#pending) return this.#pending;
    const run = this.#tail
      .catch(() => {})
      .then(() => {
        this.#pending = null;
        return this.#drain();
      });
    this.#pending = run;
    this.#tail = run;
    return run;
  }

  /** Wakes the worker (a change queued mail), or asks the shared queue for a run; errors are logged, never thrown. */
  kick(): void {
    const run = this.#kicks ? this.#kicks() : this.runOnce();
    run.catch((error: unknown) => this.#log(`[mail] outbox run failed: ${String(error)}`));
  }

  /**
   * Sends kicks to `ask` (a job of the queue several instances share, whichever is free runs it)
   * instead of running here; null runs them here again.
   */
  routeKicks(ask: (() => Promise<void>) | null): void {
    this.#kicks = ask;
  }

  /** Polls every `intervalMs` for messages whose next try has come. */
  start(intervalMs = 15_000): void {
    this.stop();
    this.#timer = setInterval(() => this.kick(), intervalMs);
    this.#timer.unref();
    this.kick();
  }

  /** Stops polling and waits for a run under way. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#tail.catch(() => {});
  }

  async #drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.#now();
      const batch = await claimDueMail(this.#db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      for (const message of batch) if (await this.#send(message)) sent++;
      if (batch.length < BATCH) return sent;
    }
  }

  async #send(message: OutboxRow): Promise<boolean> {
    try {
      await this.#sender.send({
        from: this.#from,
        to: message.toName ? `"${message.toName.replaceAll('"', "'")}" <${message.toAddress}>` : message.toAddress,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // The same id on every attempt: a receiver can tell a repeated delivery from a new message.
        messageId: `<${message.uuid}@apua.outbox>`,
      });
    } catch (error) {
      const retryAt = new Date(this.#now().getTime() + retryDelayMs(message.attempts));
      await markFailed(this.#db, message.id, retryAt, error instanceof Error ? error.message : String(error));
      return false;
    }
    await markSent(this.#db, message.id, this.#now());
    return true;
  }
}
