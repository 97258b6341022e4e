import {
  PracticeResponseSchema,
  ReviewCommentSchema,
  type BestPractice,
  type ReviewComment,
  type SectionKey,
} from '../../../lib/best-practices/schema.ts';
import { api, conflictOf, errorMessage } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { formatDate } from '../ui/format.ts';
import { m } from './messages.ts';
import { $practiceForm } from './practice-form-store.ts';

/** Comments the authors still have to answer: the ones nobody marked resolved. */
export const openComments = (comments: readonly ReviewComment[], section?: SectionKey) =>
  comments.filter((c) => c.resolved_at === null && (section === undefined || c.section === section));

/** Only the comments and the timeline changed: the draft and the practice's version stay as they are. */
function takeComments(from: Pick<BestPractice, 'uuid' | 'comments' | 'timeline'>): void {
  const current = $practiceForm.get().practice;
  if (current?.uuid === from.uuid)
    $practiceForm.setKey('practice', { ...current, comments: from.comments, timeline: from.timeline });
}

export async function addComment(section: SectionKey, body: string): Promise<boolean> {
  const { practice } = $practiceForm.get();
  if (!practice) return false;
  $practiceForm.setKey('busyAction', 'comment');
  try {
    const answer = await api.request('POST', `best-practice/${encodeURIComponent(practice.uuid)}/comment`, {
      schema: PracticeResponseSchema,
      body: { section, body },
    });
    takeComments(answer.data);
    return true;
  } catch (error) {
    notifyError(m('comments.notAdded', { reason: errorMessage(error) }));
    return false;
  } finally {
    $practiceForm.setKey('busyAction', null);
  }
}

/**
 * Marks a review comment resolved, or open again, based on the version shown. When someone
 * changed it meanwhile, the form shows the comment as it is now and says so.
 */
export async function setCommentResolved(comment: ReviewComment, resolved: boolean): Promise<boolean> {
  const { practice } = $practiceForm.get();
  if (!practice) return false;
  try {
    const answer = await api.request(
      'POST',
      `best-practice/${encodeURIComponent(practice.uuid)}/comment/${comment.id}/resolve`,
      {
        schema: PracticeResponseSchema,
        body: { resolved, version: comment.version },
      },
    );
    takeComments(answer.data);
    notifySuccess(resolved ? m('comments.resolvedDone') : m('comments.openDone'));
    return true;
  } catch (error) {
    const current = conflictOf(error, ReviewCommentSchema);
    if (current) {
      const now = $practiceForm.get().practice;
      if (now?.uuid === practice.uuid)
        $practiceForm.setKey('practice', {
          ...now,
          comments: now.comments.map((c) => (c.id === current.id ? current : c)),
        });
      const state = current.resolved_at
        ? m('comments.nowResolved', {
            name: current.resolved_by_name ?? m('comments.someone'),
            date: formatDate(current.resolved_at),
          })
        : m('comments.nowOpen');
      notifyError(m('comments.conflict', { state }));
      return false;
    }
    notifyError(m(resolved ? 'comments.notResolved' : 'comments.notReopened', { reason: errorMessage(error) }));
    return false;
  }
}
