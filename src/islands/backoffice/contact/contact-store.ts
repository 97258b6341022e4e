import { computed } from 'nanostores';
import {
  CONTACT_LIST_FILTERS,
  ContactListResponseSchema,
  ContactShowResponseSchema,
  type ContactListFilter,
} from '../../../lib/contact/schema.ts';
import { api, withQuery } from '../lib/api.ts';
import { createFetcherStore, invalidatePrefixes } from '../lib/query.ts';
import { createUrlList, pageOf, searchOf, searchTextOf, type ListFilters } from '../lib/list.ts';
import { $router, pathTo } from '../router.ts';

export const CONTACT_PAGE_SIZE = 20;

/** The message list's filters and the open message; all live in the URL query. */
export interface ContactFilters extends ListFilters {
  /** Read state or the work's status; '' for every message. */
  status: '' | ContactListFilter;
  /** The id of the message shown, if any. */
  message: number | null;
}

export function filtersFromSearch(search: Record<string, string>): ContactFilters {
  const status = search['status'];
  const message = search['message'] ?? '';
  return {
    q: searchTextOf(search),
    status: (CONTACT_LIST_FILTERS as readonly string[]).includes(status ?? '') ? (status as ContactListFilter) : '',
    page: pageOf(search),
    message: /^\d{1,9}$/.test(message) ? Number(message) : null,
  };
}

export function searchOfFilters(filters: ContactFilters): Record<string, string> {
  return searchOf(filters);
}

export const $contactFilters = computed($router, (page) =>
  page?.route === 'contactMessages' ? filtersFromSearch(page.search) : null,
);

const $listKey = computed($contactFilters, (filters) =>
  filters
    ? withQuery('contact-us/list', {
        q: filters.q,
        status: filters.status,
        page: filters.page,
        per_page: CONTACT_PAGE_SIZE,
      })
    : null,
);

/**
 * The messages of the URL's filters, the page shown while the next loads, and the filter
 * controls; opening or closing a message keeps the page.
 */
export const contactList = createUrlList({
  $filters: $contactFilters,
  $key: $listKey,
  schema: ContactListResponseSchema,
  hrefOf: (filters) => pathTo('contactMessages', {}, searchOfFilters(filters)),
  keepsPage: (patch) => patch.message !== undefined,
});

const $messageKey = computed($contactFilters, (filters) =>
  filters?.message != null ? `contact-us/show/${filters.message}` : null,
);

/** The open message. Reading it marks it read on the server, so the lists are asked again. */
export const $openMessage = createFetcherStore([$messageKey], {
  fetcher: async (...parts) => {
    const answer = await api.request('GET', parts.join(''), { schema: ContactShowResponseSchema });
    invalidatePrefixes('contact-us/list');
    return answer;
  },
});

/** The address of the list with message `id` open (links of the list rows). */
export function messageHref(filters: ContactFilters, id: number | null): string {
  return pathTo('contactMessages', {}, searchOfFilters({ ...filters, message: id }));
}
