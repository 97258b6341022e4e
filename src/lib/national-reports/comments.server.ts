import type { Db } from '../db/client.server.ts';
import { isAdminLevel } from '../access/permissions.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import type { AuthedUser } from '../deps.server.ts';
import { forbidden } from '../http/errors.server.ts';
import type { FormComment, FormCommentBody } from '../questionnaires/comments-schema.ts';
import {
  addFormComment,
  listFormComments,
  resolveFormComment,
  type CommentAct,
  type CommentHost,
  type Commenter,
} from '../questionnaires/comments.server.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import { reportQuestions, type ReportBundle } from './queries.server.ts';
import { mustLoad } from './service.server.ts';
import { personName } from './rows.server.ts';

/**
 * Comments on one answer of a national report (issue 34 item 5, decision 077), on the engine's
 * comments: the report says who may do what, and which change event tells whom.
 * - read: whoever may view the report (the route's guard: the module rule and the country scope).
 * - open a thread on an answer: the secretariat's reviewers (administrator level) only.
 * - reply, resolve or reopen: reviewers, and the country's focal points and country administrators.
 * Comments are never public, and any status of the report takes them.
 */
const FORM = 'national_report';
const COUNTRY_ROLES = new Set(['state_admin', 'state_member']);

const REFUSALS: Record<CommentAct, string> = {
  comment: 'Only the secretariat’s reviewers comment on an answer',
  reply: 'Only the reviewers and the country’s focal points reply to a comment',
  resolve: 'Only the reviewers and the country’s focal points resolve a comment',
};

const isReviewer = (auth: AuthedUser) => isAdminLevel(auth.identity);

function may(auth: AuthedUser, act: CommentAct): boolean {
  if (isReviewer(auth)) return true;
  return act !== 'comment' && auth.identity.roles.some((r) => COUNTRY_ROLES.has(r.name));
}

function hostOf(bundle: ReportBundle, auth: AuthedUser): CommentHost {
  const { uuid, year, countryCode: country } = bundle.report;
  const ref = { uuid, year, country };
  return {
    form: FORM,
    instance: uuid,
    audit: { entity: 'national_report', id: uuid },
    async lock(tx, act) {
      if (!may(auth, act)) throw forbidden(REFUSALS[act]);
      const locked = await mustLoad(tx, { uuid });
      const asked = new Set((await reportQuestions(tx, locked)).map((q) => q.uuid));
      return { asks: (question) => asked.has(question) };
    },
    event({ act, comment, resolved }) {
      const about = { ...ref, question: comment.question_uuid, comment: comment.id };
      const actorId = auth.user.id;
      if (act === 'resolve')
        return {
          type: 'report.answer.comment.resolved',
          data: { ...about, resolved: !!resolved },
          actorId,
          site: false,
        };
      // The other side is told: the country of a reviewer's comment, the secretariat of the country's reply.
      const type = isReviewer(auth) ? 'report.answer.commented' : 'report.answer.replied';
      return { type, data: about, actorId, site: false };
    },
  };
}

const commenterOf = (auth: AuthedUser): Commenter => ({
  id: auth.user.id,
  name: { name: personName({ name: auth.user.name, username: auth.user.username }) ?? auth.user.email },
});

/** GET …/comments: every comment of the report, oldest first. */
export function reportComments(db: DbOrTx, bundle: ReportBundle): Promise<FormComment[]> {
  return listFormComments(db, { form: FORM, instance: bundle.report.uuid });
}

/** POST …/comments: a reviewer's comment on one answer, or a reply in a thread. */
export function addReportComment(
  deps: { db: Db; changes: ChangeBus },
  auth: AuthedUser,
  bundle: ReportBundle,
  body: FormCommentBody,
): Promise<FormComment> {
  return addFormComment(deps.changes, deps.db, hostOf(bundle, auth), commenterOf(auth), body);
}

/** POST …/comments/{id}/resolve: a thread resolved, or open again. */
export function resolveReportComment(
  deps: { db: Db; changes: ChangeBus },
  auth: AuthedUser,
  bundle: ReportBundle,
  input: { id: number; resolved: boolean; version: number | undefined },
) {
  return resolveFormComment(deps.changes, deps.db, hostOf(bundle, auth), commenterOf(auth), input);
}
