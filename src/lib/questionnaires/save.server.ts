import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import type { ChangeBus, Write } from '../events/change-bus.server.ts';
import { ApiError, conflict, StaleWriteError } from '../http/errors.server.ts';
import {
  parseStoredAnswers,
  readStoredAnswers,
  storedAnswersJson,
  writeBatch,
  type InstanceWrite,
  type StoredAnswer,
} from './answers-sql.server.ts';
import { type CatalogueCache, type CatalogueQuestion, type QuestionCatalogue } from './catalogue.server.ts';
import { completeness } from './engine.ts';
import type { FormDefinition } from './forms.server.ts';
import {
  answerOut,
  fieldsOf,
  plan,
  type InstanceState,
  type Job,
  type Outcome,
  type Plan,
  type SavedAnswers,
} from './save-plan.server.ts';
import type { AnswerInput, Completeness } from './schema.ts';

export { answerOut, type SavedAnswers } from './save-plan.server.ts';

/**
 * The engine's save (DESIGN.md §11–13, decision 023): one or many answers with the versions they
 * replace → the saved answers, or 400 (per answer and field), 409 (the stale answers as they are
 * now), or the form's refusal. All or nothing per save. Saves that arrive while another runs wait
 * and then run together in one transaction of four statements (lock and read, one write of every
 * answer, audit event and completeness, and the commit's pair), each keeping its own outcome.
 */

/**
 * The questions of an instance in order: the form's, and any other it holds an answer to (a
 * question retired since keeps its answer in the forms that have one).
 */
export function instanceQuestions<I, Own>(
  form: FormDefinition<unknown, I, unknown>,
  catalogue: QuestionCatalogue<Own>,
  instance: I,
  answered: ReadonlySet<number>,
): readonly CatalogueQuestion<Own>[] {
  const held = form.instance(catalogue, instance);
  // The form's questions are the catalogue's own.
  const base = held.questions as readonly CatalogueQuestion<Own>[];
  const ids = catalogue.memo(`${form.kind}:ids:${held.basis}`, () => new Set(base.map((q) => q.id)));
  let list = base;
  for (const id of answered) {
    if (!ids.has(id)) {
      list = catalogue.all.filter((q) => ids.has(q.id) || answered.has(q.id));
      break;
    }
  }
  return held.pin ? (list.map(held.pin) as CatalogueQuestion<Own>[]) : list;
}

/** Completeness counted from every stored answer (after the questions changed). */
export function countCompleteness<I>(
  form: FormDefinition<unknown, I, unknown>,
  catalogue: QuestionCatalogue,
  instance: I,
  answers: ReadonlyMap<number, StoredAnswer>,
): Completeness {
  const ref = form.instance(catalogue, instance);
  const list = instanceQuestions(form, catalogue, instance, new Set(answers.keys()));
  const byUuid = new Map<string, StoredAnswer>();
  for (const q of list) {
    const row = answers.get(q.id);
    if (row) byUuid.set(q.question.uuid, row);
  }
  const qs = list.map((q) => q.question);
  const listed = new Map(list.map((q) => [q.question.uuid, q]));
  const stored = [...byUuid.entries()].map(([uuid, row]) => ({ question_uuid: uuid, ...fieldsOf(row)!, row }));
  return completeness(qs, stored, ref.options, (_, answer) => {
    const cq = listed.get(answer.question_uuid)!;
    return catalogue.check(cq, `${form.kind}:${answer.row.id}:${answer.row.version}`, answer, ref.options).state;
  });
}

/** A batch's writes conflicted with a change made meanwhile: each save runs again on its own. */
class BatchConflict extends Error {}

/**
 * Runs a batch of saves in the write `w`: one statement locks and reads every instance with the
 * asked answers, one writes them all. Returns each save's outcome (own refusals included), or
 * throws BatchConflict when a write found an answer changed meanwhile.
 */
