import type { BestPractice } from '../../../lib/best-practices/schema.ts';
import { formatDate } from '../ui/format.ts';
import { openComments } from './comments-store.ts';
import { STATUS_IN_SENTENCE } from './labels.ts';
import { m } from './messages.ts';

/** The reviewers' latest note, when it asks for changes or says why the practice was not accepted. */
export function lastReviewNote(practice: BestPractice) {
  return [...practice.timeline]
    .reverse()
    .find((t) => (t.action === 'request_changes' || t.action === 'reject') && t.note);
}
export const showNoteFor = (practice: BestPractice) =>
  Boolean(lastReviewNote(practice)) && (practice.status === 'changes_requested' || practice.status === 'rejected');

export function ReviewersNote({ practice }: { practice: BestPractice }) {
  const lastNote = lastReviewNote(practice)!;
  const open = openComments(practice.comments);
  return (
    <div className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" role="note">
      <p className="font-semibold">
        {practice.status === 'rejected' ? m('notes.whyRejected') : m('notes.changesRequested')}
      </p>
      <p className="mt-1 whitespace-pre-line text-sm">{lastNote.note}</p>
      <p className="mt-1 text-xs">
        <bdi>{lastNote.actor_name}</bdi> · {formatDate(lastNote.at)}
        {open.length > 0 && m('notes.seeComments', { count: open.length })}
      </p>
    </div>
  );
}

/** Why the practice cannot be edited here. */
export function ReadOnlyNote({ practice, writer }: { practice: BestPractice; writer: boolean }) {
  return (
    <p className="mb-6 rounded-md bg-slate-100 px-4 py-3 text-sm text-slate-700">
      {!writer
        ? m('notes.readOnly')
        : practice.status === 'submitted'
          ? m('notes.waiting')
          : practice.status === 'published'
            ? m('notes.published')
            : m('notes.otherStatus', { status: STATUS_IN_SENTENCE[practice.status] })}
    </p>
  );
}

/** A published practice being revised (decision 033): the public library keeps the published version. */
export function PublicCopyNote({ since }: { since: string }) {
  return (
    <div className="mb-6 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sky-950" role="note">
      <p className="font-semibold">{m('notes.publicCopyTitle')}</p>
      <p className="mt-1 text-sm">{m('notes.publicCopyText', { date: formatDate(since) })}</p>
    </div>
  );
}
