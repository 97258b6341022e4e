import type { ReactNode } from 'react';
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
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
        {optional !== undefined && (
          <>
            {' '}
            <span className="font-normal text-slate-600">{optional}</span>
          </>
        )}
      </label>
      {children}
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} messages={messages} />
    </div>
  );
}
