import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import type { Db } from '../db/client.server.ts';
import type { ChangeBus, Tx } from './change-bus.server.ts';
import type { ChangeEvent } from './change-events.ts';

/** The PostgreSQL channel the change events of every instance travel on. */
export const CHANGE_CHANNEL = 'apua_changes';

/** NOTIFY takes at most 8000 bytes; a larger batch is sent as "resync" instead. */
const MAX_PAYLOAD = 7500;

/** What travels on the channel: the sender, then its events, a resync request or a ping. */
type Message = { from: string; events?: readonly ChangeEvent[]; resync?: true; ping?: number };

export interface RelayOptions {
  /** How often the listener checks that it still hears the channel (a ping it sends itself). */
  checkMs?: number;
  log?: (line: string) => void;
}

/**
 * Carries the change events between the instances that share one PostgreSQL database, through
 * LISTEN/NOTIFY (decision 035): each committed write's events are sent inside its transaction
 * (delivered at its commit, never for a rollback); each instance runs the events of the others
 * through its `everyInstance` subscribers (caches), so a cache is cleared well within a second of
 * a write anywhere. Its own events come back too and are ignored.
 *
 * The listening connection is watched: every `checkMs` the relay pings itself on the channel;
 * a ping not heard back means the connection is gone, so it listens again on a new one, and
 * once listening again (after any loss) asks every subscriber to resync: events may have been
 * missed meanwhile.
 */
export class ChangeRelay {
  readonly id = randomUUID();
  readonly #bus: ChangeBus;
  readonly #db: Db;
  readonly #url: string;
  readonly #checkMs: number;
  readonly #log: (line: string) => void;
  #listener: postgres.Sql | null = null;
  #listens = 0;
  #pingSent = 0;
  #pingHeard = 0;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(bus: ChangeBus, db: Db, url: string, options: RelayOptions = {}) {
    this.#bus = bus;
    this.#db = db;
    this.#url = url;
    this.#checkMs = options.checkMs ?? 5000;
    this.#log = options.log ?? ((line) => console.warn(line));
  }

  /** Listens on the channel, then sends this instance's events on it. */
  async start(): Promise<void> {
    await this.#listen();
    this.#bus.relayThrough((events, tx) => this.#send(events, tx));
    this.#timer = setInterval(() => void this.#check(), this.#checkMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#bus.relayThrough(null);
    await this.#listener?.end({ timeout: 1 });
    this.#listener = null;
  }

  /** The listening connection's name in pg_stat_activity. */
  get applicationName(): string {
    return `apua-changes-${this.id.slice(0, 8)}`;
  }

  /** How many times the relay has started listening (1 until a connection was lost). */
  get listens(): number {
    return this.#listens;
  }

  async #listen(): Promise<void> {
    // One connection of its own, kept open; its onlisten runs again after each reconnect.
    const listener = postgres(this.#url, {
      max: 1,
      onnotice: () => {},
      connect_timeout: 5,
      connection: { application_name: this.applicationName },
    });
    this.#listener = listener;
    try {
      await listener.listen(
        CHANGE_CHANNEL,
        (payload) => this.#heard(payload),
        () => this.#listening(),
      );
    } catch (error) {
      this.#listener = null;
      await listener.end({ timeout: 0 }).catch(() => {});
      throw error;
    }
  }

  #listening(): void {
    this.#listens++;
    this.#pingHeard = this.#pingSent;
    if (this.#listens > 1) {
      this.#log('Change events: listening again after a lost connection; caches rebuilt');
      this.#bus.resync();
    }
  }

  #heard(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (message.from !== this.id) {
      if (message.resync) this.#bus.resync();
      else if (message.events) this.#bus.receive(message.events);
    } else if (message.ping !== undefined) {
      this.#pingHeard = Math.max(this.#pingHeard, message.ping);
    }
  }

  async #send(events: readonly ChangeEvent[], tx: Tx | null): Promise<void> {
    let payload = JSON.stringify({ from: this.id, events } satisfies Message);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD)
      payload = JSON.stringify({ from: this.id, resync: true } satisfies Message);
    await (tx ?? this.#db).execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);
  }

  /** Sends a ping; if the previous one was never heard, the listening connection is lost: listen anew. */
  async #check(): Promise<void> {
    if (this.#stopped) return;
    if (this.#pingHeard < this.#pingSent) {
      const lost = this.#listener;
      this.#listener = null;
      await lost?.end({ timeout: 0 }).catch(() => {});
      try {
        await this.#listen();
      } catch (error) {
        this.#log(`Change events: cannot listen yet (${String(error)}); trying again`);
        return;
      }
    }
    const ping = this.#pingSent + 1;
    try {
      await this.#db.execute(
        sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify({ from: this.id, ping } satisfies Message)})`,
      );
      this.#pingSent = ping;
    } catch {
      // The database is out of reach: nothing can be heard either; the next check tries again.
    }
  }
}
