import { useEffect, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { Auth } from 'firebase/auth';
import { getFirebaseAuth } from '../../../lib/client/firebase.ts';
import { MIN_PASSWORD_LENGTH } from '../../auth/password-policy.ts';
import { PasswordRequirements, usePasswordPolicy } from '../../auth/password-requirements.tsx';
import { SimulatedEmail } from '../../auth/simulated-email.tsx';
import { notifySuccess } from '../notifications/snackbar-store.ts';
import { Icon } from '../ui/icons.tsx';
import { Field } from '../ui/field.tsx';
import { ui } from '../ui/styles.ts';
import { CardSection } from '../ui/card-section.tsx';
import { changePassword, PasswordChangeError, sendVerification } from './account-store.ts';
import { m } from './messages.ts';

function useFirebaseAuth(): Auth | null {
  const [auth, setAuth] = useState<Auth | null>(null);
  useEffect(() => {
    getFirebaseAuth().then(setAuth, () => undefined);
  }, []);
  return auth;
}

/** Change password: the current one (the identity service asks for a recent sign-in), then the new one twice. */
export function PasswordSection() {
  const { policy, current, setCurrent, next, setNext, confirmation, setConfirmation, error, busy, submit } =
    usePasswordChange();
  const fieldError = (field: 'current' | 'next') => (error?.field === field ? [error.message] : undefined);

  return (
    <section aria-labelledby="me-password-title" className={ui.card}>
      <h2
        id="me-password-title"
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-slate-900 outline-none"
      >
        <Icon name="key" className="size-5 text-slate-600" />
        {m('password.title')}
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        {error?.field === null && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error.message}
          </p>
        )}
        <Field id="me-password-current" label={m('password.current')} messages={fieldError('current')}>
          <input
            id="me-password-current"
            type="password"
            autoComplete="current-password"
            className={`${ui.input} mt-1 sm:max-w-sm`}
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            aria-invalid={fieldError('current') ? true : undefined}
            aria-describedby={fieldError('current') ? 'me-password-current-error' : undefined}
          />
        </Field>
        <NewPasswordFields
          next={next}
          setNext={setNext}
          confirmation={confirmation}
          setConfirmation={setConfirmation}
          follow={policy.follow}
          nextError={fieldError('next')}
        />
        <div id="me-password-policy">
          <p className="text-xs text-slate-600">{m('password.hint', { count: MIN_PASSWORD_LENGTH })}</p>
          <PasswordRequirements status={policy.status} />
        </div>
        <button type="submit" className={ui.primaryButton} disabled={busy || !current || !next}>
          {busy ? m('password.changing') : m('password.change')}
        </button>
      </form>
    </section>
  );
}

/** The password change's state, the identity service's policy, and the submit that says what went wrong. */
function usePasswordChange() {
  const auth = useFirebaseAuth();
  const policy = usePasswordPolicy(auth);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<PasswordChangeError | null>(null);
  const [busy, setBusy] = useState(false);

  // Ask the identity service for its policy once, so the requirements show before typing
  // (the local emulator has no policy to tell: it would only answer 501).
  useEffect(() => {
    if (auth && !auth.emulatorConfig) void policy.refresh('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await changePassword(current, next, confirmation);
      setCurrent('');
      setNext('');
      setConfirmation('');
      notifySuccess(m('password.changed'));
    } catch (caught) {
      const failure =
        caught instanceof PasswordChangeError ? caught : new PasswordChangeError(m('password.failed'), null);
      setError(failure);
      if (failure.field === 'next') void policy.refresh(next);
      document
        .getElementById(
          failure.field === 'current'
            ? 'me-password-current'
            : failure.field === 'next'
              ? 'me-password-new'
              : 'me-password-title',
        )
        ?.focus();
    } finally {
      setBusy(false);
    }
  }

  return { policy, current, setCurrent, next, setNext, confirmation, setConfirmation, error, busy, submit };
}

/** The new password, twice; the policy's requirements follow the typing. */
function NewPasswordFields({
  next,
  setNext,
  confirmation,
  setConfirmation,
  follow,
  nextError,
}: {
  next: string;
  setNext: (value: string) => void;
  confirmation: string;
  setConfirmation: (value: string) => void;
  follow: (password: string) => void;
  nextError: string[] | undefined;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="me-password-new" label={m('password.new')} messages={nextError}>
        <NewPasswordInput
          id="me-password-new"
          value={next}
          onChange={(event) => {
            setNext(event.target.value);
            follow(event.target.value);
          }}
          aria-invalid={nextError ? true : undefined}
          aria-describedby={nextError ? 'me-password-policy me-password-new-error' : 'me-password-policy'}
        />
      </Field>
      <Field id="me-password-confirm" label={m('password.again')} messages={undefined}>
        <NewPasswordInput
          id="me-password-confirm"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </Field>
    </div>
  );
}

/** A box for a new password (both of them: the browser may offer to generate it). */
function NewPasswordInput({ id, ...attributes }: InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  return <input id={id} type="password" autoComplete="new-password" className={`${ui.input} mt-1`} {...attributes} />;
}

/** The sign-in address and whether it is verified; a new verification link when it is not. */
export function EmailSection({ email, verified }: { email: string; verified: boolean }) {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    setBusy(true);
    setError(null);
    try {
      await sendVerification();
      setSentAt(Date.now());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : m('email.notSent'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardSection id="email-title" title={m('email.title')}>
      <p className="mt-3 break-words text-sm font-medium text-slate-900">{email}</p>
      {verified ? (
        <p
          className={
            'mt-2 inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-sm font-medium ' +
            'text-emerald-800 ring-1 ring-emerald-200'
          }
        >
          <Icon name="check" className="size-4" />
          {m('email.verified')}
        </p>
      ) : (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-700">{m('email.notVerified')}</p>
          <button type="button" className={ui.secondaryButton} disabled={busy} onClick={() => void send()}>
            {busy ? m('email.sending') : sentAt ? m('email.sendAgain') : m('email.send')}
          </button>
          {sentAt && (
            <p role="status" className="text-sm text-emerald-800">
              {m('email.sent', { email })}
            </p>
          )}
          {sentAt && <SimulatedEmail action="verifyEmail" email={email} sentAt={sentAt} />}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
      <p className="mt-3 text-xs text-slate-600">{m('email.usage')}</p>
    </CardSection>
  );
}
