import { m } from './messages.ts';
import { ActionButton } from './ui.tsx';

/** Sign out, as a secondary button; `busy` names the action under way, if any (all buttons wait for it). */
export function SignOutButton({ busy, onSignOut }: { busy: string | null; onSignOut: () => void }) {
  return (
    <ActionButton
      type="button"
      variant="secondary"
      busy={busy === 'sign-out'}
      busyLabel={m('signedIn.signingOut')}
      disabled={busy !== null}
      onClick={onSignOut}
    >
      {m('signedIn.signOut')}
    </ActionButton>
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
      <ActionButton
        type="button"
        busy={busy === 'continue'}
        busyLabel={m('signedIn.opening')}
        disabled={busy !== null}
        onClick={onContinue}
      >
        {m('signedIn.continue')}
      </ActionButton>
      <SignOutButton busy={busy} onSignOut={onSignOut} />
    </div>
  );
}
