import { sendEmailVerification, type Auth, type User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { authErrorMessage } from './auth-errors.ts';
import { authHref, authUrl, noteSignIn } from './language.ts';
import { AFTER_VERIFICATION, VERIFICATION_PATH } from './navigation.ts';
import { endSession, rememberVerificationSent, verificationSentAt } from './session.ts';
import { richText } from '../i18n/rich-text.tsx';
import { m } from './messages.ts';
import { SimulatedEmail } from './simulated-email.tsx';
import { ContinueOrSignOut, OneOfActions, SignOutButton } from './session-buttons.tsx';
import { ErrorAlert, Notice, Step } from './ui.tsx';

/** Seconds between two verification emails, so that the identity service does not refuse them. */
export const RESEND_COOLDOWN_SECONDS = 60;

function secondsLeft(sentAt: number | null, now: number): number {
  if (sentAt === null) return 0;
  return Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000));
}

/** Refreshes the user and their ID token, so the server sees `email_verified` at once. */
async function refreshVerification(user: User): Promise<boolean> {
  await user.reload();
  if (user.emailVerified) await user.getIdToken(true);
  return user.emailVerified;
}

interface Props {
  auth: Auth;
  user: User;
  localMode: boolean;
}

/** The signed-in person's verification: resend, "I have verified — continue", sign out. */
export function VerificationStatus({ auth, user, localMode }: Props) {
  const { verified, sentAt, busy, error, notice, wait, resend, continueOn, signOutHere } = useVerification(auth, user);
  if (verified)
    return <Verified email={user.email} error={error} busy={busy} onContinue={continueOn} onSignOut={signOutHere} />;

  return (
    <Step
      title={m('verify.title')}
      intro={richText(m('verify.sentTo'), { email: <strong className="text-slate-900">{user.email}</strong> })}
    >
      {notice && <Notice tone="success">{notice}</Notice>}
      <ErrorAlert id="verification-error" message={error} />
      <div className="space-y-3">
        <OneOfActions action="continue" busy={busy} busyLabel={m('verify.checking')} onClick={continueOn}>
          {m('verify.done')}
        </OneOfActions>
        <OneOfActions
          action="resend"
          variant="secondary"
          busy={busy}
          busyLabel={m('verify.sending')}
          disabled={wait > 0}
          onClick={resend}
          aria-describedby={wait > 0 ? 'resend-wait' : undefined}
        >
          {m('verify.resend')}
        </OneOfActions>
        {wait > 0 && (
          <p id="resend-wait" className="text-center text-sm text-slate-600">
            {m('verify.wait', { seconds: wait })}
          </p>
        )}
      </div>
      <p className="text-sm text-slate-600">{m('verify.noEmail')}</p>
      {localMode && user.email && <SimulatedEmail action="verifyEmail" email={user.email} sentAt={sentAt} />}
      <div className="border-t border-slate-200 pt-5">
        <SignOutButton busy={busy} onSignOut={signOutHere} />
      </div>
    </Step>
  );
}

type Busy = 'resend' | 'continue' | 'sign-out' | null;

/** The verification's state, kept fresh, and the three actions: resend the link, continue once verified, sign out. */
function useVerification(auth: Auth, user: User) {
  const [verified, setVerified] = useState(user.emailVerified);
  const [sentAt, setSentAt] = useState<number | null>(() => verificationSentAt());
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const wait = secondsLeft(sentAt, now);

  // The link may have been opened in another tab (or the emulator's link followed): look again.
  useEffect(() => {
    refreshVerification(user).then(setVerified, () => undefined);
  }, [user]);

  const coolingDown = wait > 0;
  useEffect(() => {
    if (!coolingDown) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [coolingDown]);

  async function resend() {
    setBusy('resend');
    setError(null);
    setNotice(null);
    try {
      await sendEmailVerification(user, { url: authUrl(VERIFICATION_PATH) });
      const at = Date.now();
      rememberVerificationSent(at);
      setSentAt(at);
      setNow(at);
      setNotice(m('verify.resent', { email: user.email ?? '' }));
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  async function continueOn() {
    setBusy('continue');
    setError(null);
    setNotice(null);
    try {
      if (await refreshVerification(user)) {
        noteSignIn();
        location.assign(AFTER_VERIFICATION);
        return;
      }
      setError(m('verify.notYet'));
    } catch (caught) {
      setError(authErrorMessage(caught));
    }
    setBusy(null);
  }

  async function signOutHere() {
    setBusy('sign-out');
    try {
      await endSession(auth);
      location.assign(authHref('/login'));
    } catch (caught) {
      setError(authErrorMessage(caught));
      setBusy(null);
    }
  }

  return { verified, sentAt, busy, error, notice, wait, resend, continueOn, signOutHere };
}

/** Verified: continue, or sign out. */
function Verified({
  email,
  error,
  busy,
  onContinue,
  onSignOut,
}: {
  email: string | null;
  error: string | null;
  busy: Busy;
  onContinue: () => void;
  onSignOut: () => void;
}) {
  return (
    <Step title={m('action.verified')} intro={richText(m('verify.signedInAs'), { email: <strong>{email}</strong> })}>
      <ErrorAlert id="verification-error" message={error} />
      <ContinueOrSignOut busy={busy} onContinue={onContinue} onSignOut={onSignOut} />
    </Step>
  );
}
