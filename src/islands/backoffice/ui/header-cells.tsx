import { ui } from './styles.ts';

/** A table's plain column headers, then (with `actions`) the last column's, named for assistive tech only. */
export function HeaderCells({ labels, actions }: { labels: readonly string[]; actions?: string }) {
  return (
    <>
      {labels.map((label) => (
        <th key={label} scope="col" className={ui.th}>
          {label}
        </th>
      ))}
      {actions !== undefined && (
        <th scope="col" className={ui.th}>
          <span className="sr-only">{actions}</span>
        </th>
      )}
    </>
  );
}
