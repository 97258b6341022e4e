import { ui } from './styles.ts';

/** A column header with classes of its own (hidden on phones, say), or named for assistive tech only. */
export interface HeaderCell {
  label: string;
  className?: string;
  srOnly?: boolean;
}

/** A table's column headers, then (with `actions`) the last column's, named for assistive tech only. */
export function HeaderCells({ labels, actions }: { labels: readonly (string | HeaderCell)[]; actions?: string }) {
  return (
    <>
      {labels.map((cell) => {
        const { label, className, srOnly } = typeof cell === 'string' ? { label: cell } : cell;
        return (
          <th key={label} scope="col" className={className ? `${ui.th} ${className}` : ui.th}>
            {srOnly ? <span className="sr-only">{label}</span> : label}
          </th>
        );
      })}
      {actions !== undefined && (
        <th scope="col" className={ui.th}>
          <span className="sr-only">{actions}</span>
        </th>
      )}
    </>
  );
}