async function saveBatch<K, I, U>(
  bus: ChangeBus,
  w: Write,
  form: FormDefinition<K, I, U>,
  jobs: readonly Job<K, I, U>[],
): Promise<{ outcomes: Outcome<I>[]; deferred: Job<K, I, U>[] }> {
  const cache = form.questionSource(bus);
  const states = await lockInstances(cache, w, form, jobs);
  const { outcomes, plans, deferred } = planJobs(form, jobs, states);
  const { result, written } = await writePlans(w, form, jobs, states, plans);
  return {
    deferred,
    outcomes: jobs.map((_, n) => {
      const made = plans[n];
      if (!made) return outcomes[n]!;
      const { state } = made;
      for (const { row } of made.rows) if (row.id === 0) row.id = written.get(`${state.ref.id}:${row.questionId}`)!.id;
      return {
        ok: true,
        value: {
          instance: state.locked.instance,
          completeness: made.completeness,
          row: result.updated.get(state.ref.id) ?? null,
          answers: made.rows.map(({ q, row }) => answerOut(state.catalogue, form.kind, q, row, state.ref.options)),
        },
      };
    }),
  };
}

/** Locks and reads every instance of the batch with the answers it asks about, each as an InstanceState by key. */
async function lockInstances<K, I, U>(
  cache: CatalogueCache,
  w: Write,
  form: FormDefinition<K, I, U>,
  jobs: readonly Job<K, I, U>[],
): Promise<Map<string, InstanceState<I>>> {
  const known = await cache.get(w.tx);
  const ids = new Set<number>();
  for (const job of jobs)
    for (const input of job.inputs) {
      const q = known.byUuid.get(input.question_uuid);
      if (q) ids.add(q.id);
    }
  const keys = [...new Map(jobs.map((job) => [form.keyOf(job.key), job.key])).values()];
  const locked = await form.load(w.tx, keys, {
    stamp: cache.stamp,
    answers: (instanceId) => storedAnswersJson(form.answers, instanceId, [...ids]),
    lock: true,
  });
  const states = new Map<string, InstanceState<I>>();
  for (const item of locked) {
    const catalogue = await cache.get(w.tx, item.stamp);
    const ref = form.instance(catalogue, item.instance);
    const answers = new Map(parseStoredAnswers(item.answers).map((row) => [row.questionId, row]));
    const state: InstanceState<I> = {
      locked: item,
      ref,
      catalogue,
      answers,
      completeness: ref.completeness!,
      basis: ref.basis,
      dirty: false,
      touched: null,
      effects: [],
    };
    // The question ids were taken from the cached catalogue: a question it did not know yet is read now.
    const missed = jobs
      .flatMap((job) => (form.keyOf(job.key) === item.key ? job.inputs : []))
      .map((input) => catalogue.byUuid.get(input.question_uuid)?.id)
      .filter((id): id is number => id !== undefined && !ids.has(id));
    if (missed.length)
      for (const row of await readStoredAnswers(w.tx, form.answers, ref.id, missed)) answers.set(row.questionId, row);
    if (ref.storedBasis !== state.basis || !ref.completeness) await recount(cache, w, form, state);
    states.set(item.key, state);
  }
  return states;
}

/**
 * Plans each save in turn on its instance's state as the saves before it left it: a refused save
 * leaves the state as it found it, and a second save of an answer waits for the next batch.
 */
function planJobs<K, I, U>(
  form: FormDefinition<K, I, U>,
  jobs: readonly Job<K, I, U>[],
  states: Map<string, InstanceState<I>>,
) {
  const outcomes: Outcome<I>[] = [];
  const plans: (Plan<I> | null)[] = [];
  const deferred: Job<K, I, U>[] = [];
  const planned = new Set<string>();
  for (const job of jobs) {
    const state = states.get(form.keyOf(job.key));
    if (!state) {
      plans.push(null);
      outcomes.push({ ok: false, error: form.missing(job.key) });
      continue;
    }
    // One batch writes an answer once: a second save of it waits for the next batch.
    const touches = job.inputs.map((input) => `${state.ref.id}:${input.question_uuid}`);
    if (touches.some((t) => planned.has(t))) {
      deferred.push(job);
      plans.push(null);
      outcomes.push({ ok: false, error: null });
      continue;
    }
    const snapshotOf = {
      answers: new Map(state.answers),
      completeness: state.completeness,
      effects: state.effects.length,
    };
    try {
      const made = plan(form, job, state);
      for (const t of touches) planned.add(t);
      for (const { q, row } of made.rows) state.answers.set(q.id, row);
      state.completeness = made.completeness;
      if (made.writes.length > 0) {
        state.dirty = true;
        state.touched = { at: made.writes[0]!.updatedAt, by: made.writes[0]!.updatedBy };
      }
      plans.push(made);
      outcomes.push({ ok: true, value: null as never });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      state.answers = snapshotOf.answers;
      state.completeness = snapshotOf.completeness;
      state.effects.length = snapshotOf.effects;
      plans.push(null);
      outcomes.push({ ok: false, error });
    }
  }
  return { outcomes, plans, deferred };
}

