import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { m } from './messages.ts';
import { ui } from './styles.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  tone?: 'danger' | 'primary';
}

/**
 * Asks before a change that is easy to make by mistake and hurts someone (deactivation, role
 * removal). The dialog focuses its first button, Cancel, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  tone = 'danger',
}: ConfirmDialogProps) {
  return (
    // The dialog element itself covers the viewport, so it has a box of its own (and is "visible").
    <Dialog open={open} onClose={onCancel} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        <Description as="div" className="mt-2 text-sm text-slate-700">
          {children}
        </Description>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          {/* data-autofocus: Headless UI's dialog focuses this, not the first link of the text above. */}
          <button type="button" className={ui.secondaryButton} onClick={onCancel} data-autofocus>
            {m('confirm.cancel')}
          </button>
          <button type="button" className={tone === 'danger' ? ui.dangerButton : ui.primaryButton} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

/**
 * "Leave without saving?" of a form with unsaved changes (its `useLeaveGuard`): open while a
 * navigation waits; leaving runs `onLeave` first (a chosen image is put aside, say).
 */
export function LeaveDialog({
  guard,
  title,
  confirmLabel,
  onLeave = () => {},
  children,
}: {
  /** What `useLeaveGuard` returns (lib/leave-guard.ts). */
  guard: { pending: string | null; stay: () => void; leave: (beforeLeaving: () => void) => void };
  title: string;
  confirmLabel: string;
  onLeave?: () => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={guard.pending !== null}
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={() => guard.leave(onLeave)}
      onCancel={guard.stay}
    >
      {children}
    </ConfirmDialog>
  );
}
