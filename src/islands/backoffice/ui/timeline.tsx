import type { ReactNode } from 'react';
import { ui } from './styles.ts';

/**
 * A record's history in a card named by its heading (`id`), newest first: `children` gets the
 * entries in that order and returns their `<li>`s; `empty` shows while there are none.
 */
export function TimelineCard<T>({
  id,
  title,
  empty,
  headingSize,
  listClass,
  entries,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  headingSize: 'text-base' | 'text-lg';
  listClass: string;
  /** Oldest first, as the API sends them. */
  entries: readonly T[];
  children: (newestFirst: readonly T[]) => ReactNode;
}) {
  const newestFirst = [...entries].reverse();
  return (
    <section aria-labelledby={id} className={ui.card}>
      <h2 id={id} className={`${headingSize} font-semibold text-slate-900`}>
        {title}
      </h2>
      {newestFirst.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className={listClass}>{children(newestFirst)}</ol>
      )}
    </section>
  );
}
