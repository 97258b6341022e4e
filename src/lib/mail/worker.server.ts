import type { Db } from '../db/client.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import { mailbox, parseMailbox, type Mailbox } from './address.ts';
import {
  claimDueMail,
  markFailed,
  markSent,
  markUndeliverable,
  releaseClaims,
  type OutboxRow,
} from './outbox.server.ts';
import { classifyRefusal, type Refusal } from './refusal.ts';

/** One message as the worker hands it to the transport: addresses as { name, address }, never a written line. */
export interface OutgoingMessage {
  from: Mailbox;
  to: Mailbox;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** What the worker needs of a mail transport (nodemailer's, or anything that sends). */
export interface MailSender {
  send(message: OutgoingMessage): Promise<void>;
  /** Resolves when the SMTP server answers and takes a session (connects, greets, logs in). */
  verify(): Promise<void>;
}

/**
 * The kind of the emails that tell administrators a message could not be delivered: one of them failing tells nobody
 * (no loop).
 */
export const UNDELIVERABLE_KIND = 'mail.failed';

/**
 * The delay before attempt `attempts + 1` after a temporary refusal: 30 s, then a minute at most
 * (decision 058: the portal talks to its own relay, whose 4xx answers pass within minutes).
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60_000);
}

function senderOf(line: string): Mailbox {
  const parsed = parseMailbox(line);
  if (!parsed)
    throw new Error(
      `The sender of the portal's emails must be one address, such as "Asia-Pacific Urban Agenda" ` +
        `<no-reply@apua.example>: ${line}`,
    );
  return parsed;
}

/** How long a claimed message stays with the worker that claimed it. */
const LEASE_MS = 5 * 60_000;
/** A message is not started with less than this left of its lease (the transport's longest wait). */
const LEASE_MARGIN_MS = 90_000;
const BATCH = 20;
/** While the SMTP server does not answer, how often it is asked again. */
export const PROBE_MS = 15_000;

/**
 * Sends the mail outbox (DESIGN.md §16, decision 058). Each message is claimed before it is
 * sent and marked sent right after, so two workers never send it both. Messages go oldest
 * written first. What a failure means is read from the server's answer (classifyRefusal):
 * - refused for good (5xx to RCPT TO or DATA): marked failed, never tried again, and a
 *   `mail.failed` change event tells the administrators (unless the message was itself such a
 *   notice);
 * - refused for now (4xx): tried again after retryDelayMs (a minute at most);
 * - the server cannot be reached: the run stops, the messages stay due in their order, and the
 *   next runs probe the server (verify) before claiming anything; the first answer sends them all,
 *   oldest first. A failure that looked like the server's while the server answers a probe is
 *   the message's own, and is retried like a 4xx.
 * The clock can be set, so tests walk through retries.
 */
export class MailWorker {
  readonly #db: Db;
  readonly #sender: MailSender;
  readonly #from: Mailbox;
  readonly #changes: ChangeBus | null;
  readonly #now: () => Date;
  readonly #log: (line: string) => void;
  readonly #probeMs: number;
  #probeTimer: NodeJS.Timeout | null = null;
  /** Since when the SMTP server has not answered (null: it answered last time). */
  #unreachableSince: Date | null = null;
  /** The runs, one after the other. */
  #tail: Promise<unknown> = Promise.resolve();
  /** A run asked for and not started yet: later asks join it. */
  #pending: Promise<number> | null = null;
  /** Where kicks go instead of a run here: the outbox's job (src/lib/jobs/portal-jobs.server.ts). */
  #kicks: (() => Promise<void>) | null = null;

  constructor(options: {
    db: Db;
    sender: MailSender;
    /** The sender: as { name, address }, or an address line such as MAIL_FROM (`"Name" <address>`). */
    from: Mailbox | string;
    /** Where a message refused for good is announced (`mail.failed`); without it, it is only marked failed. */
    changes?: ChangeBus;
    now?: () => Date;
    log?: (line: string) => void;
    /**
     * While the SMTP server is away and runs come from the shared queue, how often this instance asks for one
     * (PROBE_MS).
     */
    probeMs?: number;
  }) {
    this.#db = options.db;
    this.#sender = options.sender;
    this.#from = typeof options.from === 'string' ? senderOf(options.from) : options.from;
    this.#changes = options.changes ?? null;
    this.#now = options.now ?? (() => new Date());
    this.#log = options.log ?? ((line) => console.warn(line));
    this.#probeMs = options.probeMs ?? PROBE_MS;
  }

  /** Whether the SMTP server failed to answer at the last try, and since when. */
  get unreachableSince(): Date | null {
    return this.#unreachableSince;
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
   * Sends kicks to `ask` (a run of the outbox's job: whichever instance is free runs it, decision
   * 067) instead of running here; null runs them here again.
   */
  routeKicks(ask: (() => Promise<void>) | null): void {
    this.#kicks = ask;
  }

  /** Stops probing and waits for a run under way. */
  async stop(): Promise<void> {
    if (this.#probeTimer) clearTimeout(this.#probeTimer);
    this.#probeTimer = null;
    await this.#tail.catch(() => {});
  }

  async #drain(): Promise<number> {
    if (this.#unreachableSince && !(await this.#probe())) return 0;
    let sent = 0;
    for (;;) {
      const now = this.#now();
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      const batch = await claimDueMail(this.#db, now, leaseUntil, BATCH);
      const done = await this.#sendBatch(batch, leaseUntil);
      sent += done.sent;
      if (done.stop || (batch.length < BATCH && done.untried === 0)) return sent;
    }
  }

  /** Sends a claimed batch in order; gives back what it did not try (the server went away, or the lease ran short). */
  async #sendBatch(
    batch: readonly OutboxRow[],
    leaseUntil: Date,
  ): Promise<{ sent: number; untried: number; stop: boolean }> {
    let sent = 0;
    for (const [at, message] of batch.entries()) {
      const late = this.#now().getTime() > leaseUntil.getTime() - LEASE_MARGIN_MS;
      const outcome = late ? 'late' : await this.#send(message);
      if (outcome === 'sent') sent++;
      if (outcome === 'late' || outcome === 'unreachable') {
        const rest = batch.slice(outcome === 'late' ? at : at + 1);
        await releaseClaims(
          this.#db,
          rest.map((m) => m.id),
          leaseUntil,
          this.#now(),
        );
        return { sent, untried: rest.length, stop: outcome === 'unreachable' };
      }
    }
    return { sent, untried: 0, stop: false };
  }

  async #send(message: OutboxRow): Promise<'sent' | 'retry' | 'failed' | 'unreachable'> {
    try {
      await this.#sender.send({
        from: this.#from,
        to: mailbox(message.toAddress, message.toName),
        subject: message.subject,
        text: message.text,
        html: message.html,
        // The same id on every attempt: a receiver can tell a repeated delivery from a new message.
        messageId: `<${message.uuid}@apua.outbox>`,
      });
    } catch (error) {
      return this.#failed(message, classifyRefusal(error));
    }
    await markSent(this.#db, message.id, this.#now());
    return 'sent';
  }

  async #failed(message: OutboxRow, refusal: Refusal): Promise<'retry' | 'failed' | 'unreachable'> {
    if (refusal.kind === 'permanent') {
      await this.#giveUp(message, refusal.reason);
      return 'failed';
    }
    // A server that answers a probe right after is up: the failure was this message's own.
    if (refusal.kind === 'server' && !(await this.#probe())) {
      await markFailed(this.#db, message.id, this.#now(), refusal.reason);
      return 'unreachable';
    }
    await markFailed(
      this.#db,
      message.id,
      new Date(this.#now().getTime() + retryDelayMs(message.attempts)),
      refusal.reason,
    );
    return 'retry';
  }

  /**
   * Marks a message failed for good and, in the same transaction, tells the administrators (never about a notice of
   * this kind).
   */
  async #giveUp(message: OutboxRow, reason: string): Promise<void> {
    this.#log(`[mail] ${message.uuid} refused for good: ${reason}`);
    if (!this.#changes || message.kind === UNDELIVERABLE_KIND) {
      await markUndeliverable(this.#db, message.id, reason);
      return;
    }
    await this.#changes.write(this.#db, async (w) => {
      await markUndeliverable(w.tx, message.id, reason);
      await w.emit({ type: 'mail.failed', data: { uuid: message.uuid }, actorId: null, site: false });
    });
  }

  /** Asks the SMTP server whether it answers; keeps the answer, and while it does not, asks for another run soon. */
  async #probe(): Promise<boolean> {
    try {
      await this.#sender.verify();
    } catch (error) {
      if (!this.#unreachableSince) {
        this.#unreachableSince = this.#now();
        this.#log(
          `[mail] the SMTP server does not answer (${error instanceof Error ? error.message : String(error)}); ` +
            `mail waits, in order`,
        );
      }
      this.#probeSoon();
      return false;
    }
    if (this.#unreachableSince)
      this.#log('[mail] the SMTP server answers again: sending the waiting mail, oldest first');
    this.#unreachableSince = null;
    return true;
  }

  /**
   * With the outbox's job, runs come from its clock (every PROBE_MS in one process, once a
   * minute on pg-boss) and from changes: while the server is away this instance also asks for a
   * run every PROBE_MS, so mail goes within seconds of its return.
   */
  #probeSoon(): void {
    if (this.#probeTimer || !this.#kicks) return;
    this.#probeTimer = setTimeout(() => {
      this.#probeTimer = null;
      this.kick();
    }, this.#probeMs);
    this.#probeTimer.unref();
  }
}
