import { computed } from 'nanostores';
import {
  PRACTICE_ORDERS,
  PRACTICE_PAGE_SIZE_DEFAULT,
  PRACTICE_STATUSES,
  PracticeListResponseSchema,
  PracticeRefResponseSchema,
  type PracticeListResponse,
  type PracticeStatus,
} from '../../../lib/best-practices/schema.ts';
import { CountryListResponseSchema } from '../../../lib/countries/schema.ts';
import { withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes } from '../lib/query.ts';
import { createListControls, keepShownWhileLoading, oneOf, pageOf, searchOf, searchTextOf, type ListFilters } from '../lib/list.ts';
import { $router, pathTo } from '../router.ts';

export const PRACTICE_LIST_PAGE_SIZE = PRACTICE_PAGE_SIZE_DEFAULT;
export type PracticeOrder = (typeof PRACTICE_ORDERS)[number];

/** The list's filters; they live in the URL query so reload, links and back work (lib/list.ts). */
export interface PracticeListFilters extends ListFilters {
  q: string;
  status: '' | PracticeStatus;
  category: string;
  country_code: string;
  order: PracticeOrder;
  page: number;
}

export function filtersFromSearch(search: Record<string, string>): PracticeListFilters {
  const { status, order } = search;
  return {
    q: searchTextOf(search),
    status: oneOf(PRACTICE_STATUSES, status) ? status : '',
    category: /^[a-z0-9-]{1,60}$/.test(search['category'] ?? '') ? search['category']! : '',
    country_code: /^[A-Z]{2}$/.test(search['country_code'] ?? '') ? search['country_code']! : '',
    order: oneOf(PRACTICE_ORDERS, order) ? order : '-updated_at',
    page: pageOf(search),
  };
}

/** The URL query of some filters: blanks, the default order and page 1 are left out. */
export function searchOfFilters(filters: PracticeListFilters): Record<string, string> {
  return searchOf(filters, { order: '-updated_at' });
}

export const $practiceFilters = computed($router, (page) => (page?.route === 'bestPractices' ? filtersFromSearch(page.search) : null));

const $listKey = computed($practiceFilters, (filters) =>
  filters ? withQuery('best-practice/list', { ...searchOfFilters(filters), page: filters.page, per_page: PRACTICE_LIST_PAGE_SIZE }) : null,
);

export const $practices = createFetcherStore([$listKey], { fetcher: fetchWith(PracticeListResponseSchema) });
export const $practiceRef = createFetcherStore(['best-practice/ref'], { fetcher: fetchWith(PracticeRefResponseSchema) });
export const $countryOptions = createFetcherStore(['countries/all'], { fetcher: fetchWith(CountryListResponseSchema) });

/** While another page or filter loads, the last list stays (dimmed) so the table does not jump. */
export const $practicesView = keepShownWhileLoading<PracticeListResponse>($practices);

/** A new filter starts again at page 1; typing in the search box (debounced) replaces the history entry. */
export const {
  setFilters: setPracticeFilters,
  $searchDraft: $practiceSearchDraft,
  typeSearch: typePracticeSearch,
} = createListControls({ $filters: $practiceFilters, hrefOf: (filters) => pathTo('bestPractices', {}, searchOfFilters(filters)) });

/** After any change to a practice: lists and the dashboard are out of date. */
export function forgetPracticeLists(): void {
  invalidatePrefixes('best-practice/list', 'best-practice/dashboard');
}
