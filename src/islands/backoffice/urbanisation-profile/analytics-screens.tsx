import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { hasModuleRule, isAdminLevel } from '../../../lib/access/permissions.ts';
import type { DatasetResponse } from '../../../lib/urbanisation-profile/schema.ts';
import { api, errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { QuestionnaireFormView } from '../questionnaire/questionnaire-form.tsx';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Loaded, Skeleton } from '../ui/states.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { HeaderCells } from '../ui/header-cells.tsx';
import { ui } from '../ui/styles.ts';
import { countryName } from '../../i18n/countries.ts';
import { m } from './messages.ts';
import { localIndicator, themeDescription, themeName } from './content.ts';
import { formForDataset } from './dataset-form.ts';
import { answersPath } from '../questionnaire/answers-transport.ts';
import { FormAnswersReadResponseSchema, type FormAnswersRead } from '../../../lib/questionnaires/schema.ts';
import { datasetStateText, PublicCopyNote, PublishButtons } from './dataset-publishing.tsx';
import { ExportLinks, ExportPanel } from './export-links.tsx';
import { ProfileCoverage } from './coverage-matrix.tsx';
import { ImportPanel } from './import-panel.tsx';
import { OpenDataPanel } from './open-data-panel.tsx';
import {
  $categories,
  DatasetResponseSchema,
  GridResponseSchema,
  datasetPath,
  gridPath,
  publishDataset,
} from './profile-api.ts';

const params = (page: ScreenProps['page']) => page.params as Record<string, string>;

