import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { CategoryResponse } from '../../../lib/urbanisation-profile/schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { PublishPanel } from '../publishing/publish-panel.tsx';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { IndicatorSection } from './indicator-section.tsx';
import { OverviewForm } from './overview-form.tsx';
import { $categories, CategoryResponseSchema, categoryPath } from './profile-api.ts';

/** /module/urbanisation-profile/overview: the categories and their overview texts (administrators). */
export function ProfileOverviewScreen(_: ScreenProps) {
  const list = useStore($categories);
  return (
    <>
      <PageHeading description="The themes of the public urbanisation profile: their overview text, key facts and whether they are published.">
        Urbanisation Profile: Overview
      </PageHeading>
      {list.error !== undefined && !list.data ? (
        <ErrorState error={list.error} onRetry={() => $categories.invalidate()} />
      ) : !list.data ? (
        <Skeleton rows={8} label="Loading the themes…" />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No themes yet" />
      ) : (
        <div className={`${ui.cardFlush} overflow-x-auto`}>
          <table className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={ui.th}>Theme</th>
                <th scope="col" className={ui.th}>Key facts</th>
                <th scope="col" className={ui.th}>Public site</th>
                <th scope="col" className={ui.th}>Last changed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.data.map((c) => (
                <tr key={c.slug}>
                  <th scope="row" className={`${ui.td} text-left font-medium`}>
                    <a className={ui.link} href={pathTo('profileOverviewForm', { category: c.slug })}>{c.name}</a>
                    <span className="block text-xs font-normal text-slate-600">{c.description}</span>
                  </th>
                  <td className={ui.td}>{c.key_facts.length}</td>
                  <td className={ui.td}>{c.published ? 'Published' : 'Hidden'}</td>
                  <td className={ui.td}>{new Date(c.updated_at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}</td>
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
  if (!category) return <Skeleton rows={10} label="Loading the theme…" />;
  const latest = loaded.data?.data.slug === slug ? loaded.data.data : category;
  return (
    <>
      <PageHeading description="What visitors read at the top of the theme’s public page, and the indicators its figures are entered for.">{latest.name}</PageHeading>
      {/* A published theme's changes rebuild the public site: its progress shows here. */}
      {latest.published && <PublishPanel />}
      <OverviewForm key={slug} category={category} />
      <IndicatorSection key={`indicators-${slug}`} slug={slug} initial={category.indicators} />
    </>
  );
}
