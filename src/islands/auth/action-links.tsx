import { applyActionCode, confirmPasswordReset, verifyPasswordResetCode, type Auth } from 'firebase/auth';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authErrorCode, authErrorMessage } from './auth-errors.ts';
import { richText } from '../i18n/rich-text.tsx';
import { authHref, noteSignIn } from './language.ts';
import { m } from './messages.ts';
import { AFTER_VERIFICATION, VERIFICATION_PATH } from './navigation.ts';
import { newPasswordProblem, MIN_PASSWORD_LENGTH } from './password-policy.ts';
import { usePasswordPolicy } from './password-requirements.tsx';
import { ActionFailed, AuthForm, HeadingWithLink, NewPasswordFields } from './form-blocks.tsx';
import { ActionButton, buttonClass, Loading, Notice, Step } from './ui.tsx';

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
      location.assign(authHref('/login'));
      return;
    }
    try {
      await user.reload();
      await user.getIdToken(true);
    } catch {
      // The dashboard fetches a fresh token itself; going on is still right.
    }
    noteSignIn();
    location.assign(AFTER_VERIFICATION);
  }

  if (state === 'working') return <Loading label={m('action.verifying')} />;
  if (state !== 'done') {
    return (
      <ActionFailed title={m('action.verifyFailed')} message={state.error}>
        {richText(m('action.verifyFailedText'), {
          signIn: (
            <a className={buttonClass.link} href={authHref('/login')}>
              {m('action.signInLink')}
            </a>
          ),
          verificationPage: (
            <a className={buttonClass.link} href={authHref(VERIFICATION_PATH)}>
              {m('action.verificationPageLink')}
            </a>
          ),
        })}
      </ActionFailed>
    );
  }
  return (
    <Step title={m('action.verified')} intro={m('action.verifiedIntro')}>
      <Notice tone="success">{m('action.verifiedNotice')}</Notice>
      <ActionButton type="button" busy={busy} busyLabel={m('signedIn.opening')} onClick={continueOn}>
        {auth.currentUser ? m('signedIn.continue') : m('action.continueToSignIn')}
      </ActionButton>
    </Step>
  );
}

/** `?mode=resetPassword&oobCode=…`: checks the link, then asks for the new password. */
export function ResetPasswordAction({ auth, oobCode }: { auth: Auth; oobCode: string }) {
  const reset = useResetPassword(auth, oobCode);
  const { email, busy } = reset;
  if (reset.linkError) return <ResetLinkFailed message={reset.linkError} />;
  if (email === null) return <Loading label={m('action.checkingReset')} />;
  if (reset.done) return <PasswordChanged email={email} />;
  return (
    <Step
      title={m('action.choosePassword')}
      intro={richText(m('action.forEmail'), { email: <strong className="text-slate-900">{email}</strong> })}
    >
      <AuthForm
        onSubmit={reset.submit}
        errorId="reset-password-error"
        error={reset.error}
        submit={{ label: m('action.savePassword'), busyLabel: m('action.saving'), busy }}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields
          labels={{ password: m('field.newPassword'), confirm: m('field.confirmNewPassword') }}
          hint={m('action.atLeast', { count: MIN_PASSWORD_LENGTH })}
          policy={reset.policy}
          password={reset.password}
          confirm={reset.confirm}
          onPassword={reset.setPassword}
          onConfirm={reset.setConfirm}
          errors={reset.fieldErrors}
          disabled={busy}
        />
      </AuthForm>
    </Step>
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
    setFieldErrors(
      problem === null ? {} : password.length < MIN_PASSWORD_LENGTH ? { password: problem } : { confirm: problem },
    );
    if (problem) return;
    setBusy(true);
    try {
      await confirmPasswordReset(auth, oobCode, password);
      setDone(true);
    } catch (caught) {
      if (authErrorCode(caught) === 'auth/password-does-not-meet-requirements') {
        await policy.refresh(password);
        setFieldErrors({ password: m('check.policy') });
      } else {
        setError(authErrorMessage(caught));
      }
    } finally {
      setBusy(false);
    }
  }

  return {
    email,
    linkError,
    password,
    setPassword,
    confirm,
    setConfirm,
    fieldErrors,
    error,
    busy,
    done,
    policy,
    submit,
  };
}

function ResetLinkFailed({ message }: { message: string }) {
  return (
    <ActionFailed title={m('action.resetFailed')} message={message}>
      {richText(m('action.resetFailedText'), {
        signInPage: (
          <a className={buttonClass.link} href={authHref('/login')}>
            {m('action.signInPageLink')}
          </a>
        ),
      })}
    </ActionFailed>
  );
}

function PasswordChanged({ email }: { email: string }) {
  return (
    <HeadingWithLink
      title={m('action.changed')}
      intro={richText(m('action.changedIntro'), { email: <strong>{email}</strong> })}
      href={`/login?email=${encodeURIComponent(email)}`}
    >
      {m('signup.signIn')}
    </HeadingWithLink>
  );
}
