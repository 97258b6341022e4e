import { eq } from 'drizzle-orm';
import { bestPractices } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { notFound } from '../http/errors.server.ts';
import {
  addFormComment,
  resolveFormComment,
  type CommentHost,
  type Commenter,
  type FormCommentRow,
} from '../questionnaires/comments.server.ts';
import type { PracticeRow } from './mappers.server.ts';
import { AUDIT_ENTITY, COMMENT_FORM, commentsOf } from './queries.server.ts';
import { FORM_SECTIONS, type SectionKey } from './schema.ts';
import { invalid, practiceEvent } from './service.server.ts';

/**
 * Reviewers' comments on one section of a practice, on the engine's comments (decision 077): the
 * practice is the instance (its uuid), its sections are the questions. The audit entries, refusals
 * and the stale comment keep the words and shapes the practices had in their own table.
 */

const sectionLabel = (key: string) => FORM_SECTIONS.find((s) => s.key === key)?.label ?? key;
const SECTIONS: ReadonlySet<string> = new Set(FORM_SECTIONS.map((s) => s.key));

const commenterOf = (auth: AuthedUser): Commenter => ({
  id: auth.user.id,
  name: auth.user.name ? { name: auth.user.name } : null,
});

/** A comment's state in the audit of its resolve. */
const resolution = (c: FormCommentRow) => ({
  comment_id: c.id,
  resolved_at: c.resolvedAt,
  resolved_by: c.resolvedBy,
  version: c.version,
});

/**
 * The practice `uuid` as the host of its comments. `check` refuses the act on the practice, locked
 * inside the transaction (403, 409); the role was checked by the route (`requireReviewer`, `requireWriter`).
 */
function hostOf(uuid: string, auth: AuthedUser, check: (row: PracticeRow) => void): CommentHost {
  let practice: PracticeRow | undefined;
  const locked = () => practice!;
  return {
    form: COMMENT_FORM,
    instance: uuid,
    audit: { entity: AUDIT_ENTITY, id: uuid },
    async lock(tx) {
      // Locked like any write of the practice, so a transition cannot slip in between the check and the change.
      const [row] = await tx.select().from(bestPractices).where(eq(bestPractices.uuid, uuid)).for('update');
      if (!row) throw notFound('No best practice with this id');
      check(row);
      practice = row;
      return { asks: (question) => SECTIONS.has(question) };
    },
    event({ act, comment, resolved }) {
      const change = { actorId: auth.user.id, site: false };
      return act === 'resolve'
        ? practiceEvent('practice.comment.resolved', locked(), {
            ...change,
            data: { comment: comment.id, resolved: !!resolved },
          })
        : practiceEvent('practice.commented', locked(), { ...change, data: { section: comment.question_uuid } });
    },
    auditEntry({ act, row, rowBefore }) {
      const note = `${sectionLabel(row.question)}: ${row.body}`;
      if (act === 'resolve') return { before: resolution(rowBefore!), after: resolution(row), note };
      // The comment as the practices' own table had it.
      const { id, question: section, body, authorId, createdAt, resolvedAt, resolvedBy, version } = row;
      const after = {
        id,
        practiceId: locked().id,
        section,
        body,
        authorId,
        createdAt,
        resolvedAt,
        resolvedBy,
        version,
      };
      return { after, note };
    },
    notFound: () => notFound('No comment with this id on this practice'),
    versionRequired: () => invalid('version', 'is required: send the version of the comment you read'),
    current: async (tx, comment) => (await commentsOf(tx, uuid, comment.id))[0],
  };
}

/** A reviewer's comment on one section; recorded in the timeline too. Comments are never public. */
export async function addComment(
  deps: AppDeps,
  row: PracticeRow,
  body: { section: SectionKey; body: string },
  auth: AuthedUser,
): Promise<void> {
  // Reviewers comment at any status: the route's requireReviewer is the whole rule.
  const host = hostOf(row.uuid, auth, () => {});
  await addFormComment(deps.changes, deps.db, host, commenterOf(auth), {
    question_uuid: body.section,
    body: body.body,
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
  const host = hostOf(uuid.toLowerCase(), auth, mayResolve);
  const { changed } = await resolveFormComment(deps.changes, deps.db, host, commenterOf(auth), {
    id: commentId,
    resolved,
    version,
  });
  return { changed };
}
