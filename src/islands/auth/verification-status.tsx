import { sendEmailVerification, type Auth, type User } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { authErrorMessage } from './auth-errors.ts';
import { AFTER_VERIFICATION, VERIFICATION_PATH } from './navigation.ts';
import { endSession, rememberVerificationSent, verificationSentAt } from './session.ts';
import { SimulatedEmail } from './simulated-email.tsx';
import { ActionButton, ErrorAlert, Heading, Notice } from './ui.tsx';

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
  if (verified) return <Verified email={user.email} error={error} busy={busy} onContinue={continueOn} onSignOut={signOutHere} />;

  return (
    <div className="space-y-6">
      <Heading
        title="Verify your email address"
        intro={
          <>
            We sent a verification link to <strong className="text-slate-900">{user.email}</strong>. Open it, then come back here and continue.
          </>
        }
      />
      {notice && <Notice tone="success">{notice}</Notice>}
      <ErrorAlert id="verification-error" message={error} />
      <div className="space-y-3">
        <ActionButton type="button" busy={busy === 'continue'} busyLabel="Checking…" disabled={busy !== null} onClick={continueOn}>
          I have verified — continue
        </ActionButton>
        <ActionButton
          type="button"
          variant="secondary"
          busy={busy === 'resend'}
          busyLabel="Sending…"
          disabled={busy !== null || wait > 0}
          onClick={resend}
          aria-describedby={wait > 0 ? 'resend-wait' : undefined}
        >
          Resend the link
        </ActionButton>
        {wait > 0 && (
          <p id="resend-wait" className="text-center text-sm text-slate-600">
            You can ask for another link in {wait} s.
          </p>
        )}
      </div>
      <p className="text-sm text-slate-600">No email? Check your spam folder, and make sure the address above is right.</p>
      {localMode && user.email && <SimulatedEmail action="verifyEmail" email={user.email} sentAt={sentAt} />}
      <div className="border-t border-slate-200 pt-5">
        <ActionButton type="button" variant="secondary" busy={busy === 'sign-out'} busyLabel="Signing out…" disabled={busy !== null} onClick={signOutHere}>
          Sign out
        </ActionButton>
      </div>
    </div>
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
      await sendEmailVerification(user, { url: `${location.origin}${VERIFICATION_PATH}` });
      const at = Date.now();
      rememberVerificationSent(at);
      setSentAt(at);
      setNow(at);
      setNotice(`We sent a new link to ${user.email}.`);
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
        location.assign(AFTER_VERIFICATION);
        return;
      }
      setError('Your email address is not verified yet. Open the link in the email we sent you, then press this button again.');
    } catch (caught) {
      setError(authErrorMessage(caught));
    }
    setBusy(null);
  }

  async function signOutHere() {
    setBusy('sign-out');
    try {
      await endSession(auth);
      location.assign('/login');
    } catch (caught) {
      setError(authErrorMessage(caught));
      setBusy(null);
    }
  }

  return { verified, sentAt, busy, error, notice, wait, resend, continueOn, signOutHere };
}

/** Verified: continue, or sign out. */
function Verified({ email, error, busy, onContinue, onSignOut }: { email: string | null; error: string | null; busy: Busy; onContinue: () => void; onSignOut: () => void }) {
  return (
    <div className="space-y-6">
      <Heading title="Your email address is verified" intro={<>Thank you. You are signed in as <strong>{email}</strong>.</>} />
      <ErrorAlert id="verification-error" message={error} />
      <div className="space-y-3">
        <ActionButton type="button" busy={busy === 'continue'} busyLabel="Opening…" disabled={busy !== null} onClick={onContinue}>
          Continue
        </ActionButton>
        <ActionButton type="button" variant="secondary" busy={busy === 'sign-out'} busyLabel="Signing out…" disabled={busy !== null} onClick={onSignOut}>
          Sign out
        </ActionButton>
      </div>
    </div>
  );
}
