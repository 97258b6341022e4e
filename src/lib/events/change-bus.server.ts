import { recordAudit, type AuditEvent, type DbOrTx } from '../audit/service.server.ts';
import type { Db } from '../db/client.server.ts';
import { domainOf, type ChangeDomain, type ChangeEvent, type ChangeType } from './change-events.ts';

/** An open transaction of Drizzle, as services use it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One write in progress: the transaction, and the two things every write records in it (the
 * audit event and the change event). Services take it from `ChangeBus.write`, never build it.
 */
export interface Write {
  readonly tx: Tx;
  /** Appends an audit event in this transaction (DESIGN.md §13). */
  audit(event: AuditEvent): Promise<void>;
  /**
   * Publishes a change event: transaction subscribers run now, inside this transaction (what they
   * write commits or rolls back with the change); commit subscribers run once it has committed.
   */
  emit(event: ChangeEvent): Promise<void>;
}

/** A subscriber that writes with the change (notifications, outbox rows): an error rolls it all back. */
export type TransactionSubscriber = (event: ChangeEvent, tx: DbOrTx) => Promise<void>;
/** A subscriber that reacts to a committed change (caches, rebuilds): it must not throw. */
export type CommitSubscriber = (event: ChangeEvent) => void;

interface Subscription<S> {
  name: string;
  accepts: (event: ChangeEvent) => boolean;
  run: S;
  /** Also for the changes other instances commit (decision 035). */
  everyInstance?: boolean;
}

/** Sends committed events to the other instances: in the change's transaction (`tx`), or alone (null). */
export type EventSender = (events: readonly ChangeEvent[], tx: Tx | null) => Promise<void>;

/** Which events a subscriber takes: all, those of some types or domains, or a predicate. */
export type EventFilter =
  | '*'
  | { types?: readonly ChangeType[]; domains?: readonly ChangeDomain[]; site?: boolean }
  | ((event: ChangeEvent) => boolean);

function acceptor(filter: EventFilter): (event: ChangeEvent) => boolean {
  if (filter === '*') return () => true;
  if (typeof filter === 'function') return filter;
  return (event) =>
    (!filter.types || filter.types.includes(event.type)) &&
    (!filter.domains || filter.domains.includes(domainOf(event))) &&
    (filter.site === undefined || filter.site === event.site);
}

/**
 * The one registry of change events (DESIGN.md §15, decision 023). Services write through
 * `write()`: one transaction holding the change, its audit events and its change events.
 * Like Medusa's local event bus, the events of a transaction are held until it commits, so a
 * commit subscriber never sees a change that was rolled back; transaction subscribers write in
 * the change's own transaction, so nothing they add is lost if a later step fails.
 */
export class ChangeBus {
  readonly #inTransaction: Subscription<TransactionSubscriber>[] = [];
  readonly #onCommit: Subscription<CommitSubscriber>[] = [];
  readonly #onResync: { name: string; run: () => void }[] = [];
  readonly #log: (line: string) => void;
  #send: EventSender | null = null;

  constructor(options: { log?: (line: string) => void } = {}) {
    this.#log = options.log ?? ((line) => console.warn(line));
  }

  /** Subscribes `run` to the events `filter` takes, inside their transaction. */
  inTransaction(name: string, filter: EventFilter, run: TransactionSubscriber): () => void {
    return add(this.#inTransaction, { name, accepts: acceptor(filter), run });
  }

  /**
   * Subscribes `run` to the events `filter` takes, once their transaction has committed. With
   * `everyInstance` (what keeps derived data: caches), it also runs for the events of changes
   * committed by the other instances on the same database; without it (rebuilds, mail) only the
   * instance that made the change runs it.
   */
  onCommit(
    name: string,
    filter: EventFilter,
    run: CommitSubscriber,
    options: { everyInstance?: boolean } = {},
  ): () => void {
    return add(this.#onCommit, { name, accepts: acceptor(filter), run, everyInstance: options.everyInstance ?? false });
  }

  /**
   * Subscribes `run` to a resync: events of other instances may have been missed (the link to
   * them was lost, or a message was too large to carry), so whatever it keeps must be dropped.
   */
  onResync(name: string, run: () => void): () => void {
    return add(this.#onResync, { name, run });
  }

  /** Sends every committed change's events to the other instances through `send` (decision 035). */
  relayThrough(send: EventSender | null): void {
    this.#send = send;
  }

  /** Events another instance committed: the `everyInstance` commit subscribers run. */
  receive(events: readonly ChangeEvent[]): void {
    this.#release(events, true);
  }

  /** Runs every resync subscriber (see onResync). */
  resync(): void {
    for (const sub of this.#onResync) {
      try {
        sub.run();
      } catch (error) {
        this.#log(`resync of ${sub.name} failed: ${String(error)}`);
      }
    }
  }

  /** Removes every subscriber named `name` (in transaction, on commit, on resync); returns how many there were. */
  remove(name: string): number {
    let removed = 0;
    for (const list of [this.#inTransaction, this.#onCommit, this.#onResync] as { name: string }[][]) {
      for (let at = list.length - 1; at >= 0; at--) {
        if (list[at]!.name !== name) continue;
        list.splice(at, 1);
        removed++;
      }
    }
    return removed;
  }

  /**
   * Runs `change` in one transaction and releases its events after the commit. Given a `Write`
   * instead of a database, joins that write (one service calling another): the events are then
   * released when the outer write commits.
   */
  async write<T>(on: Db | Write, change: (write: Write) => Promise<T>): Promise<T> {
    if (isWrite(on)) return change(on);
    const committed: ChangeEvent[] = [];
    const result = await on.transaction(async (tx) => {
      committed.length = 0; // a transaction retried from the start holds only its last run's events
      const value = await change(this.#writeOn(tx, committed));
      // Sent in the transaction: the others hear of the change when it commits, and never of a
      // rolled-back one.
      if (this.#send && committed.length > 0) await this.#send(committed, tx);
      return value;
    });
    this.#release(committed);
    return result;
  }

  /** Publishes events of a change that has no transaction of its own (e.g. a file written to storage). */
  publish(events: readonly ChangeEvent[]): void {
    this.#release(events);
    this.#send?.(events, null).catch((error: unknown) =>
      this.#log(`change events not sent to the other instances: ${String(error)}`),
    );
  }

  /** The `Write` of one transaction. */
  #writeOn(tx: Tx, committed: ChangeEvent[]): Write {
    return {
      tx,
      audit: (event) => recordAudit(tx, event),
      emit: async (event) => {
        for (const sub of this.#inTransaction) if (sub.accepts(event)) await sub.run(event, tx);
        committed.push(event);
      },
    };
  }

  #release(events: readonly ChangeEvent[], remote = false): void {
    for (const event of events) {
      for (const sub of this.#onCommit) {
        if ((remote && !sub.everyInstance) || !sub.accepts(event)) continue;
        try {
          sub.run(event);
        } catch (error) {
          // The change is committed: a failing reaction must not turn it into an error response.
          this.#log(`change subscriber ${sub.name} failed on ${event.type}: ${String(error)}`);
        }
      }
    }
  }
}

function add<T>(list: T[], subscription: T): () => void {
  list.push(subscription);
  return () => {
    const at = list.indexOf(subscription);
    if (at >= 0) list.splice(at, 1);
  };
}

function isWrite(on: Db | Write): on is Write {
  return 'emit' in on && 'tx' in on;
}
