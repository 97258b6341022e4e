import { atom, computed } from 'nanostores';
import { CountryListResponseSchema, CountryStatusResponseSchema, type Country } from '../../../lib/countries/schema.ts';
import { api, errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidateKeys, mutateCache } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';

export const ALL_COUNTRIES_KEY = 'countries/all?status=all';

export const $allCountries = createFetcherStore(ALL_COUNTRIES_KEY, { fetcher: fetchWith(CountryListResponseSchema) });

export const $countrySearch = atom('');
export const $continentFilter = atom('');
/** Codes of countries whose status change is on its way. */
export const $pendingCountries = atom<readonly string[]>([]);

export const $continents = computed($allCountries, ({ data }) =>
  [...new Set((data?.data ?? []).map((country) => country.continent))].sort(),
);

/** The client-side filter of the table: name or code, and continent. */
export function filterCountries(countries: readonly Country[], search: string, continent: string): Country[] {
  const needle = search.trim().toLowerCase();
  return countries.filter(
    (country) =>
      (!continent || country.continent === continent) &&
      (!needle || country.name.toLowerCase().includes(needle) || country.code.toLowerCase() === needle),
  );
}

export const $visibleCountries = computed([$allCountries, $countrySearch, $continentFilter], ({ data }, search, continent) =>
  filterCountries(data?.data ?? [], search, continent),
);

/** Turns a country on or off, updates the cached list in place and says how it went. */
export async function setCountryStatus(code: string, status: 0 | 1): Promise<void> {
  $pendingCountries.set([...$pendingCountries.get(), code]);
  try {
    const saved = await api(`country/${encodeURIComponent(code)}/update/status`, CountryStatusResponseSchema, {
      method: 'POST',
      body: { status },
    });
    const list = $allCountries.get().data;
    if (list) {
      mutateCache(ALL_COUNTRIES_KEY, { ...list, data: list.data.map((c) => (c.code === code ? saved.data : c)) });
    }
    // Lists of active countries (profile completion) are now out of date.
    invalidateKeys((key) => key.startsWith('countries/all') && key !== ALL_COUNTRIES_KEY);
    notifySuccess(saved.message);
  } catch (error) {
    notifyError(`The status was not changed: ${errorMessage(error)}`);
  } finally {
    $pendingCountries.set($pendingCountries.get().filter((pending) => pending !== code));
  }
}
