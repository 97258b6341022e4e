import { INDICATOR_TYPE_LABELS } from '../../../lib/urbanisation-profile/indicator-schema.ts';
import type { Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { ui } from '../ui/styles.ts';

/** The indicators in use, in order, each with Edit, Move up, Move down and Retire. */
export function IndicatorTable({ active, busy, onEdit, onMove, onRetire }: {
  active: readonly Indicator[];
  busy: unknown;
  onEdit: (indicator: Indicator) => void;
  onMove: (code: string, by: -1 | 1) => void;
  onRetire: (indicator: Indicator) => void;
}) {
  return (
    <table className="stack-table mt-4 min-w-full divide-y divide-slate-200" aria-busy={busy !== null || undefined}>
      <thead className="bg-slate-50">
        <tr>
          <th scope="col" className={ui.th}>No.</th>
          <th scope="col" className={ui.th}>Indicator</th>
          <th scope="col" className={ui.th}>Kind and unit</th>
          <th scope="col" className={ui.th}>Source</th>
          <th scope="col" className={ui.th}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {active.map((indicator, i) => (
          <tr key={indicator.code}>
            <td data-label="No." className={`${ui.td} tabular-nums`}>{i + 1}</td>
            <th scope="row" className={`${ui.td} text-left font-medium`}>
              {indicator.name}
              <span className="block text-xs font-normal text-slate-600">
                <span className="font-mono">{indicator.code}</span>
                {indicator.sdg_ref && ` · SDG ${indicator.sdg_ref}`}
                {(indicator.expected_min !== null || indicator.expected_max !== null) &&
                  ` · expected ${indicator.expected_min ?? '…'} to ${indicator.expected_max ?? '…'}`}
              </span>
            </th>
            <td data-label="Kind and unit" className={ui.td}>
              {INDICATOR_TYPE_LABELS[indicator.answer_type]}
              {indicator.unit && `, ${indicator.unit}`}
            </td>
            <td data-label="Source" className={`${ui.td} text-xs`}>
              {indicator.source}
              {indicator.source_series && <span className="block font-mono text-slate-600">{indicator.source_series}</span>}
            </td>
            <td className={`${ui.td} stack-actions whitespace-nowrap text-right`}>
              <div className="flex flex-wrap justify-end gap-2">
                <button type="button" id={`edit-${indicator.code}`} className={ui.secondaryButton} onClick={() => onEdit(indicator)}>
                  Edit<span className="sr-only"> {indicator.name}</span>
                </button>
                <button type="button" id={`up-${indicator.code}`} className={ui.secondaryButton} disabled={i === 0 || busy !== null} onClick={() => onMove(indicator.code, -1)}>
                  Move up<span className="sr-only"> {indicator.name}</span>
                </button>
                <button
                  type="button"
                  id={`down-${indicator.code}`}
                  className={ui.secondaryButton}
                  disabled={i === active.length - 1 || busy !== null}
                  onClick={() => onMove(indicator.code, 1)}
                >
                  Move down<span className="sr-only"> {indicator.name}</span>
                </button>
                <button type="button" className={ui.secondaryButton} disabled={busy !== null} onClick={() => onRetire(indicator)}>
                  Retire<span className="sr-only"> {indicator.name}</span>
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The retired indicators, each with Restore. */
export function RetiredIndicators({ retired, busy, onRestore }: { retired: readonly Indicator[]; busy: unknown; onRestore: (indicator: Indicator) => Promise<void> }) {
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Retired indicators</h3>
      <p className="text-xs text-slate-600">Not on the forms or the public page. Their figures are kept and come back with them.</p>
      <ul className="mt-2 divide-y divide-slate-100">
        {retired.map((indicator) => (
          <li key={indicator.code} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              {indicator.name} <span className="font-mono text-xs text-slate-600">{indicator.code}</span>
            </span>
            <button
              type="button"
              className={ui.secondaryButton}
              disabled={busy !== null}
              onClick={() => void onRestore(indicator)}
            >
              Restore<span className="sr-only"> {indicator.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
