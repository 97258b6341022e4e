import { atom, computed, onMount } from 'nanostores';
import {
  CMS_ORDERS,
  CMS_PAGE_SIZE_DEFAULT,
  CMS_STATUSES,
  CmsItemResponseSchema,
  CmsListResponseSchema,
  MEDIA_KINDS,
  type CmsItem,
  type CmsListResponse,
  type CmsStatus,
  type CmsType,
  type MediaKind,
} from '../../../lib/cms/schema.ts';
import { GenericResponseSchema } from '../../../lib/http/schema.ts';
import { api, errorMessage, withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes, mutateCache } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { followSiteBuild } from '../publishing/site-status-store.ts';
import { $router, navigate, pathTo } from '../router.ts';
import { capitalise, CMS_KINDS, cmsTypeOfRoute, itemNoun } from './cms-kinds.ts';

export const CMS_LIST_PAGE_SIZE = CMS_PAGE_SIZE_DEFAULT;
export const SEARCH_DEBOUNCE_MS = 300;

export type CmsOrder = (typeof CMS_ORDERS)[number];

/** A CMS list's filters; they live in the URL query so reload and back work. */
export interface CmsListFilters {
  q: string;
  status: '' | CmsStatus;
  /** Media gallery only. */
  media_kind: '' | MediaKind;
  order: CmsOrder;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): value is T =>
  value !== undefined && (values as readonly string[]).includes(value);

export function filtersFromSearch(search: Record<string, string>, type: CmsType): CmsListFilters {
  const page = Number.parseInt(search['page'] ?? '1', 10);
  const mediaKind = search['media_kind'];
  const order = search['order'];
  const status = search['status'];
  return {
    q: (search['q'] ?? '').trim().slice(0, 100),
    status: oneOf(CMS_STATUSES, status) ? status : '',
    media_kind: type === 'video' && oneOf(MEDIA_KINDS, mediaKind) ? mediaKind : '',
    order: oneOf(CMS_ORDERS, order) ? order : 'display_order',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The URL query of some filters: blank values, the default order and page 1 are left out. */
export function searchOfFilters(filters: CmsListFilters): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.q) search['q'] = filters.q;
  if (filters.status) search['status'] = filters.status;
  if (filters.media_kind) search['media_kind'] = filters.media_kind;
  if (filters.order !== 'display_order') search['order'] = filters.order;
  if (filters.page > 1) search['page'] = String(filters.page);
  return search;
}

/** The list shown (type and filters), from the current URL; null on other screens. */
export const $cmsList = computed($router, (page) => {
  const type = cmsTypeOfRoute(page?.route);
  if (!page || !type || CMS_KINDS[type].listRoute !== page.route) return null;
  return { type, filters: filtersFromSearch(page.search, type) };
});

const $cmsListKey = computed($cmsList, (list) =>
  list
    ? withQuery(`cms/${list.type}/list`, { ...searchOfFilters(list.filters), page: list.filters.page, per_page: CMS_LIST_PAGE_SIZE })
    : null,
);

export const $cmsItems = createFetcherStore([$cmsListKey], { fetcher: fetchWith(CmsListResponseSchema) });

let shown: { key: string; data: CmsListResponse } | undefined;

/**
 * The list as the screen shows it: while another page or filter of the same type loads, the
 * last one stays (dimmed), so the table does not jump.
 */
export const $cmsItemsView = computed([$cmsItems, $cmsList], (value, list) => {
  const type = list?.type ?? '';
  if (value.data) shown = { key: type, data: value.data };
  const kept = value.loading && shown?.key === type ? shown.data : undefined;
  return { ...value, data: value.data ?? kept };
});

/**
 * Changes some filters. A new filter starts again at page 1; filter and page changes are history
 * entries (back undoes them), typing in the search box replaces the entry instead.
 */
export function setCmsFilters(patch: Partial<CmsListFilters>, options: { replace?: boolean } = {}): void {
  const current = $cmsList.get();
  if (!current) return;
  const next: CmsListFilters = { ...current.filters, ...patch, page: patch.page ?? 1 };
  navigate(pathTo(CMS_KINDS[current.type].listRoute, {}, searchOfFilters(next)), options);
}

/** What the search box shows; it reaches the URL (and the API) after a pause in typing. */
export const $cmsSearchDraft = atom('');
let searchTimer: ReturnType<typeof setTimeout> | undefined;

export function typeCmsSearch(value: string): void {
  $cmsSearchDraft.set(value);
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    searchTimer = undefined;
    setCmsFilters({ q: value.trim() }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);
}

onMount($cmsSearchDraft, () => {
  // Back, forward, links and a switch of type change the URL: the box follows unless the user is mid-typing.
  const stop = $cmsList.subscribe((list) => {
    if (list && searchTimer === undefined && $cmsSearchDraft.get().trim() !== list.filters.q) $cmsSearchDraft.set(list.filters.q);
  });
  return () => {
    stop();
    clearTimeout(searchTimer);
    searchTimer = undefined;
  };
});

/** Items with a status change or deletion on its way (their row's buttons wait). */
export const $busyItems = atom<ReadonlySet<string>>(new Set());

function setBusy(uuid: string, busy: boolean): void {
  const next = new Set($busyItems.get());
  if (busy) next.add(uuid);
  else next.delete(uuid);
  $busyItems.set(next);
}

/** After a change to `item`: its cached view and every list of its type are out of date. */
export function forgetCachedItem(item: Pick<CmsItem, 'cms_type' | 'uuid'>, updated?: CmsItem): void {
  if (updated) mutateCache(`cms/${item.cms_type}/view/${item.uuid}`, { status: 200, message: 'CMS item', data: updated });
  else mutateCache(`cms/${item.cms_type}/view/${item.uuid}`);
  invalidatePrefixes(`cms/${item.cms_type}/list`);
}

/** Publishes or takes down an item; a change that touches the public site starts a rebuild. */
export async function changeCmsStatus(item: CmsItem, status: CmsStatus): Promise<void> {
  setBusy(item.uuid, true);
  try {
    const answer = await api(`cms/status/${encodeURIComponent(item.uuid)}`, CmsItemResponseSchema, { method: 'POST', body: { status } });
    forgetCachedItem(item, answer.data);
    const noun = capitalise(itemNoun(item));
    notifySuccess(status === 'published' ? `${noun} “${item.title}” published` : `${noun} “${item.title}” is now ${status}`);
    if (item.status === 'published' || status === 'published') followSiteBuild();
  } catch (error) {
    notifyError(`The ${itemNoun(item)} “${item.title}” was not changed: ${errorMessage(error)}`);
  } finally {
    setBusy(item.uuid, false);
  }
}

/** Deletes an item for good (after the screen's confirmation). */
export async function deleteCmsItem(item: CmsItem): Promise<boolean> {
  setBusy(item.uuid, true);
  try {
    await api(`cms/delete/${encodeURIComponent(item.uuid)}`, GenericResponseSchema, { method: 'POST' });
    forgetCachedItem(item);
    notifySuccess(`${capitalise(itemNoun(item))} “${item.title}” deleted`);
    if (item.status === 'published') followSiteBuild();
    return true;
  } catch (error) {
    notifyError(`The ${itemNoun(item)} “${item.title}” was not deleted: ${errorMessage(error)}`);
    return false;
  } finally {
    setBusy(item.uuid, false);
  }
}
