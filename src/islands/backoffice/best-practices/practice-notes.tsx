import type { BestPractice } from '../../../lib/best-practices/schema.ts';
import { PRACTICE_STATUS_LABELS } from '../../../lib/best-practices/workflow.ts';
import { formatDate } from '../ui/format.ts';
import { openComments } from './comments-store.ts';

/** The reviewers' latest note, when it asks for changes or says why the practice was not accepted. */
export function lastReviewNote(practice: BestPractice) {
  return [...practice.timeline].reverse().find((t) => (t.action === 'request_changes' || t.action === 'reject') && t.note);
}
export const showNoteFor = (practice: BestPractice) => Boolean(lastReviewNote(practice)) && (practice.status === 'changes_requested' || practice.status === 'rejected');

export function ReviewersNote({ practice }: { practice: BestPractice }) {
  const lastNote = lastReviewNote(practice)!;
  const open = openComments(practice.comments);
  return (
    <div className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" role="note">
      <p className="font-semibold">{practice.status === 'rejected' ? 'Why the practice was not accepted' : 'Changes requested by the reviewers'}</p>
      <p className="mt-1 whitespace-pre-line text-sm">{lastNote.note}</p>
      <p className="mt-1 text-xs">
        {lastNote.actor_name} · {formatDate(lastNote.at)}
        {open.length > 0 && ` · See also the ${open.length === 1 ? 'comment' : `${open.length} comments`} beside the sections.`}
      </p>
    </div>
  );
}

/** Why the practice cannot be edited here. */
export function ReadOnlyNote({ practice, writer }: { practice: BestPractice; writer: boolean }) {
  return (
    <p className="mb-6 rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700">
      {!writer
        ? 'You can read this practice; only its authors and the reviewers can change it.'
        : practice.status === 'submitted'
          ? 'The practice is waiting for review, so it cannot be edited. Withdraw it to make changes.'
          : practice.status === 'published'
            ? 'The practice is published, so it is not edited here. Choose “Revise” to change it: the public library keeps the published version until the new one is published.'
            : `The practice is ${PRACTICE_STATUS_LABELS[practice.status].toLowerCase()}, so it cannot be edited.`}
    </p>
  );
}

/** A published practice being revised (decision 033): the public library keeps the published version. */
export function PublicCopyNote({ since }: { since: string }) {
  return (
    <div className="mb-6 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sky-950" role="note">
      <p className="font-semibold">The public library keeps the published version</p>
      <p className="mt-1 text-sm">
        Revision started on {formatDate(since)}. Visitors see the practice as it was published, text and pictures included, until the new version is published. Archiving takes it off the library.
      </p>
    </div>
  );
}
