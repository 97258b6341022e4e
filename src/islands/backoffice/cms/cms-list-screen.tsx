import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { CmsRecord } from '../../../lib/cms/schema.ts';
import { PublishPanel } from '../publishing/publish-panel.tsx';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Icon } from '../ui/icons.tsx';
import { MAIN_HEADING_ID, PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { ui } from '../ui/styles.ts';
import { ROUTE_META } from '../route-meta.ts';
import { CmsFilters } from './cms-filters.tsx';
import { CMS_KINDS, cmsTypeOfRoute, itemNoun } from './cms-kinds.ts';
import { $cmsItems, $cmsItemsView, $cmsList, CMS_LIST_PAGE_SIZE, deleteCmsItem, setCmsFilters } from './cms-list-store.ts';
import { CmsTable } from './cms-table.tsx';

/** /content-management/{banner,video,partner}: one kind of CMS item, filtered and paged through the URL. */
export function CmsListScreen({ page }: ScreenProps) {
  const type = cmsTypeOfRoute(page.route) ?? 'banner';
  const kind = CMS_KINDS[type];
  const list = useStore($cmsList);
  const items = useStore($cmsItemsView);
  const [deleting, setDeleting] = useState<CmsRecord | null>(null);
  const filtered = list !== null && (list.filters.q !== '' || list.filters.status !== '' || list.filters.media_kind !== '');

  const confirmDelete = async () => {
    const item = deleting;
    setDeleting(null);
    // The row and its button are gone: the focus goes back to the top of the screen, not to nowhere.
    if (item && (await deleteCmsItem(item))) document.getElementById(MAIN_HEADING_ID)?.focus();
  };

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageHeading description={kind.description}>{ROUTE_META[page.route].title}</PageHeading>
        <div className="mb-6 flex flex-wrap gap-2">
          {type === 'video' ? (
            <>
              <a href={pathTo(kind.formRoute, { cms_type: type }, { media_kind: 'photo' })} className={ui.primaryButton}>
                <Icon name="image" className="size-4" />
                Add photo
              </a>
              <a href={pathTo(kind.formRoute, { cms_type: type }, { media_kind: 'video' })} className={ui.primaryButton}>
                <Icon name="video" className="size-4" />
                Add video
              </a>
            </>
          ) : (
            <a href={pathTo(kind.formRoute, { cms_type: type })} className={ui.primaryButton}>
              <Icon name={type === 'banner' ? 'image' : 'partners'} className="size-4" />
              Add {kind.noun}
            </a>
          )}
        </div>
      </div>
      <PublishPanel />
      <CmsFilters type={type} plural={kind.plural} />
      <div className="mt-6">
        {items.error !== undefined && !items.data ? (
          <ErrorState error={items.error} title={`The ${kind.plural} could not be loaded`} onRetry={() => $cmsItems.invalidate()} />
        ) : !items.data ? (
          <Skeleton rows={5} label={`Loading ${kind.plural}…`} />
        ) : items.data.data.length === 0 ? (
          <EmptyState title={filtered ? `No ${kind.plural} match these filters` : `No ${kind.plural} yet`}>
            {list && list.filters.page > 1 && items.data.total > 0 ? (
              <button type="button" className={ui.link} onClick={() => setCmsFilters({ page: 1 })}>
                Go to the first page
              </button>
            ) : filtered ? (
              'Try another search, status or kind.'
            ) : (
              `Add the first ${kind.noun} with the button above.`
            )}
          </EmptyState>
        ) : (
          <CmsTable items={items.data.data} busy={items.loading} onDelete={setDeleting} />
        )}
        {items.data && items.data.total > 0 && (
          <Pagination page={items.data.page} pageSize={CMS_LIST_PAGE_SIZE} total={items.data.total} shown={items.data.data.length} noun={kind.plural} onPage={(page) => setCmsFilters({ page })} />
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete the ${itemNoun(deleting)} “${deleting.title}”?` : ''}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>It is removed for good, with its image. This cannot be undone.</p>
        {deleting?.status === 'published' && <p className="mt-2">It is on the public site now: the site is rebuilt without it.</p>}
      </ConfirmDialog>
    </>
  );
}
