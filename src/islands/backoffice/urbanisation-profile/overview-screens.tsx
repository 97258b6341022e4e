import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import type { CategoryResponse } from '../../../lib/urbanisation-profile/schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { PublishPanel } from '../publishing/publish-panel.tsx';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Loaded, Skeleton } from '../ui/states.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { HeaderCells } from '../ui/header-cells.tsx';
import { formatDate } from '../ui/format.ts';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { IndicatorSection } from './indicator-section.tsx';
import { OverviewForm } from './overview-form.tsx';
import { themeDescription, themeName } from './content.ts';
import { $categories, CategoryResponseSchema, categoryPath } from './profile-api.ts';

/** /module/urbanisation-profile/overview: the categories and their overview texts (administrators). */
export function ProfileOverviewScreen(_: ScreenProps) {
  const list = useStore($categories);
  return (
    <>
      <PageHeading description={m('overview.description')}>{m('overview.title')}</PageHeading>
      <Loaded value={list} loading={m('overview.loading')} rows={8} onRetry={() => $categories.invalidate()}>
        {({ data: categories }) =>
          categories.length === 0 ? (
            <EmptyState title={m('overview.none')} />
          ) : (
            <div className={`${ui.cardFlush} overflow-x-auto`}>
              <DataTable
                head={
                  <HeaderCells
                    labels={[
                      m('overview.theme'),
                      m('overview.keyFacts'),
                      m('overview.publicSite'),
                      m('overview.lastChanged'),
                    ]}
                  />
                }
              >
                {categories.map((c) => (
                  <tr key={c.slug}>
                    <th scope="row" className={`${ui.td} text-left font-medium`}>
                      <ThemeNames theme={c} />
                    </th>
                    <td className={ui.td}>{c.key_facts.length}</td>
                    <td className={ui.td}>{c.published ? m('overview.published') : m('overview.hidden')}</td>
                    <td className={ui.td}>{formatDate(c.updated_at)}</td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )
        }
      </Loaded>
    </>
  );
}

/** A theme's name (its form's link) and description in the page's language. */
function ThemeNames({ theme }: { theme: { slug: string; name: string; description: string } }) {
  const name = themeName(theme);
  const description = themeDescription(theme);
  return (
    <>
      <a dir="auto" lang={name.lang} className={ui.link} href={pathTo('profileOverviewForm', { category: theme.slug })}>
        {name.text}
      </a>
      <span dir="auto" lang={description.lang} className="block text-xs font-normal text-slate-600">
        {description.text}
      </span>
    </>
  );
}

/** /module/urbanisation-profile/overview/{category}/form: one theme's overview and its indicators. */
export function ProfileOverviewFormScreen({ page }: ScreenProps) {
  const slug = String((page.params as Record<string, string>)['category'] ?? '');
  const store = useMemo(
    () => createFetcherStore([categoryPath(slug)], { fetcher: fetchWith(CategoryResponseSchema) }),
    [slug],
  );
  const loaded = useStore(store);
  // The first answer seeds the form: later refetches (after its own saves) must not reset what is typed.
  const [first, setFirst] = useState<CategoryResponse['data'] | null>(null);
  if (loaded.data?.data.slug === slug && first?.slug !== slug) setFirst(loaded.data.data);
  if (loaded.error !== undefined && !loaded.data)
    return <ErrorState error={loaded.error} onRetry={() => store.invalidate()} />;
  const category = first?.slug === slug ? first : null;
  if (!category) return <Skeleton rows={10} label={m('overview.loadingTheme')} />;
  const latest = loaded.data?.data.slug === slug ? loaded.data.data : category;
  return (
    <>
      <PageHeading description={m('overview.formDescription')}>
        <span dir="auto" lang={themeName(latest).lang}>
          {themeName(latest).text}
        </span>
      </PageHeading>
      {/* A published theme's changes rebuild the public site: its progress shows here. */}
      {latest.published && <PublishPanel />}
      <OverviewForm key={slug} category={category} />
      <IndicatorSection key={`indicators-${slug}`} slug={slug} initial={category.indicators} />
    </>
  );
}
