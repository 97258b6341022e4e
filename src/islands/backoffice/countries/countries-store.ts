import { atom, computed } from 'nanostores';
import {
  COUNTRY_STATUS,
  CountryListResponseSchema,
  CountryRecordSchema,
  CountryStatusResponseSchema,
  type Country,
  type CountryListItem,
} from '../../../lib/countries/schema.ts';
import { api, conflictOf, errorMessage } from '../lib/api.ts';
import { changedBy } from '../ui/format.ts';
import { createFetcherStore, fetchWith, invalidateKeys, mutateCache } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { countryName } from '../../i18n/countries.ts';
import { m } from './messages.ts';

import { ALL_COUNTRIES_KEY } from './countries-key.ts';

export { ALL_COUNTRIES_KEY };

export const $allCountries = createFetcherStore(ALL_COUNTRIES_KEY, { fetcher: fetchWith(CountryListResponseSchema) });

export const $countrySearch = atom('');
export const $continentFilter = atom('');
/** Codes of countries whose status change is on its way. */
export const $pendingCountries = atom<readonly string[]>([]);

export const $continents = computed($allCountries, ({ data }) =>
  [...new Set((data?.data ?? []).map((country) => country.continent))].sort(),
);

/** The client-side filter of the table: name or code, and continent. */
export function filterCountries<C extends Country>(countries: readonly C[], search: string, continent: string): C[] {
  const needle = search.trim().toLowerCase();
  return countries.filter(
    (country) =>
      (!continent || country.continent === continent) &&
      (!needle ||
        country.name.toLowerCase().includes(needle) ||
        countryName(country.code, country.name).toLowerCase().includes(needle) ||
        country.code.toLowerCase() === needle),
  );
}

export const $visibleCountries = computed(
  [$allCountries, $countrySearch, $continentFilter],
  ({ data }, search, continent) => filterCountries(data?.data ?? [], search, continent),
);

/** Puts a country as the server now holds it into the cached list. */
function showCountry(country: CountryListItem): void {
  const list = $allCountries.get().data;
  if (list) {
    const { code, name, flag, status, continent, version, updated_at } = country;
    const row = { code, name, flag, status, continent, version, updated_at };
    mutateCache(ALL_COUNTRIES_KEY, { ...list, data: list.data.map((c) => (c.code === code ? row : c)) });
  }
  // Lists of active countries (profile completion) are now out of date.
  invalidateKeys((key) => key.startsWith('countries/all') && key !== ALL_COUNTRIES_KEY);
}

/**
 * Turns a country on or off on top of the version shown, updates the cached list in place and
 * says how it went. If someone changed the country meanwhile, the list shows their version and
 * the person is told who did what, so they can decide again.
 */
export async function setCountryStatus(country: CountryListItem, status: 0 | 1): Promise<void> {
  const { code } = country;
  $pendingCountries.set([...$pendingCountries.get(), code]);
  try {
    const saved = await api.request('POST', `country/${encodeURIComponent(code)}/update/status`, {
      schema: CountryStatusResponseSchema,
      body: { status, version: country.version },
    });
    showCountry(saved.data);
    notifySuccess(saved.message);
  } catch (error) {
    const current = conflictOf(error, CountryRecordSchema);
    if (current) {
      showCountry(current);
      const changed = changedBy(current, countryName(current.code, current.name));
      notifyError(m(current.status === COUNTRY_STATUS.active ? 'changedNowActive' : 'changedNowInactive', { changed }));
    } else notifyError(m('statusNotChanged', { reason: errorMessage(error) }));
  } finally {
    $pendingCountries.set($pendingCountries.get().filter((pending) => pending !== code));
  }
}
