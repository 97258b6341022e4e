import type { ReactNode } from 'react';

/**
 * The table of a list: its hidden caption, one header row (`head`, usually `HeaderCells`) and the
 * rows (`children`). `stack` makes it a `stack-table`, whose rows become cards on phones
 * (`src/styles/backoffice.css`); `className` adds to the table's classes.
 */
export function DataTable({
  caption,
  head,
  stack = false,
  className,
  busy,
  children,
}: {
  caption?: string;
  head: ReactNode;
  stack?: boolean;
  className?: string;
  busy?: true | undefined;
  children: ReactNode;
}) {
  return (
    <table
      className={[stack && 'stack-table', className, 'min-w-full divide-y divide-slate-200'].filter(Boolean).join(' ')}
      aria-busy={busy}
    >
      {caption !== undefined && <caption className="sr-only">{caption}</caption>}
      <thead className="bg-slate-50">
        <tr>{head}</tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}
