import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { CategoryResponse } from '../../../lib/urbanisation-profile/schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { PublishPanel } from '../publishing/publish-panel.tsx';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { formatDate } from '../ui/format.ts';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { IndicatorSection } from './indicator-section.tsx';
import { OverviewForm } from './overview-form.tsx';
import { $categories, CategoryResponseSchema, categoryPath } from './profile-api.ts';

/** /module/urbanisation-profile/overview: the categories and their overview texts (administrators). */
export function ProfileOverviewScreen(_: ScreenProps) {
  const list = useStore($categories);
  return (
    <>
      <PageHeading description={m('overview.description')}>{m('overview.title')}</PageHeading>
      {list.error !== undefined && !list.data ? (
        <ErrorState error={list.error} onRetry={() => $categories.invalidate()} />
      ) : !list.data ? (
        <Skeleton rows={8} label={m('overview.loading')} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={m('overview.none')} />
      ) : (
        <div className={`${ui.cardFlush} overflow-x-auto`}>
          <table className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={ui.th}>{m('overview.theme')}</th>
                <th scope="col" className={ui.th}>{m('overview.keyFacts')}</th>
                <th scope="col" className={ui.th}>{m('overview.publicSite')}</th>
                <th scope="col" className={ui.th}>{m('overview.lastChanged')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.data.map((c) => (
                <tr key={c.slug}>
                  <th scope="row" className={`${ui.td} text-left font-medium`}>
                    <a dir="auto" className={ui.link} href={pathTo('profileOverviewForm', { category: c.slug })}>{c.name}</a>
                    <span dir="auto" className="block text-xs font-normal text-slate-600">{c.description}</span>
                  </th>
                  <td className={ui.td}>{c.key_facts.length}</td>
                  <td className={ui.td}>{c.published ? m('overview.published') : m('overview.hidden')}</td>
                  <td className={ui.td}>{formatDate(c.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** /module/urbanisation-profile/overview/{category}/form: one theme's overview and its indicators. */
export function ProfileOverviewFormScreen({ page }: ScreenProps) {
  const slug = String((page.params as Record<string, string>)['category'] ?? '');
  const store = useMemo(() => createFetcherStore([categoryPath(slug)], { fetcher: fetchWith(CategoryResponseSchema) }), [slug]);
  const loaded = useStore(store);
  // The first answer seeds the form: later refetches (after its own saves) must not reset what is typed.
  const [first, setFirst] = useState<CategoryResponse['data'] | null>(null);
  if (loaded.data?.data.slug === slug && first?.slug !== slug) setFirst(loaded.data.data);
  if (loaded.error !== undefined && !loaded.data) return <ErrorState error={loaded.error} onRetry={() => store.invalidate()} />;
  const category = first?.slug === slug ? first : null;
  if (!category) return <Skeleton rows={10} label={m('overview.loadingTheme')} />;
  const latest = loaded.data?.data.slug === slug ? loaded.data.data : category;
  return (
    <>
      <PageHeading description={m('overview.formDescription')}><span dir="auto">{latest.name}</span></PageHeading>
      {/* A published theme's changes rebuild the public site: its progress shows here. */}
      {latest.published && <PublishPanel />}
      <OverviewForm key={slug} category={category} />
      <IndicatorSection key={`indicators-${slug}`} slug={slug} initial={category.indicators} />
    </>
  );
}
