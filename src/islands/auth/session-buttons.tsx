import type { ButtonHTMLAttributes } from 'react';
import { m } from './messages.ts';
import { ActionButton } from './ui.tsx';

/**
 * The button of one of a page's actions (`action`) of which one runs at a time: `busy` names the
 * one under way, if any, and every button waits for it.
 */
export function OneOfActions({
  action,
  busy,
  busyLabel,
  variant,
  disabled = false,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  action: string;
  busy: string | null;
  busyLabel: string;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <ActionButton
      type="button"
      variant={variant}
      busy={busy === action}
      busyLabel={busyLabel}
      disabled={busy !== null || disabled}
      {...button}
    />
  );
}

/** Sign out, as a secondary button; `busy` names the action under way, if any (all buttons wait for it). */
export function SignOutButton({ busy, onSignOut }: { busy: string | null; onSignOut: () => void }) {
  return (
    <OneOfActions
      action="sign-out"
      variant="secondary"
      busy={busy}
      busyLabel={m('signedIn.signingOut')}
      onClick={onSignOut}
    >
      {m('signedIn.signOut')}
    </OneOfActions>
  );
}

/** For a signed-in person whose account is ready: Continue into the portal, or Sign out. */
export function ContinueOrSignOut({
  busy,
  onContinue,
  onSignOut,
}: {
  busy: string | null;
  onContinue: () => void;
  onSignOut: () => void;
}) {
  return (
    <div className="space-y-3">
      <OneOfActions action="continue" busy={busy} busyLabel={m('signedIn.opening')} onClick={onContinue}>
        {m('signedIn.continue')}
      </OneOfActions>
      <SignOutButton busy={busy} onSignOut={onSignOut} />
    </div>
  );
}
