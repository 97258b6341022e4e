import { computed } from 'nanostores';
import { ContactListResponseSchema } from '../../../lib/contact/schema.ts';
import { canManageUsers, isAdminLevel } from '../../../lib/access/permissions.ts';
import { CountryListResponseSchema, type Country } from '../../../lib/countries/schema.ts';
import { UserListResponseSchema, UserStatsResponseSchema, type UserStats } from '../../../lib/users/schema.ts';
import { ALL_COUNTRIES_KEY } from '../countries/countries-key.ts';
import { withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { $identity } from '../session.ts';

/** Statuses counted on the dashboard, in the order shown. */
export const DASHBOARD_STATUSES = [1, 0, 2] as const;

/** Users per status and per country in the caller's reach (the server confines a state_admin). */
export const $userStats = createFetcherStore(
  [computed($identity, (state) => (state.status === 'ready' && canManageUsers(state.identity) ? 'user/stats' : null))],
  { fetcher: fetchWith(UserStatsResponseSchema) },
);

/** Names and flags for the per-country table (admin-level only). */
export const $dashboardCountries = createFetcherStore(
  [
    computed($identity, (state) =>
      state.status === 'ready' && isAdminLevel(state.identity) ? ALL_COUNTRIES_KEY : null,
    ),
  ],
  { fetcher: fetchWith(CountryListResponseSchema) },
);

/** The count for each dashboard status, 0 where the server listed none. */
export function countsByStatus(stats: UserStats): { status: number; count: number }[] {
  return DASHBOARD_STATUSES.map((status) => ({
    status,
    count: stats.by_status.find((row) => row.status === status)?.count ?? 0,
  }));
}

export interface CountryCount {
  code: string | null;
  country: Country | null;
  count: number;
}

/** Per-country counts with their countries, most users first; users without a country last. */
export function countryRows(stats: UserStats, countries: readonly Country[]): CountryCount[] {
  const byCode = new Map(countries.map((country) => [country.code, country]));
  return stats.by_country
    .map((row) => ({
      code: row.country_code,
      country: row.country_code ? (byCode.get(row.country_code) ?? null) : null,
      count: row.count,
    }))
    .sort((a, b) => {
      if ((a.code === null) !== (b.code === null)) return a.code === null ? 1 : -1;
      return b.count - a.count || (a.country?.name ?? '').localeCompare(b.country?.name ?? '');
    });
}

/** How many people, messages… a dashboard card lists before its "see all" link. */
export const DASHBOARD_PREVIEW_ROWS = 5;

/** Accounts awaiting activation in the caller's reach (the server confines a state_admin to its country). */
export const $awaitingActivation = createFetcherStore(
  [
    computed($identity, (state) =>
      state.status === 'ready' && canManageUsers(state.identity)
        ? withQuery('user/list', { status: 0, page: 1, per_page: DASHBOARD_PREVIEW_ROWS })
        : null,
    ),
  ],
  { fetcher: fetchWith(UserListResponseSchema) },
);

/** The latest unread contact messages and the unread count (admin-level only). */
export const $unreadMessages = createFetcherStore(
  [
    computed($identity, (state) =>
      state.status === 'ready' && isAdminLevel(state.identity)
        ? withQuery('contact-us/list', { status: 'unread', page: 1, per_page: DASHBOARD_PREVIEW_ROWS })
        : null,
    ),
  ],
  { fetcher: fetchWith(ContactListResponseSchema) },
);
