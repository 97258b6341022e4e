import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api.ts';
import { Icon } from './icons.tsx';
import { m } from './messages.ts';
import { ui } from './styles.ts';

/** An error a screen could not get past, with the server's message and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = m('states.loadFailed'),
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string | undefined;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5 text-red-900">
      <div className="flex items-start gap-3">
        <Icon name="alert" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">{title}</p>
          <p className="mt-1 text-sm">{errorMessage(error)}</p>
          {onRetry && (
            <button type="button" className={`${ui.secondaryButton} mt-3`} onClick={onRetry}>
              {m('states.tryAgain')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-slate-50 p-8 text-center">
      <p className="font-semibold text-slate-800">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
    </div>
  );
}

/** Grey bars where rows will appear; hidden from assistive tech, which hears `label` instead. */
export function Skeleton({
  rows = 5,
  label = m('states.loading'),
}: {
  rows?: number | undefined;
  label?: string | undefined;
}) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="space-y-3">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="h-10 animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none" />
        ))}
      </div>
    </div>
  );
}

/**
 * A fetched value until it is there: its error (with Try again) while there is nothing to show,
 * else grey bars; then `children`, given the data. `failed` and `loading` come from the screen's
 * catalogue (the shared "could not load" and "loading" otherwise).
 */
export function Loaded<T>({
  value,
  failed,
  loading,
  rows,
  onRetry,
  children,
}: {
  value: { data?: T | undefined; error?: unknown };
  failed?: string;
  loading?: string;
  rows?: number;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (value.error !== undefined && !value.data)
    return <ErrorState error={value.error} title={failed} onRetry={onRetry} />;
  if (!value.data) return <Skeleton rows={rows} label={loading} />;
  return children(value.data);
}

/** A whole-page message while the session loads or a redirect is under way. */
export function FullPageStatus({ message }: { message: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <p role="status" className="flex items-center gap-3 text-slate-700">
        <span
          aria-hidden="true"
          className={
            'size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600 ' +
            'motion-reduce:animate-none'
          }
        />
        {message}
      </p>
    </div>
  );
}

export function FieldError({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {messages.map(sentence).join(' ')}
    </p>
  );
}

/** Server messages are fragments ("must be at least 2 characters"): show them as sentences. */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
