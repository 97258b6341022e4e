import { GoogleAuthProvider, signInWithPopup, signInWithRedirect, type Auth, type User } from 'firebase/auth';
import { useState } from 'react';
import { authErrorCode, authErrorMessage } from './auth-errors.ts';
import { m } from './messages.ts';
import { buttonClass, Spinner } from './ui.tsx';

/** Popup and redirect failures that, with the local emulator, mean Google's helper script could not load. */
const HELPER_SCRIPT_FAILURES = new Set(['auth/internal-error', 'auth/network-request-failed']);

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/** The message for a failed Google sign-in, with a hint when the local emulator is in use. */
export function googleErrorMessage(error: unknown, localMode: boolean): string {
  const code = authErrorCode(error);
  if (localMode && code && HELPER_SCRIPT_FAILURES.has(code)) {
    return m('error.googleOffline');
  }
  return authErrorMessage(error);
}

interface Props {
  auth: Auth;
  localMode: boolean;
  disabled: boolean;
  onBusy: (busy: boolean) => void;
  onError: (message: string | null) => void;
  onSignedIn: (user: User) => Promise<void>;
}

/**
 * "Sign in with Google" by popup (the SDK's 500×600 window; it reports a closed window
 * after its 8 s grace period as auth/popup-closed-by-user), plus a redirect alternative
 * for browsers that block popups. The redirect's result is read by the login page on load.
 */
export function GoogleSignIn({ auth, localMode, disabled, onBusy, onError, onSignedIn }: Props) {
  const [pending, setPending] = useState<'popup' | 'redirect' | null>(null);

  async function withPopup() {
    onError(null);
    setPending('popup');
    onBusy(true);
    try {
      const credential = await signInWithPopup(auth, googleProvider());
      await onSignedIn(credential.user);
    } catch (error) {
      onError(googleErrorMessage(error, localMode));
      setPending(null);
      onBusy(false);
    }
  }

  async function withRedirect() {
    onError(null);
    setPending('redirect');
    onBusy(true);
    try {
      await signInWithRedirect(auth, googleProvider());
    } catch (error) {
      onError(googleErrorMessage(error, localMode));
      setPending(null);
      onBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={disabled || pending !== null}
        onClick={withPopup}
      >
        {pending === 'popup' ? <Spinner /> : <GoogleMark />}
        {pending === 'popup' ? m('google.waiting') : m('google.signIn')}
      </button>
      {pending === 'popup' && (
        <p role="status" className="text-sm text-slate-600">
          {m('google.finish')}
        </p>
      )}
      <p className="text-center text-sm text-slate-600">
        {m('google.popupsBlocked')}{' '}
        <button
          type="button"
          className={buttonClass.link}
          disabled={disabled || pending !== null}
          onClick={withRedirect}
        >
          {pending === 'redirect' ? m('google.going') : m('google.redirect')}
        </button>
      </p>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#EA4335"
        d={
          'M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.9 6.1C12.5 13.6 ' +
          '17.8 9.5 24 9.5z'
        }
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d={
          'M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 ' +
          '42.6 14.6 48 24 48z'
        }
      />
    </svg>
  );
}
