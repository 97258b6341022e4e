import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { missingForSubmission } from '../../../lib/best-practices/completeness.ts';
import { PRACTICE_NOTE_MAX, type BestPractice, type PracticeAction } from '../../../lib/best-practices/schema.ts';
import { allowedActions, canDelete, type PracticeActor } from '../../../lib/best-practices/workflow.ts';
import { TextAreaField } from '../lib/text-area-field.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDate } from '../ui/format.ts';
import { ui } from '../ui/styles.ts';
import { TimelineCard } from '../ui/timeline.tsx';
import { openComments } from './comments-store.ts';
import { ACTION_LABELS, sectionLabel as label, STATUS_IN_SENTENCE } from './labels.ts';
import { m } from './messages.ts';
import { contentOf, type PracticeDraft } from './practice-draft.ts';
import { $practiceForm, deletePractice, takeAction } from './practice-form-store.ts';

/** Actions that ask first: they need a note, or they change what the public sees. */
const ASK: Partial<
  Record<PracticeAction, { note: boolean; text: string; tone: 'danger' | 'primary'; title?: string }>
> = {
  request_changes: { note: true, text: m('review.ask.request_changes'), tone: 'primary' },
  reject: { note: true, text: m('review.ask.reject'), tone: 'danger' },
  publish: { note: false, text: m('review.ask.publish'), tone: 'primary' },
  archive: { note: false, text: m('review.ask.archive'), tone: 'danger' },
  withdraw: { note: false, text: m('review.ask.withdraw'), tone: 'primary' },
  revise: {
    title: m('review.ask.reviseTitle'),
    note: false,
    text: m('review.ask.revise'),
    tone: 'primary',
  },
};

/** While a published practice is revised, what archiving and restoring do differs: say so. */
const ASK_WHILE_REVISED: Partial<typeof ASK> = {
  archive: { note: false, text: m('review.ask.archiveRevised'), tone: 'danger' },
};

