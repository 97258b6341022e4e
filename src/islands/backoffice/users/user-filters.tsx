import { useStore } from '@nanostores/react';
import { Chips, SearchField } from '../ui/filters.tsx';
import { ui } from '../ui/styles.ts';
import { $countryChoices, $searchDraft, $userListFilters, setUserFilters, typeSearch, type UserListFilters } from './user-list-store.ts';
import { countryName } from '../../i18n/countries.ts';
import { USER_STATUS_TEXTS } from '../ui/status-chip.tsx';
import { m } from './messages.ts';

const STATUS_CHIPS: { value: UserListFilters['status']; label: string }[] = [
  { value: '', label: m('filter.all') },
  { value: '1', label: USER_STATUS_TEXTS[1]! },
  { value: '0', label: USER_STATUS_TEXTS[0]! },
  { value: '2', label: USER_STATUS_TEXTS[2]! },
];

/** Search box, status chips and (admin-level only) the country filter of the user list. */
export function UserFilters({ adminLevel }: { adminLevel: boolean }) {
  const filters = useStore($userListFilters);
  const draft = useStore($searchDraft);
  const countries = useStore($countryChoices);
  if (!filters) return null;

  return (
    <div role="search" aria-label={m('filter.label')} className="flex flex-col gap-4 lg:flex-row lg:items-end">
      <SearchField
        id="user-search"
        label={m('filter.search')}
        className="lg:w-80"
        placeholder={m('filter.placeholder')}
        value={draft}
        onType={typeSearch}
      />
      <Chips id="status-filter-label" label={m('filter.status')} chips={STATUS_CHIPS} value={filters.status} onPick={(status) => setUserFilters({ status })} />
      {adminLevel && (
        <div className="lg:w-64">
          <label htmlFor="user-country" className={ui.label}>
            {m('filter.country')}
          </label>
          <select
            id="user-country"
            className={`${ui.input} mt-1`}
            value={filters.country_code}
            onChange={(event) => setUserFilters({ country_code: event.target.value })}
          >
            <option value="">{m('filter.allCountries')}</option>
            {countries.data?.data.map((country) => (
              <option key={country.code} value={country.code}>
                {countryName(country.code, country.name)}
              </option>
            ))}
            {filters.country_code && !countries.data && <option value={filters.country_code}>{filters.country_code}</option>}
          </select>
        </div>
      )}
    </div>
  );
}
