import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ContactMessageDetail } from '../../../lib/contact/schema.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ui } from '../ui/styles.ts';
import { $messageBusy, deleteMessage, setMessageStatus } from './contact-actions.ts';

/**
 * The secretariat's actions on the open message: mark it answered (or new again), archive it
 * (or bring it back), delete it after a confirmation. Each sends the version shown; a message
 * changed meanwhile is shown as it is now.
 */
export function MessageActions({ message }: { message: ContactMessageDetail }) {
  const busy = useStore($messageBusy);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const statusButton = (label: string, status: ContactMessageDetail['status']) => (
    <button type="button" className={ui.secondaryButton} aria-disabled={busy !== null || undefined} onClick={() => void setMessageStatus(message, status)}>
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Actions on this message" className="flex flex-wrap gap-2">
      {message.status === 'answered' ? statusButton('Mark as new', 'new') : statusButton('Mark answered', 'answered')}
      {message.status === 'archived' ? statusButton('Move back to the inbox', 'new') : statusButton('Archive', 'archived')}
      <button type="button" className={`${ui.secondaryButton} text-red-800`} aria-disabled={busy !== null || undefined} onClick={() => setConfirmDelete(true)}>
        Delete…
      </button>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this message?"
        confirmLabel="Delete message"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void deleteMessage(message);
        }}
      >
        <p>
          The message “{message.subject}” from {message.name} and the record of the replies sent to it are deleted for good. Archive it instead to keep
          it out of the way.
        </p>
      </ConfirmDialog>
    </div>
  );
}
