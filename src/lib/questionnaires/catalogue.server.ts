import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import type { ChangeType } from '../events/change-events.ts';
import { answerState, answerWarnings, type AnswerFields, type EngineOptions } from './engine.ts';
import type { AnswerState, FormQuestion } from './schema.ts';

/**
 * A form's question catalogue: every question with its row id, held in memory. Saves and views
 * read questions from here instead of the database; each checks the cached catalogue against its
 * source's stamp (read in the statement it runs anyway), so a question written by another
 * instance or by SQL is never missed, and the catalogue is dropped at once when a change event of
 * its source commits here.
 */

/**
 * A question of the catalogue: its row id, when it was retired, the number of the wording it
 * carries, the engine's question and `own`, what its form keeps of it besides (the national
 * report's question as the API serves it and its first cycle; nothing for other forms).
 */
export interface CatalogueQuestion<Own = unknown> {
  id: number;
  retiredAt: Date | null;
  n: number;
  question: FormQuestion;
  own: Own;
}

/** An answer's state and warnings against the catalogue's questions. */
export interface AnswerCheck {
  state: AnswerState;
  warnings: string[];
}

/** Past this many remembered answer checks the memory starts afresh. */
const CHECKS_MAX = 200_000;

/** `meta`: what the form loads with its questions (the national report's thrusts and kept wordings). */
export class QuestionCatalogue<Own = unknown, Meta = unknown> {
  readonly byId = new Map<number, CatalogueQuestion<Own>>();
  readonly byUuid = new Map<string, CatalogueQuestion<Own>>();
  readonly #memo = new Map<string, unknown>();
  readonly #checks = new Map<string, AnswerCheck>();

  readonly stamp: string;
  /** In the form's order. */
  readonly all: readonly CatalogueQuestion<Own>[];
  readonly meta: Meta;

  constructor(stamp: string, all: readonly CatalogueQuestion<Own>[], meta: Meta) {
    this.stamp = stamp;
    this.all = all;
    this.meta = meta;
    for (const q of all) {
      this.byId.set(q.id, q);
      this.byUuid.set(q.question.uuid, q);
    }
  }

  /** A value derived from the catalogue (a form's question list), made once per catalogue. */
  memo<T>(key: string, make: () => T): T {
    if (this.#memo.has(key)) return this.#memo.get(key) as T;
    const value = make();
    this.#memo.set(key, value);
    return value;
  }

  /**
   * The state and warnings of a stored answer, remembered by `key` (the answer's table, id and
   * version): an answer is checked once per version and catalogue, not on every view and save.
   */
  check(q: CatalogueQuestion, key: string, answer: AnswerFields, options: EngineOptions): AnswerCheck {
    const full = `${key}:${q.id}.${q.n}:${options.dataYearMax}:${options.dataYearMin ?? ''}`;
    let found = this.#checks.get(full);
    if (found === undefined) {
      const state = answerState(q.question, answer, options);
      found = { state, warnings: state === 'invalid' ? [] : answerWarnings(q.question, answer.value) };
      if (this.#checks.size >= CHECKS_MAX) this.#checks.clear();
      this.#checks.set(full, found);
    }
    return found;
  }
}

/**
 * Where a catalogue's questions come from: a form's table of them (the national report's
 * questions, the profile's indicators). `stamp` changes with every write of the source's rows.
 */
export interface QuestionSource<C extends QuestionCatalogue = QuestionCatalogue> {
  stamp: SQL<string>;
  load(db: DbOrTx): Promise<C>;
}

/** The catalogue of one server's questions (of one source), kept while the source's stamp holds. */
export class CatalogueCache<C extends QuestionCatalogue = QuestionCatalogue> {
  #current: C | null = null;
  #loading: Promise<C> | null = null;
  readonly #source: QuestionSource<C>;

  constructor(source: QuestionSource<C>) {
    this.#source = source;
  }

  /** The source's stamp as SQL, read inside the statement that locks a form's instances. */
  get stamp(): SQL<string> {
    return this.#source.stamp;
  }

  /**
   * The catalogue matching `stamp`, as read by the caller: the cached one while it matches,
   * otherwise one loaded with `db` (committed data: never call it inside a transaction that
   * changed questions, use the source's `load` there).
   */
  async get(db: DbOrTx, stamp?: string): Promise<C> {
    const current = this.#current;
    if (current && (stamp === undefined || current.stamp === stamp)) return current;
    // Concurrent misses share one load.
    this.#loading ??= this.#source.load(db).finally(() => (this.#loading = null));
    let loaded = await this.#loading;
    // A load that started before the asked-for change committed is older than the stamp.
    if (stamp !== undefined && loaded.stamp !== stamp) loaded = await this.#source.load(db);
    this.#current = loaded;
    return loaded;
  }

  /** The catalogue as it is now in the database: the stamp is read again. */
  async fresh(db: DbOrTx): Promise<C> {
    const [row] = await db.select({ stamp: sql<string>`${this.#source.stamp}` }).from(sql`(select 1) as one`);
    return this.get(db, row?.stamp);
  }

  /** Drops the cached catalogue (a question changed). */
  invalidate(): void {
    this.#current = null;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const caches = new WeakMap<ChangeBus, Map<string, CatalogueCache<any>>>();

/**
 * The cache of the catalogue `name` of the server whose change events run on `bus`: made on first
 * use from `source`, and dropped by every committed event of `types` (on any instance) and on a
 * resync. Each form with a question source makes its cache here.
 */
export function sourceCache<C extends QuestionCatalogue>(
  bus: ChangeBus,
  name: string,
  types: readonly ChangeType[],
  source: QuestionSource<C>,
): CatalogueCache<C> {
  let byName = caches.get(bus);
  if (!byName) caches.set(bus, (byName = new Map()));
  let cache = byName.get(name) as CatalogueCache<C> | undefined;
  if (!cache) {
    const made = new CatalogueCache(source);
    dropsOn.set(made, types);
    byName.set(name, made);
    cache = made;
  }
  return cache;
}

/** The event types that drop each catalogue cache (what `sourceCache` was given). */
const dropsOn = new WeakMap<object, readonly ChangeType[]>();

/**
 * Drops the catalogue caches of `bus` that a committed `event` concerns (on any instance), or all
 * of them (no event: a resync). Subscribed in src/lib/events/subscribers.server.ts (decision 067).
 */
export function dropCatalogues(bus: ChangeBus, event?: { type: ChangeType }): void {
  for (const cache of caches.get(bus)?.values() ?? []) {
    if (!event || dropsOn.get(cache)?.includes(event.type)) cache.invalidate();
  }
}
