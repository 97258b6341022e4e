import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { Field } from '../ui/field.tsx';
import { ui } from '../ui/styles.ts';

/**
 * A text of several lines in its `Field` (label, "(optional)", hint and messages under it), as
 * `InputField` is for one line: written in any direction, with the inputs' look. `textarea` gives
 * the textarea's own attributes (rows, length, value and onChange, its ties to hint and error…).
 */
export function TextAreaField({
  id,
  label,
  optional,
  hint,
  messages,
  className,
  textarea,
}: {
  id: string;
  label: ReactNode;
  optional?: string | undefined;
  hint?: ReactNode;
  messages?: readonly string[] | undefined;
  /** The classes of the field's box (its margin, its place in a grid). */
  className?: string | undefined;
  textarea: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  return (
    <Field id={id} label={label} optional={optional} hint={hint} messages={messages} className={className}>
      <textarea dir="auto" id={id} className={`${ui.input} mt-1`} {...textarea} />
    </Field>
  );
}
