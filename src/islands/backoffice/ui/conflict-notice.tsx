import { useEffect, useRef, type ReactNode } from 'react';
import { changedBy } from './format.ts';
import { Icon } from './icons.tsx';
import { m } from './messages.ts';
import { ui } from './styles.ts';

/**
 * "Someone else saved this while you were editing": who and when, what happens to the person's
 * own changes, and the ways on (the buttons). It takes the focus so a screen reader hears it.
 */
export function ConflictNotice({
  title,
  record,
  what,
  children,
  actions,
}: {
  title: string;
  record: { updated_at: string | null; updated_by: { name: string } | null };
  /** What changed, for "Aiko Tanaka changed {what} on …", in the page's language ("this" when left out). */
  what?: string;
  children?: ReactNode;
  actions: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [record]);
  return (
    <section
      aria-labelledby="conflict-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-slate-900"
    >
      <div className="flex items-start gap-3">
        <Icon name="alert" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0 flex-1">
          <h2 id="conflict-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{changedBy(record, what)}.</p>
          {children}
          <div className="mt-4 flex flex-wrap gap-3">{actions}</div>
        </div>
      </div>
    </section>
  );
}

/** The two ways out of a stale write: take their version, or save mine over it. */
export function ConflictActions({
  saving = false,
  onReload,
  onKeepMine,
}: {
  saving?: boolean | undefined;
  onReload: () => void;
  onKeepMine: () => void;
}) {
  return (
    <>
      <button type="button" className={ui.secondaryButton} onClick={onReload} disabled={saving}>
        {m('conflict.reload')}
      </button>
      <button type="button" className={ui.primaryButton} onClick={onKeepMine} disabled={saving}>
        {saving ? m('saving') : m('conflict.keepMine')}
      </button>
    </>
  );
}
