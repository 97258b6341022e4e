import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../audit/service.server.ts';
import { auditEvents, users } from '../db/schema.ts';
import type { AnswerColumns, InstanceColumns } from './forms.server.ts';
import type { AnswerValue, Completeness } from './schema.ts';

/** The engine's SQL on a form's answers table: the few statements a save or a view runs. */

/** What an answer says, stored or to write: the columns a person fills in. */
export interface AnswerContent {
  questionId: number;
  value: AnswerValue;
  text: string | null;
  dataYear: number | null;
  source: string | null;
  comment: string | null;
  explanation: string | null;
}

/** One stored answer as the engine reads it (`storedAnswersJson`). */
export interface StoredAnswer extends AnswerContent {
  id: number;
  version: number;
  /** ISO time. */
  updatedAt: string;
  /** Who changed it last, as people are named beside a change; null: nobody known. */
  by: string | null;
  /** That person's uuid (null with `by`). */
  byUuid: string | null;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The stored answers of the instance `instanceId` (of `questionIds`, or all) as one JSON array:
 * one value to carry through any statement, and cheaper to turn into JavaScript than rows.
 */
export function storedAnswersJson(
  cols: AnswerColumns,
  instanceId: AnyPgColumn | number,
  questionIds: readonly number[] | null,
): SQL<unknown> {
  const only =
    questionIds === null ? sql`` : sql` and a.${sql.identifier(cols.question.name)} = any(${intArray(questionIds)})`;
  const c = (col: AnyPgColumn) => sql`a.${sql.identifier(col.name)}`;
  return sql`(select coalesce(json_agg(json_build_object(
      'id', ${c(cols.id)}, 'questionId', ${c(cols.question)}, 'value', ${c(cols.value)}, 'text', ${c(cols.text)},
      'dataYear', ${c(cols.dataYear)}, 'source', ${c(cols.source)}, 'comment', ${c(cols.comment)}, 'explanation',
        ${cols.explanation ? c(cols.explanation) : sql`null::text`}, 'version', ${c(cols.version)},
      'updatedAt', ${isoTime(c(cols.updatedAt))}, 'by', ${personSql('u')}, 'byUuid', u.uuid)), '[]')
    from ${cols.table} a left join ${users} u on u.id = ${c(cols.updatedBy)}
    where ${c(cols.instance)} = ${instanceId}${only})`;
}

/** A timestamp as `Date.toISOString()` writes it (milliseconds, UTC), made by the database. */
export function isoTime(column: SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** How a person is named beside a change: the name, else the username; null without a user (of alias `u`). */
export function personSql(alias: string): SQL<string | null> {
  return sql.raw(`coalesce(nullif(btrim(${alias}.name, E' \\t\\n\\r'), ''), ${alias}.username)`) as SQL<string | null>;
}

/** The JSON of `storedAnswersJson` as the engine uses it (drivers hand json over parsed or as text). */
export function parseStoredAnswers(json: unknown): StoredAnswer[] {
  return (typeof json === 'string' ? JSON.parse(json) : (json ?? [])) as StoredAnswer[];
}

export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

/** Reads stored answers in their own statement. */
export async function readStoredAnswers(
  db: DbOrTx,
  cols: AnswerColumns,
  instanceId: number,
  questionIds: readonly number[] | null,
): Promise<StoredAnswer[]> {
  const [row] = rowsOf<{ answers: unknown }>(
    await db.execute(sql`select ${storedAnswersJson(cols, instanceId, questionIds)} as answers`),
  );
  return parseStoredAnswers(row?.answers);
}

/** One answer row to write: a first answer (expected null) or the next version of one. */
export interface AnswerWrite extends AnswerContent {
  instanceId: number;
  /** The new version: 1, or the version replaced + 1 (the write is conditional on it). */
  version: number;
  updatedAt: Date;
  updatedBy: number;
  audit: { actorId: number; entityId: string; action: string; before: unknown; after: unknown };
}

/** What an instance's row becomes. */
export interface InstanceWrite {
  id: number;
  completeness: Completeness;
  basis: string;
  /** Set when answers changed: the instance's updated_at and updated_by follow. */
  touched: { at: Date; by: number } | null;
  set?: SQL | undefined;
}

const json = (value: unknown) =>
  value === null || value === undefined ? sql`null::jsonb` : sql`${JSON.stringify(value)}::jsonb`;

/**
 * One statement for a whole batch of saves: the answers (insert, or update where the stored
 * version is still the one replaced), an audit event per answer actually written, and each
 * instance's completeness. Returns what was written; the caller checks it against the plan.
 */
export async function writeBatch(
  db: DbOrTx,
  cols: { answers: AnswerColumns; instances: InstanceColumns; entity: string },
  answers: readonly AnswerWrite[],
  instances: readonly InstanceWrite[],
): Promise<{
  written: { id: number; i: number; q: number; v: number }[];
  updated: Map<number, Record<string, unknown>>;
}> {
  const a = cols.answers;
  const id = (col: AnyPgColumn) => sql.identifier(col.name);
  const parts: SQL[] = [];
  if (answers.length > 0) {
    // The rows travel as one JSON parameter: the statement's text is the same for any batch.
    const input = JSON.stringify(
      answers.map((w) => ({
        i: w.instanceId,
        q: w.questionId,
        value: w.value,
        text: w.text,
        data_year: w.dataYear,
        source: w.source,
        comment: w.comment,
        explanation: w.explanation,
        version: w.version,
        at: w.updatedAt.toISOString(),
        by: w.updatedBy,
        actor: w.audit.actorId,
        entity_id: w.audit.entityId,
        action: w.audit.action,
        before: w.audit.before,
        after: w.audit.after,
      })),
    );
    // A form that keeps explanations writes them too (decision 078).
    const own = a.explanation ? [a.explanation] : [];
    const fields = [
      a.instance,
      a.question,
      a.value,
      a.text,
      a.dataYear,
      a.source,
      a.comment,
      ...own,
      a.version,
      a.updatedAt,
      a.updatedBy,
    ];
    const updated = [a.value, a.text, a.dataYear, a.source, a.comment, ...own, a.version, a.updatedAt, a.updatedBy];
    parts.push(sql`input as (
      select * from json_to_recordset(${input}::json) as x(i int, q int, value jsonb, text text, data_year smallint,
        source text, comment text, explanation text, version int,
        at timestamptz, by int, actor int, entity_id text, action text, before jsonb, after jsonb)
    )`);
    parts.push(sql`w as (
      insert into ${a.table} (${sql.join(fields.map(id), sql`, `)})
      select i, q, value, text, data_year, source, comment, ${sql.raw(own.length ? 'explanation, ' : '')}version, at, by
      from input
      on conflict (${id(a.instance)}, ${id(a.question)}) do update set ${sql.join(
        updated.map((col) => sql`${id(col)} = excluded.${id(col)}`),
        sql`, `,
      )}
      where ${a.table}.${id(a.version)} = excluded.${id(a.version)} - 1
      returning ${a.id} as id, ${a.instance} as i, ${a.question} as q, ${a.version} as v
    )`);
    parts.push(sql`audit as (
      insert into ${auditEvents} (actor_id, entity, entity_id, action, before, after)
      select x.actor, ${cols.entity}::text, x.entity_id, x.action, x.before, x.after
      from input x join w on w.i = x.i and w.q = x.q
    )`);
  }
  const plain = instances.filter((row) => !row.set);
  if (plain.length > 0) parts.push(...plainInstanceUpdates(cols.instances, plain));
  // An instance whose workflow moves with the save (a form's own assignments) has a statement part of its own.
  const own = instances.filter((row) => row.set);
  own.forEach((row, n) =>
    parts.push(
      sql`${sql.identifier(`u${n}`)} as (update ${cols.instances.table} set
        ${sql.join([...instanceSets(cols.instances, row), row.set!], sql`, `)} where ${cols.instances.id} =
        ${row.id} returning *)`,
    ),
  );
  if (parts.length === 0) return { written: [], updated: new Map() };
  const selects = [
    answers.length > 0
      ? sql`(select coalesce(json_agg(json_build_object('id', id, 'i', i, 'q', q, 'v', v)), '[]') from w) as written`
      : sql`'[]'::json as written`,
    plain.length > 0 ? sql`(select coalesce(json_agg(row_to_json(ub)), '[]') from ub) as ub` : sql`'[]'::json as ub`,
    ...own.map(
      (_, n) =>
        sql`(select row_to_json(${sql.identifier(`u${n}`)}) from ${sql.identifier(`u${n}`)}) as
          ${sql.identifier(`u${n}`)}`,
    ),
  ];
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`with ${sql.join(parts, sql`, `)} select ${sql.join(selects, sql`, `)}`),
  );
  const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const updated = new Map<number, Record<string, unknown>>();
  for (const value of parse<Record<string, unknown>[]>(row?.['ub']))
    updated.set(value[cols.instances.id.name] as number, value);
  own.forEach((instance, n) => {
    const value = parse<Record<string, unknown> | null>(row?.[`u${n}`]);
    if (value) updated.set(instance.id, value);
  });
  return { written: parse(row?.['written']), updated };
}

