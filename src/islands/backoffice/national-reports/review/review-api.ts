import { atom, computed } from 'nanostores';
import { ReportChangesResponseSchema, type ChangesSince } from '../../../../lib/national-reports/changes-schema.ts';
import {
  FormCommentListResponseSchema,
  FormCommentResponseSchema,
  type FormComment,
} from '../../../../lib/questionnaires/comments-schema.ts';
import { api } from '../../lib/api.ts';
import { createFetcherStore, fetchWith } from '../../lib/query.ts';
import { reportPath } from '../report-api.ts';

/** The report whose changes and comments the screen shows. */
export const $reviewed = atom<{ year: number; countryCode: string } | null>(null);

/** What the "What changed" panel compares with; null while it is closed. */
export const $changesSince = atom<ChangesSince | null>(null);

export const $changes = createFetcherStore(
  [
    computed([$reviewed, $changesSince], (report, since) =>
      report && since ? `${reportPath(report.year, report.countryCode)}/changes?since=${since}` : null,
    ),
  ],
  { fetcher: fetchWith(ReportChangesResponseSchema), dedupeTime: 0 },
);

export const $comments = createFetcherStore(
  [computed($reviewed, (report) => (report ? `${reportPath(report.year, report.countryCode)}/comments` : null))],
  { fetcher: fetchWith(FormCommentListResponseSchema), dedupeTime: 0 },
);

/** The question a reviewer is writing a new comment on, if any. */
export const $composing = atom<string | null>(null);

/** The threads of one question: each first comment with its replies, open ones first, oldest first. */
export function threadsOf(comments: readonly FormComment[], question: string) {
  const mine = comments.filter((c) => c.question_uuid === question);
  const threads = mine
    .filter((c) => c.parent_id === null)
    .map((first) => ({ first, replies: mine.filter((c) => c.parent_id === first.id) }));
  return {
    open: threads.filter((t) => t.first.resolved_at === null),
    resolved: threads.filter((t) => t.first.resolved_at !== null),
  };
}

function current() {
  const report = $reviewed.get();
  if (!report) throw new Error('No report under review');
  return reportPath(report.year, report.countryCode);
}

/** POST …/comments: a new comment on one answer, or a reply in a thread. */
export async function sendComment(body: { question_uuid: string; body: string; parent_id?: number }) {
  const answer = await api.request('POST', `${current()}/comments`, { schema: FormCommentResponseSchema, body });
  $comments.invalidate();
  return answer.data;
}

/** POST …/comments/{id}/resolve on the version read: a 409 carries the comment as it is now. */
export async function setResolved(comment: FormComment, resolved: boolean) {
  try {
    return (
      await api.request('POST', `${current()}/comments/${comment.id}/resolve`, {
        schema: FormCommentResponseSchema,
        body: { resolved, version: comment.version },
      })
    ).data;
  } finally {
    $comments.invalidate();
  }
}
