import type { InputHTMLAttributes, ReactNode } from 'react';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { FieldError } from './states.tsx';
import { ui } from './styles.ts';

/**
 * The frame of one form field: its label (with the catalogue's "(optional)" after it when
 * `optional` is given), the control (`children`, whose id is `id`), the hint (`<id>-hint`) and
 * the server's or the form's messages (`<id>-error` unless `errorId` says otherwise).
 */
export function Field({
  id,
  label,
  optional,
  hint,
  errorId = `${id}-error`,
  messages,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  optional?: string | undefined;
  hint?: ReactNode;
  errorId?: string;
  messages: readonly string[] | undefined;
  /** The classes of the field's box (its place in a grid, say). */
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Labelled
      id={id}
      className={className}
      label={
        <>
          {label}
          {optional !== undefined && (
            <>
              {' '}
              <span className="font-normal text-slate-600">{optional}</span>
            </>
          )}
        </>
      }
    >
      {children}
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} messages={messages} />
    </Labelled>
  );
}

/** A control (`children`, whose id is `id`, with whatever goes with it) under its label. */
export function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * A one-line input in its Field, `value` changed through `onValue`: described by its hint when it has one, by its
 * messages instead while `errors[name]` holds some (the API's 400 or the form's own check). `input` gives the input's
 * own attributes (type, length, placeholder…).
 */
export function InputField({
  id,
  name,
  errors,
  errorId = `${id}-error`,
  label,
  optional,
  hint,
  value,
  onValue,
  input,
}: {
  id: string;
  /** The field's name in `errors`. */
  name: string;
  errors: FieldErrors;
  errorId?: string;
  label: ReactNode;
  optional?: string | undefined;
  hint?: ReactNode;
  value: string;
  onValue: (value: string) => void;
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <Field id={id} label={label} optional={optional} hint={hint} errorId={errorId} messages={errors[name]}>
      <input
        id={id}
        className={`${ui.input} mt-1`}
        value={value}
        {...input}
        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
        onChange={(event) => onValue(event.target.value)}
        {...invalidProps(errors, name, errorId)}
      />
    </Field>
  );
}
