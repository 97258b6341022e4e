import type { Auth, User } from 'firebase/auth';
import { useState } from 'react';
import { authErrorMessage } from './auth-errors.ts';
import { richText } from '../i18n/rich-text.tsx';
import { m } from './messages.ts';
import { authHref, noteSignIn } from './language.ts';
import { destinationAfterSignIn, VERIFICATION_PATH } from './navigation.ts';
import { endSession } from './session.ts';
import { ContinueOrSignOut } from './session-buttons.tsx';
import { ErrorAlert, Step } from './ui.tsx';

/** For a visitor who is already signed in: who they are, Continue, or Sign out. */
export function SignedIn({ auth, user }: { auth: Auth; user: User }) {
  const [busy, setBusy] = useState<'continue' | 'sign-out' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = user.displayName
    ? `${user.displayName} (${user.email ?? m('signedIn.noEmail')})`
    : (user.email ?? m('signedIn.yourAccount'));

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
    <Step
      title={m('signedIn.title')}
      intro={richText(m('signedIn.intro'), { name: <strong className="text-slate-900">{name}</strong> })}
    >
      <ErrorAlert id="signed-in-error" message={error} />
      <ContinueOrSignOut
        busy={busy}
        onContinue={() => {
          setBusy('continue');
          noteSignIn();
          location.assign(destinationAfterSignIn(user, location.search, authHref(VERIFICATION_PATH)));
        }}
        onSignOut={signOutHere}
      />
    </Step>
  );
}
