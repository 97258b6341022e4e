import { atom, computed, onMount } from 'nanostores';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import { CountryListResponseSchema } from '../../../lib/countries/schema.ts';
import { USER_PAGE_SIZE_DEFAULT, UserListResponseSchema, type UserListResponse } from '../../../lib/users/schema.ts';
import { withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { $router, navigate, pathTo } from '../router.ts';
import { $identity } from '../session.ts';

export const USER_LIST_PAGE_SIZE = USER_PAGE_SIZE_DEFAULT;
export const SEARCH_DEBOUNCE_MS = 300;

/** The list's filters; they live in the URL query so reload and back work. */
export interface UserListFilters {
  q: string;
  status: '' | '0' | '1' | '2';
  country_code: string;
  page: number;
}

export function filtersFromSearch(search: Record<string, string>, allowCountry: boolean): UserListFilters {
  const status = search['status'] ?? '';
  const country = (search['country_code'] ?? '').toUpperCase();
  const page = Number.parseInt(search['page'] ?? '1', 10);
  return {
    q: (search['q'] ?? '').trim().slice(0, 100),
    status: status === '0' || status === '1' || status === '2' ? status : '',
    country_code: allowCountry && /^[A-Z]{2}$/.test(country) ? country : '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The URL query of some filters: blank values and page 1 are left out. */
export function searchOfFilters(filters: UserListFilters): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.q) search['q'] = filters.q;
  if (filters.status) search['status'] = filters.status;
  if (filters.country_code) search['country_code'] = filters.country_code;
  if (filters.page > 1) search['page'] = String(filters.page);
  return search;
}

const $adminLevel = computed($identity, (state) => state.status === 'ready' && isAdminLevel(state.identity));

/** The filters of the current URL while the user list shows, else null. */
export const $userListFilters = computed([$router, $adminLevel], (page, adminLevel) =>
  page?.route === 'users' ? filtersFromSearch(page.search, adminLevel) : null,
);

const $userListKey = computed($userListFilters, (filters) =>
  filters ? withQuery('user/list', { ...searchOfFilters(filters), page: filters.page, per_page: USER_LIST_PAGE_SIZE }) : null,
);

export const $userList = createFetcherStore([$userListKey], { fetcher: fetchWith(UserListResponseSchema) });

let shownList: UserListResponse | undefined;

/** The list as the screen shows it: while another page or filter loads, the last one stays. */
export const $userListView = computed($userList, (value) => {
  if (value.data) shownList = value.data;
  return { ...value, data: value.data ?? (value.loading ? shownList : undefined) };
});

/** Every country (active or not), for the admin-level country filter and the user form. */
export const $countryChoices = createFetcherStore([computed($adminLevel, (yes) => (yes ? 'countries/all?status=all' : null))], {
  fetcher: fetchWith(CountryListResponseSchema),
});

/**
 * Changes some filters. A new filter starts again at page 1; filter and page changes are history
 * entries (back undoes them), typing in the search box replaces the entry instead.
 */
export function setUserFilters(patch: Partial<UserListFilters>, options: { replace?: boolean } = {}): void {
  const current = $userListFilters.get();
  if (!current) return;
  const next: UserListFilters = { ...current, ...patch, page: patch.page ?? 1 };
  navigate(pathTo('users', {}, searchOfFilters(next)), options);
}

/** What the search box shows; it reaches the URL (and the API) after a pause in typing. */
export const $searchDraft = atom('');
let searchTimer: ReturnType<typeof setTimeout> | undefined;

export function typeSearch(value: string): void {
  $searchDraft.set(value);
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => {
    searchTimer = undefined;
    setUserFilters({ q: value.trim() }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);
}

onMount($searchDraft, () => {
  // Back, forward and links change the URL: the box follows unless the user is mid-typing.
  const stop = $userListFilters.subscribe((filters) => {
    if (filters && searchTimer === undefined && $searchDraft.get().trim() !== filters.q) $searchDraft.set(filters.q);
  });
  return () => {
    stop();
    clearTimeout(searchTimer);
    searchTimer = undefined;
  };
});