/** The workflow bar: the actions the user may take now, with a note where one is needed. */
export function WorkflowActions({
  practice,
  draft,
  actor,
  canWrite,
  isAuthor,
}: {
  practice: BestPractice;
  draft: PracticeDraft;
  actor: PracticeActor;
  canWrite: boolean;
  isAuthor: boolean;
}) {
  const busy = useStore($practiceForm).busyAction;
  const [asking, setAsking] = useState<PracticeAction | 'delete' | null>(null);
  const [note, setNote] = useState('');
  const context = { revised: practice.public_copy_kept_at !== null };
  // A reviewer withdraws only what they submitted themselves; reviewing someone's practice, they decide on it.
  const actions = allowedActions(practice.status, actor, context).filter((a) =>
    a === 'submit' || a === 'revise'
      ? canWrite
      : a === 'withdraw'
        ? canWrite && (actor === 'author' || isAuthor)
        : actor === 'reviewer',
  );
  const missing = missingForSubmission(contentOf(draft));
  const ask = asking && asking !== 'delete' ? (context.revised && ASK_WHILE_REVISED[asking]) || ASK[asking] : undefined;

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
          <button
            key={action}
            type="button"
            disabled={busy !== null || blocked}
            onClick={() => click(action)}
            className={
              primary
                ? ui.primaryButton
                : action === 'reject' || action === 'archive'
                  ? `${ui.secondaryButton} text-red-700`
                  : ui.secondaryButton
            }
            aria-describedby={blocked ? 'bp-submit-missing' : undefined}
          >
            {busy === action ? m('review.working') : ACTION_LABELS[action]}
          </button>
        );
      })}
      {canWrite && canDelete(practice.status, actor, context) && (
        <button
          type="button"
          className="ml-auto text-sm font-medium text-red-700 hover:underline"
          disabled={busy !== null}
          onClick={() => setAsking('delete')}
        >
          {m('review.delete')}
        </button>
      )}
      {actions.includes('submit') && missing.length > 0 && (
        <p id="bp-submit-missing" className="w-full text-sm text-slate-700">
          {m('review.toSubmit', { sections: missing.map(label).join(m('review.listSeparator')) })}
        </p>
      )}

      <ConfirmDialog
        open={ask !== undefined}
        title={
          asking && asking !== 'delete' ? (ask?.title ?? m('actionAsk.title', { action: ACTION_LABELS[asking] })) : ''
        }
        tone={ask?.tone}
        confirmLabel={asking && asking !== 'delete' ? ACTION_LABELS[asking] : ''}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking && asking !== 'delete' && (!ask?.note || note.trim())) void run(asking);
        }}
      >
        <p>{ask?.text}</p>
        {ask?.note && (
          <TextAreaField
            id="bp-note"
            label={m('review.note')}
            className="mt-3"
            textarea={{ rows: 4, maxLength: PRACTICE_NOTE_MAX, value: note, onChange: (e) => setNote(e.target.value) }}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title={m('review.deleteTitle', { title: practice.title })}
        confirmLabel={m('review.deleteConfirm')}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          void deletePractice();
        }}
      >
        <p>{m('review.deleteText')}</p>
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
      <h3 className="font-semibold text-slate-900">{m('review.comments')}</h3>
      <p className="mt-1 text-slate-700">
        {open.length === 0 ? m('review.allResolved') : m('review.open', { count: open.length })}
        {resolved.length > 0 && m('review.resolvedCount', { count: resolved.length })}
      </p>
      {resolved.length > 0 && (
        <ul className="mt-2 space-y-1.5" aria-label={m('review.resolvedList')}>
          {resolved.map((c) => (
            <li key={c.id} className="text-slate-700">
              <a href={`#section-${c.section}`} className={ui.link}>
                {label(c.section)}
              </a>
              {m('review.resolvedBy', {
                name: c.resolved_by_name ?? m('comments.someone'),
                date: formatDate(c.resolved_at!),
              })}
              <span dir="auto" className="block text-slate-600">
                “{excerpt(c.body)}”
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const EVENT_LABELS: Record<string, string> = {
  create: m('event.create'),
  comment: m('event.comment'),
  resolve_comment: m('event.resolve_comment'),
  reopen_comment: m('event.reopen_comment'),
  submit: m('event.submit'),
  request_changes: m('event.request_changes'),
  withdraw: m('event.withdraw'),
  publish: m('event.publish'),
  reject: m('event.reject'),
  archive: m('event.archive'),
  unarchive: m('event.unarchive'),
  feature: m('event.feature'),
  unfeature: m('event.unfeature'),
  revise: m('event.revise'),
};

/** Who did what and when: creation, each step of the review and each comment. */
export function Timeline({ practice }: { practice: BestPractice }) {
  return (
    <TimelineCard
      id="bp-timeline"
      title={m('timeline.title')}
      empty={m('timeline.empty')}
      headingSize="text-base"
      listClass="mt-3 space-y-3 border-l border-slate-200 pl-4"
      entries={practice.timeline}
    >
      {(entries) =>
        entries.map((e, i) => (
          <li key={i} className="relative text-sm">
            <span
              aria-hidden="true"
              className="absolute -left-[21px] top-1.5 size-2.5 rounded-full bg-brand-600 ring-2 ring-white"
            />
            <p className="text-slate-900">
              <bdi className="font-medium">{e.actor_name ?? m('timeline.someone')}</bdi> ·{' '}
              {EVENT_LABELS[e.action] ?? e.action}
              {e.to && e.from !== e.to && e.action !== 'create' && (
                <span className="text-slate-600">{m('timeline.now', { status: STATUS_IN_SENTENCE[e.to] })}</span>
              )}
            </p>
            {e.note && (
              <p dir="auto" className="mt-0.5 whitespace-pre-line text-slate-700">
                {e.note}
              </p>
            )}
            <p className="text-xs text-slate-500">{formatDate(e.at)}</p>
          </li>
        ))
      }
    </TimelineCard>
  );
}
