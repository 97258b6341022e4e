import { useEffect, useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { PROGRAMME_NAME } from '../../lib/brand/mark.ts';
import { PAGE_LOCALE } from '../i18n/page-locale.ts';
import { m } from './messages.ts';

const inputClass =
  'block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'disabled:bg-slate-100 aria-[invalid=true]:border-red-600 border-slate-300';

export const buttonClass = {
  primary:
    'inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 text-base ' +
    'font-semibold ' +
    'text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 ' +
    'text-base font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed ' +
    'disabled:opacity-60',
  link: 'font-medium text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700',
} as const;

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A field-level error, announced with the field through aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
}

export function TextField({ label, error, hint, type = 'text', ...input }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isPassword && visible ? 'text' : type}
          dir={isPassword ? undefined : 'auto'}
          className={`${inputClass} ${isPassword ? 'pr-16' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        {isPassword && (
          <button
            type="button"
            className="absolute inset-y-1 right-1 rounded px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
            aria-pressed={visible}
            aria-label={m(visible ? 'ui.hideField' : 'ui.showField', { field: label.toLocaleLowerCase() })}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? m('ui.hide') : m('ui.show')}
          </button>
        )}
      </div>
      {hint && (
        <div id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}

interface SubmitProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy: boolean;
  busyLabel: string;
  variant?: keyof typeof buttonClass;
}

/** A button that shows a spinner and is disabled while its action runs. */
export function ActionButton({ busy, busyLabel, variant = 'primary', children, disabled, ...button }: SubmitProps) {
  return (
    <button
      type="submit"
      className={buttonClass[variant]}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      {...button}
    >
      {busy && <Spinner />}
      {busy ? busyLabel : children}
    </button>
  );
}

/** The live region for a form's error: always in the page so that new messages are announced. */
export function ErrorAlert({ id, message }: { id: string; message: string | null }) {
  return (
    <div
      id={id}
      role="alert"
      className={message ? 'rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800' : ''}
    >
      {message}
    </div>
  );
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' | 'local' }) {
  const tones = {
    info: 'border-brand-200 bg-brand-50 text-brand-900',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    local: 'border-amber-200 bg-amber-50 text-amber-900',
  };
  return (
    <div role="status" className={`rounded-md border px-3 py-2.5 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

/** One step of the sign-in pages: its heading (and what it is about), then what it asks or says. */
export function Step({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {intro && <p className="text-base text-slate-600">{intro}</p>}
      </div>
      {children}
    </div>
  );
}

/** Placeholder while the identity service starts, sized like a form to avoid layout shift. */
export function Loading({ label = m('ui.loading') }: { label?: string }) {
  return (
    <div className="flex min-h-64 items-center justify-center gap-3 text-slate-600" role="status">
      <Spinner />
      {label}
    </div>
  );
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The tab's title in the page's language (the static page carries the English one). */
export function usePageTitle(title: string) {
  useEffect(() => {
    if (PAGE_LOCALE !== 'en') document.title = `${title} · ${PROGRAMME_NAME}`;
  }, [title]);
}
