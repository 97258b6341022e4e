import { atom, computed } from 'nanostores';
import {
  CMS_ORDERS,
  CMS_PAGE_SIZE_DEFAULT,
  CMS_STATUSES,
  CmsItemResponseSchema,
  CmsListResponseSchema,
  CmsRecordSchema,
  MEDIA_KINDS,
  type CmsRecord,
  type CmsStatus,
  type CmsType,
  type MediaKind,
} from '../../../lib/cms/schema.ts';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';
import { api, conflictOf, errorMessage, withQuery } from '../lib/api.ts';
import { invalidatePrefixes, mutateCache } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { followSiteBuild } from '../publishing/site-status-store.ts';
import {
  createUrlList,
  keepShownWhileLoading,
  oneOf,
  pageOf,
  searchOf,
  searchTextOf,
  type ListFilters,
} from '../lib/list.ts';
import { $router, pathTo } from '../router.ts';
import { changedBy } from '../ui/format.ts';
import { CMS_KINDS, cmsTypeOfRoute, itemNoun } from './cms-kinds.ts';
import { m } from './messages.ts';

export const CMS_LIST_PAGE_SIZE = CMS_PAGE_SIZE_DEFAULT;

export type CmsOrder = (typeof CMS_ORDERS)[number];

/** A CMS list's filters; they live in the URL query so reload and back work. */
export interface CmsListFilters extends ListFilters {
  status: '' | CmsStatus;
  /** Media gallery only. */
  media_kind: '' | MediaKind;
  order: CmsOrder;
}

export function filtersFromSearch(search: Record<string, string>, type: CmsType): CmsListFilters {
  const mediaKind = search['media_kind'];
  const order = search['order'];
  const status = search['status'];
  return {
    q: searchTextOf(search),
    status: oneOf(CMS_STATUSES, status) ? status : '',
    media_kind: type === 'video' && oneOf(MEDIA_KINDS, mediaKind) ? mediaKind : '',
    order: oneOf(CMS_ORDERS, order) ? order : 'display_order',
    page: pageOf(search),
  };
}

/** The URL query of some filters: blank values, the default order and page 1 are left out. */
export function searchOfFilters(filters: CmsListFilters): Record<string, string> {
  return searchOf(filters, { order: 'display_order' });
}

/** The list shown (type and filters), from the current URL; null on other screens. */
export const $cmsList = computed($router, (page) => {
  const type = cmsTypeOfRoute(page?.route);
  if (!page || !type || CMS_KINDS[type].listRoute !== page.route) return null;
  return { type, filters: filtersFromSearch(page.search, type) };
});

const $cmsFilters = computed($cmsList, (list) => list?.filters ?? null);

/** The items of the URL's list and its filter controls (lib/list.ts). */
export const cmsList = createUrlList({
  $filters: $cmsFilters,
  $key: computed($cmsList, (list) =>
    list
      ? withQuery(`cms/${list.type}/list`, {
          ...searchOfFilters(list.filters),
          page: list.filters.page,
          per_page: CMS_LIST_PAGE_SIZE,
        })
      : null,
  ),
  schema: CmsListResponseSchema,
  hrefOf: (filters) => {
    const type = $cmsList.get()?.type ?? 'banner';
    return pathTo(CMS_KINDS[type].listRoute, {}, searchOfFilters(filters));
  },
});

/**
 * The list as the screen shows it: while another page or filter of the same type loads, the
 * last one stays (dimmed), so the table does not jump; another type's rows never show.
 */
export const $cmsItemsView = keepShownWhileLoading(
  cmsList.$list,
  computed($cmsList, (list) => list?.type ?? ''),
);

/** Items with a status change or deletion on its way (their row's buttons wait). */
export const $busyItems = atom<ReadonlySet<string>>(new Set());

function setBusy(uuid: string, busy: boolean): void {
  const next = new Set($busyItems.get());
  if (busy) next.add(uuid);
  else next.delete(uuid);
  $busyItems.set(next);
}

/** After a change to `item`: its cached view and every list of its type are out of date. */
export function forgetCachedItem(item: Pick<CmsRecord, 'cms_type' | 'uuid'>, updated?: CmsRecord): void {
  if (updated)
    mutateCache(`cms/${item.cms_type}/view/${item.uuid}`, { status: 200, message: 'CMS item', data: updated });
  else mutateCache(`cms/${item.cms_type}/view/${item.uuid}`);
  invalidatePrefixes(`cms/${item.cms_type}/list`);
}

/**
 * A refusal because someone changed the item after the list was loaded: the list shows their
 * version and the person is told who changed it, so they can decide again. False for other errors.
 */
function showedConflict(item: CmsRecord, error: unknown, what: 'changed' | 'deleted'): boolean {
  const current = conflictOf(error, CmsRecordSchema);
  if (!current) return false;
  forgetCachedItem(item, current);
  notifyError(
    m(what === 'changed' ? 'list.conflictChanged' : 'list.conflictDeleted', {
      changed: changedBy(current, `“${current.title}”`),
    }),
  );
  return true;
}

/** Publishes or takes down an item; a change that touches the public site starts a rebuild. */
export async function changeCmsStatus(item: CmsRecord, status: CmsStatus): Promise<void> {
  setBusy(item.uuid, true);
  try {
    const answer = await api.request('POST', `cms/status/${encodeURIComponent(item.uuid)}`, {
      schema: CmsItemResponseSchema,
      body: { status, version: item.version },
    });
    forgetCachedItem(item, answer.data);
    const noun = itemNoun(item);
    notifySuccess(
      status === 'published'
        ? m(`item.${noun}.published`, { title: item.title })
        : m(`item.${noun}.nowStatus`, { title: item.title, status: m(`statusInSentence.${status}`) }),
    );
    if (item.status === 'published' || status === 'published') followSiteBuild();
  } catch (error) {
    if (showedConflict(item, error, 'changed')) return;
    notifyError(m(`item.${itemNoun(item)}.notChanged`, { title: item.title, reason: errorMessage(error) }));
  } finally {
    setBusy(item.uuid, false);
  }
}

/** Deletes an item for good (after the screen's confirmation). */
export async function deleteCmsItem(item: CmsRecord): Promise<boolean> {
  setBusy(item.uuid, true);
  try {
    await api.request('POST', `cms/delete/${encodeURIComponent(item.uuid)}`, {
      schema: GenericResponseSchema,
      body: { version: item.version },
    });
    forgetCachedItem(item);
    notifySuccess(m(`item.${itemNoun(item)}.deleted`, { title: item.title }));
    if (item.status === 'published') followSiteBuild();
    return true;
  } catch (error) {
    if (showedConflict(item, error, 'deleted')) return false;
    notifyError(m(`item.${itemNoun(item)}.notDeleted`, { title: item.title, reason: errorMessage(error) }));
    return false;
  } finally {
    setBusy(item.uuid, false);
  }
}
