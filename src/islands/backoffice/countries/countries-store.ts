import { atom, computed } from 'nanostores';
import {
  COUNTRY_STATUS,
  CountryListResponseSchema,
  CountryRecordSchema,
  CountryStatusResponseSchema,
  type Country,
  type CountryRecord,
  type CountryStatusResponse,
  type CountryListItem,
} from '../../../lib/countries/schema.ts';
import { api, errorMessage } from '../lib/api.ts';
import { versionedEdit } from '../lib/versioned-edit.ts';
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

/** A country's status, saved on top of the version shown (a conflict: someone changed the country meanwhile). */
const countryStatusEdit = versionedEdit<CountryRecord, { status: 0 | 1 }, CountryStatusResponse>({
  schema: CountryRecordSchema,
  send: (body, base) =>
    api.request('POST', `country/${encodeURIComponent(base!.code)}/update/status`, {
      schema: CountryStatusResponseSchema,
      body,
    }),
  onSaved: (saved) => {
    showCountry(saved.data);
    notifySuccess(saved.message);
  },
});

/**
 * Turns a country on or off on top of the version shown, updates the cached list in place and
 * says how it went. If someone changed the country meanwhile, the list shows their version and
 * the person is told who did what, so they can decide again.
 */
export async function setCountryStatus(country: CountryListItem, status: 0 | 1): Promise<void> {
  const { code } = country;
  $pendingCountries.set([...$pendingCountries.get(), code]);
  try {
    // The list's row has no editor; only its version counts here.
    const outcome = await countryStatusEdit.save({ status }, { ...country, updated_by: null });
    if (outcome.kind === 'conflict') {
      const current = outcome.theirs;
      showCountry(current);
      const changed = changedBy(current, countryName(current.code, current.name));
      notifyError(m(current.status === COUNTRY_STATUS.active ? 'changedNowActive' : 'changedNowInactive', { changed }));
    } else if (outcome.kind !== 'saved') {
      notifyError(m('statusNotChanged', { reason: errorMessage(outcome.error) }));
    }
  } finally {
    $pendingCountries.set($pendingCountries.get().filter((pending) => pending !== code));
  }
}
