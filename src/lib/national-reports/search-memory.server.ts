/**
 * The answers' search served from memory (issue 34 item 2, decision 076 addendum): an inverted
 * index of the `answer_search` rows held by each instance, so a search ranks every match in
 * microseconds instead of asking the database to rank a tsvector per match. `answer_search` stays
 * the durable index (its tokens were made once, by search-words.ts); this one is read from it and
 * follows the committed changes of every instance:
 *
 * - a report's answers saved: that report's rows are read again;
 * - any other change of the national reports (a status, a cycle): the reports' list is read again
 *   (who may read which answer depends on it) and the answers of reports gone are dropped;
 * - a resync, or `syncAnswerSearch` having written rows: everything is read again.
 *
 * Each search first applies what is pending, so a search made after a save finds it. The answers'
 * searched text and their questions' codes are held too, so a search reads nothing from the
 * database: about 70,000 answers of a line or two take some 30 MB (decision 076, addendum). An answer's snippet base
 * (its folded words and where it may be cut, search-snippet.ts) is worked out the first time it is on a page of
 * results and kept until it changes: about 0.5 KB an answer shown, and a snippet then costs a few microseconds
 * instead of a segmentation of the text.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import { domainOf } from '../events/change-events.ts';
import { rowsOf } from '../questionnaires/answers-sql.server.ts';
import { snippetBase, type SnippetBase } from './search-snippet.ts';
import { runPairs, type QueryTerm } from './search-words.ts';

interface ReportMeta {
  status: string;
  country: string;
  year: number;
}

/** A report as the index keeps it (one object per report, updated in place), with the last search's verdict. */
interface KeptReport extends ReportMeta {
  /** The search that last asked whether its caller may read this report, and the answer. */
  askedBy: number;
  readable: boolean;
}

interface Posting {
  /** Document slots, ascending. */
  slots: number[];
  /** How often the term occurs in each (same order). */
  tf: number[];
}

interface IndexRow {
  answer_id: number;
  report_id: number;
  question_id: number;
  words: string;
  text: string;
}

interface QuestionRef {
  uuid: string;
  code: string;
}

/** One answer found: where, its question, its text and its score. */
export interface MemoryHit {
  answerId: number;
  year: number;
  country: string;
  question: QuestionRef;
  text: string;
  score: number;
  /** What its snippet needs of its text (the hits of a page only). */
  snippet?: SnippetBase;
}

/** A search's page of answers, best first, and how many the caller may read in all. */
export interface MemoryFound {
  total: number;
  page: MemoryHit[];
}

/** The text of an answer the search reads: a text or link answer's value, then the answer's own text. */
export const SEARCHED_TEXT = sql`concat_ws(E'\n',
  case when jsonb_typeof(ra.value) = 'string' then ra.value #>> '{}' end,
  nullif(btrim(ra.text), ''))`;

/** BM25's usual constants: how soon a repeated word stops counting, and how much a long answer is discounted. */
const K1 = 1.2;
const B = 0.75;
/**
 * Rows read in one statement when everything is read again: small enough that adding them (and PGlite's reading
 * them, on this thread) holds other requests up for milliseconds, not tenths of a second.
 */
const LOAD_WINDOW = 1000;
/** A prefix finds at most this many different words (a two-letter beginning could name thousands). */
const PREFIX_WORDS_MAX = 2000;
/** Pages up to this far down are picked from the matches without sorting them all. */
const PICK_MAX = 200;
/** Words whose scores are kept between searches (dropped whenever an answer comes or goes). */
const SCORED_MAX = 5000;

/** Better first: the higher score, then the newest cycle, the country, the answer. */
function before(a: MemoryHit, b: MemoryHit): number {
  return (
    b.score - a.score ||
    b.year - a.year ||
    (a.country < b.country ? -1 : a.country > b.country ? 1 : 0) ||
    a.answerId - b.answerId
  );
}

/** The first index of `list` (ascending) whose value is not below `value`. */
function lowerBound<T extends number | string>(list: readonly T[], value: T): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Documents matched by part of a query, ascending by slot, each with its score so far. */
interface Matches {
  slots: number[];
  scores: number[];
}

const NONE: Matches = { slots: [], scores: [] };

