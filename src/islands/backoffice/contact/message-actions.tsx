import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ContactMessageDetail } from '../../../lib/contact/schema.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ui } from '../ui/styles.ts';
import { $messageBusy, deleteMessage, setMessageStatus } from './contact-actions.ts';
import { m } from './messages.ts';

/**
 * The secretariat's actions on the open message: mark it answered (or new again), archive it
 * (or bring it back), delete it after a confirmation. Each sends the version shown; a message
 * changed meanwhile is shown as it is now.
 */
export function MessageActions({ message }: { message: ContactMessageDetail }) {
  const busy = useStore($messageBusy);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const statusButton = (label: string, status: ContactMessageDetail['status']) => (
    <button
      type="button"
      className={ui.secondaryButton}
      aria-disabled={busy !== null || undefined}
      onClick={() => void setMessageStatus(message, status)}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={m('actions')} className="flex flex-wrap gap-2">
      {message.status === 'answered' ? statusButton(m('markNew'), 'new') : statusButton(m('markAnswered'), 'answered')}
      {message.status === 'archived' ? statusButton(m('unarchive'), 'new') : statusButton(m('archive'), 'archived')}
      <button
        type="button"
        className={`${ui.secondaryButton} text-red-800`}
        aria-disabled={busy !== null || undefined}
        onClick={() => setConfirmDelete(true)}
      >
        {m('delete')}
      </button>
      <ConfirmDialog
        open={confirmDelete}
        title={m('deleteTitle')}
        confirmLabel={m('deleteConfirm')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void deleteMessage(message);
        }}
      >
        <p>{m('deleteText', { subject: message.subject, name: message.name })}</p>
      </ConfirmDialog>
    </div>
  );
}
