import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { missingForSubmission } from '../../../lib/best-practices/completeness.ts';
import { FORM_SECTIONS, PRACTICE_NOTE_MAX, type BestPractice, type PracticeAction } from '../../../lib/best-practices/schema.ts';
import { ACTION_LABELS, allowedActions, canDelete, PRACTICE_STATUS_LABELS, type PracticeActor } from '../../../lib/best-practices/workflow.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDate } from '../ui/format.ts';
import { ui } from '../ui/styles.ts';
import { openComments } from './comments-store.ts';
import { contentOf, type PracticeDraft } from './practice-draft.ts';
import { $practiceForm, deletePractice, takeAction } from './practice-form-store.ts';

/** Actions that ask first: they need a note, or they change what the public sees. */
const ASK: Partial<Record<PracticeAction, { note: boolean; text: string; tone: 'danger' | 'primary'; title?: string }>> = {
  request_changes: { note: true, text: 'The authors can edit the practice again and see your note and comments.', tone: 'primary' },
  reject: { note: true, text: 'The practice is closed: it cannot be edited or published any more.', tone: 'danger' },
  publish: { note: false, text: 'It appears in the public library after the next site build, which starts by itself.', tone: 'primary' },
  archive: { note: false, text: 'It is taken off the public library; it can be restored later.', tone: 'danger' },
  withdraw: { note: false, text: 'It goes back to draft; submit it again when it is ready.', tone: 'primary' },
  revise: {
    title: 'Revise the published practice?',
    note: false,
    text: 'The practice goes back to draft so that it can be changed. The public library keeps showing it exactly as it was published, text and pictures included, until the new version is submitted, reviewed and published.',
    tone: 'primary',
  },
};

/** While a published practice is revised, what archiving and restoring do differs: say so. */
const ASK_WHILE_REVISED: Partial<typeof ASK> = {
  archive: { note: false, text: 'The published version is taken off the public library at once, and the changes being made are not published. It can be restored later, as it then is.', tone: 'danger' },
};

const label = (key: string) => FORM_SECTIONS.find((s) => s.key === key)?.label ?? key;

/** The workflow bar: the actions the user may take now, with a note where one is needed. */
export function WorkflowActions({ practice, draft, actor, canWrite, isAuthor }: { practice: BestPractice; draft: PracticeDraft; actor: PracticeActor; canWrite: boolean; isAuthor: boolean }) {
  const busy = useStore($practiceForm).busyAction;
  const [asking, setAsking] = useState<PracticeAction | 'delete' | null>(null);
  const [note, setNote] = useState('');
  const context = { revised: practice.public_copy_kept_at !== null };
  // A reviewer withdraws only what they submitted themselves; reviewing someone's practice, they decide on it.
  const actions = allowedActions(practice.status, actor, context).filter((a) =>
    a === 'submit' || a === 'revise' ? canWrite : a === 'withdraw' ? canWrite && (actor === 'author' || isAuthor) : actor === 'reviewer',
  );
  const missing = missingForSubmission(contentOf(draft));
  const ask = asking && asking !== 'delete' ? ((context.revised && ASK_WHILE_REVISED[asking]) || ASK[asking]) : undefined;

  const run = async (action: PracticeAction) => {
    if (await takeAction(action, note.trim() || undefined)) {
      setAsking(null);
      setNote('');
    }
  };
  const click = (action: PracticeAction) => (ASK[action] ? setAsking(action) : void run(action));

  return (
    <div className="flex flex-wrap items-center gap-2">
      {actions.map((action) => {
        const blocked = action === 'submit' && missing.length > 0;
        const primary = action === 'submit' || action === 'publish' || action === 'revise';
        return (
          <button key={action} type="button" disabled={busy !== null || blocked} onClick={() => click(action)}
            className={primary ? ui.primaryButton : action === 'reject' || action === 'archive' ? `${ui.secondaryButton} text-red-700` : ui.secondaryButton}
            aria-describedby={blocked ? 'bp-submit-missing' : undefined}>
            {busy === action ? 'Working…' : ACTION_LABELS[action]}
          </button>
        );
      })}
      {canWrite && canDelete(practice.status, actor, context) && (
        <button type="button" className="ml-auto text-sm font-medium text-red-700 hover:underline" disabled={busy !== null} onClick={() => setAsking('delete')}>
          Delete practice
        </button>
      )}
      {actions.includes('submit') && missing.length > 0 && (
        <p id="bp-submit-missing" className="w-full text-sm text-slate-700">
          To submit, fill in: {missing.map(label).join(', ')}.
        </p>
      )}

      <ConfirmDialog open={ask !== undefined} title={asking && asking !== 'delete' ? (ask?.title ?? `${ACTION_LABELS[asking]}?`) : ''} tone={ask?.tone}
        confirmLabel={asking && asking !== 'delete' ? ACTION_LABELS[asking] : ''} onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking && asking !== 'delete' && (!ask?.note || note.trim())) void run(asking);
        }}>
        <p>{ask?.text}</p>
        {ask?.note && (
          <div className="mt-3">
            <label htmlFor="bp-note" className={ui.label}>
              Note to the authors (required)
            </label>
            <textarea dir="auto" id="bp-note" rows={4} maxLength={PRACTICE_NOTE_MAX} className={`${ui.input} mt-1`} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
        )}
      </ConfirmDialog>
      <ConfirmDialog open={asking === 'delete'} title={`Delete “${practice.title}”?`} confirmLabel="Delete" onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          void deletePractice();
        }}>
        <p>The practice, its images and its documents are removed for good. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}

