import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import type { ChangeBus, Write } from '../events/change-bus.server.ts';
import { ApiError, StaleWriteError } from '../http/errors.server.ts';
import { parseStoredAnswers, readStoredAnswers, storedAnswersJson, writeBatch, type AnswerWrite, type InstanceWrite, type StoredAnswer } from './answers-sql.server.ts';
import { QUESTIONS_STAMP, type CatalogueCache, type CatalogueQuestion, type QuestionCatalogue } from './catalogue.server.ts';
import { answerSchema, answerState, completeness, contribution, shiftCompleteness, type AnswerFields } from './engine.ts';
import type { FormDefinition, InstanceRef, LockedInstance, SaveEffects } from './forms.server.ts';
import type { Answer, AnswerInput, Completeness } from './schema.ts';

/**
 * The engine's save (DESIGN.md §11–13, decision 023): one or many answers with the versions they
 * replace → the saved answers, or 400 (per answer and field), 409 (the stale answers as they are
 * now), or the form's refusal. All or nothing per save. Saves that arrive while another runs wait
 * and then run together in one transaction of four statements (lock and read, one write of every
 * answer, audit event and completeness, and the commit's pair), each keeping its own outcome.
 */

export interface SavedAnswers<I> {
  instance: I;
  completeness: Completeness;
  /** The instance's row after the save (snake_case columns), or null when it did not change. */
  row: Record<string, unknown> | null;
  /** The answers sent, as stored now. */
  answers: Answer[];
}

/** An instance under a batch: its answers as read, and its completeness as the batch moves it. */
interface InstanceState<I> {
  locked: LockedInstance<I>;
  ref: InstanceRef;
  catalogue: QuestionCatalogue;
  answers: Map<number, StoredAnswer>;
  completeness: Completeness;
  basis: string;
  /** Whether the stored completeness needs writing (recounted, or answers changed). */
  dirty: boolean;
  touched: InstanceWrite['touched'];
  effects: SaveEffects[];
}

/** A stored or just-written answer in its API shape, its state from the catalogue's memory. */
export function answerOut(catalogue: QuestionCatalogue, kind: string, q: CatalogueQuestion, row: StoredAnswer, options: InstanceRef['options']): Answer {
  const fields = { value: row.value ?? null, text: row.text, data_year: row.dataYear, source: row.source, comment: row.comment };
  const { state, warnings } = catalogue.check(q, `${kind}:${row.id}:${row.version}`, fields, options);
  return {
    question_uuid: q.question.uuid,
    ...fields,
    state,
    warnings,
    version: row.version,
    updated_at: row.updatedAt,
    updated_by: row.by === null ? null : { name: row.by, ...(row.byUuid !== null && { uuid: row.byUuid }) },
  };
}

const fieldsOf = (row: StoredAnswer | undefined): AnswerFields | undefined =>
  row && { value: row.value ?? null, text: row.text, data_year: row.dataYear, source: row.source, comment: row.comment };

/**
 * The questions of an instance in order: the form's, and any other it holds an answer to (a
 * question retired since keeps its answer in the forms that have one).
 */
export function instanceQuestions<I>(form: FormDefinition<unknown, I, unknown>, catalogue: QuestionCatalogue, instance: I, answered: ReadonlySet<number>): readonly CatalogueQuestion[] {
  const base = form.questions(catalogue, instance);
  const ids = catalogue.memo(`${form.kind}:ids:${form.basis(catalogue, instance)}`, () => new Set(base.map((q) => q.id)));
  let list = base;
  for (const id of answered) {
    if (!ids.has(id)) {
      list = catalogue.all.filter((q) => ids.has(q.id) || answered.has(q.id));
      break;
    }
  }
  return form.pin ? form.pin(catalogue, instance, list) : list;
}

