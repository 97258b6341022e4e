import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';

/**
 * A one-line field of the profile's forms: its label, its hint above the box (`<id>-hint`), the
 * box and its messages (`<id>-error`), the box described by the hint and, while there are
 * messages, by them. `input` gives the box's own attributes (value, onChange, length, keyboard).
 */
export function HintedInput({
  id,
  label,
  hint,
  messages,
  className,
  input,
}: {
  id: string;
  label: ReactNode;
  hint?: string | undefined;
  messages: readonly string[] | undefined;
  className?: string | undefined;
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  const described = [hint && `${id}-hint`, messages && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <input
        dir="auto"
        id={id}
        className={`${ui.input} mt-1`}
        aria-invalid={messages ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}
