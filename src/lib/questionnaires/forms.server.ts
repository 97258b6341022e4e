import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditEvent, DbOrTx } from '../audit/service.server.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import type { CatalogueCache, CatalogueQuestion, QuestionCatalogue } from './catalogue.server.ts';
import type { EngineOptions } from './engine.ts';
import type { Completeness } from './schema.ts';

/**
 * A form of the questionnaire engine (DESIGN.md §11, decisions 023, 065): the one interface
 * through which the engine calls a form. The form says where its questions and answers are, loads
 * and locks its instances (`load`), tells what an instance holds (`instance`: its questions, the
 * years of its data, its stored completeness) and whether a person may answer it now (`admit`:
 * who writes, what they may, and what a save does beyond the answers). The engine does the rest
 * of a save (validation, versions, writes, audit, completeness, change events); every form's
 * answers are stored in a table of the same shape.
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
  /** Why a flagged answer stands (decision 078); a form without it takes no explanation. */
  explanation?: AnyPgColumn;
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

/** What the engine reads of a loaded instance, against the catalogue of its form's questions. */
export interface FormInstance {
  id: number;
  /** The entity id of its answers' audit events. */
  auditId: string;
  /** Its stored completeness and what it was counted on (null: never counted). */
  completeness: Completeness | null;
  storedBasis: string | null;
  /** What its completeness depends on now besides its answers: a basis other than the stored one means a recount. */
  basis: string;
  /** The years its answers' data may date from. */
  options: EngineOptions;
  /**
   * Its questions in order, without the ones it holds only because it answered them (the engine
   * adds those). Made once per catalogue (`catalogue.memo`): the engine asks on every save.
   */
  questions: readonly CatalogueQuestion[];
  /**
   * A question as this instance shows it: the wording it keeps (decision 026: the answers of a
   * report locked when the question was reworded keep the wording they answered). Itself if absent.
   */
  pin?: (q: CatalogueQuestion) => CatalogueQuestion;
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

/** A person admitted to answer an instance now (`FormDefinition.admit`). */
export interface Admission {
  actor: Actor;
  /** Whether they may give first answers and change saved ones. */
  may: { create: boolean; update: boolean };
  /** What a save that changed `changed` answers does to the instance. */
  effects(changed: number): SaveEffects;
  /** The change event of `changed` answers saved; null: none (a bulk save that tells its own, such as an import). */
  saved(changed: number): ChangeEvent | null;
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
  /** 'national_report', 'practice_sections', 'profile_figures'. */
  kind: string;
  /** The audit entity of answer changes ('national_report_answer'). */
  answerEntity: string;
  answers: AnswerColumns;
  instances: InstanceColumns;
  /** Where the form's questions come from (the engine's catalogue of them). */
  questionSource(bus: ChangeBus): CatalogueCache;
  keyOf(key: K): string;
  /**
   * Loads the instances named by `keys` in one statement, adding the engine's columns: `stamp`
   * and `answers(instanceId)`; with `lock` (a save's transaction) it locks them FOR UPDATE.
   * Missing instances are left out.
   */
  load(
    db: DbOrTx,
    keys: readonly K[],
    extra: { stamp: SQL<string>; answers: (instanceId: AnyPgColumn) => SQL<unknown>; lock: boolean },
  ): Promise<LockedInstance<I>[]>;
  /** Refused when the instance does not exist (404). */
  missing(key: K): Error;
  /** What the instance holds, against the catalogue of the form's questions. */
  instance(catalogue: QuestionCatalogue, instance: I): FormInstance;
  /** May `user` answer now? Throws the refusal (403, 409, 423); otherwise the terms of the save. */
  admit(instance: I, user: U): Admission;
  /** Refusal messages: of the create/update split, and of a stale save (409). */
  refusals: { create: string; update: string; stale: string };
}
