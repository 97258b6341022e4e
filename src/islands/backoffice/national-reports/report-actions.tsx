import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Labelled } from '../ui/field.tsx';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { WORKFLOW_NOTE_MAX, type Report, type ReportUpdateAction } from '../../../lib/national-reports/schema.ts';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { $actionBusy, reportActions, roleOf, runReportAction } from './report-store.ts';

interface ActionText {
  button: string;
  title: string;
  body: string;
  confirm: string;
  tone: 'primary' | 'danger';
  note: 'required' | 'optional';
}

const TEXT: Partial<Record<ReportUpdateAction, ActionText>> = {
  accept: {
    button: m('review.accept'),
    title: m('review.acceptTitle'),
    body: m('review.acceptBody'),
    confirm: m('review.accept'),
    tone: 'primary',
    note: 'optional',
  },
  return: {
    button: m('review.returnButton'),
    title: m('review.returnTitle'),
    body: m('review.returnBody'),
    confirm: m('review.return'),
    tone: 'danger',
    note: 'required',
  },
  publish: {
    button: m('review.publish'),
    title: m('review.publishTitle'),
    body: m('review.publishBody'),
    confirm: m('review.publish'),
    tone: 'primary',
    note: 'optional',
  },
  unpublish: {
    button: m('review.unpublish'),
    title: m('review.unpublishTitle'),
    body: m('review.unpublishBody'),
    confirm: m('review.unpublish'),
    tone: 'danger',
    note: 'optional',
  },
  unlock: {
    button: m('review.unlockButton'),
    title: m('review.unlockTitle'),
    body: m('review.unlockBody'),
    confirm: m('review.unlock'),
    tone: 'danger',
    note: 'required',
  },
};

/**
 * What the dialog of `action` says about this report: unlocking a published report tells that the
 * public page keeps the published version while the country revises (decision 026).
 */
function textOf(action: ReportUpdateAction, report: Report): ActionText | undefined {
  const text = TEXT[action];
  if (action !== 'unlock' || report.status !== 'published' || !text) return text;
  return {
    ...text,
    title: m('review.unlockPublishedTitle'),
    body: m('review.unlockPublishedBody'),
  };
}

/** The review actions of the workflow a role may take now, each asked for in a dialog. */
export function ReviewActions({ report, identity }: { report: Report; identity: Whoami }) {
  const role = roleOf(identity);
  const { actions } = reportActions(report, role);
  // The step forward first (accept, publish), then the ones that step back.
  const reviewActions = actions
    .filter((action) => TEXT[action])
    .sort((a, b) => Number(TEXT[b]!.tone === 'primary') - Number(TEXT[a]!.tone === 'primary'));
  const busy = useStore($actionBusy);
  const [open, setOpen] = useState<ReportUpdateAction | null>(null);
  const [note, setNote] = useState('');
  if (reviewActions.length === 0) return null;
  const text = open ? textOf(open, report) : undefined;
  const noteMissing = text?.note === 'required' && note.trim() === '';

  const confirm = async () => {
    if (!open || noteMissing) return;
    const done = await runReportAction(identity, { action: open, ...(note.trim() ? { note: note.trim() } : {}) });
    if (done) {
      setOpen(null);
      setNote('');
    }
  };

  return (
    <>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        {reviewActions.map((action) => (
          <button
            key={action}
            type="button"
            className={TEXT[action]!.tone === 'danger' ? ui.secondaryButton : ui.primaryButton}
            disabled={busy !== null}
            onClick={() => {
              setNote('');
              setOpen(action);
            }}
          >
            {TEXT[action]!.button}
          </button>
        ))}
      </div>
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        className="fixed inset-0 z-50 flex items-center justify-center p-4"
      >
        <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
        <DialogPanel className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{text?.title}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-700">{text?.body}</Description>
          <Labelled
            id="workflow-note"
            label={text?.note === 'required' ? m('review.reason') : m('review.note')}
            className="mt-4"
          >
            <textarea
              dir="auto"
              id="workflow-note"
              rows={4}
              maxLength={WORKFLOW_NOTE_MAX}
              className={`${ui.input} mt-1`}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </Labelled>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className={ui.secondaryButton} onClick={() => setOpen(null)}>
              {m('common.cancel')}
            </button>
            <button
              type="button"
              className={text?.tone === 'danger' ? ui.dangerButton : ui.primaryButton}
              disabled={noteMissing || busy !== null}
              onClick={() => void confirm()}
            >
              {busy !== null ? m('review.working') : text?.confirm}
            </button>
          </div>
        </DialogPanel>
      </Dialog>
    </>
  );
}
