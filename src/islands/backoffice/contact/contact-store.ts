import { atom, computed, onMount } from 'nanostores';
import { ContactListResponseSchema, ContactShowResponseSchema, type ContactListResponse } from '../../../lib/contact/schema.ts';
import { api, withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes } from '../lib/query.ts';
import { $router, navigate, pathTo } from '../router.ts';

export const CONTACT_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/** The message list's filters and the open message; all live in the URL query. */
export interface ContactFilters {
  q: string;
  status: '' | 'unread' | 'read';
  page: number;
  /** The id of the message shown, if any. */
  message: number | null;
}

export function filtersFromSearch(search: Record<string, string>): ContactFilters {
  const page = Number.parseInt(search['page'] ?? '1', 10);
  const status = search['status'];
  const message = search['message'] ?? '';
  return {
    q: (search['q'] ?? '').trim().slice(0, 100),
    status: status === 'unread' || status === 'read' ? status : '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
    message: /^\d{1,9}$/.test(message) ? Number(message) : null,
  };
}

export function searchOfFilters(filters: ContactFilters): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.q) search['q'] = filters.q;
  if (filters.status) search['status'] = filters.status;
  if (filters.page > 1) search['page'] = String(filters.page);
  if (filters.message !== null) search['message'] = String(filters.message);
  return search;
}

export const $contactFilters = computed($router, (page) => (page?.route === 'contactMessages' ? filtersFromSearch(page.search) : null));

const $listKey = computed($contactFilters, (filters) =>
  filters
    ? withQuery('contact-us/list', { q: filters.q, status: filters.status, page: filters.page, per_page: CONTACT_PAGE_SIZE })
    : null,
);

export const $contactMessages = createFetcherStore([$listKey], { fetcher: fetchWith(ContactListResponseSchema) });

let shownList: ContactListResponse | undefined;

/** The list as the screen shows it: while another page or filter loads, the last one stays. */
export const $contactMessagesView = computed($contactMessages, (value) => {
  if (value.data) shownList = value.data;
  return { ...value, data: value.data ?? (value.loading ? shownList : undefined) };
});

const $messageKey = computed($contactFilters, (filters) => (filters?.message != null ? `contact-us/show/${filters.message}` : null));

/** The open message. Reading it marks it read on the server, so the lists are asked again. */
export const $openMessage = createFetcherStore([$messageKey], {
  fetcher: async (...parts) => {
    const answer = await api(parts.join(''), ContactShowResponseSchema);
    invalidatePrefixes('contact-us/list');
    return answer;
  },
});

/** Changes filters (back to page 1) and keeps the open message unless told otherwise. */
export function setContactFilters(patch: Partial<ContactFilters>, options: { replace?: boolean } = {}): void {
  const current = $contactFilters.get();
  if (!current) return;
  const next: ContactFilters = { ...current, ...patch, page: patch.page ?? (patch.message !== undefined ? current.page : 1) };
  navigate(pathTo('contactMessages', {}, searchOfFilters(next)), options);
}

/** The address of the list with message `id` open (links of the list rows). */
export function messageHref(filters: ContactFilters, id: number | null): string {
  return pathTo('contactMessages', {}, searchOfFilters({ ...filters, message: id }));
}

export const $contactSearchDraft = atom('');
let searchTimer: ReturnType<typeof setTimeout> | undefined;

export function typeContactSearch(value: string): void {
  $contactSearchDraft.set(value);
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    searchTimer = undefined;
    setContactFilters({ q: value.trim() }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);
}

onMount($contactSearchDraft, () => {
  const stop = $contactFilters.subscribe((filters) => {
    if (filters && searchTimer === undefined && $contactSearchDraft.get().trim() !== filters.q) $contactSearchDraft.set(filters.q);
  });
  return () => {
    stop();
    clearTimeout(searchTimer);
    searchTimer = undefined;
  };
});