/** /module/urbanisation-profile/analytics: the themes, the import of figures and their download. */
export function ProfileAnalyticsScreen({ identity }: ScreenProps) {
  const list = useStore($categories);
  const canWrite = hasModuleRule(identity, 'urban-profile-analytics', ['create', 'update']);
  return (
    <>
      <PageHeading description={m('analytics.description')}>{m('analytics.title')}</PageHeading>
      <Loaded value={list} loading={m('overview.loading')} rows={8} onRetry={() => $categories.invalidate()}>
        {({ data: categories }) => (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {categories.map((c) => {
              const name = themeName(c);
              const description = themeDescription(c);
              return (
                <li key={c.slug} className={ui.card}>
                  <a
                    dir="auto"
                    lang={name.lang}
                    className={`${ui.link} text-base`}
                    href={pathTo('profileAnalyticsCategory', { category: c.slug })}
                  >
                    {name.text}
                  </a>
                  <p dir="auto" lang={description.lang} className="mt-1 text-sm text-slate-600">
                    {description.text}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </Loaded>
      <ProfileCoverage />
      {canWrite && <ImportPanel />}
      {list.data && <ExportPanel categories={list.data.data.map((c) => ({ slug: c.slug, name: themeName(c).text }))} />}
    </>
  );
}

const EMPTY_CELL = 'text-slate-500 underline decoration-dotted hover:text-brand-700';
const STATUS_TEXT = { published: m('state.published'), draft: m('state.draft') } as const;

/** /module/urbanisation-profile/analytics/{category}: the country × year grid. */
export function ProfileAnalyticsCategoryScreen({ page }: ScreenProps) {
  const slug = params(page)['category'] ?? '';
  const store = useMemo(() => createFetcherStore([gridPath(slug)], { fetcher: fetchWith(GridResponseSchema) }), [slug]);
  const grid = useStore(store);
  const [year, setYear] = useState('');
  if (grid.error !== undefined && !grid.data)
    return <ErrorState error={grid.error} onRetry={() => store.invalidate()} />;
  if (!grid.data) return <Skeleton rows={10} label={m('analytics.loadingFigures')} />;
  const { category, countries, years, cells, open_data_cells } = grid.data.data;
  const cellOf = new Map(cells.map((c) => [`${c.country_code}|${c.year}`, c]));
  const openOf = new Map(open_data_cells.map((c) => [`${c.country_code}|${c.year}`, c.filled]));
  const shownYears = years.slice(-6);
  const name = themeName(category);
  return (
    <>
      <PageHeading description={m('analytics.indicators', { count: category.indicators.length })}>
        <span dir="auto" lang={name.lang}>
          {name.text}
        </span>
      </PageHeading>
      {countries.length === 0 ? (
        <EmptyState title={m('analytics.noCountry')}>{m('analytics.noCountryText')}</EmptyState>
      ) : (
        <>
          <form className="mb-4 flex items-end gap-3" onSubmit={(e) => e.preventDefault()}>
            <div>
              <label htmlFor="other-year" className={ui.label}>
                {m('analytics.anotherYear')}
              </label>
              <input
                dir="auto"
                id="other-year"
                inputMode="numeric"
                className={`${ui.input} mt-1 w-28`}
                value={year}
                onChange={(e) => setYear(e.target.value)}
              />
            </div>
            {/^\d{4}$/.test(year) && countries.length === 1 && (
              <a
                className={ui.secondaryButton}
                href={pathTo('profileAnalyticsForm', { category: slug, country_code: countries[0]!.code, year })}
              >
                {m('analytics.open', { year })}
              </a>
            )}
          </form>
          <div className={`${ui.cardFlush} overflow-x-auto`}>
            <DataTable
              caption={m('analytics.caption', { name: name.text })}
              head={<HeaderCells labels={[m('analytics.country'), ...shownYears.map(String)]} />}
            >
              {countries.map((country) => (
                <tr key={country.code}>
                  <th scope="row" className={`${ui.td} text-left font-medium`}>
                    {countryName(country.code, country.name)}
                  </th>
                  {shownYears.map((y) => {
                    const cell = cellOf.get(`${country.code}|${y}`);
                    const open = openOf.get(`${country.code}|${y}`);
                    const href = pathTo('profileAnalyticsForm', {
                      category: slug,
                      country_code: country.code,
                      year: y,
                    });
                    return (
                      <td key={y} className={ui.td}>
                        <a className={cell ? ui.link : EMPTY_CELL} href={href}>
                          {cell
                            ? m('analytics.cell', {
                                status: cell.public_copy ? m('state.changed') : STATUS_TEXT[cell.status],
                                count: cell.filled,
                              })
                            : m('analytics.none')}
                          <span className="sr-only">
                            {' '}
                            {countryName(country.code, country.name)} {y}
                          </span>
                        </a>
                        {open !== undefined && (
                          <span className="block text-xs text-slate-600">
                            {m('analytics.openData', { count: open })}
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </DataTable>
          </div>
          <p className="mt-2 text-xs text-slate-600">{m('analytics.note')}</p>
          <div className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
            <span className="text-slate-700">{m('analytics.download')}</span>
            <ExportLinks category={slug} label={m('export.label', { name: name.text })} />
          </div>
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
  const store = useMemo(
    () => createFetcherStore([datasetPath(slug, code, year)], { fetcher: fetchWith(DatasetResponseSchema) }),
    [slug, code, year],
  );
  // The figures and narrative as the answers route reads them: their ids and versions (decision 071).
  const answers = useMemo(
    () =>
      createFetcherStore([answersPath('urbanisation-profile', `${year}-${code}-${slug}`)], {
        fetcher: fetchWith(FormAnswersReadResponseSchema),
      }),
    [slug, code, year],
  );
  const loaded = useStore(store);
  const read = useStore(answers);
  const error =
    (loaded.error !== undefined && !loaded.data && loaded.error) ||
    (read.error !== undefined && !read.data && read.error);
  if (error) return <ErrorState error={error} onRetry={() => (store.invalidate(), answers.invalidate())} />;
  if (!loaded.data || !read.data) return <Skeleton rows={10} label={m('analytics.loadingFigures')} />;
  return <DatasetEditor dataset={loaded.data.data} read={read.data.data} identity={identity} />;
}

function DatasetEditor({
  dataset,
  read,
  identity,
}: {
  dataset: DatasetData;
  read: FormAnswersRead;
  identity: ScreenProps['identity'];
}) {
  const [live, setLive] = useState(dataset);
  const canEdit = hasModuleRule(identity, 'urban-profile-analytics', ['create', 'update']);
  const admin = isAdminLevel(identity);
  // The indicators named in the page's language; the figures are the country's, as written.
  const form = formForDataset(
    { ...dataset, indicators: dataset.indicators.map(localIndicator) },
    read,
    identity.uuid,
    canEdit,
    // A save moves the dataset (its version, a published one becomes a draft that keeps its public copy): read again.
    () =>
      void api
        .request('GET', datasetPath(dataset.category, dataset.country_code, dataset.year), {
          schema: DatasetResponseSchema,
        })
        .then(
          (reply) => setLive(reply.data),
          () => undefined,
        ),
  );
  const [busy, setBusy] = useState(false);

  async function publish(published: boolean) {
    setBusy(true);
    try {
      const saved = await publishDataset(live.category, live.country_code, live.year, published, live.version);
      setLive(saved);
      notifySuccess(published ? m('analytics.published') : m('analytics.withdrawn'));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading description={m('analytics.datasetDescription', { state: datasetStateText(live) })}>
        {m('analytics.heading', {
          country: countryName(live.country_code, live.country_name),
          year: String(live.year),
        })}
      </PageHeading>
      <div className="mb-4 flex flex-wrap gap-3">
        <a className={ui.secondaryButton} href={pathTo('profileAnalyticsCategory', { category: live.category })}>
          {m('analytics.back')}
        </a>
        {admin && live.exists && (
          <PublishButtons dataset={live} busy={busy} onPublish={(published) => void publish(published)} />
        )}
      </div>
      <PublicCopyNote dataset={live} admin={admin} canEdit={canEdit} />
      <QuestionnaireFormView form={form} />
      <OpenDataPanel dataset={live} />
    </>
  );
}
