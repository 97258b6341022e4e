import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditEvent } from '../audit/service.server.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import type { ChangeBus, Tx, Write } from '../events/change-bus.server.ts';
import type { CatalogueCache, CatalogueQuestion, QuestionCatalogue } from './catalogue.server.ts';
import type { EngineOptions } from './engine.ts';
import type { Completeness } from './schema.ts';

/**
 * Forms registered with the questionnaire engine (DESIGN.md §11, decision 023). A form brings its
 * question source, how an instance is found and locked, who may answer it and what answering does
 * to its workflow; the engine does the rest of a save (validation, versions, writes, audit,
 * completeness, change events) and every form's answers are stored in a table of the same shape.
 */

/** The columns of a form's answers table: one row per instance × question. */
export interface AnswerColumns {
  table: PgTable;
  id: AnyPgColumn;
  instance: AnyPgColumn;
  question: AnyPgColumn;
  value: AnyPgColumn;
  text: AnyPgColumn;
  dataYear: AnyPgColumn;
  source: AnyPgColumn;
  comment: AnyPgColumn;
  version: AnyPgColumn;
  updatedAt: AnyPgColumn;
  updatedBy: AnyPgColumn;
}

/** The columns of a form's instance table that the engine keeps. */
export interface InstanceColumns {
  table: PgTable;
  id: AnyPgColumn;
  completeness: AnyPgColumn;
  /** The whole percent beside it (lists sort by it), if the form keeps one. */
  completenessPct?: AnyPgColumn;
  /** What the stored completeness was counted on (`FormDefinition.basis`). */
  basis: AnyPgColumn;
  updatedAt: AnyPgColumn;
  updatedBy: AnyPgColumn;
}

/** What the engine reads of a loaded instance. */
export interface InstanceRef {
  id: number;
  /** The entity id of its answers' audit events. */
  auditId: string;
  completeness: Completeness | null;
  basis: string | null;
  options: EngineOptions;
}

/** The person saving: who the rows and audit events name. */
export interface Actor {
  id: number;
  uuid: string;
  name: string | null;
}

/** What a save does beyond the answers, decided by the form's workflow. */
export interface SaveEffects {
  /** Effects with the same `once` apply once per instance, however many saves one batch holds. */
  once?: string;
  /** Assignments added to the instance's update (e.g. a status change). */
  set?: SQL;
  audit?: AuditEvent[];
  events?: ChangeEvent[];
}

/** The result of the form's lock statement for one instance. */
export interface LockedInstance<I> {
  key: string;
  instance: I;
  /** The question source's stamp, read in the same statement. */
  stamp: string;
  /** The asked-for stored answers (JSON built by `StoredAnswersSql`). */
  answers: unknown;
}

export interface FormDefinition<K, I, U> {
  /** 'national_report'; later 'profile_figures', 'practice_sections'. */
  kind: string;
  /** The audit entity of answer changes ('national_report_answer'). */
  answerEntity: string;
  answers: AnswerColumns;
  instances: InstanceColumns;
  /** Where the form's questions come from (the engine's catalogue of them). */
  questionSource(bus: ChangeBus): CatalogueCache;
  keyOf(key: K): string;
  /**
   * Loads and locks (FOR UPDATE) the instances named by `keys` in one statement, adding the
   * engine's columns: `stamp` and `answers(instanceId)`. Missing instances are left out.
   */
  lock(
    tx: Tx,
    keys: readonly K[],
    extra: { stamp: SQL<string>; answers: (instanceId: AnyPgColumn) => SQL<unknown> },
  ): Promise<LockedInstance<I>[]>;
  /** Refused when the instance does not exist (404). */
  missing(key: K): Error;
  ref(instance: I): InstanceRef;
  /** The instance's questions in order, without the ones it holds only because it answered them. */
  questions(catalogue: QuestionCatalogue, instance: I): readonly CatalogueQuestion[];
  /**
   * The instance's questions with the wordings it keeps (decision 026): an instance whose answers
   * were locked when a question was reworded shows the wording it was answered against.
   */
  pin?(catalogue: QuestionCatalogue, instance: I, list: readonly CatalogueQuestion[]): readonly CatalogueQuestion[];
  /** What the instance's completeness depends on besides its answers: a new basis means a recount. */
  basis(catalogue: QuestionCatalogue, instance: I): string;
  /** May `user` answer now? Throws the refusal (403, 409, 423); returns the effects of a save. */
  admit(instance: I, user: U): (changed: number) => SaveEffects;
  /** Whether `user` may give first answers and change saved ones. */
  permits(user: U): { create: boolean; update: boolean };
  actor(user: U): Actor;
  /** The change event of answers saved; null: none (a bulk save that tells its own, such as an import). */
  savedEvent(instance: I, questions: number, user: U): ChangeEvent | null;
  /** Refusal messages of the ACL's create/update split. */
  refusals: { create: string; update: string; stale: string };
}

/** A form of any kind, as the registry holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyForm = FormDefinition<any, any, any>;

/**
 * Runs inside a question write's transaction, after the change (e.g. refresh stored completeness).
 * `catalogue()` reads the questions as the transaction sees them at the time of the call: a hook
 * that locks rows first and reads them after sees every question change committed before its locks.
 */
export type QuestionsChangedHook = (write: Write, catalogue: () => Promise<QuestionCatalogue>) => Promise<void>;

const hooks = new Map<string, QuestionsChangedHook>();

/**
 * Registers what a form does when the engine's questions change, in the same transaction (the
 * national reports recount their open cycles). One hook per form kind.
 */
export function onQuestionsChanged(kind: string, hook: QuestionsChangedHook): void {
  hooks.set(kind, hook);
}

/** Runs every form's hook (question writes call it). */
export async function questionsChanged(write: Write, catalogue: () => Promise<QuestionCatalogue>): Promise<void> {
  for (const hook of hooks.values()) await hook(write, catalogue);
}

/**
 * Runs inside a question write's transaction before a question's wording changes from version
 * `n`: a form keeps that version for the instances whose answers are locked (decision 026).
 */
export type QuestionRewordedHook = (write: Write, question: { id: number; n: number }) => Promise<void>;

const rewordHooks = new Map<string, QuestionRewordedHook>();

/** Registers what a form does before a question is reworded. One hook per form kind. */
export function onQuestionReworded(kind: string, hook: QuestionRewordedHook): void {
  rewordHooks.set(kind, hook);
}

/** Runs every form's rewording hook (question writes call it before the change). */
export async function questionReworded(write: Write, question: { id: number; n: number }): Promise<void> {
  for (const hook of rewordHooks.values()) await hook(write, question);
}
