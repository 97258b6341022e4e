import { aliasedTable, and, asc, eq } from 'drizzle-orm';
import type { AuditEvent, DbOrTx } from '../audit/service.server.ts';
import { formComments, users } from '../db/schema.ts';
import type { Db } from '../db/client.server.ts';
import type { ChangeBus, Tx, Write } from '../events/change-bus.server.ts';
import type { ChangeEvent } from '../events/change-events.ts';
import { ApiError, notFound, StaleWriteError, versionRequired } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import type { FormComment, FormCommentBody } from './comments-schema.ts';

/**
 * Comments on one answer of any form (issue 34 item 5, decision 077): the engine keeps them in
 * `form_comments` by form, instance and question, with replies, resolution and versions; the form
 * says who may do what (`CommentHost.lock`) and which change event each change makes. Every change
 * is audited on the form's instance and makes its change event, in one transaction.
 */

/** What a person does to comments: open a thread, reply in one, resolve or reopen one. */
export type CommentAct = 'comment' | 'reply' | 'resolve';

/** A comment as stored. */
export type FormCommentRow = typeof formComments.$inferSelect;

/** A change of comments, as the form's change event tells it. */
export interface CommentChange {
  act: CommentAct;
  comment: FormComment;
  /** For resolve: resolved (true) or open again (false). */
  resolved?: boolean;
  /** The comment's row after the change, and (resolve) before it. */
  row: FormCommentRow;
  rowBefore?: FormCommentRow;
}

/** How a form hosts comments on its answers. */
export interface CommentHost {
  /** form_comments.form: the form's kind ('national_report', 'best_practice'). */
  form: string;
  /** form_comments.instance: the instance's id as text. */
  instance: string;
  /** The audit entity and id of the instance, where comment changes are recorded. */
  audit: { entity: string; id: string };
  /**
   * Locks the instance in the write's transaction and checks that it still exists and that the
   * person may do `act` now (throws the refusal: 403, 404, 409). Also says whether it asks `question`.
   */
  lock(tx: Tx, act: CommentAct): Promise<{ asks: (question: string) => boolean }>;
  /** The change event of a change; null: none. */
  event(change: CommentChange): ChangeEvent | null;
  // Optional: a form whose comments were kept in its own table before (the best practices' section comments,
  // decision 077) keeps its own words and shapes where they differ from the engine's.
  /** The audit entry's before, after and note; by default the engine's. */
  auditEntry?(change: CommentChange): Pick<AuditEvent, 'before' | 'after' | 'note'>;
  /** The refusal of a comment that is not on this instance (404). */
  notFound?(): ApiError;
  /** The refusal of a resolve without a version (by default 428). */
  versionRequired?(): ApiError;
  /** The comment as the form serves it, in a stale resolve's 409; by default the engine's `FormComment`. */
  current?(tx: Tx, comment: FormComment): Promise<unknown>;
}

const resolvers = aliasedTable(users, 'resolvers');
const name = (u: { name: string | null; username: string | null } | null) =>
  !u || u.username === null ? null : { name: u.name?.trim() || u.username };

/** The comments of an instance, oldest first (`id`: that one comment). */
export async function listFormComments(
  db: DbOrTx,
  where: { form: string; instance: string; id?: number },
): Promise<FormComment[]> {
  const rows = await db
    .select({
      c: formComments,
      author: { name: users.name, username: users.username },
      resolver: { name: resolvers.name, username: resolvers.username },
    })
    .from(formComments)
    .leftJoin(users, eq(users.id, formComments.authorId))
    .leftJoin(resolvers, eq(resolvers.id, formComments.resolvedBy))
    .where(
      and(
        eq(formComments.form, where.form),
        eq(formComments.instance, where.instance),
        where.id === undefined ? undefined : eq(formComments.id, where.id),
      ),
    )
    .orderBy(asc(formComments.createdAt), asc(formComments.id));
  return rows.map(({ c, author, resolver }) => served(c, name(author), name(resolver)));
}

async function oneComment(tx: DbOrTx, host: CommentHost, id: number): Promise<FormComment> {
  const [comment] = await listFormComments(tx, { form: host.form, instance: host.instance, id });
  if (!comment) throw host.notFound?.() ?? notFound('There is no comment with this number on this form');
  return comment;
}

const invalid = (field: string, message: string) =>
  new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: field }), { [field]: [message] });

/** The person commenting: who the row and the audit event name. */
export interface Commenter {
  id: number;
  name: { name: string } | null;
}

/** A comment as served, from its row and the people it names. */
const served = (c: FormCommentRow, author: Commenter['name'], resolver: Commenter['name']): FormComment => ({
  id: c.id,
  question_uuid: c.question,
  parent_id: c.parentId,
  body: c.body,
  author,
  created_at: c.createdAt.toISOString(),
  resolved_at: c.resolvedAt?.toISOString() ?? null,
  resolved_by: c.resolvedAt ? resolver : null,
  version: c.version,
});

