import { useStore } from '@nanostores/react';
import { useMemo, useRef, useState } from 'react';
import { INDICATOR_TYPE_LABELS } from '../../../lib/urbanisation-profile/indicator-schema.ts';
import type { Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { EmptyState } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { IndicatorEditor } from './indicator-editor.tsx';
import { createIndicatorStore } from './indicator-store.ts';

const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * The indicators of a theme, beside its overview: add, edit, put in order (Move up / Move down)
 * and retire or restore them. Each change is saved at once, on its own.
 */
export function IndicatorSection({ slug, initial }: { slug: string; initial: readonly Indicator[] }) {
  const store = useMemo(() => createIndicatorStore(slug, initial), [slug]); // eslint-disable-line react-hooks/exhaustive-deps -- the server's list seeds the store once per theme
  const active = useStore(store.$active);
  const retired = useStore(store.$retired);
  const busy = useStore(store.$busy);
  const [editing, setEditing] = useState<Indicator | 'new' | null>(null);
  const [retiring, setRetiring] = useState<Indicator | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function move(code: string, by: -1 | 1) {
    if (!(await store.move(code, by))) return;
    // The focus stays on the indicator moved: on the same button, or the other one at an end.
    const codes = store.$active.get().map((i) => i.code);
    const at = codes.indexOf(code);
    const atEnd = by === -1 ? at === 0 : at === codes.length - 1;
    focusLater(`${atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}-${code}`);
  }

  return (
    <section aria-labelledby="indicators-heading" className={`${ui.card} mt-8`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="indicators-heading" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
            Indicators
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            The figures countries enter for this theme, in this order on their forms and on the public page. Changes here are saved at once.
          </p>
        </div>
        <button type="button" id="add-indicator" className={ui.primaryButton} onClick={() => setEditing('new')}>
          Add an indicator
        </button>
      </div>

      {active.length === 0 ? (
        <div className="mt-4">
          <EmptyState title="No indicators in use">Add one, or restore a retired one below.</EmptyState>
        </div>
      ) : (
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
                    <button type="button" id={`edit-${indicator.code}`} className={ui.secondaryButton} onClick={() => setEditing(indicator)}>
                      Edit<span className="sr-only"> {indicator.name}</span>
                    </button>
                    <button type="button" id={`up-${indicator.code}`} className={ui.secondaryButton} disabled={i === 0 || busy !== null} onClick={() => void move(indicator.code, -1)}>
                      Move up<span className="sr-only"> {indicator.name}</span>
                    </button>
                    <button
                      type="button"
                      id={`down-${indicator.code}`}
                      className={ui.secondaryButton}
                      disabled={i === active.length - 1 || busy !== null}
                      onClick={() => void move(indicator.code, 1)}
                    >
                      Move down<span className="sr-only"> {indicator.name}</span>
                    </button>
                    <button type="button" className={ui.secondaryButton} disabled={busy !== null} onClick={() => setRetiring(indicator)}>
                      Retire<span className="sr-only"> {indicator.name}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {retired.length > 0 && (
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
                  onClick={async () => {
                    if (await store.setRetired(indicator.code, false)) focusLater(`edit-${indicator.code}`);
                  }}
                >
                  Restore<span className="sr-only"> {indicator.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {editing !== null && (
        <IndicatorEditor
          slug={slug}
          store={store}
          indicator={editing === 'new' ? null : editing}
          onClose={(saved) => {
            const from = editing === 'new' ? 'add-indicator' : `edit-${editing.code}`;
            setEditing(null);
            focusLater(saved ? `edit-${saved.code}` : from);
          }}
        />
      )}

      <ConfirmDialog
        open={retiring !== null}
        title={`Retire “${retiring?.name ?? ''}”?`}
        confirmLabel="Retire indicator"
        onCancel={() => setRetiring(null)}
        onConfirm={async () => {
          const code = retiring!.code;
          setRetiring(null);
          if (await store.setRetired(code, true)) heading.current?.focus();
        }}
      >
        <p>
          It leaves the countries’ forms and the public page. The figures already entered are kept, and you can restore the indicator at any
          time.
        </p>
      </ConfirmDialog>
    </section>
  );
}
