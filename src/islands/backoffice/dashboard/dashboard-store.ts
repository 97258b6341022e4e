import { computed } from 'nanostores';
import { canManageUsers, isAdminLevel } from '../../../lib/access/permissions.ts';
import type { Country } from '../../../lib/countries/schema.ts';
import { UserListResponseSchema, type UserListItem } from '../../../lib/users/schema.ts';
import { withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { $identity } from '../session.ts';

/** Statuses counted on the dashboard, in the order shown. */
export const DASHBOARD_STATUSES = [1, 0, 2] as const;

/** Users sampled for the per-country table: one page of the largest size the API allows. */
export const COUNTRY_SAMPLE_SIZE = 100;

const fetchList = fetchWith(UserListResponseSchema);

function listKey(allowed: (identity: Parameters<typeof canManageUsers>[0]) => boolean, query: Record<string, number>) {
  return computed($identity, (state) => (state.status === 'ready' && allowed(state.identity) ? withQuery('user/list', query) : null));
}

/**
 * Users per status, from the `total` of one-row list queries: three cheap requests. The server
 * confines a state_admin's lists to its own country, so the same stores serve both.
 */
export const $usersByStatus = DASHBOARD_STATUSES.map((status) => ({
  status,
  $count: createFetcherStore([listKey(canManageUsers, { status, per_page: 1 })], { fetcher: fetchList }),
}));

/** The most recent users of all countries (admin-level), counted per country on the screen. */
export const $recentUsers = createFetcherStore([listKey(isAdminLevel, { per_page: COUNTRY_SAMPLE_SIZE })], {
  fetcher: fetchList,
});

export interface CountryCount {
  code: string | null;
  country: Country | null;
  count: number;
}

/** Counts users per country, most users first; users without a country come last. */
export function countByCountry(users: readonly UserListItem[]): CountryCount[] {
  const counts = new Map<string | null, CountryCount>();
  for (const user of users) {
    const entry = counts.get(user.country_code) ?? { code: user.country_code, country: user.country, count: 0 };
    entry.count++;
    counts.set(user.country_code, entry);
  }
  return [...counts.values()].sort((a, b) => {
    if ((a.code === null) !== (b.code === null)) return a.code === null ? 1 : -1;
    return b.count - a.count || (a.country?.name ?? '').localeCompare(b.country?.name ?? '');
  });
}
