import type { FormEvent, ReactNode, RefObject } from 'react';
import type { useLeaveGuard } from '../lib/leave-guard.ts';
import { LeaveDialog } from '../ui/confirm-dialog.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';

type Props = {
  /** The form's id: its title is `{id}-title`. */
  id: string;
  /** Width and spacing beside the card's own look. */
  className: string;
  onSubmit: () => void;
  /** The title, which takes the focus when the form opens. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  title: string;
  hint: string;
  saving: boolean | undefined;
  /** Unsaved changes: the back link cancels, and leaving asks first. */
  dirty: boolean;
  submitLabel: string;
  back: { href: string; label: string };
  leave: { guard: ReturnType<typeof useLeaveGuard>; onLeave: () => void; body: string };
  /** The conflict, the refusal and the fields. */
  children: ReactNode;
  /** Dialogs of the form's own, after its buttons. */
  dialogs?: ReactNode;
};

/**
 * A questionnaire administrator's form (a question, a reporting cycle): its title and hint, the
 * fields, the buttons that save or go back, and "Leave without saving?".
 */
export function EditForm({
  id,
  className,
  onSubmit,
  headingRef,
  title,
  hint,
  saving,
  dirty,
  submitLabel,
  back,
  leave,
  children,
  dialogs,
}: Props) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className={`${ui.card} ${className}`}
      aria-busy={saving}
      aria-labelledby={`${id}-title`}
    >
      <div>
        <h2
          id={`${id}-title`}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 outline-none"
        >
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{hint}</p>
      </div>
      {children}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <button type="submit" className={ui.primaryButton} disabled={saving}>
          {saving ? m('common.saving') : submitLabel}
        </button>
        <a href={back.href} className={ui.secondaryButton}>
          {dirty ? m('common.cancel') : back.label}
        </a>
        {dirty && <span className="text-sm text-slate-600">{m('common.unsaved')}</span>}
      </div>
      {dialogs}
      <LeaveDialog
        guard={leave.guard}
        title={m('leave.title')}
        confirmLabel={m('leave.confirm')}
        onLeave={leave.onLeave}
      >
        <p>{leave.body}</p>
      </LeaveDialog>
    </form>
  );
}