/** The question and parent of a new comment: a reply goes to the first comment of its thread, on its question. */
async function placeOf(tx: Tx, host: CommentHost, body: FormCommentBody, asks: (q: string) => boolean) {
  if (body.parent_id === undefined) {
    if (!asks(body.question_uuid!)) throw invalid('question_uuid', 'is not a question of this form');
    return { question: body.question_uuid!, parentId: null };
  }
  const parent = await oneComment(tx, host, body.parent_id).catch(() => {
    throw invalid('parent_id', 'is not a comment of this form');
  });
  if (body.question_uuid !== undefined && body.question_uuid !== parent.question_uuid)
    throw invalid('question_uuid', 'must be the question of the comment replied to');
  return { question: parent.question_uuid, parentId: parent.parent_id ?? parent.id };
}

/** The engine's audit entry of a change: the comment's state before (resolve) and after, the body as note. */
function auditEntry(change: CommentChange, before?: FormComment): Pick<AuditEvent, 'before' | 'after' | 'note'> {
  const { comment } = change;
  return {
    before: before ? { comment_id: before.id, resolved_at: before.resolved_at, version: before.version } : null,
    after: {
      comment_id: comment.id,
      question_uuid: comment.question_uuid,
      parent_id: comment.parent_id,
      resolved_at: comment.resolved_at,
      version: comment.version,
    },
    note: comment.body,
  };
}

async function record(w: Write, host: CommentHost, actorId: number, change: CommentChange, before?: FormComment) {
  await w.audit({
    actorId,
    entity: host.audit.entity,
    entityId: host.audit.id,
    action: change.act === 'resolve' ? (change.resolved ? 'resolve_comment' : 'reopen_comment') : change.act,
    ...(host.auditEntry?.(change) ?? auditEntry(change, before)),
  });
  const event = host.event(change);
  if (event) await w.emit(event);
}

/** Adds a comment on one answer, or a reply in a thread (`parent_id`). */
export async function addFormComment(
  changes: ChangeBus,
  db: Db,
  host: CommentHost,
  actor: Commenter,
  body: FormCommentBody,
): Promise<FormComment> {
  return changes.write(db, async (w) => {
    const act: CommentAct = body.parent_id === undefined ? 'comment' : 'reply';
    const { asks } = await host.lock(w.tx, act);
    const place = await placeOf(w.tx, host, body, asks);
    const [row] = await w.tx
      .insert(formComments)
      .values({
        form: host.form,
        instance: host.instance,
        question: place.question,
        parentId: place.parentId,
        body: body.body,
        authorId: actor.id,
      })
      .returning();
    const comment = served(row!, actor.name, null);
    await record(w, host, actor.id, { act, comment, row: row! });
    return comment;
  });
}

/**
 * Marks thread `id` (its first comment) resolved or open again, if the comment is still at
 * `version` (else a 409 carrying it as it is now). Asking for the state it is in changes nothing.
 */
export async function resolveFormComment(
  changes: ChangeBus,
  db: Db,
  host: CommentHost,
  actor: Commenter,
  input: { id: number; resolved: boolean; version: number | undefined },
): Promise<{ changed: boolean; comment: FormComment }> {
  return changes.write(db, async (w) => {
    await host.lock(w.tx, 'resolve');
    // Locked apart: FOR UPDATE does not reach the people joined beside the comment.
    const [rowBefore] = await w.tx.select().from(formComments).where(eq(formComments.id, input.id)).for('update');
    const before = await oneComment(w.tx, host, input.id);
    if (before.parent_id !== null) throw invalid('id', 'is a reply: resolve the comment that opens its thread');
    if (input.version === undefined) throw host.versionRequired?.() ?? versionRequired();
    if (before.version !== input.version) {
      const current = host.current ? await host.current(w.tx, before) : before;
      throw new StaleWriteError(current, 'Someone else changed this comment after you opened it');
    }
    if ((before.resolved_at !== null) === input.resolved) return { changed: false, comment: before };
    const [row] = await w.tx
      .update(formComments)
      .set({
        resolvedAt: input.resolved ? new Date() : null,
        resolvedBy: input.resolved ? actor.id : null,
        version: before.version + 1,
      })
      .where(eq(formComments.id, before.id))
      .returning();
    const comment = served(row!, before.author, actor.name);
    const change: CommentChange = { act: 'resolve', comment, resolved: input.resolved, row: row!, rowBefore };
    await record(w, host, actor.id, change, before);
    return { changed: true, comment };
  });
}

/** Deletes the comments of an instance the form deletes: form_comments has no key to the form's own table. */
export async function deleteFormComments(tx: DbOrTx, where: { form: string; instance: string }): Promise<void> {
  await tx
    .delete(formComments)
    .where(and(eq(formComments.form, where.form), eq(formComments.instance, where.instance)));
}
