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
import { CmsFilters } from './cms-filters.tsx';
import { CMS_KINDS, cmsTypeOfRoute, itemNoun, kindText } from './cms-kinds.ts';
import { m } from './messages.ts';
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
        <PageHeading description={kindText(type, 'description')}>{kindText(type, 'title')}</PageHeading>
        <div className="mb-6 flex flex-wrap gap-2">
          {type === 'video' ? (
            <>
              <a href={pathTo(kind.formRoute, { cms_type: type }, { media_kind: 'photo' })} className={ui.primaryButton}>
                <Icon name="image" className="size-4" />
                {m('list.addPhoto')}
              </a>
              <a href={pathTo(kind.formRoute, { cms_type: type }, { media_kind: 'video' })} className={ui.primaryButton}>
                <Icon name="video" className="size-4" />
                {m('list.addVideo')}
              </a>
            </>
          ) : (
            <a href={pathTo(kind.formRoute, { cms_type: type })} className={ui.primaryButton}>
              <Icon name={type === 'banner' ? 'image' : 'partners'} className="size-4" />
              {m(`item.${kind.noun}.add`)}
            </a>
          )}
        </div>
      </div>
      <PublishPanel />
      <CmsFilters type={type} />
      <div className="mt-6">
        {items.error !== undefined && !items.data ? (
          <ErrorState error={items.error} title={kindText(type, 'loadFailed')} onRetry={() => $cmsItems.invalidate()} />
        ) : !items.data ? (
          <Skeleton rows={5} label={kindText(type, 'loading')} />
        ) : items.data.data.length === 0 ? (
          <EmptyState title={filtered ? kindText(type, 'noMatch') : kindText(type, 'none')}>
            {list && list.filters.page > 1 && items.data.total > 0 ? (
              <button type="button" className={ui.link} onClick={() => setCmsFilters({ page: 1 })}>
                {m('list.firstPage')}
              </button>
            ) : filtered ? (
              m('list.tryAnother')
            ) : (
              kindText(type, 'addFirst')
            )}
          </EmptyState>
        ) : (
          <CmsTable items={items.data.data} busy={items.loading} onDelete={setDeleting} />
        )}
        {items.data && items.data.total > 0 && (
          <Pagination page={items.data.page} pageSize={CMS_LIST_PAGE_SIZE} total={items.data.total} shown={items.data.data.length} noun={kindText(type, 'pagesNoun')} onPage={(page) => setCmsFilters({ page })} />
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? m(`item.${itemNoun(deleting)}.deleteTitle`, { title: deleting.title }) : ''}
        confirmLabel={m('list.deleteConfirm')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{m('list.deleteText')}</p>
        {deleting?.status === 'published' && <p className="mt-2">{m('list.deletePublished')}</p>}
      </ConfirmDialog>
    </>
  );
}
