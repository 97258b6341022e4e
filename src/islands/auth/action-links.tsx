import { applyActionCode, confirmPasswordReset, verifyPasswordResetCode, type Auth } from 'firebase/auth';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authErrorCode, authErrorMessage } from './auth-errors.ts';
import { AFTER_VERIFICATION } from './navigation.ts';
import { newPasswordProblem, MIN_PASSWORD_LENGTH } from './password-policy.ts';
import { PasswordRequirements, usePasswordPolicy } from './password-requirements.tsx';
import { ActionButton, buttonClass, ErrorAlert, Heading, Loading, Notice, TextField } from './ui.tsx';

/** Runs `task` once per mount, even if React calls the effect twice. */
function useOnce(task: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    task();
  });
}

/** `?mode=verifyEmail&oobCode=…`: the link from the verification email, completed here. */
export function VerifyEmailAction({ auth, oobCode }: { auth: Auth; oobCode: string }) {
  const [state, setState] = useState<'working' | 'done' | { error: string }>('working');
  const [busy, setBusy] = useState(false);

  useOnce(() => {
    applyActionCode(auth, oobCode).then(
      () => setState('done'),
      (error: unknown) => setState({ error: authErrorMessage(error) }),
    );
  });

  async function continueOn() {
    setBusy(true);
    const user = auth.currentUser;
    if (!user) {
      location.assign('/login');
      return;
    }
    try {
      await user.reload();
      await user.getIdToken(true);
    } catch {
      // The dashboard fetches a fresh token itself; going on is still right.
    }
    location.assign(AFTER_VERIFICATION);
  }

  if (state === 'working') return <Loading label="Verifying your email address…" />;
  if (state !== 'done') {
    return (
      <div className="space-y-6">
        <Heading title="This verification link did not work" />
        <ErrorAlert id="action-error" message={state.error} />
        <p className="text-sm text-slate-600">
          If your address is already verified, simply{' '}
          <a className={buttonClass.link} href="/login">
            sign in
          </a>
          . Otherwise sign in and ask for a new link on the{' '}
          <a className={buttonClass.link} href="/email/verification">
            verification page
          </a>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <Heading title="Your email address is verified" intro="Thank you. You can now continue to the portal." />
      <Notice tone="success">Email address verified.</Notice>
      <ActionButton type="button" busy={busy} busyLabel="Opening…" onClick={continueOn}>
        {auth.currentUser ? 'Continue' : 'Continue to sign in'}
      </ActionButton>
    </div>
  );
}

/** `?mode=resetPassword&oobCode=…`: checks the link, then asks for the new password. */
export function ResetPasswordAction({ auth, oobCode }: { auth: Auth; oobCode: string }) {
  const { email, linkError, password, setPassword, confirm, setConfirm, fieldErrors, error, busy, done, policy, submit } = useResetPassword(auth, oobCode);
  if (linkError) return <ResetLinkFailed message={linkError} />;
  if (email === null) return <Loading label="Checking your reset link…" />;
  if (done) return <PasswordChanged email={email} />;
  return (
    <div className="space-y-6">
      <Heading title="Choose a new password" intro={<>For <strong className="text-slate-900">{email}</strong>.</>} />
      <form noValidate onSubmit={submit} className="space-y-4" aria-describedby="reset-password-error">
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label="New password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            policy.follow(e.target.value);
          }}
          error={fieldErrors.password}
          disabled={busy}
          hint={
            <>
              At least {MIN_PASSWORD_LENGTH} characters.
              <PasswordRequirements status={policy.status} />
            </>
          }
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={fieldErrors.confirm}
          disabled={busy}
        />
        <ErrorAlert id="reset-password-error" message={error} />
        <ActionButton busy={busy} busyLabel="Saving…">
          Save new password
        </ActionButton>
      </form>
    </div>
  );
}

/** The reset: the link checked once, the new password twice against the policy, and the save. */
function useResetPassword(auth: Auth, oobCode: string) {
  const [email, setEmail] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const policy = usePasswordPolicy(auth);

  useOnce(() => {
    verifyPasswordResetCode(auth, oobCode).then(setEmail, (caught: unknown) => setLinkError(authErrorMessage(caught)));
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problem = newPasswordProblem(password, confirm);
    setFieldErrors(problem === null ? {} : password.length < MIN_PASSWORD_LENGTH ? { password: problem } : { confirm: problem });
    if (problem) return;
    setBusy(true);
    try {
      await confirmPasswordReset(auth, oobCode, password);
      setDone(true);
    } catch (caught) {
      if (authErrorCode(caught) === 'auth/password-does-not-meet-requirements') {
        await policy.refresh(password);
        setFieldErrors({ password: 'This password does not meet the password policy: see what it still needs above.' });
      } else {
        setError(authErrorMessage(caught));
      }
    } finally {
      setBusy(false);
    }
  }

  return { email, linkError, password, setPassword, confirm, setConfirm, fieldErrors, error, busy, done, policy, submit };
}

function ResetLinkFailed({ message }: { message: string }) {
  return (
    <div className="space-y-6">
      <Heading title="This reset link did not work" />
      <ErrorAlert id="action-error" message={message} />
      <p className="text-sm text-slate-600">
        Ask for a new link from the{' '}
        <a className={buttonClass.link} href="/login">
          sign-in page
        </a>{' '}
        (“Forgot password?”).
      </p>
    </div>
  );
}

function PasswordChanged({ email }: { email: string }) {
  return (
    <div className="space-y-6">
      <Heading title="Your password has been changed" intro={<>You can now sign in as <strong>{email}</strong> with your new password.</>} />
      <a className={buttonClass.primary} href={`/login?email=${encodeURIComponent(email)}`}>
        Sign in
      </a>
    </div>
  );
}
