import { useStore } from '@nanostores/react';
import { useMemo, useRef, useState } from 'react';
import type { Indicator } from '../../../lib/urbanisation-profile/schema.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { EmptyState } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { IndicatorEditor } from './indicator-editor.tsx';
import { createIndicatorStore } from './indicator-store.ts';
import { IndicatorTable, RetiredIndicators } from './indicator-table.tsx';
import { m } from './messages.ts';

const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * The indicators of a theme, beside its overview: add, edit, put in order (Move up / Move down)
 * and retire or restore them. Each change is saved at once, on its own.
 */
export function IndicatorSection({ slug, initial }: { slug: string; initial: readonly Indicator[] }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the server's list seeds the store once per theme
  const store = useMemo(() => createIndicatorStore(slug, initial), [slug]);
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
          <h2
            id="indicators-heading"
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 outline-none"
          >
            {m('indicators.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{m('indicators.help')}</p>
        </div>
        <button type="button" id="add-indicator" className={ui.primaryButton} onClick={() => setEditing('new')}>
          {m('indicators.add')}
        </button>
      </div>

      {active.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={m('indicators.none')}>{m('indicators.noneText')}</EmptyState>
        </div>
      ) : (
        <IndicatorTable
          active={active}
          busy={busy}
          onEdit={setEditing}
          onMove={(code, by) => void move(code, by)}
          onRetire={setRetiring}
        />
      )}

      {retired.length > 0 && (
        <RetiredIndicators
          retired={retired}
          busy={busy}
          onRestore={async (indicator) => {
            if (await store.setRetired(indicator.code, false)) focusLater(`edit-${indicator.code}`);
          }}
        />
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
        title={m('indicators.retireTitle', { name: retiring?.name ?? '' })}
        confirmLabel={m('indicators.retireConfirm')}
        onCancel={() => setRetiring(null)}
        onConfirm={async () => {
          const code = retiring!.code;
          setRetiring(null);
          if (await store.setRetired(code, true)) heading.current?.focus();
        }}
      >
        <p>{m('indicators.retireText')}</p>
      </ConfirmDialog>
    </section>
  );
}
