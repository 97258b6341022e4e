import { asc, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { questions } from '../db/schema.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import type { ChangeType } from '../events/change-events.ts';
import { answerState, answerWarnings, type AnswerFields, type EngineOptions } from './engine.ts';
import { listSubcategories, listThrusts, toQuestion } from './questions.server.ts';
import type { AnswerState, Question, Subcategory, Thrust } from './schema.ts';
import { loadAllWordings } from './versions.server.ts';
import { withWording, type QuestionWording } from './versions.ts';

/**
 * The question catalogue: every question with its row id, and the thrusts and subcategories, held
 * in memory. Saves and report views read questions from here instead of the database; each checks
 * the cached catalogue against the table's stamp (read in the statement it runs anyway), so a
 * question written by another instance or by SQL is never missed, and the catalogue is dropped at
 * once when a question change event commits here.
 */

/**
 * The stamp of the questions table: the count, the sum of the versions and the highest id. Every
 * write of a question raises a version or adds a row, so the stamp changes with each.
 */
export const QUESTIONS_STAMP = sql<string>`(select count(*)::text || ':' || coalesce(sum(${questions.version}), 0)::text || ':' || coalesce(max(${questions.id}), 0)::text from ${questions})`;

/** A question of the catalogue with the columns forms choose questions by. */
export interface CatalogueQuestion {
  id: number;
  /** The first cycle year whose form holds the question; null: every cycle. */
  firstCycle: number | null;
  retiredAt: Date | null;
  /** The number of the wording `question` carries (decision 026). */
  n: number;
  question: Question;
}

/** An answer's state and warnings against the catalogue's questions. */
export interface AnswerCheck {
  state: AnswerState;
  warnings: string[];
}

/** Past this many remembered answer checks the memory starts afresh. */
const CHECKS_MAX = 200_000;

export class QuestionCatalogue {
  readonly byId = new Map<number, CatalogueQuestion>();
  readonly byUuid = new Map<string, CatalogueQuestion>();
  readonly #memo = new Map<string, unknown>();
  readonly #json = new Map<string, string>();
  readonly #checks = new Map<string, AnswerCheck>();
  readonly #answers = new Map<string, string>();
  readonly #wordings: ReadonlyMap<string, QuestionWording>;
  readonly #pinned = new Map<string, CatalogueQuestion>();

  readonly stamp: string;
  /** In the questionnaire's order (sort, then id). */
  readonly all: readonly CatalogueQuestion[];
  readonly thrusts: readonly Thrust[];
  readonly subcategories: readonly Subcategory[];

  constructor(
    stamp: string,
    all: readonly CatalogueQuestion[],
    thrusts: readonly Thrust[],
    subcategories: readonly Subcategory[],
    wordings: ReadonlyMap<string, QuestionWording> = new Map(),
  ) {
    this.stamp = stamp;
    this.#wordings = wordings;
    this.all = all;
    this.thrusts = thrusts;
    this.subcategories = subcategories;
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
   * The question with its wording number `n` (decision 026): itself when `n` is its current
   * wording or was never stored, otherwise one made once per catalogue.
   */
  pinned(q: CatalogueQuestion, n: number | undefined): CatalogueQuestion {
    if (n === undefined || n === q.n) return q;
    const key = `${q.id}:${n}`;
    let found = this.#pinned.get(key);
    if (!found) {
      const wording = this.#wordings.get(key);
      if (!wording) return q;
      found = { ...q, n, question: withWording(q.question, wording) };
      this.#pinned.set(key, found);
    }
    return found;
  }

  /** The question as JSON text (report views send hundreds of them). */
  json(q: CatalogueQuestion): string {
    const key = `${q.id}:${q.n}`;
    let text = this.#json.get(key);
    if (text === undefined) {
      text = JSON.stringify(q.question);
      this.#json.set(key, text);
    }
    return text;
  }

  /** An answer's JSON in its API shape, remembered by `key` (its table, id, version and editor's name). */
  answerJson(key: string, make: () => string): string {
    let text = this.#answers.get(key);
    if (text === undefined) {
      text = make();
      if (this.#answers.size >= CHECKS_MAX) this.#answers.clear();
      this.#answers.set(key, text);
    }
    return text;
  }

  /**
   * The state and warnings of a stored answer, remembered by `key` (the answer's table, id and
   * version): an answer is checked once per version and catalogue, not on every view and save.
   */
  check(q: CatalogueQuestion, key: string, answer: AnswerFields, options: EngineOptions): AnswerCheck {
    const full = `${key}:${q.id}.${q.n}:${options.cycleYear}:${options.dataYearMin ?? ''}`;
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

/** Loads the catalogue as `db` sees it (inside a transaction: with its own uncommitted changes). */
export async function loadCatalogue(db: DbOrTx): Promise<QuestionCatalogue> {
  const [rows, thrustList, subcategoryList, wordings] = await Promise.all([
    db
      .select({ row: questions, stamp: QUESTIONS_STAMP })
      .from(questions)
      .orderBy(asc(questions.sort), asc(questions.id)),
    listThrusts(db),
    listSubcategories(db),
    loadAllWordings(db),
  ]);
  const stamp = rows[0]?.stamp ?? '0:0:0';
  const all = rows.map(({ row }) => ({
    id: row.id,
    firstCycle: row.firstCycle,
    retiredAt: row.retiredAt,
    n: row.wordingVersion,
    question: toQuestion(row),
  }));
  return new QuestionCatalogue(stamp, all, thrustList, subcategoryList, wordings);
}

/**
 * Where a catalogue's questions come from: the engine's questions table, or a form's own (the
 * profile's indicators). `stamp` changes with every write of the source's rows.
 */
export interface QuestionSource {
  stamp: SQL<string>;
  load(db: DbOrTx): Promise<QuestionCatalogue>;
}

/** The engine's own source: the questions table. */
export const QUESTIONS_SOURCE: QuestionSource = { stamp: QUESTIONS_STAMP, load: loadCatalogue };

/** The catalogue of one server's questions (of one source), kept while the source's stamp holds. */
export class CatalogueCache {
  #current: QuestionCatalogue | null = null;
  #loading: Promise<QuestionCatalogue> | null = null;
  readonly #source: QuestionSource;

  constructor(source: QuestionSource = QUESTIONS_SOURCE) {
    this.#source = source;
  }

  /** The source's stamp as SQL, read inside the statement that locks a form's instances. */
  get stamp(): SQL<string> {
    return this.#source.stamp;
  }

  /**
   * The catalogue matching `stamp`, as read by the caller: the cached one while it matches,
   * otherwise one loaded with `db` (committed data: never call it inside a transaction that
   * changed questions, use `loadCatalogue` there).
   */
  async get(db: DbOrTx, stamp?: string): Promise<QuestionCatalogue> {
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
  async fresh(db: DbOrTx): Promise<QuestionCatalogue> {
    const [row] = await db.select({ stamp: sql<string>`${this.#source.stamp}` }).from(sql`(select 1) as one`);
    return this.get(db, row?.stamp);
  }

  /** Drops the cached catalogue (a question changed). */
  invalidate(): void {
    this.#current = null;
  }
}

const caches = new WeakMap<ChangeBus, Map<string, CatalogueCache>>();

/**
 * The cache of the catalogue `name` of the server whose change events run on `bus`: made on first
 * use from `source`, and dropped by every committed event of `types` (on any instance) and on a
 * resync. A form with its own question source (the profile's indicators) makes its cache here.
 */
export function sourceCache(
  bus: ChangeBus,
  name: string,
  types: readonly ChangeType[],
  source: QuestionSource,
): CatalogueCache {
  let byName = caches.get(bus);
  if (!byName) caches.set(bus, (byName = new Map()));
  let cache = byName.get(name);
  if (!cache) {
    const made = new CatalogueCache(source);
    dropsOn.set(made, types);
    byName.set(name, made);
    cache = made;
  }
  return cache;
}

const QUESTION_EVENTS = ['question.saved', 'question.retired', 'question.restored', 'question.reordered'] as const;

/**
 * The catalogue cache of the server whose change events run on `bus`: made on first use, and
 * dropped by every committed question event.
 */
export function catalogueCache(bus: ChangeBus): CatalogueCache {
  return sourceCache(bus, 'question-catalogue', QUESTION_EVENTS, QUESTIONS_SOURCE);
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
