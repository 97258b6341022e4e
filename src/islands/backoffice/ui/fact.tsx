import type { ReactNode } from 'react';

/**
 * One fact of a description list (`<dl>`): its term, then its value, medium and dark unless
 * `valueClass` says otherwise. `children`, when given, is the whole `<dd>` (a `CountryValue`, say).
 */
export function Fact({
  term,
  value,
  valueClass = 'font-medium text-slate-900',
  children,
}: {
  term: string;
  value?: ReactNode;
  valueClass?: string;
  children?: ReactNode;
}) {
  return (
    <div>
      <dt className="text-slate-600">{term}</dt>
      {children ?? <dd className={valueClass}>{value}</dd>}
    </div>
  );
}
