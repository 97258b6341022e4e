import type { ButtonHTMLAttributes } from 'react';
import type { Indicator, INDICATOR_TYPES } from '../../../lib/urbanisation-profile/schema.ts';
import { DataTable } from '../ui/data-table.tsx';
import { HeaderCells } from '../ui/header-cells.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';

/** The kinds of figure, in the page's language. */
export const INDICATOR_TYPE_LABELS: Record<(typeof INDICATOR_TYPES)[number], string> = {
  pct: m('type.pct'),
  num: m('type.num'),
  int: m('type.int'),
};

/** The indicators in use, in order, each with Edit, Move up, Move down and Retire. */
export function IndicatorTable({
  active,
  busy,
  onEdit,
  onMove,
  onRetire,
}: {
  active: readonly Indicator[];
  busy: unknown;
  onEdit: (indicator: Indicator) => void;
  onMove: (code: string, by: -1 | 1) => void;
  onRetire: (indicator: Indicator) => void;
}) {
  return (
    <DataTable
      stack
      className="mt-4"
      busy={busy !== null || undefined}
      head={
        <HeaderCells
          labels={[m('table.number'), m('table.indicator'), m('table.kind'), m('table.source')]}
          actions={m('table.actions')}
        />
      }
    >
      {active.map((indicator, i) => (
        <tr key={indicator.code}>
          <td data-label={m('table.number')} className={`${ui.td} tabular-nums`}>
            {i + 1}
          </td>
          <th scope="row" className={`${ui.td} text-left font-medium`}>
            <span dir="auto">{indicator.name}</span>
            <span className="block text-xs font-normal text-slate-600">
              <span className="font-mono">{indicator.code}</span>
              {indicator.sdg_ref && m('table.sdg', { ref: indicator.sdg_ref })}
              {(indicator.expected_min !== null || indicator.expected_max !== null) &&
                m('table.expected', { min: indicator.expected_min ?? '…', max: indicator.expected_max ?? '…' })}
            </span>
          </th>
          <td data-label={m('table.kind')} className={ui.td}>
            {INDICATOR_TYPE_LABELS[indicator.answer_type]}
            {indicator.unit && `, ${indicator.unit}`}
          </td>
          <td data-label={m('table.source')} className={`${ui.td} text-xs`}>
            {indicator.source}
            {indicator.source_series && (
              <span className="block font-mono text-slate-600">{indicator.source_series}</span>
            )}
          </td>
          <td className={`${ui.td} stack-actions whitespace-nowrap text-right`}>
            <div className="flex flex-wrap justify-end gap-2">
              <RowButton
                label={m('table.edit')}
                of={indicator}
                id={`edit-${indicator.code}`}
                onClick={() => onEdit(indicator)}
              />
              <RowButton
                label={m('table.moveUp')}
                of={indicator}
                id={`up-${indicator.code}`}
                disabled={i === 0 || busy !== null}
                onClick={() => onMove(indicator.code, -1)}
              />
              <RowButton
                label={m('table.moveDown')}
                of={indicator}
                id={`down-${indicator.code}`}
                disabled={i === active.length - 1 || busy !== null}
                onClick={() => onMove(indicator.code, 1)}
              />
              <RowButton
                label={m('table.retire')}
                of={indicator}
                disabled={busy !== null}
                onClick={() => onRetire(indicator)}
              />
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** A button of an indicator's row: its word, then (for assistive tech) the indicator it acts on. */
function RowButton({
  label,
  of,
  ...button
}: { label: string; of: Indicator } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return (
    <button type="button" className={ui.secondaryButton} {...button}>
      {label}
      <span className="sr-only"> {of.name}</span>
    </button>
  );
}

/** The retired indicators, each with Restore. */
export function RetiredIndicators({
  retired,
  busy,
  onRestore,
}: {
  retired: readonly Indicator[];
  busy: unknown;
  onRestore: (indicator: Indicator) => Promise<void>;
}) {
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">{m('table.retired')}</h3>
      <p className="text-xs text-slate-600">{m('table.retiredHelp')}</p>
      <ul className="mt-2 divide-y divide-slate-100">
        {retired.map((indicator) => (
          <li key={indicator.code} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span dir="auto">{indicator.name}</span>{' '}
              <span className="font-mono text-xs text-slate-600">{indicator.code}</span>
            </span>
            <RowButton
              label={m('table.restore')}
              of={indicator}
              disabled={busy !== null}
              onClick={() => void onRestore(indicator)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
