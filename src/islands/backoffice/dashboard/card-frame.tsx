import type { ReactNode } from 'react';
import { ui } from '../ui/styles.ts';

/** The frame of a dashboard card: a titled section with an optional count and a "see all" link. */
export function CardFrame({
  id,
  title,
  count,
  footer,
  children,
}: {
  id: string;
  title: string;
  /** A figure shown large beside the title (people waiting, unread messages). */
  count?: number | undefined;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `card-${id}`;
  return (
    <section aria-labelledby={headingId} className={`${ui.card} flex h-full flex-col`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {count !== undefined && (
          <span
            className={
              'rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold tabular-nums text-brand-800 ring-1 ' +
              'ring-brand-100'
            }
          >
            {count}
          </span>
        )}
      </div>
      <div className="mt-3 flex-1 text-sm text-slate-700">{children}</div>
      {footer && <div className="mt-4 border-t border-slate-100 pt-3 text-sm">{footer}</div>}
    </section>
  );
}