/** Completeness counted from every stored answer (after the questions changed). */
export function countCompleteness<I>(form: FormDefinition<unknown, I, unknown>, catalogue: QuestionCatalogue, instance: I, answers: ReadonlyMap<number, StoredAnswer>): Completeness {
  const ref = form.ref(instance);
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

/** A save waiting for its batch. */
interface Job<K, I, U> {
  key: K;
  user: U;
  inputs: readonly AnswerInput[];
  settle: (outcome: Outcome<I>) => void;
}
type Outcome<I> = { ok: true; value: SavedAnswers<I> } | { ok: false; error: unknown };

/** A batch's writes conflicted with a change made meanwhile: each save runs again on its own. */
class BatchConflict extends Error {}

/** The plan of one save, made before anything is written. */
interface Plan<I> {
  state: InstanceState<I>;
  writes: AnswerWrite[];
  /** The answers sent, as they will be stored (rows of new versions get their id after the write). */
  rows: { q: CatalogueQuestion; row: StoredAnswer }[];
  completeness: Completeness;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function invalid(errors: Record<string, string[]>): ApiError {
  return new ApiError(400, `Invalid body: check ${Object.keys(errors).join(', ')}`, errors);
}

/**
 * Plans one save against its instance's state: validation, versions, permissions, the new rows
 * and the completeness after them. Throws the save's own refusal; changes nothing until it returns.
 */
function plan<K, I, U>(form: FormDefinition<K, I, U>, job: Job<K, I, U>, state: InstanceState<I>): Plan<I> {
  const { catalogue, ref } = state;
  const instance = state.locked.instance;
  const effects = form.admit(instance, job.user);
  const base = catalogue.memo(`${form.kind}:ids:${state.basis}`, () => new Set(form.questions(catalogue, instance).map((q) => q.id)));
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const asked: CatalogueQuestion[] = [];
  job.inputs.forEach((input, i) => {
    const found = catalogue.byUuid.get(input.question_uuid);
    const q = found && form.pin ? form.pin(catalogue, instance, [found])[0] : found;
    if (!q || !(base.has(q.id) || state.answers.has(q.id))) (errors[`answers.${i}.question_uuid`] ??= []).push('is not a question of this report');
    else if (seen.has(input.question_uuid)) (errors[`answers.${i}.question_uuid`] ??= []).push('appears twice in this save');
    seen.add(input.question_uuid);
    asked.push(q!);
  });
  if (Object.keys(errors).length) throw invalid(errors);

  // Fields left out keep their stored value (DESIGN.md §12).
  const cleaned = job.inputs.map((input, i) => {
    const q = asked[i]!;
    const before = state.answers.get(q.id);
    const merged = {
      value: input.value !== undefined ? input.value : (before?.value ?? null),
      text: input.text !== undefined ? input.text : (before?.text ?? null),
      data_year: input.data_year !== undefined ? input.data_year : (before?.dataYear ?? null),
      source: input.source !== undefined ? input.source : (before?.source ?? null),
      comment: input.comment !== undefined ? input.comment : (before?.comment ?? null),
    };
    const parsed = answerSchema(q.question, ref.options).safeParse(merged);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) (errors[`answers.${i}.${issue.path.join('.') || 'value'}`] ??= []).push(issue.message);
    return null;
  });
  if (Object.keys(errors).length) throw invalid(errors);

  const stale = job.inputs.flatMap((input, i) => {
    const before = state.answers.get(asked[i]!.id);
    const fresh = before ? input.version === before.version : input.version === undefined;
    return fresh ? [] : before ? [answerOut(catalogue, form.kind, asked[i]!, before, ref.options)] : [];
  });
  if (stale.length || job.inputs.some((input, i) => !state.answers.has(asked[i]!.id) && input.version !== undefined)) {
    throw new StaleWriteError(stale, form.refusals.stale);
  }

  const may = form.permits(job.user);
  const actor = form.actor(job.user);
  const now = new Date();
  const writes: AnswerWrite[] = [];
  const rows: Plan<I>['rows'] = [];
  let progress = state.completeness;
  for (const [i, clean] of cleaned.entries()) {
    const q = asked[i]!;
    const before = state.answers.get(q.id);
    if (before && sameJson(before.value, clean!.value) && before.text === clean!.text && before.dataYear === clean!.data_year && before.source === clean!.source && before.comment === clean!.comment) {
      rows.push({ q, row: before });
      continue;
    }
    if (before && !may.update) throw new ApiError(403, form.refusals.update);
    if (!before && !may.create) throw new ApiError(403, form.refusals.create);
    const row: StoredAnswer = {
      id: 0,
      questionId: q.id,
      value: clean!.value,
      text: clean!.text,
      dataYear: clean!.data_year,
      source: clean!.source,
      comment: clean!.comment,
      version: (before?.version ?? 0) + 1,
      updatedAt: now.toISOString(),
      by: actor.name,
      byUuid: actor.uuid,
    };
    const beforeState = before ? catalogue.check(q, `${form.kind}:${before.id}:${before.version}`, fieldsOf(before)!, ref.options).state : 'empty';
    const afterState = answerState(q.question, clean!, ref.options);
    progress = shiftCompleteness(progress, contribution(q.question, fieldsOf(before), beforeState), contribution(q.question, clean, afterState));
    writes.push({
      instanceId: ref.id,
      questionId: q.id,
      value: row.value,
      text: row.text,
      dataYear: row.dataYear,
      source: row.source,
      comment: row.comment,
      version: row.version,
      updatedAt: now,
      updatedBy: actor.id,
      audit: { actorId: actor.id, entityId: ref.auditId, action: before ? 'update' : 'create', before: snapshot(q, before), after: snapshot(q, row) },
    });
    rows.push({ q, row });
  }
  const effect = effects(writes.length);
  // A workflow step (e.g. the first answer starting the report) happens once, whatever the batch holds.
  if (!effect.once || !state.effects.some((e) => e.once === effect.once)) state.effects.push(effect);
  return { state, writes, rows, completeness: progress };
}

/** What an audit event keeps of an answer. */
function snapshot(q: CatalogueQuestion, row: StoredAnswer | undefined) {
  if (!row) return null;
  return { question_uuid: q.question.uuid, question_code: q.question.code, value: row.value ?? null, text: row.text, data_year: row.dataYear, source: row.source, comment: row.comment, version: row.version };
}

/**
 * Runs a batch of saves in the write `w`: one statement locks and reads every instance with the
 * asked answers, one writes them all. Returns each save's outcome (own refusals included), or
 * throws BatchConflict when a write found an answer changed meanwhile.
 */
async function saveBatch<K, I, U>(bus: ChangeBus, w: Write, form: FormDefinition<K, I, U>, jobs: readonly Job<K, I, U>[]): Promise<{ outcomes: Outcome<I>[]; deferred: Job<K, I, U>[] }> {
  const cache = form.questionSource(bus);
  const known = await cache.get(w.tx);
  const ids = new Set<number>();
  for (const job of jobs) for (const input of job.inputs) {
    const q = known.byUuid.get(input.question_uuid);
    if (q) ids.add(q.id);
  }
  const keys = [...new Map(jobs.map((job) => [form.keyOf(job.key), job.key])).values()];
  const locked = await form.lock(w.tx, keys, { stamp: QUESTIONS_STAMP, answers: (instanceId) => storedAnswersJson(form.answers, instanceId, [...ids]) });
  const states = new Map<string, InstanceState<I>>();
  for (const item of locked) {
    const catalogue = await cache.get(w.tx, item.stamp);
    const ref = form.ref(item.instance);
    const answers = new Map(parseStoredAnswers(item.answers).map((row) => [row.questionId, row]));
    const state: InstanceState<I> = { locked: item, ref, catalogue, answers, completeness: ref.completeness!, basis: form.basis(catalogue, item.instance), dirty: false, touched: null, effects: [] };
    // The question ids were taken from the cached catalogue: a question it did not know yet is read now.
    const missed = jobs.flatMap((job) => (form.keyOf(job.key) === item.key ? job.inputs : [])).map((input) => catalogue.byUuid.get(input.question_uuid)?.id).filter((id): id is number => id !== undefined && !ids.has(id));
    if (missed.length) for (const row of await readStoredAnswers(w.tx, form.answers, ref.id, missed)) answers.set(row.questionId, row);
    if (ref.basis !== state.basis || !ref.completeness) await recount(cache, w, form, state);
    states.set(item.key, state);
  }

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
    const snapshotOf = { answers: new Map(state.answers), completeness: state.completeness, effects: state.effects.length };
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

  const writes = plans.flatMap((p) => p?.writes ?? []);
  const instanceWrites: InstanceWrite[] = [];
  for (const state of states.values()) {
    const sets = state.effects.flatMap((e) => (e.set ? [e.set] : []));
    if (!state.dirty && sets.length === 0) continue;
    instanceWrites.push({ id: state.ref.id, completeness: state.completeness, basis: state.basis, touched: state.touched, set: sets.length ? sql.join(sets, sql`, `) : undefined });
  }
  const result = await writeBatch(w.tx, { answers: form.answers, instances: form.instances, entity: form.answerEntity }, writes, instanceWrites);
  const written = new Map(result.written.map((r) => [`${r.i}:${r.q}`, r]));
  const missing = writes.filter((wr) => written.get(`${wr.instanceId}:${wr.questionId}`)?.v !== wr.version);
  if (missing.length > 0) {
    if (jobs.length > 1) throw new BatchConflict();
    const state = [...states.values()][0]!;
    const now = await readStoredAnswers(w.tx, form.answers, state.ref.id, missing.map((m) => m.questionId));
    throw new StaleWriteError(now.map((row) => answerOut(state.catalogue, form.kind, state.catalogue.byId.get(row.questionId)!, row, state.ref.options)), form.refusals.stale);
  }
  for (const state of states.values()) {
    for (const effect of state.effects) {
      for (const event of effect.audit ?? []) await w.audit(event);
      for (const event of effect.events ?? []) await w.emit(event);
    }
  }
  for (const [n, made] of plans.entries()) {
    if (made && made.writes.length > 0) await w.emit(form.savedEvent(made.state.locked.instance, made.writes.length, jobs[n]!.user));
  }

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

/** The instance's completeness counted again from all its answers, on the questions as they are now. */
async function recount<I>(cache: CatalogueCache, w: Write, form: FormDefinition<unknown, I, unknown>, state: InstanceState<I>): Promise<void> {
  const catalogue = await cache.fresh(w.tx);
  const all = await readStoredAnswers(w.tx, form.answers, state.ref.id, null);
  state.catalogue = catalogue;
  state.answers = new Map(all.map((row) => [row.questionId, row]));
  state.basis = form.basis(catalogue, state.locked.instance);
  state.completeness = countCompleteness(form, catalogue, state.locked.instance, state.answers);
  state.dirty = true;
}

/** Saves arriving while a batch runs wait for the next one; at most this many saves per batch. */
const BATCH_MAX = 64;
/** Batches running at once on PostgreSQL (the pool has 10 connections; they lock reports in id order). */
const POSTGRES_BATCHES = 3;

class SaveBatcher<K, I, U> {
  readonly #queue: Job<K, I, U>[] = [];
  #running = 0;
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
      this.#queue.push({ key, user, inputs, settle: (outcome) => (outcome.ok ? resolve(outcome.value) : reject(outcome.error)) });
      if (this.#running < this.#inFlight) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running++;
    try {
      while (this.#queue.length > 0) {
        let answers = 0;
        let size = 0;
        while (size < this.#queue.length && size < BATCH_MAX && (size === 0 || answers + this.#queue[size]!.inputs.length <= 400)) {
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

