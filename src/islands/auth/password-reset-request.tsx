import { sendPasswordResetEmail, type Auth } from 'firebase/auth';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authErrorCode, authErrorMessage } from './auth-errors.ts';
import { authUrl } from './language.ts';
import { m } from './messages.ts';
import { SimulatedEmail } from './simulated-email.tsx';
import { AuthForm, EmailField } from './form-blocks.tsx';
import { buttonClass, EMAIL_PATTERN, Notice } from './ui.tsx';

/** Codes that would tell a stranger whether an account exists: answered like a success. */
const SILENT_CODES = new Set(['auth/user-not-found', 'auth/user-disabled']);

export const RESET_SENT_MESSAGE = m('reset.sent');

interface Props {
  auth: Auth;
  localMode: boolean;
  initialEmail: string;
  onBack: () => void;
}

/** "Forgot password?": asks for a reset link without revealing whether the account exists. */
export function PasswordResetRequest({ auth, localMode, initialEmail, onBack }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ email: string; at: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = email.trim();
    if (!EMAIL_PATTERN.test(value)) {
      setEmailError(value ? m('error.invalid-email') : m('error.missing-email'));
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      await sendPasswordResetEmail(auth, value, { url: authUrl('/login', { email: value }) });
      setSent({ email: value, at: Date.now() });
    } catch (caught) {
      if (SILENT_CODES.has(authErrorCode(caught) ?? '')) setSent({ email: value, at: Date.now() });
      else setError(authErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="reset-heading" className="space-y-5">
      <div className="space-y-2">
        <h2 id="reset-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900">
          {m('reset.title')}
        </h2>
        <p className="text-sm text-slate-600">{m('reset.intro')}</p>
      </div>
      {sent ? (
        <>
          <Notice tone="success">{RESET_SENT_MESSAGE}</Notice>
          {localMode && <SimulatedEmail action="resetPassword" email={sent.email} sentAt={sent.at} />}
        </>
      ) : (
        <AuthForm
          onSubmit={submit}
          errorId="reset-error"
          error={error}
          submit={{ label: m('reset.send'), busyLabel: m('reset.sending'), busy }}
        >
          <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={emailError} disabled={busy} />
        </AuthForm>
      )}
      <button type="button" className={buttonClass.link} onClick={onBack}>
        {m('reset.back')}
      </button>
    </section>
  );
}