/**
 * Writes every planned answer and instance in one statement, then the audit events and change
 * events; 409 (or BatchConflict for a batch of several) when an answer changed meanwhile.
 */
async function writePlans<K, I, U>(
  w: Write,
  form: FormDefinition<K, I, U>,
  jobs: readonly Job<K, I, U>[],
  states: Map<string, InstanceState<I>>,
  plans: readonly (Plan<I> | null)[],
) {
  const writes = plans.flatMap((p) => p?.writes ?? []);
  const instanceWrites: InstanceWrite[] = [];
  for (const state of states.values()) {
    const sets = state.effects.flatMap((e) => (e.set ? [e.set] : []));
    if (!state.dirty && sets.length === 0) continue;
    instanceWrites.push({
      id: state.ref.id,
      completeness: state.completeness,
      basis: state.basis,
      touched: state.touched,
      set: sets.length ? sql.join(sets, sql`, `) : undefined,
    });
  }
  const result = await writeBatch(
    w.tx,
    { answers: form.answers, instances: form.instances, entity: form.answerEntity },
    writes,
    instanceWrites,
  );
  const written = new Map(result.written.map((r) => [`${r.i}:${r.q}`, r]));
  const missing = writes.filter((wr) => written.get(`${wr.instanceId}:${wr.questionId}`)?.v !== wr.version);
  if (missing.length > 0) {
    if (jobs.length > 1) throw new BatchConflict();
    const state = [...states.values()][0]!;
    const now = await readStoredAnswers(
      w.tx,
      form.answers,
      state.ref.id,
      missing.map((m) => m.questionId),
    );
    throw new StaleWriteError(
      now.map((row) =>
        answerOut(state.catalogue, form.kind, state.catalogue.byId.get(row.questionId)!, row, state.ref.options),
      ),
      form.refusals.stale,
    );
  }
  for (const state of states.values()) {
    for (const effect of state.effects) {
      for (const event of effect.audit ?? []) await w.audit(event);
      for (const event of effect.events ?? []) await w.emit(event);
    }
  }
  for (const made of plans) {
    const event = made && made.writes.length > 0 ? made.admission.saved(made.writes.length) : null;
    if (event) await w.emit(event);
  }
  return { result, written };
}

/** The instance's completeness counted again from all its answers, on the questions as they are now. */
async function recount<I>(
  cache: CatalogueCache,
  w: Write,
  form: FormDefinition<unknown, I, unknown>,
  state: InstanceState<I>,
): Promise<void> {
  const catalogue = await cache.fresh(w.tx);
  const all = await readStoredAnswers(w.tx, form.answers, state.ref.id, null);
  state.catalogue = catalogue;
  state.ref = form.instance(catalogue, state.locked.instance);
  state.answers = new Map(all.map((row) => [row.questionId, row]));
  state.basis = state.ref.basis;
  state.completeness = countCompleteness(form, catalogue, state.locked.instance, state.answers);
  state.dirty = true;
}

/** Saves arriving while a batch runs wait for the next one; at most this many saves per batch. */
const BATCH_MAX = 64;
/**
 * Batches running at once on PostgreSQL (they lock reports in id order): one can lock and plan
 * while the other commits. More do not help: each batch's transaction sends its change events with
 * NOTIFY (decision 035), and PostgreSQL commits notifying transactions one at a time.
 */
const POSTGRES_BATCHES = 2;

class SaveBatcher<K, I, U> {
  readonly #queue: Job<K, I, U>[] = [];
  #running = 0;
  /** A batch is about to start (at the end of this turn of the event loop). */
  #starting = false;
  readonly db: Db;
  readonly bus: ChangeBus;
  readonly form: FormDefinition<K, I, U>;
  /** Batches at once: one on PGlite (one connection); on PostgreSQL a batch can run while another commits. */
  readonly #inFlight: number;

  constructor(db: Db, bus: ChangeBus, form: FormDefinition<K, I, U>, inFlight: number) {
    this.db = db;
    this.bus = bus;
    this.form = form;
    this.#inFlight = inFlight;
  }