/** The engine's assignments to an instance's row: completeness, its basis, and who changed it last. */
function instanceSets(inst: InstanceColumns, row: InstanceWrite): SQL[] {
  const id = (col: AnyPgColumn) => sql.identifier(col.name);
  const sets: SQL[] = [
    sql`${id(inst.completeness)} = ${json(row.completeness)}`,
    sql`${id(inst.basis)} = ${row.basis}`,
  ];
  if (inst.completenessPct) sets.push(sql`${id(inst.completenessPct)} = ${row.completeness.pct}`);
  if (row.touched)
    sets.push(
      sql`${id(inst.updatedAt)} = ${row.touched.at.toISOString()}::timestamptz`,
      sql`${id(inst.updatedBy)} = ${row.touched.by}`,
    );
  return sets;
}

/**
 * The instances whose rows take only the engine's assignments, in one update (CTE `ub`) whose
 * rows travel as one JSON parameter: its text is the same for any batch, so the database keeps
 * one prepared statement for it.
 */
function plainInstanceUpdates(inst: InstanceColumns, rows: readonly InstanceWrite[]): SQL[] {
  const id = (col: AnyPgColumn) => sql.identifier(col.name);
  const input = JSON.stringify(
    rows.map((row) => ({
      id: row.id,
      c: row.completeness,
      p: row.completeness.pct,
      b: row.basis,
      at: row.touched?.at.toISOString() ?? null,
      by: row.touched?.by ?? null,
    })),
  );
  const sets: SQL[] = [sql`${id(inst.completeness)} = y.c`, sql`${id(inst.basis)} = y.b`];
  if (inst.completenessPct) sets.push(sql`${id(inst.completenessPct)} = y.p`);
  sets.push(
    sql`${id(inst.updatedAt)} = case when y.at is null then t.${id(inst.updatedAt)} else y.at end`,
    sql`${id(inst.updatedBy)} = case when y.at is null then t.${id(inst.updatedBy)} else y.by end`,
  );
  return [
    sql`ib as (select * from json_to_recordset(${input}::json) as y(id int, c jsonb, p smallint, b text, at
      timestamptz, by int))`,
    // The ids also as an array: the rows are found through the primary key, whatever the planner guesses of the JSON.
    sql`ub as (update ${inst.table} t set ${sql.join(sets, sql`, `)} from ib y where t.${id(inst.id)} = y.id and
      t.${id(inst.id)} = any(${intArray(rows.map((row) => row.id))}) returning t.*)`,
  ];
}
