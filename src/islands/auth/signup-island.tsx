import { createUserWithEmailAndPassword, sendEmailVerification, updateProfile, type Auth } from 'firebase/auth';
import { useRef, useState, type FormEvent } from 'react';
import { authErrorCode, authErrorMessage } from './auth-errors.ts';
import { authHref, authUrl, noteSignIn } from './language.ts';
import { m } from './messages.ts';
import { VERIFICATION_PATH } from './navigation.ts';
import { MIN_PASSWORD_LENGTH } from './password-policy.ts';
import { usePasswordPolicy } from './password-requirements.tsx';
import { AuthForm, EmailField, focusFirstInvalid, NewPasswordFields, OtherFormLink } from './form-blocks.tsx';
import { rememberVerificationSent, syncSession } from './session.ts';
import { SignedIn } from './signed-in.tsx';
import { useAuth } from './use-auth.ts';
import { EMAIL_PATTERN, ErrorAlert, Loading, Step, TextField, usePageTitle } from './ui.tsx';

const NAME_MAX = 120;

type Field = 'name' | 'email' | 'password' | 'confirm';
type FieldErrors = Partial<Record<Field, string>>;

function validate(values: Record<Field, string>): FieldErrors {
  const errors: FieldErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = m('check.name');
  else if (name.length > NAME_MAX) errors.name = m('check.atMost', { count: NAME_MAX });
  const email = values.email.trim();
  if (!email) errors.email = m('error.missing-email');
  else if (!EMAIL_PATTERN.test(email)) errors.email = m('error.invalid-email');
  if (values.password.length < MIN_PASSWORD_LENGTH)
    errors.password = m('check.atLeast', { count: MIN_PASSWORD_LENGTH });
  if (!values.confirm) errors.confirm = m('check.confirm');
  else if (values.confirm !== values.password) errors.confirm = m('check.mismatch');
  return errors;
}

/**
 * Account creation in the identity service. The portal's own user row is created by the
 * server on the first API call; an administrator then activates the account and gives it a role.
 */
export default function SignupIsland() {
  usePageTitle(m('signup.title'));
  const state = useAuth();
  const [creating, setCreating] = useState(false);
  if (state.status === 'error') return <ErrorAlert id="signup-error" message={state.message} />;
  if (state.status === 'loading') return <Loading />;
  if (state.user && !creating) return <SignedIn auth={state.auth} user={state.user} />;
  return <SignupForm auth={state.auth} onCreating={setCreating} />;
}

/** Creates the account with its name, sends the verification email and opens the session. */
async function createAccount(auth: Auth, values: Record<Field, string>): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(auth, values.email.trim(), values.password);
  await updateProfile(user, { displayName: values.name.trim() }).catch(() => undefined);
  try {
    await sendEmailVerification(user, { url: authUrl(VERIFICATION_PATH) });
    rememberVerificationSent();
  } catch {
    // The verification page explains and offers "Resend"; the account exists either way.
  }
  await syncSession(user);
}

/** The identity service's refusal as the error of the field at fault, or null when no field is. */
function accountFieldError(caught: unknown): FieldErrors | null {
  const code = authErrorCode(caught);
  if (code === 'auth/email-already-in-use' || code === 'auth/invalid-email') return { email: authErrorMessage(caught) };
  if (code === 'auth/weak-password') return { password: authErrorMessage(caught) };
  return null;
}

function SignupForm({ auth, onCreating }: { auth: Auth; onCreating: (creating: boolean) => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const policy = usePasswordPolicy(auth);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A corrected field stops showing its old error; the next submit checks everything again.
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const set = (field: Field) => (event: { target: { value: string } }) => change(field, event.target.value);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    onCreating(true);
    try {
      await createAccount(auth, values);
      noteSignIn();
      location.assign(authHref(VERIFICATION_PATH));
    } catch (caught) {
      if (authErrorCode(caught) === 'auth/password-does-not-meet-requirements') {
        await policy.refresh(values.password);
        setErrors({ password: m('check.policy') });
      } else {
        const fieldError = accountFieldError(caught);
        if (fieldError) setErrors(fieldError);
        else setError(authErrorMessage(caught));
      }
      setBusy(false);
      onCreating(false);
    }
  }

  return (
    <Step title={m('signup.title')} intro={m('signup.intro')}>
      <AuthForm
        formRef={form}
        onSubmit={submit}
        errorId="signup-error"
        error={error}
        submit={{ label: m('signup.submit'), busyLabel: m('signup.creating'), busy }}
      >
        <TextField
          label={m('field.fullName')}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          disabled={busy}
          maxLength={NAME_MAX}
        />
        <EmailField value={values.email} onChange={set('email')} error={errors.email} disabled={busy} />
        <NewPasswordFields
          labels={{ password: m('field.password'), confirm: m('field.confirmPassword') }}
          hint={m('signup.hint', { count: MIN_PASSWORD_LENGTH })}
          policy={policy}
          password={values.password}
          confirm={values.confirm}
          onPassword={(value) => change('password', value)}
          onConfirm={(value) => change('confirm', value)}
          errors={errors}
          disabled={busy}
        />
      </AuthForm>
      <OtherFormLink text={m('signup.haveAccount')} href={authHref('/login')} link={m('signup.signIn')} />
    </Step>
  );
}
