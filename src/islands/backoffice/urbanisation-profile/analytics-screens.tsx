import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { hasModuleRule, isAdminLevel } from '../../../lib/access/permissions.ts';
import type { DatasetResponse, ImportPreview } from '../../../lib/urbanisation-profile/schema.ts';
import { errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { QuestionnaireFormView } from '../questionnaire/questionnaire-form.tsx';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { formForDataset } from './dataset-form.ts';
import { $categories, DatasetResponseSchema, GridResponseSchema, datasetPath, gridPath, importCsv, publishDataset, saveDataset } from './profile-api.ts';

const params = (page: ScreenProps['page']) => page.params as Record<string, string>;

/** /module/urbanisation-profile/analytics: the themes, and the CSV import. */
export function ProfileAnalyticsScreen({ identity }: ScreenProps) {
  const list = useStore($categories);
  const canWrite = hasModuleRule(identity, 'urban-profile-analytics', ['create', 'update']);
  return (
    <>
      <PageHeading description="The figures of each theme, by country and year. Published figures appear on the public urbanisation profile.">
        Urbanisation Profile: Analytics
      </PageHeading>
      {list.error !== undefined && !list.data ? (
        <ErrorState error={list.error} onRetry={() => $categories.invalidate()} />
      ) : !list.data ? (
        <Skeleton rows={8} label="Loading the themes…" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {list.data.data.map((c) => (
            <li key={c.slug} className={ui.card}>
              <a className={`${ui.link} text-base`} href={pathTo('profileAnalyticsCategory', { category: c.slug })}>{c.name}</a>
              <p className="mt-1 text-sm text-slate-600">{c.description}</p>
            </li>
          ))}
        </ul>
      )}
      {canWrite && <ImportPanel />}
      <p className="mt-6 text-sm">
        <a className={ui.link} href="/api/profile/export.csv" download>Download every figure you can see (CSV)</a>
      </p>
    </>
  );
}

function ImportPanel() {
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(apply: boolean) {
    setBusy(true);
    try {
      const result = await importCsv(csv, apply);
      setPreview(apply ? null : result);
      if (apply) {
        setCsv('');
        notifySuccess(`${result.changes.length} figure${result.changes.length === 1 ? '' : 's'} imported as drafts or updates.`);
      }
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="import-heading" className={`${ui.card} mt-8`}>
      <h2 id="import-heading" className="text-lg font-semibold text-slate-900">Import figures from a CSV file</h2>
      <p className="mt-1 text-sm text-slate-600">
        Columns: country_code, indicator, year, value, source (and optionally is_estimate, note). Check the preview first: the import
        writes every row or none.
      </p>
      <label htmlFor="import-file" className={`${ui.label} mt-3`}>CSV file</label>
      <input id="import-file" type="file" accept=".csv,text/csv" className="mt-1 text-sm"
        onChange={(e) => { const file = e.target.files?.[0]; if (file) void file.text().then((t) => { setCsv(t); setPreview(null); }); }} />
      <label htmlFor="import-text" className={`${ui.label} mt-3`}>Or paste the rows</label>
      <textarea id="import-text" rows={5} className={`${ui.input} mt-1 font-mono`} value={csv} onChange={(e) => { setCsv(e.target.value); setPreview(null); }} />
      <div className="mt-3 flex gap-3">
        <button type="button" className={ui.secondaryButton} disabled={busy || !csv.trim()} onClick={() => void run(false)}>Preview</button>
        <button type="button" className={ui.primaryButton} disabled={busy || !preview || preview.errors.length > 0 || preview.changes.length === 0} onClick={() => void run(true)}>
          Import {preview ? preview.changes.length : ''} figures
        </button>
      </div>
      {preview && (
        <div role="status" className="mt-4 space-y-3 text-sm">
          <p>{preview.rows} rows: {preview.changes.length} to change, {preview.unchanged} unchanged, {preview.errors.length} with problems.</p>
          {preview.errors.length > 0 && (
            <ul className="list-disc space-y-1 pl-5 text-red-800">
              {preview.errors.map((e) => <li key={e.line}>Line {e.line}: {e.message}</li>)}
            </ul>
          )}
          {preview.changes.length > 0 && (
            <table className="min-w-full divide-y divide-slate-200">
              <thead><tr>{['Line', 'Country', 'Indicator', 'Year', 'Now', 'New'].map((h) => <th key={h} scope="col" className={ui.th}>{h}</th>)}</tr></thead>
              <tbody className="divide-y divide-slate-100">
                {preview.changes.map((c) => (
                  <tr key={c.line}>
                    <td className={ui.td}>{c.line}</td><td className={ui.td}>{c.country_code}</td><td className={ui.td}>{c.indicator}</td>
                    <td className={ui.td}>{c.year}</td><td className={ui.td}>{c.before ?? '—'}</td><td className={ui.td}>{c.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}

const STATUS_TEXT = { published: 'Published', draft: 'Draft' } as const;

/** /module/urbanisation-profile/analytics/{category}: the country × year grid. */
export function ProfileAnalyticsCategoryScreen({ page }: ScreenProps) {
  const slug = params(page)['category'] ?? '';
  const store = useMemo(() => createFetcherStore([gridPath(slug)], { fetcher: fetchWith(GridResponseSchema) }), [slug]);
  const grid = useStore(store);
  const [year, setYear] = useState('');
  if (grid.error !== undefined && !grid.data) return <ErrorState error={grid.error} onRetry={() => store.invalidate()} />;
  if (!grid.data) return <Skeleton rows={10} label="Loading the figures…" />;
  const { category, countries, years, cells } = grid.data.data;
  const cellOf = new Map(cells.map((c) => [`${c.country_code}|${c.year}`, c]));
  const shownYears = years.slice(-6);
  return (
    <>
      <PageHeading description={`${category.indicators.length} indicators. Choose a country and year to enter or check its figures.`}>{category.name}</PageHeading>
      {countries.length === 0 ? (
        <EmptyState title="No country to show">Your account has no country yet.</EmptyState>
      ) : (
        <>
          <form className="mb-4 flex items-end gap-3" onSubmit={(e) => e.preventDefault()}>
            <div>
              <label htmlFor="other-year" className={ui.label}>Another year</label>
              <input id="other-year" inputMode="numeric" className={`${ui.input} mt-1 w-28`} value={year} onChange={(e) => setYear(e.target.value)} />
            </div>
            {/^\d{4}$/.test(year) && countries.length === 1 && (
              <a className={ui.secondaryButton} href={pathTo('profileAnalyticsForm', { category: slug, country_code: countries[0]!.code, year })}>Open {year}</a>
            )}
          </form>
          <div className={`${ui.cardFlush} overflow-x-auto`}>
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">Figures of {category.name} by country and year</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={ui.th}>Country</th>
                  {shownYears.map((y) => <th key={y} scope="col" className={ui.th}>{y}</th>)}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {countries.map((country) => (
                  <tr key={country.code}>
                    <th scope="row" className={`${ui.td} text-left font-medium`}>{country.name}</th>
                    {shownYears.map((y) => {
                      const cell = cellOf.get(`${country.code}|${y}`);
                      const href = pathTo('profileAnalyticsForm', { category: slug, country_code: country.code, year: y });
                      return (
                        <td key={y} className={ui.td}>
                          <a className={cell ? ui.link : 'text-slate-500 underline decoration-dotted hover:text-brand-700'} href={href}>
                            {cell ? `${STATUS_TEXT[cell.status]} · ${cell.filled}` : 'None'}
                            <span className="sr-only"> {country.name} {y}</span>
                          </a>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-2 text-xs text-slate-600">Each cell shows the status and the number of figures entered.</p>
        </>
      )}
    </>
  );
}

type DatasetData = DatasetResponse['data'];

/** /module/urbanisation-profile/analytics/{category}/{country_code}/{year}/form: one dataset. */
export function ProfileAnalyticsFormScreen({ page, identity }: ScreenProps) {
  const p = params(page);
  const slug = p['category'] ?? '';
  const code = (p['country_code'] ?? '').toUpperCase();
  const year = Number(p['year']);
  const store = useMemo(() => createFetcherStore([datasetPath(slug, code, year)], { fetcher: fetchWith(DatasetResponseSchema) }), [slug, code, year]);
  const loaded = useStore(store);
  if (loaded.error !== undefined && !loaded.data) return <ErrorState error={loaded.error} onRetry={() => store.invalidate()} />;
  if (!loaded.data) return <Skeleton rows={10} label="Loading the figures…" />;
  return <DatasetEditor dataset={loaded.data.data} identity={identity} />;
}

function DatasetEditor({ dataset, identity }: { dataset: DatasetData; identity: ScreenProps['identity'] }) {
  const [live, setLive] = useState(dataset);
  const canEdit = hasModuleRule(identity, 'urban-profile-analytics', ['create', 'update']);
  const admin = isAdminLevel(identity);
  const form = formForDataset(dataset, identity.uuid, canEdit, setLive);
  const [narrative, setNarrative] = useState(dataset.narrative ?? '');
  const [busy, setBusy] = useState(false);

  async function saveNarrative() {
    setBusy(true);
    try {
      const saved = await saveDataset(live.category, live.country_code, live.year, { narrative, ...(live.exists && { version: live.version }) });
      setLive(saved);
      notifySuccess('The narrative is saved.');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  async function publish(published: boolean) {
    setBusy(true);
    try {
      const saved = await publishDataset(live.category, live.country_code, live.year, published, live.version);
      setLive(saved);
      notifySuccess(published ? 'The figures are published.' : 'The figures are no longer public.');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading description={`${live.exists ? (live.status === 'published' ? 'Published' : 'Draft') : 'No figures yet'} · each figure is saved when you leave its field.`}>
        {live.country_name}, {live.year}
      </PageHeading>
      <div className="mb-4 flex flex-wrap gap-3">
        <a className={ui.secondaryButton} href={pathTo('profileAnalyticsCategory', { category: live.category })}>Back to the grid</a>
        {admin && live.exists && (
          <button type="button" className={ui.primaryButton} disabled={busy} onClick={() => void publish(live.status !== 'published')}>
            {live.status === 'published' ? 'Withdraw from the public site' : 'Publish'}
          </button>
        )}
      </div>
      <QuestionnaireFormView form={form} />
      <section aria-labelledby="narrative-heading" className={`${ui.card} mt-6`}>
        <h2 id="narrative-heading" className="text-base font-semibold text-slate-900">Narrative</h2>
        <label htmlFor="dataset-narrative" className="sr-only">Narrative</label>
        <textarea id="dataset-narrative" rows={5} className={`${ui.input} mt-2`} value={narrative} disabled={!canEdit} onChange={(e) => setNarrative(e.target.value)} />
        {canEdit && (
          <button type="button" className={`${ui.secondaryButton} mt-3`} disabled={busy} onClick={() => void saveNarrative()}>Save the narrative</button>
        )}
      </section>
    </>
  );
}
