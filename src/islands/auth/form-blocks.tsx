import type { ChangeEvent, FormEvent, ReactNode, RefObject } from 'react';
import { m } from './messages.ts';
import { PasswordRequirements, type usePasswordPolicy } from './password-requirements.tsx';
import { ActionButton, buttonClass, ErrorAlert, Step, TextField } from './ui.tsx';

/**
 * A form of the sign-in pages: its fields (`children`), checked by the form itself rather than the
 * browser; then the live region of its error (`errorId`, which describes the form) and its submit
 * button.
 */
export function AuthForm({
  formRef,
  onSubmit,
  errorId,
  error,
  submit,
  children,
}: {
  formRef?: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  errorId: string;
  error: string | null;
  /** The button: its label, and what it says while the form works (`busy`). */
  submit: { label: string; busyLabel: string; busy: boolean; disabled?: boolean };
  children: ReactNode;
}) {
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-describedby={errorId}>
      {children}
      <ErrorAlert id={errorId} message={error} />
      <ActionButton busy={submit.busy} busyLabel={submit.busyLabel} disabled={submit.disabled}>
        {submit.label}
      </ActionButton>
    </form>
  );
}

/** After a check that failed: the first field marked invalid takes the focus (once React has marked it). */
export function focusFirstInvalid(form: RefObject<HTMLFormElement | null>): void {
  requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
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

/** A password field (with its show/hide button), `onValue` given what is typed. */
export function PasswordField({
  onValue,
  ...field
}: {
  label: string;
  name: string;
  autoComplete: string;
  value: string;
  onValue: (value: string) => void;
  error: string | null | undefined;
  disabled: boolean;
  hint?: ReactNode;
}) {
  return <TextField type="password" onChange={(event) => onValue(event.target.value)} {...field} />;
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
      <PasswordField
        label={labels.password}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onValue={(value) => {
          onPassword(value);
          policy.follow(value);
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
      <PasswordField
        label={labels.confirm}
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        onValue={onConfirm}
        error={errors.confirm}
        disabled={disabled}
      />
    </>
  );
}

/** A link that did not work: what went wrong and where to go instead (`children`). */
export function ActionFailed({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  return (
    <Step title={title}>
      <ErrorAlert id="action-error" message={message} />
      <p className="text-sm text-slate-600">{children}</p>
    </Step>
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
    <Step title={title} intro={intro}>
      <a className={buttonClass.primary} href={href}>
        {children}
      </a>
    </Step>
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
