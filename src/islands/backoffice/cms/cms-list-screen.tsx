import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { CmsRecord } from '../../../lib/cms/schema.ts';
import { PublishPanel } from '../publishing/publish-panel.tsx';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Icon } from '../ui/icons.tsx';
import { MAIN_HEADING_ID, PageHeading } from '../ui/page-heading.tsx';
import { PagedList } from '../ui/paged-list.tsx';
import { ui } from '../ui/styles.ts';
import { CmsFilters } from './cms-filters.tsx';
import { CMS_KINDS, cmsTypeOfRoute, itemNoun, kindText } from './cms-kinds.ts';
import { m } from './messages.ts';
import { $cmsItemsView, $cmsList, CMS_LIST_PAGE_SIZE, cmsList, deleteCmsItem } from './cms-list-store.ts';
import { CmsTable } from './cms-table.tsx';

/** /content-management/{banner,video,partner}: one kind of CMS item, filtered and paged through the URL. */
export function CmsListScreen({ page }: ScreenProps) {
  const type = cmsTypeOfRoute(page.route) ?? 'banner';
  const kind = CMS_KINDS[type];
  const list = useStore($cmsList);
  const items = useStore($cmsItemsView);
  const [deleting, setDeleting] = useState<CmsRecord | null>(null);
  const filtered =
    list !== null && (list.filters.q !== '' || list.filters.status !== '' || list.filters.media_kind !== '');

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
              <a
                href={pathTo(kind.formRoute, { cms_type: type }, { media_kind: 'photo' })}
                className={ui.primaryButton}
              >
                <Icon name="image" className="size-4" />
                {m('list.addPhoto')}
              </a>
              <a
                href={pathTo(kind.formRoute, { cms_type: type }, { media_kind: 'video' })}
                className={ui.primaryButton}
              >
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
        <PagedList
          list={items}
          page={list?.filters.page}
          rows={5}
          texts={{
            failed: kindText(type, 'loadFailed'),
            loading: kindText(type, 'loading'),
            noun: kindText(type, 'pagesNoun'),
          }}
          empty={{
            title: filtered ? kindText(type, 'noMatch') : kindText(type, 'none'),
            text: filtered ? m('list.tryAnother') : kindText(type, 'addFirst'),
            firstPage: m('list.firstPage'),
          }}
          pageSize={CMS_LIST_PAGE_SIZE}
          onRetry={() => cmsList.$list.invalidate()}
          onPage={(page) => cmsList.setFilters({ page })}
        >
          {(rows) => <CmsTable items={rows} busy={items.loading} onDelete={setDeleting} />}
        </PagedList>
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
