import { getRedirectResult, signInWithEmailAndPassword, type Auth, type User } from 'firebase/auth';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authErrorMessage } from './auth-errors.ts';
import { GoogleSignIn, googleErrorMessage } from './google-sign-in.tsx';
import { authHref, noteSignIn } from './language.ts';
import { destinationAfterSignIn, VERIFICATION_PATH } from './navigation.ts';
import { m } from './messages.ts';
import { PasswordResetRequest } from './password-reset-request.tsx';
import { endSession, syncSession } from './session.ts';
import { SignedIn } from './signed-in.tsx';
import { useAuth } from './use-auth.ts';
import { AuthForm, EmailField, focusFirstInvalid, OtherFormLink, PasswordField } from './form-blocks.tsx';
import { buttonClass, EMAIL_PATTERN, ErrorAlert, Loading, Step, usePageTitle } from './ui.tsx';

/** After any sign-in: token sync (best effort), then verification, `next` or the dashboard, in the page's language. */
async function finishSignIn(user: User): Promise<void> {
  await syncSession(user);
  noteSignIn();
  location.assign(destinationAfterSignIn(user, location.search, authHref(VERIFICATION_PATH)));
}

/** Removes one query parameter from the address bar without reloading. */
function dropParam(name: string) {
  const url = new URL(location.href);
  url.searchParams.delete(name);
  history.replaceState(history.state, '', url);
}

export default function LoginIsland() {
  usePageTitle(m('login.title'));
  const state = useAuth();
  const [checked, setChecked] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const auth = state.status === 'ready' ? state.auth : null;
  const localMode = state.status === 'ready' && state.config.authEmulatorUrl !== null;

  // Once per page: honour ?signout=1 (the link of the unauthorized page), then finish a redirect sign-in.
  useEffect(() => {
    if (!auth || checked) return;
    void (async () => {
      if (new URLSearchParams(location.search).has('signout')) {
        await endSession(auth).catch(() => undefined);
        dropParam('signout');
      }
      try {
        const result = await getRedirectResult(auth);
        if (result) {
          setSigningIn(true);
          await finishSignIn(result.user);
          return;
        }
      } catch (caught) {
        setError(googleErrorMessage(caught, localMode));
      }
      setChecked(true);
    })();
  }, [auth, checked, localMode]);

  if (state.status === 'error') return <ErrorAlert id="login-error" message={state.message} />;
  if (state.status === 'loading' || !checked)
    return <Loading label={signingIn ? m('login.signingYouIn') : m('ui.loading')} />;
  if (state.user && !signingIn) return <SignedIn auth={state.auth} user={state.user} />;

  return (
    <SignInForms
      auth={state.auth}
      localMode={localMode}
      error={error}
      setError={setError}
      signingIn={signingIn}
      setSigningIn={setSigningIn}
    />
  );
}

interface FormsProps {
  auth: Auth;
  localMode: boolean;
  error: string | null;
  setError: (message: string | null) => void;
  signingIn: boolean;
  setSigningIn: (busy: boolean) => void;
}

function SignInForms({ auth, localMode, error, setError, signingIn, setSigningIn }: FormsProps) {
  const [view, setView] = useState<'sign-in' | 'reset'>('sign-in');
  const [email, setEmail] = useState(() => new URLSearchParams(location.search).get('email') ?? '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [passwordBusy, setPasswordBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  if (view === 'reset') {
    return (
      <PasswordResetRequest auth={auth} localMode={localMode} initialEmail={email} onBack={() => setView('sign-in')} />
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = email.trim();
    const errors = signInErrors(value, password);
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      focusFirstInvalid(form);
      return;
    }
    setPasswordBusy(true);
    setSigningIn(true);
    try {
      const credential = await signInWithEmailAndPassword(auth, value, password);
      await finishSignIn(credential.user);
    } catch (caught) {
      setError(authErrorMessage(caught));
      setPasswordBusy(false);
      setSigningIn(false);
    }
  }

  return (
    <Step title={m('login.title')} intro={m('login.intro')}>
      <AuthForm
        formRef={form}
        onSubmit={submit}
        errorId="login-error"
        error={error}
        submit={{ label: m('login.submit'), busyLabel: m('login.signingIn'), busy: passwordBusy, disabled: signingIn }}
      >
        <EmailField
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email}
          disabled={signingIn}
        />
        <PasswordField
          label={m('field.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={fieldErrors.password}
          disabled={signingIn}
        />
        <div className="flex justify-end">
          <button type="button" className={`${buttonClass.link} text-sm`} onClick={() => setView('reset')}>
            {m('login.forgot')}
          </button>
        </div>
      </AuthForm>

      <OrDivider />

      <GoogleSignIn
        auth={auth}
        localMode={localMode}
        disabled={signingIn}
        onBusy={setSigningIn}
        onError={setError}
        onSignedIn={finishSignIn}
      />

      <SignupInvitation />
    </Step>
  );
}

/** What is missing or wrong in the sign-in form, by field. */
function signInErrors(email: string, password: string): { email?: string; password?: string } {
  const errors: { email?: string; password?: string } = {};
  if (!email) errors.email = m('error.missing-email');
  else if (!EMAIL_PATTERN.test(email)) errors.email = m('error.invalid-email');
  if (!password) errors.password = m('error.missing-password');
  return errors;
}

function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {m('login.or')}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

function SignupInvitation() {
  return <OtherFormLink text={m('login.newHere')} href={authHref('/signup')} link={m('login.createAccount')} />;
}