/** Both: the scores added. */
function intersect(a: Matches, b: Matches): Matches {
  const out: Matches = { slots: [], scores: [] };
  let i = 0;
  let j = 0;
  while (i < a.slots.length && j < b.slots.length) {
    const x = a.slots[i]!;
    const y = b.slots[j]!;
    if (x === y) {
      out.slots.push(x);
      out.scores.push(a.scores[i]! + b.scores[j]!);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
}

/** Either: a document in both keeps the higher score (`add`: the sum, for the words a prefix finds). */
function unite(a: Matches, b: Matches, add = false): Matches {
  const out: Matches = { slots: [], scores: [] };
  let i = 0;
  let j = 0;
  while (i < a.slots.length || j < b.slots.length) {
    const x = i < a.slots.length ? a.slots[i]! : Infinity;
    const y = j < b.slots.length ? b.slots[j]! : Infinity;
    if (x === y) {
      out.slots.push(x);
      out.scores.push(add ? a.scores[i]! + b.scores[j]! : Math.max(a.scores[i]!, b.scores[j]!));
      i++;
      j++;
    } else if (x < y) {
      out.slots.push(x);
      out.scores.push(a.scores[i++]!);
    } else {
      out.slots.push(y);
      out.scores.push(b.scores[j++]!);
    }
  }
  return out;
}

/** Every term must match: the smallest first, so each step narrows the least work. */
function all(parts: Matches[]): Matches {
  if (parts.length === 0) return NONE;
  const sorted = [...parts].sort((a, b) => a.slots.length - b.slots.length);
  let out = sorted[0]!;
  for (const part of sorted.slice(1)) {
    if (out.slots.length === 0) break;
    out = intersect(out, part);
  }
  return out;
}

/**
 * The page `offset … offset + limit` of hits given in any order, best first. Near the top of the list only the best
 * `offset + limit` are kept, in order, as they come (most hits are turned away on their score alone); further down
 * every hit is kept and sorted once.
 */
export class TopHits {
  readonly #offset: number;
  readonly #wanted: number;
  readonly #picking: boolean;
  readonly #kept: MemoryHit[] = [];

  constructor(offset: number, limit: number) {
    this.#offset = offset;
    this.#wanted = offset + limit;
    this.#picking = this.#wanted <= PICK_MAX;
  }

  /** Whether a hit of this score could be on the page (false: it is only counted). */
  mayTake(score: number): boolean {
    const last = this.#kept.at(-1);
    return !this.#picking || this.#kept.length < this.#wanted || !last || score >= last.score;
  }

  add(hit: MemoryHit): void {
    const kept = this.#kept;
    if (!this.#picking) {
      kept.push(hit);
      return;
    }
    let at = kept.length;
    while (at > 0 && before(hit, kept[at - 1]!) < 0) at--;
    if (at >= this.#wanted) return;
    kept.splice(at, 0, hit);
    if (kept.length > this.#wanted) kept.pop();
  }

  page(): MemoryHit[] {
    if (!this.#picking) this.#kept.sort(before);
    return this.#kept.slice(this.#offset, this.#wanted);
  }
}

export class AnswerSearchMemory {
  // The documents, by slot (a slot freed by a removed answer is used again).
  readonly #answerId: number[] = [];
  readonly #reportId: number[] = [];
  /** Each document's report (the object kept in #reports). */
  readonly #report: (KeptReport | undefined)[] = [];
  readonly #questionId: number[] = [];
  readonly #text: (string | null)[] = [];
  /** Each answer's snippet base, worked out the first time the answer is on a page of results. */
  readonly #snippet: (SnippetBase | undefined)[] = [];
  readonly #length: number[] = [];
  /** Each document's distinct terms (to take it out of their postings). */
  readonly #terms: (string[] | null)[] = [];
  readonly #free: number[] = [];
  readonly #slotOf = new Map<number, number>();
  readonly #slotsOfReport = new Map<number, Set<number>>();
  readonly #postings = new Map<string, Posting>();
  /** Every term, sorted, for prefixes: null when a term came or went since. */
  #dictionary: string[] | null = null;
  #live = 0;
  #totalLength = 0;
  readonly #reports = new Map<number, KeptReport>();
  #searches = 0;
  #questions = new Map<number, QuestionRef>();
  /** Each word's BM25 scores, in its posting's order, while no answer came or went. */
  readonly #scored = new Map<string, number[]>();

  // What is pending: everything, the reports' list, or some reports' answers (by uuid).
  #whole = true;
  #meta = false;
  readonly #stale = new Set<string>();
  #applying: Promise<void> | null = null;

  /** What a committed change means for the index (see the file's head). */
  follow(event?: Pick<ChangeEvent, 'type' | 'data'>): void {
    if (!event) this.#whole = true;
    else if (event.type === 'report.answers.saved') this.#stale.add((event.data as { uuid: string }).uuid);
    else if (domainOf(event) === 'national-reports') this.#meta = true;
  }

  /** Everything is to be read again (rows were written without a change event). */
  invalidate(): void {
    this.#whole = true;
  }

  get size(): number {
    return this.#live;
  }

  #pending(): boolean {
    return this.#whole || this.#meta || this.#stale.size > 0;
  }

  /** Applies what is pending (one reader at a time; a change arriving meanwhile is applied next). */
  async ready(db: DbOrTx): Promise<void> {
    while (this.#pending()) {
      this.#applying ??= this.#apply(db).finally(() => (this.#applying = null));
      await this.#applying;
    }
  }

  async #apply(db: DbOrTx): Promise<void> {
    if (this.#whole) {
      this.#whole = false;
      this.#meta = false;
      this.#stale.clear();
      await this.#loadAll(db);
      return;
    }
    if (this.#meta) {
      this.#meta = false;
      await this.#loadReports(db);
    }
    if (this.#stale.size > 0) {
      const uuids = [...this.#stale];
      this.#stale.clear();
      await this.#loadSome(db, uuids);
    }
  }

  async #loadReports(db: DbOrTx): Promise<void> {
    const rows = rowsOf<{ id: number; status: string; country_code: string; year: number }>(
      await db.execute(sql`select id, status, country_code, year from national_reports`),
    );
    const seen = new Set<number>();
    for (const row of rows) {
      this.#keepReport(row);
      seen.add(row.id);
    }
    for (const reportId of [...this.#reports.keys()]) if (!seen.has(reportId)) this.#reports.delete(reportId);
    const questions = rowsOf<{ id: number; uuid: string; code: string }>(
      await db.execute(sql`select id, uuid, code from questions`),
    );
    this.#questions = new Map(questions.map((q) => [q.id, { uuid: q.uuid, code: q.code }]));
    for (const reportId of [...this.#slotsOfReport.keys()])
      if (!this.#reports.has(reportId)) this.#removeReport(reportId);
  }

  /** Forgets every document at once (taking them out one by one would shift each word's list every time). */
  #clear(): void {
    for (const list of [
      this.#answerId,
      this.#reportId,
      this.#report,
      this.#questionId,
      this.#text,
      this.#snippet,
      this.#length,
    ])
      list.length = 0;
    this.#terms.length = 0;
    this.#free.length = 0;
    this.#slotOf.clear();
    this.#slotsOfReport.clear();
    this.#postings.clear();
    this.#scored.clear();
    this.#dictionary = null;
    this.#live = 0;
    this.#totalLength = 0;
  }

  async #loadAll(db: DbOrTx): Promise<void> {
    this.#clear();
    await this.#loadReports(db);
    let after = 0;
    for (;;) {
      const rows = rowsOf<IndexRow>(
        await db.execute(sql`select s.answer_id, s.report_id, s.question_id, s.words, ${SEARCHED_TEXT} as text
          from answer_search s join report_answers ra on ra.id = s.answer_id
          where s.answer_id > ${after} order by s.answer_id limit ${LOAD_WINDOW}`),
      );
      for (const row of rows) this.#add(row);
      if (rows.length < LOAD_WINDOW) return;
      after = rows.at(-1)!.answer_id;
    }
  }

  async #loadSome(db: DbOrTx, uuids: string[]): Promise<void> {
    const list = `{${uuids.join(',')}}`;
    const reports = rowsOf<{ id: number; status: string; country_code: string; year: number }>(
      await db.execute(
        sql`select id, status, country_code, year from national_reports where uuid::text = any(${list}::text[])`,
      ),
    );
    const rows = rowsOf<IndexRow>(
      await db.execute(sql`select s.answer_id, s.report_id, s.question_id, s.words, ${SEARCHED_TEXT} as text
        from answer_search s join report_answers ra on ra.id = s.answer_id
          join national_reports r on r.id = s.report_id
        where r.uuid::text = any(${list}::text[])
        order by s.answer_id`),
    );
    for (const report of reports) {
      this.#keepReport(report);
      this.#removeReport(report.id);
    }
    for (const row of rows) this.#add(row);
  }

  /** A report's row, kept in its object (the documents point to it). */
  #keepReport(row: { id: number; status: string; country_code: string; year: number }): void {
    const kept = this.#reports.get(row.id);
    if (kept) {
      kept.status = row.status;
      kept.country = row.country_code;
      kept.year = row.year;
      kept.askedBy = 0;
    } else
      this.#reports.set(row.id, {
        status: row.status,
        country: row.country_code,
        year: row.year,
        askedBy: 0,
        readable: false,
      });
  }

  #removeReport(reportId: number): void {
    for (const slot of this.#slotsOfReport.get(reportId) ?? []) this.#remove(slot);
    this.#slotsOfReport.delete(reportId);
  }

  #add(row: IndexRow): void {
    const answerId = Number(row.answer_id);
    const reportId = Number(row.report_id);
    const old = this.#slotOf.get(answerId);
    if (old !== undefined) {
      this.#remove(old);
      this.#slotsOfReport.get(this.#reportId[old]!)?.delete(old);
    }
    const tokens = row.words.split(' ').filter(Boolean);
    if (tokens.length === 0) return;
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    const reused = this.#free.pop();
    const slot = reused ?? this.#answerId.length;
    this.#answerId[slot] = answerId;
    this.#reportId[slot] = reportId;
    this.#report[slot] = this.#reports.get(reportId);
    this.#questionId[slot] = Number(row.question_id);
    this.#text[slot] = row.text;
    this.#snippet[slot] = undefined;
    this.#length[slot] = tokens.length;
    this.#terms[slot] = [...counts.keys()];
    this.#slotOf.set(answerId, slot);
    let slots = this.#slotsOfReport.get(reportId);
    if (!slots) this.#slotsOfReport.set(reportId, (slots = new Set()));
    slots.add(slot);
    this.#live++;
    this.#totalLength += tokens.length;
    this.#scored.clear();
    for (const [term, tf] of counts) {
      let posting = this.#postings.get(term);
      if (!posting) {
        this.#postings.set(term, (posting = { slots: [], tf: [] }));
        this.#dictionary = null;
      }
      // Slots come in ascending order except a reused one, which goes in its place.
      if (reused === undefined || posting.slots.length === 0 || posting.slots.at(-1)! < slot) {
        posting.slots.push(slot);
        posting.tf.push(tf);
      } else {
        const at = lowerBound(posting.slots, slot);
        posting.slots.splice(at, 0, slot);
        posting.tf.splice(at, 0, tf);
      }
    }
  }

  #remove(slot: number): void {
    const terms = this.#terms[slot];
    if (!terms) return;
    for (const term of terms) {
      const posting = this.#postings.get(term);
      if (!posting) continue;
      const at = lowerBound(posting.slots, slot);
      if (posting.slots[at] !== slot) continue;
      posting.slots.splice(at, 1);
      posting.tf.splice(at, 1);
      if (posting.slots.length === 0) {
        this.#postings.delete(term);
        this.#dictionary = null;
      }
    }
    this.#slotOf.delete(this.#answerId[slot]!);
    this.#live--;
    this.#totalLength -= this.#length[slot]!;
    this.#terms[slot] = null;
    this.#text[slot] = null;
    this.#snippet[slot] = undefined;
    this.#report[slot] = undefined;
    this.#free.push(slot);
    this.#scored.clear();
  }

  /** The documents of one term, each scored by BM25 (kept until an answer comes or goes). */
  #term(term: string): Matches {
    const posting = this.#postings.get(term);
    if (!posting) return NONE;
    let scores = this.#scored.get(term);
    if (!scores) {
      const n = this.#live;
      const df = posting.slots.length;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const average = this.#totalLength / Math.max(1, n);
      scores = posting.slots.map((slot, i) => {
        const tf = posting.tf[i]!;
        return (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.#length[slot]!) / average));
      });
      if (this.#scored.size >= SCORED_MAX) this.#scored.clear();
      this.#scored.set(term, scores);
    }
    return { slots: posting.slots, scores };
  }

  /** The words that begin with `prefix` (as PostgreSQL's `:*`), the word itself included. */
  #prefixed(prefix: string): Matches {
    this.#dictionary ??= [...this.#postings.keys()].sort();
    const dictionary = this.#dictionary;
    let out = NONE;
    const end = Math.min(dictionary.length, lowerBound(dictionary, prefix) + PREFIX_WORDS_MAX);
    for (let i = lowerBound(dictionary, prefix); i < end && dictionary[i]!.startsWith(prefix); i++)
      out = unite(out, this.#term(dictionary[i]!), true);
    return out;
  }

  /** One query term: its word (or the words it begins), or a run of paired script as its words or its pairs. */
  #queryTerm(term: QueryTerm): Matches {
    if (term.run === null) return term.prefix ? this.#prefixed(term.keys[0]!) : this.#term(term.keys[0]!);
    const words = all(term.keys.map((key) => this.#term(key)));
    const pairs = runPairs(term.run);
    if (pairs.length === 0) return words;
    return unite(words, all(pairs.map((pair) => this.#term(pair))));
  }

  /**
   * The answers holding every term whose report `readable` accepts: how many, and those from `offset` to `offset +
   * limit` best first (then the newest cycle, the country, the answer).
   */
  find(
    terms: readonly QueryTerm[],
    readable: (report: ReportMeta) => boolean,
    offset: number,
    limit: number,
  ): MemoryFound {
    const found = all(terms.map((term) => this.#queryTerm(term)));
    const top = new TopHits(offset, limit);
    // Each report is asked once per search whether the caller may read it (a few hundred reports, thousands of hits).
    const search = ++this.#searches;
    let total = 0;
    for (let i = 0; i < found.slots.length; i++) {
      const slot = found.slots[i]!;
      const report = this.#report[slot];
      if (!report) continue;
      if (report.askedBy !== search) {
        report.askedBy = search;
        report.readable = readable(report);
      }
      if (!report.readable) continue;
      const score = found.scores[i]!;
      if (!top.mayTake(score)) {
        total++;
        continue;
      }
      const hit = this.#hit(slot, report, score);
      if (!hit) continue;
      total++;
      top.add(hit);
    }
    const page = top.page();
    for (const hit of page) {
      const slot = this.#slotOf.get(hit.answerId)!;
      hit.snippet = this.#snippet[slot] ??= snippetBase(hit.text);
    }
    return { total, page };
  }

  #hit(slot: number, report: KeptReport, score: number): MemoryHit | null {
    const question = this.#questions.get(this.#questionId[slot]!);
    const text = this.#text[slot];
    if (!question || text == null) return null;
    return { answerId: this.#answerId[slot]!, year: report.year, country: report.country, question, text, score };
  }
}

const byBus = new WeakMap<ChangeBus, AnswerSearchMemory>();
/** Every index of this process, for `syncAnswerSearch` (which writes rows without a change event). */
const everyIndex = new Set<WeakRef<AnswerSearchMemory>>();

/** The index of the instance whose change bus is `bus`. */
export function answerSearchMemory(bus: ChangeBus): AnswerSearchMemory {
  let index = byBus.get(bus);
  if (!index) {
    byBus.set(bus, (index = new AnswerSearchMemory()));
    everyIndex.add(new WeakRef(index));
  }
  return index;
}

/** What a committed change (or a resync: no event) means for the index of `bus`, if it has one yet. */
export function followAnswerSearch(bus: ChangeBus, event?: Pick<ChangeEvent, 'type' | 'data'>): void {
  byBus.get(bus)?.follow(event);
}

/** Every index of this process reads everything again at its next search (answers indexed in bulk). */
export function invalidateAnswerSearchMemory(): void {
  for (const ref of everyIndex) {
    const index = ref.deref();
    if (index) index.invalidate();
    else everyIndex.delete(ref);
  }
}
