import { and, eq } from 'drizzle-orm';
import { bestPracticeComments, bestPractices } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { notFound, StaleWriteError } from '../http/errors.server.ts';
import type { PracticeRow } from './mappers.server.ts';
import { AUDIT_ENTITY, commentsOf } from './queries.server.ts';
import { FORM_SECTIONS, type SectionKey } from './schema.ts';
import { invalid, practiceEvent } from './service.server.ts';

const sectionLabel = (key: string) => FORM_SECTIONS.find((s) => s.key === key)?.label ?? key;

/** A reviewer's comment on one section; recorded in the timeline too. Comments are never public. */
export async function addComment(
  deps: AppDeps,
  row: PracticeRow,
  body: { section: SectionKey; body: string },
  auth: AuthedUser,
): Promise<void> {
  await deps.changes.write(deps.db, async (w) => {
    const [comment] = await w.tx
      .insert(bestPracticeComments)
      .values({ practiceId: row.id, section: body.section, body: body.body, authorId: auth.user.id })
      .returning();
    await w.audit({
      actorId: auth.user.id,
      entity: AUDIT_ENTITY,
      entityId: row.uuid,
      action: 'comment',
      after: comment,
      note: `${sectionLabel(body.section)}: ${body.body}`,
    });
    await w.emit(
      practiceEvent('practice.commented', row, { actorId: auth.user.id, site: false, data: { section: body.section } }),
    );
  });
}

/**
 * Marks comment `commentId` of the practice `uuid` resolved, or open again, if the comment is
 * still at `version` (else a 409 with the comment as it is now). `mayResolve` checks the
 * practice, locked, inside the transaction. Asking for the state the comment is already in
 * changes nothing. The change is in the timeline (audit action `resolve_comment` or
 * `reopen_comment`, with the section and the comment as note).
 */
export async function resolveComment(
  deps: AppDeps,
  uuid: string,
  commentId: number,
  resolved: boolean,
  version: number | undefined,
  auth: AuthedUser,
  mayResolve: (row: PracticeRow) => void,
): Promise<{ changed: boolean }> {
  return deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    // Locked like any write of the practice, so a transition cannot slip in between the check and the change.
    const [practice] = await tx.select().from(bestPractices).where(eq(bestPractices.uuid, uuid)).for('update');
    if (!practice) throw notFound('No best practice with this id');
    mayResolve(practice);
    const [before] = await tx
      .select()
      .from(bestPracticeComments)
      .where(and(eq(bestPracticeComments.id, commentId), eq(bestPracticeComments.practiceId, practice.id)))
      .for('update');
    if (!before) throw notFound('No comment with this id on this practice');
    if (version === undefined) throw invalid('version', 'is required: send the version of the comment you read');
    if (before.version !== version) {
      const [current] = await commentsOf(tx, practice.id, commentId);
      throw new StaleWriteError(current, 'Someone else changed this comment after you opened it');
    }
    if ((before.resolvedAt !== null) === resolved) return { changed: false };
    const [after] = await tx
      .update(bestPracticeComments)
      .set({
        resolvedAt: resolved ? new Date() : null,
        resolvedBy: resolved ? auth.user.id : null,
        version: before.version + 1,
      })
      .where(eq(bestPracticeComments.id, before.id))
      .returning();
    await w.audit({
      actorId: auth.user.id,
      entity: AUDIT_ENTITY,
      entityId: uuid,
      action: resolved ? 'resolve_comment' : 'reopen_comment',
      before: {
        comment_id: before.id,
        resolved_at: before.resolvedAt,
        resolved_by: before.resolvedBy,
        version: before.version,
      },
      after: {
        comment_id: after!.id,
        resolved_at: after!.resolvedAt,
        resolved_by: after!.resolvedBy,
        version: after!.version,
      },
      note: `${sectionLabel(before.section)}: ${before.body}`,
    });
    await w.emit(
      practiceEvent('practice.comment.resolved', practice, {
        actorId: auth.user.id,
        site: false,
        data: { comment: before.id, resolved },
      }),
    );
    return { changed: true };
  });
}
