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

/**
 * One fact of a description list whose terms and values sit side by side in its grid (no box
 * around the pair): the term, then the value (`children`) with the classes given.
 */
export function TermAndValue({
  term,
  className,
  dir,
  children,
}: {
  term: string;
  className?: string;
  dir?: 'auto';
  children: ReactNode;
}) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className={className} dir={dir}>
        {children}
      </dd>
    </>
  );
}
