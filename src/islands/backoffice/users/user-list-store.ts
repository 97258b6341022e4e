import { computed } from 'nanostores';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import { CountryListResponseSchema } from '../../../lib/countries/schema.ts';
import { USER_PAGE_SIZE_DEFAULT, UserListResponseSchema } from '../../../lib/users/schema.ts';
import { withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { createUrlList, pageOf, searchOf, searchTextOf, type ListFilters } from '../lib/list.ts';
import { $router, pathTo } from '../router.ts';
import { $identity } from '../session.ts';

export const USER_LIST_PAGE_SIZE = USER_PAGE_SIZE_DEFAULT;

/** The list's filters; they live in the URL query so reload and back work. */
export interface UserListFilters extends ListFilters {
  status: '' | '0' | '1' | '2';
  country_code: string;
}

export function filtersFromSearch(search: Record<string, string>, allowCountry: boolean): UserListFilters {
  const status = search['status'] ?? '';
  const country = (search['country_code'] ?? '').toUpperCase();
  return {
    q: searchTextOf(search),
    status: status === '0' || status === '1' || status === '2' ? status : '',
    country_code: allowCountry && /^[A-Z]{2}$/.test(country) ? country : '',
    page: pageOf(search),
  };
}

/** The URL query of some filters: blank values and page 1 are left out. */
export function searchOfFilters(filters: UserListFilters): Record<string, string> {
  return searchOf(filters);
}

const $adminLevel = computed($identity, (state) => state.status === 'ready' && isAdminLevel(state.identity));

/** The filters of the current URL while the user list shows, else null. */
export const $userListFilters = computed([$router, $adminLevel], (page, adminLevel) =>
  page?.route === 'users' ? filtersFromSearch(page.search, adminLevel) : null,
);

const $userListKey = computed($userListFilters, (filters) =>
  filters
    ? withQuery('user/list', { ...searchOfFilters(filters), page: filters.page, per_page: USER_LIST_PAGE_SIZE })
    : null,
);

/** The users of the URL's filters, the page shown while the next loads, and the filter controls. */
export const userList = createUrlList({
  $filters: $userListFilters,
  $key: $userListKey,
  schema: UserListResponseSchema,
  hrefOf: (filters) => pathTo('users', {}, searchOfFilters(filters)),
});

/** Every country (active or not), for the admin-level country filter and the user form. */
export const $countryChoices = createFetcherStore(
  [computed($adminLevel, (yes) => (yes ? 'countries/all?status=all' : null))],
  {
    fetcher: fetchWith(CountryListResponseSchema),
  },
);
