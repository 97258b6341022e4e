import type { ChangeEvent, ReactNode } from 'react';
import { m } from './messages.ts';
import { PasswordRequirements, type usePasswordPolicy } from './password-requirements.tsx';
import { ActionButton, buttonClass, ErrorAlert, Heading, TextField } from './ui.tsx';

/** The end of a form: the live region of its error, then its submit button (`busyLabel` while it works). */
export function FormSubmit({
  errorId,
  error,
  busy,
  busyLabel,
  disabled,
  children,
}: {
  errorId: string;
  error: string | null;
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <ErrorAlert id={errorId} message={error} />
      <ActionButton busy={busy} busyLabel={busyLabel} disabled={disabled}>
        {children}
      </ActionButton>
    </>
  );
}

/** The email address field of the sign-in, sign-up and reset forms. */
export function EmailField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | null | undefined;
  disabled: boolean;
}) {
  return (
    <TextField
      label={m('field.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
    />
  );
}

/**
 * A new password, then the same again: the sign-up form and the reset link. The policy's
 * requirements show under the first and follow the typing.
 */
export function NewPasswordFields({
  labels,
  hint,
  policy,
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
  disabled,
}: {
  labels: { password: string; confirm: string };
  hint: string;
  policy: ReturnType<typeof usePasswordPolicy>;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string | undefined; confirm?: string | undefined };
  disabled: boolean;
}) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => {
          onPassword(event.target.value);
          policy.follow(event.target.value);
        }}
        error={errors.password}
        disabled={disabled}
        hint={
          <>
            {hint}
            <PasswordRequirements status={policy.status} />
          </>
        }
      />
      <TextField
        label={labels.confirm}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirm(event.target.value)}
        error={errors.confirm}
        disabled={disabled}
      />
    </>
  );
}

/** A link that did not work: what went wrong and where to go instead (`children`). */
export function ActionFailed({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <Heading title={title} />
      <ErrorAlert id="action-error" message={message} />
      <p className="text-sm text-slate-600">{children}</p>
    </div>
  );
}

/** A heading with one way on: a primary link. */
export function HeadingWithLink({
  title,
  intro,
  href,
  children,
}: {
  title: string;
  intro?: ReactNode;
  href: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <Heading title={title} {...(intro !== undefined && { intro })} />
      <a className={buttonClass.primary} href={href}>
        {children}
      </a>
    </div>
  );
}

/** The line under a form that leads to the other one ("New here? Create an account"). */
export function OtherFormLink({ text, href, link }: { text: string; href: string; link: string }) {
  return (
    <p className="border-t border-slate-200 pt-5 text-sm text-slate-600">
      {text}{' '}
      <a className={buttonClass.link} href={href}>
        {link}
      </a>
    </p>
  );
}