  submit(key: K, user: U, inputs: readonly AnswerInput[]): Promise<SavedAnswers<I>> {
    return new Promise((resolve, reject) => {
      this.#queue.push({
        key,
        user,
        inputs,
        settle: (outcome) => (outcome.ok ? resolve(outcome.value) : reject(outcome.error)),
      });
      // A batch starts once the requests read in this turn of the event loop have joined the queue.
      if (this.#running < this.#inFlight && !this.#starting) {
        this.#starting = true;
        setImmediate(() => {
          this.#starting = false;
          void this.#drain();
        });
      }
    });
  }

  async #drain(): Promise<void> {
    if (this.#queue.length === 0) return;
    this.#running++;
    try {
      while (this.#queue.length > 0) {
        let answers = 0;
        let size = 0;
        while (
          size < this.#queue.length &&
          size < BATCH_MAX &&
          (size === 0 || answers + this.#queue[size]!.inputs.length <= 400)
        ) {
          answers += this.#queue[size]!.inputs.length;
          size++;
        }
        await this.#run(this.#queue.splice(0, size));
      }
    } finally {
      this.#running--;
    }
  }

  async #run(jobs: Job<K, I, U>[]): Promise<void> {
    let result: Awaited<ReturnType<typeof saveBatch<K, I, U>>>;
    try {
      result = await this.bus.write(this.db, (w) => saveBatch(this.bus, w, this.form, jobs));
    } catch (error) {
      if (jobs.length === 1) return jobs[0]!.settle({ ok: false, error });
      // Something in the batch failed after writing: each save runs again alone, with its own outcome.
      for (const job of jobs) await this.#run([job]);
      return;
    }
    this.#queue.unshift(...result.deferred);
    result.outcomes.forEach((outcome, n) => {
      if (!result.deferred.includes(jobs[n]!)) jobs[n]!.settle(outcome);
    });
  }
}

const batchers = new WeakMap<ChangeBus, Map<string, SaveBatcher<unknown, unknown, unknown>>>();

/**
 * Saves answers to one instance of `form` as `user`: the engine's save call (see the top of this
 * file). Resolves once the save has committed.
 */
export function saveAnswers<K, I, U>(
  deps: { db: Db; changes: ChangeBus; env?: { DATABASE_URL?: string | undefined } },
  form: FormDefinition<K, I, U>,
  key: K,
  user: U,
  inputs: readonly AnswerInput[],
): Promise<SavedAnswers<I>> {
  let forms = batchers.get(deps.changes);
  if (!forms) batchers.set(deps.changes, (forms = new Map()));
  let batcher = forms.get(form.kind) as SaveBatcher<K, I, U> | undefined;
  if (!batcher) {
    batcher = new SaveBatcher(deps.db, deps.changes, form, deps.env?.DATABASE_URL ? POSTGRES_BATCHES : 1);
    forms.set(form.kind, batcher as SaveBatcher<unknown, unknown, unknown>);
  }
  return batcher.submit(key, user, inputs);
}

/** One save of a bulk save (`saveAnswersIn`). */
export interface BulkSave<K, U> {
  key: K;
  user: U;
  inputs: readonly AnswerInput[];
}

/**
 * Saves to several instances of `form` inside the caller's write `w` (a bulk save, such as a
 * file import, or a save that writes its instance's own fields beside the answers): one batch,
 * all or nothing. The first refusal (400, 403, 404, 409) is thrown, so the caller's transaction
 * rolls back whatever the others wrote. Each answer at most once in one call.
 */
export async function saveAnswersIn<K, I, U>(
  bus: ChangeBus,
  w: Write,
  form: FormDefinition<K, I, U>,
  saves: readonly BulkSave<K, U>[],
): Promise<SavedAnswers<I>[]> {
  if (saves.length === 0) return [];
  const jobs: Job<K, I, U>[] = saves.map((save) => ({ ...save, settle: () => {} }));
  let result: Awaited<ReturnType<typeof saveBatch<K, I, U>>>;
  try {
    result = await saveBatch(bus, w, form, jobs);
  } catch (error) {
    if (error instanceof BatchConflict) throw conflict(form.refusals.stale);
    throw error;
  }
  if (result.deferred.length > 0) throw new Error(`${form.kind}: a bulk save names an answer twice`);
  return result.outcomes.map((outcome) => {
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  });
}
