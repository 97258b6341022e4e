import type { Auth, User } from 'firebase/auth';
import { useState } from 'react';
import { authErrorMessage } from './auth-errors.ts';
import { destinationAfterSignIn } from './navigation.ts';
import { endSession } from './session.ts';
import { ActionButton, ErrorAlert, Heading } from './ui.tsx';

/** For a visitor who is already signed in: who they are, Continue, or Sign out. */
export function SignedIn({ auth, user }: { auth: Auth; user: User }) {
  const [busy, setBusy] = useState<'continue' | 'sign-out' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = user.displayName ? `${user.displayName} (${user.email ?? 'no email'})` : (user.email ?? 'your account');

  async function signOutHere() {
    setBusy('sign-out');
    setError(null);
    try {
      await endSession(auth);
    } catch (caught) {
      setError(authErrorMessage(caught));
      setBusy(null);
    }
  }

  return (
    <div className="space-y-6">
      <Heading title="You are already signed in" intro={<>You are signed in as <strong className="text-slate-900">{name}</strong>.</>} />
      <ErrorAlert id="signed-in-error" message={error} />
      <div className="space-y-3">
        <ActionButton
          type="button"
          busy={busy === 'continue'}
          busyLabel="Opening…"
          disabled={busy !== null}
          onClick={() => {
            setBusy('continue');
            location.assign(destinationAfterSignIn(user, location.search));
          }}
        >
          Continue
        </ActionButton>
        <ActionButton type="button" variant="secondary" busy={busy === 'sign-out'} busyLabel="Signing out…" disabled={busy !== null} onClick={signOutHere}>
          Sign out
        </ActionButton>
      </div>
    </div>
  );
}
