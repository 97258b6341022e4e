import { useState } from 'react';
import type { Category } from '../../../lib/urbanisation-profile/schema.ts';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { exportHref, type ExportKind } from './profile-api.ts';

const KINDS: readonly { kind: ExportKind; label: string }[] = [
  { kind: 'xlsx', label: m('export.xlsx') },
  { kind: 'csv-excel', label: m('export.csvExcel') },
  { kind: 'csv', label: m('export.csv') },
];

/** Download links of the figures of `category` (every theme without one), in each format. */
export function ExportLinks({ category, label }: { category?: string; label: string }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label={label}>
      {KINDS.map(({ kind, label: text }) => (
        <li key={kind}>
          <a className={ui.link} href={exportHref(kind, category)} download>
            {text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The export of figures: every theme or one, as a workbook or CSV (with a byte-order mark for Excel, or plain). */
export function ExportPanel({ categories }: { categories: readonly Pick<Category, 'slug' | 'name'>[] }) {
  const [category, setCategory] = useState('');
  const name = categories.find((c) => c.slug === category)?.name;
  return (
    <section aria-labelledby="export-heading" className={`${ui.card} mt-6`}>
      <h2 id="export-heading" className="text-lg font-semibold text-slate-900">
        {m('export.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m('export.help')}</p>
      <label htmlFor="export-category" className={`${ui.label} mt-3`}>
        {m('export.theme')}
      </label>
      <select
        id="export-category"
        className={`${ui.input} mt-1 sm:w-96`}
        value={category}
        onChange={(e) => setCategory(e.target.value)}
      >
        <option value="">{m('export.everyTheme')}</option>
        {categories.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </select>
      <div className="mt-3">
        <ExportLinks
          category={category || undefined}
          label={m('export.label', { name: name ?? m('export.everyThemeInSentence') })}
        />
      </div>
    </section>
  );
}
