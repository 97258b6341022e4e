import { computed } from 'nanostores';
import {
  PRACTICE_ORDERS,
  PRACTICE_PAGE_SIZE_DEFAULT,
  PRACTICE_STATUSES,
  PracticeListResponseSchema,
  PracticeRefResponseSchema,
  type PracticeStatus,
} from '../../../lib/best-practices/schema.ts';
import { CountryListResponseSchema } from '../../../lib/countries/schema.ts';
import { withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes } from '../lib/query.ts';
import { createUrlList, oneOf, pageOf, searchOf, searchTextOf, type ListFilters } from '../lib/list.ts';
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

export const $practiceFilters = computed($router, (page) =>
  page?.route === 'bestPractices' ? filtersFromSearch(page.search) : null,
);

/** The practices of the URL's filters, the page shown while the next loads, and the filter controls. */
export const practiceList = createUrlList({
  $filters: $practiceFilters,
  $key: computed($practiceFilters, (filters) =>
    filters
      ? withQuery('best-practice/list', {
          ...searchOfFilters(filters),
          page: filters.page,
          per_page: PRACTICE_LIST_PAGE_SIZE,
        })
      : null,
  ),
  schema: PracticeListResponseSchema,
  hrefOf: (filters) => pathTo('bestPractices', {}, searchOfFilters(filters)),
});

export const $practiceRef = createFetcherStore(['best-practice/ref'], {
  fetcher: fetchWith(PracticeRefResponseSchema),
});
export const $countryOptions = createFetcherStore(['countries/all'], { fetcher: fetchWith(CountryListResponseSchema) });

/** After any change to a practice: lists and the dashboard are out of date. */
export function forgetPracticeLists(): void {
  invalidatePrefixes('best-practice/list', 'best-practice/dashboard');
}
