import { ApiError, StaleWriteError } from '../http/errors.server.ts';
import type { AnswerWrite, InstanceWrite, StoredAnswer } from './answers-sql.server.ts';
import type { CatalogueQuestion, QuestionCatalogue } from './catalogue.server.ts';
import {
  answerSchema,
  answerState,
  contribution,
  shiftCompleteness,
  type AnswerFields,
  type CleanAnswer,
} from './engine.ts';
import type { Actor, Admission, FormDefinition, FormInstance, LockedInstance, SaveEffects } from './forms.server.ts';
import type { Answer, AnswerInput, Completeness } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * The planning half of the engine's save (save.server.ts): one save checked and turned into writes, before anything is
 * written.
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
export interface InstanceState<I> {
  locked: LockedInstance<I>;
  /** What the instance holds, against `catalogue`. */
  ref: FormInstance;
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
export function answerOut(
  catalogue: QuestionCatalogue,
  kind: string,
  q: CatalogueQuestion,
  row: StoredAnswer,
  options: FormInstance['options'],
): Answer {
  const fields = answerFields(row);
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

/** A stored answer's content under the API's names (a row of any form's answers table). */
export function answerFields<V>(
  row: Pick<StoredAnswer, 'text' | 'dataYear' | 'source' | 'comment'> & {
    value?: V | null;
    explanation?: string | null;
  },
) {
  return {
    value: row.value ?? null,
    text: row.text,
    data_year: row.dataYear,
    source: row.source,
    comment: row.comment,
    explanation: row.explanation ?? null,
  };
}

export const fieldsOf = (row: StoredAnswer | undefined): AnswerFields | undefined => row && answerFields(row);
/** A save waiting for its batch. */
export interface Job<K, I, U> {
  key: K;
  user: U;
  inputs: readonly AnswerInput[];
  settle: (outcome: Outcome<I>) => void;
}
export type Outcome<I> = { ok: true; value: SavedAnswers<I> } | { ok: false; error: unknown };

/** The plan of one save, made before anything is written. */
export interface Plan<I> {
  state: InstanceState<I>;
  /** The terms the form admitted the save on. */
  admission: Admission;
  writes: AnswerWrite[];
  /** The answers sent, as they will be stored (rows of new versions get their id after the write). */
  rows: { q: CatalogueQuestion; row: StoredAnswer }[];
  completeness: Completeness;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function invalid(errors: Record<string, string[]>): ApiError {
  return new ApiError(
    400,
    say('Invalid {what}: check {fields}', { what: 'body', fields: Object.keys(errors).join(', ') }),
    errors,
  );
}

/**
 * Plans one save against its instance's state: validation, versions, permissions, the new rows
 * and the completeness after them. Throws the save's own refusal; changes nothing until it returns.
 */
export function plan<K, I, U>(form: FormDefinition<K, I, U>, job: Job<K, I, U>, state: InstanceState<I>): Plan<I> {
  const admission = form.admit(state.locked.instance, job.user);
  const asked = askedQuestions(form, job, state);
  const cleaned = cleanInputs(job, asked, state);
  if (!form.answers.explanation) refuseExplanations(cleaned);
  checkVersions(form, job, asked, state);

  const { may, actor } = admission;
  const now = new Date();
  const writes: AnswerWrite[] = [];
  const rows: Plan<I>['rows'] = [];
  let progress = state.completeness;
  for (const [i, clean] of cleaned.entries()) {
    const q = asked[i]!;
    const before = state.answers.get(q.id);
    if (
      before &&
      sameJson(before.value, clean!.value) &&
      before.text === clean!.text &&
      before.dataYear === clean!.data_year &&
      before.source === clean!.source &&
      before.comment === clean!.comment &&
      (before.explanation ?? null) === (clean!.explanation ?? null)
    ) {
      rows.push({ q, row: before });
      continue;
    }
    if (before && !may.update) throw new ApiError(403, form.refusals.update);
    if (!before && !may.create) throw new ApiError(403, form.refusals.create);
    const row = newRow(q, before, clean!, now, actor);
    const beforeState = before
      ? state.catalogue.check(q, `${form.kind}:${before.id}:${before.version}`, fieldsOf(before)!, state.ref.options)
          .state
      : 'empty';
    const afterState = answerState(q.question, clean!, state.ref.options);
    progress = shiftCompleteness(
      progress,
      contribution(q.question, fieldsOf(before), beforeState),
      contribution(q.question, clean, afterState),
    );
    writes.push({
      instanceId: state.ref.id,
      questionId: q.id,
      value: row.value,
      text: row.text,
      dataYear: row.dataYear,
      source: row.source,
      comment: row.comment,
      explanation: row.explanation,
      version: row.version,
      updatedAt: now,
      updatedBy: actor.id,
      audit: {
        actorId: actor.id,
        entityId: state.ref.auditId,
        action: before ? 'update' : 'create',
        before: snapshot(q, before),
        after: snapshot(q, row),
      },
    });
    rows.push({ q, row });
  }
  const effect = admission.effects(writes.length);
  // A workflow step (e.g. the first answer starting the report) happens once, whatever the batch holds.
  if (!effect.once || !state.effects.some((e) => e.once === effect.once)) state.effects.push(effect);
  return { state, admission, writes, rows, completeness: progress };
}

/** The questions the save answers, in its order; 400 for one not of this instance or given twice. */
function askedQuestions<K, I, U>(
  form: FormDefinition<K, I, U>,
  job: Job<K, I, U>,
  state: InstanceState<I>,
): CatalogueQuestion[] {
  const { catalogue, ref } = state;
  const base = catalogue.memo(`${form.kind}:ids:${state.basis}`, () => new Set(ref.questions.map((q) => q.id)));
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const asked: CatalogueQuestion[] = [];
  job.inputs.forEach((input, i) => {
    const found = catalogue.byUuid.get(input.question_uuid);
    const q = found && ref.pin ? ref.pin(found) : found;
    if (!q || !(base.has(q.id) || state.answers.has(q.id)))
      (errors[`answers.${i}.question_uuid`] ??= []).push('is not a question of this report');
    else if (seen.has(input.question_uuid))
      (errors[`answers.${i}.question_uuid`] ??= []).push('appears twice in this save');
    seen.add(input.question_uuid);
    asked.push(q!);
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return asked;
}

/**
 * Each answer checked against its question, the fields left out keeping their stored value (DESIGN.md §12); 400 per
 * field.
 */
function cleanInputs<K, I, U>(
  job: Job<K, I, U>,
  asked: readonly CatalogueQuestion[],
  state: InstanceState<I>,
): (CleanAnswer | null)[] {
  const errors: Record<string, string[]> = {};
  const cleaned = job.inputs.map((input, i) => {
    const q = asked[i]!;
    const before = state.answers.get(q.id);
    const merged = {
      value: input.value !== undefined ? input.value : (before?.value ?? null),
      text: input.text !== undefined ? input.text : (before?.text ?? null),
      data_year: input.data_year !== undefined ? input.data_year : (before?.dataYear ?? null),
      source: input.source !== undefined ? input.source : (before?.source ?? null),
      comment: input.comment !== undefined ? input.comment : (before?.comment ?? null),
      explanation: input.explanation !== undefined ? input.explanation : (before?.explanation ?? null),
    };
    const parsed = answerSchema(q.question, state.ref.options).safeParse(merged);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      (errors[`answers.${i}.${issue.path.join('.') || 'value'}`] ??= []).push(issue.message);
    return null;
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return cleaned;
}

/** A form that keeps no explanations (decision 078) refuses one rather than losing it. */
function refuseExplanations(cleaned: readonly (CleanAnswer | null)[]): void {
  const errors: Record<string, string[]> = {};
  cleaned.forEach((clean, i) => {
    if (clean?.explanation) errors[`answers.${i}.explanation`] = ['this form takes no explanation'];
  });
  if (Object.keys(errors).length) throw invalid(errors);
}

/** 409 with the answers as they are now when a save names a version other than the stored one. */
function checkVersions<K, I, U>(
  form: FormDefinition<K, I, U>,
  job: Job<K, I, U>,
  asked: readonly CatalogueQuestion[],
  state: InstanceState<I>,
): void {
  const { catalogue, ref } = state;
  const stale = job.inputs.flatMap((input, i) => {
    const before = state.answers.get(asked[i]!.id);
    const fresh = before ? input.version === before.version : input.version === undefined;
    return fresh ? [] : before ? [answerOut(catalogue, form.kind, asked[i]!, before, ref.options)] : [];
  });
  if (stale.length || job.inputs.some((input, i) => !state.answers.has(asked[i]!.id) && input.version !== undefined)) {
    throw new StaleWriteError(stale, form.refusals.stale);
  }
}

/** The answer's next version as it will be stored (its id comes with the write). */
function newRow(
  q: CatalogueQuestion,
  before: StoredAnswer | undefined,
  clean: CleanAnswer,
  now: Date,
  actor: Actor,
): StoredAnswer {
  return {
    id: 0,
    questionId: q.id,
    value: clean.value,
    text: clean.text,
    dataYear: clean.data_year,
    source: clean.source,
    comment: clean.comment,
    explanation: clean.explanation ?? null,
    version: (before?.version ?? 0) + 1,
    updatedAt: now.toISOString(),
    by: actor.name,
    byUuid: actor.uuid,
  };
}

/** What an audit event keeps of an answer. */
function snapshot(q: CatalogueQuestion, row: StoredAnswer | undefined) {
  if (!row) return null;
  return {
    question_uuid: q.question.uuid,
    question_code: q.question.code,
    value: row.value ?? null,
    text: row.text,
    data_year: row.dataYear,
    source: row.source,
    comment: row.comment,
    explanation: row.explanation ?? null,
    version: row.version,
  };
}