const excerpt = (text: string, max = 90) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/**
 * The review comments at a glance: how many are still open and, for each resolved one, who
 * resolved it and when, linked to its section (what a reviewer checks first on resubmission).
 */
export function CommentSummary({ practice }: { practice: BestPractice }) {
  if (practice.comments.length === 0) return null;
  const open = openComments(practice.comments);
  const resolved = practice.comments.filter((c) => c.resolved_at !== null);
  return (
    <div className="mt-4 border-t border-slate-200 pt-3 text-sm">
      <h3 className="font-semibold text-slate-900">Review comments</h3>
      <p className="mt-1 text-slate-700">
        {open.length === 0 ? 'No open comments: all are resolved.' : `${open.length} open comment${open.length === 1 ? '' : 's'}, shown beside ${open.length === 1 ? 'its section' : 'their sections'}.`}
        {resolved.length > 0 && ` ${resolved.length} resolved.`}
      </p>
      {resolved.length > 0 && (
        <ul className="mt-2 space-y-1.5" aria-label="Resolved comments, by section">
          {resolved.map((c) => (
            <li key={c.id} className="text-slate-700">
              <a href={`#section-${c.section}`} className={ui.link}>
                {label(c.section)}
              </a>
              : resolved by {c.resolved_by_name ?? 'someone'} on {formatDate(c.resolved_at!)}
              <span className="block text-slate-600">“{excerpt(c.body)}”</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const EVENT_LABELS: Record<string, string> = {
  create: 'Started the draft',
  comment: 'Commented',
  resolve_comment: 'Marked a comment resolved',
  reopen_comment: 'Opened a comment again',
  ...Object.fromEntries(Object.entries(ACTION_LABELS)),
  submit: 'Submitted for review',
  request_changes: 'Asked for changes',
  withdraw: 'Withdrew the submission',
  publish: 'Published',
  reject: 'Did not accept the practice',
  archive: 'Archived',
  unarchive: 'Restored to the library',
  feature: 'Featured it on the home page',
  unfeature: 'Stopped featuring it',
  revise: 'Opened the published practice for revision',
};

/** Who did what and when: creation, each step of the review and each comment. */
export function Timeline({ practice }: { practice: BestPractice }) {
  const entries = [...practice.timeline].reverse();
  return (
    <section aria-labelledby="bp-timeline" className={ui.card}>
      <h2 id="bp-timeline" className="text-base font-semibold text-slate-900">
        History
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing yet.</p>
      ) : (
        <ol className="mt-3 space-y-3 border-l border-slate-200 pl-4">
          {entries.map((e, i) => (
            <li key={i} className="relative text-sm">
              <span aria-hidden="true" className="absolute -left-[21px] top-1.5 size-2.5 rounded-full bg-brand-600 ring-2 ring-white" />
              <p className="text-slate-900">
                <span className="font-medium">{e.actor_name ?? 'Someone'}</span> · {EVENT_LABELS[e.action] ?? e.action}
                {e.to && e.from !== e.to && e.action !== 'create' && <span className="text-slate-600"> (now {PRACTICE_STATUS_LABELS[e.to].toLowerCase()})</span>}
              </p>
              {e.note && <p dir="auto" className="mt-0.5 whitespace-pre-line text-slate-700">{e.note}</p>}
              <p className="text-xs text-slate-500">{formatDate(e.at)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
