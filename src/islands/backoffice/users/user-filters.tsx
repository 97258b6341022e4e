import { useStore } from '@nanostores/react';
import { Chips, ListSearchBar, SelectField } from '../ui/filters.tsx';
import { $countryChoices, userList, type UserListFilters } from './user-list-store.ts';
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
  const countries = useStore($countryChoices);
  return (
    <ListSearchBar
      list={userList}
      label={m('filter.label')}
      className="flex flex-col gap-4 lg:flex-row lg:items-end"
      search={{
        id: 'user-search',
        label: m('filter.search'),
        className: 'lg:w-80',
        placeholder: m('filter.placeholder'),
      }}
    >
      {(filters) => (
        <>
          <Chips
            id="status-filter-label"
            label={m('filter.status')}
            chips={STATUS_CHIPS}
            value={filters.status}
            onPick={(status) => userList.setFilters({ status })}
          />
          {adminLevel && (
            <SelectField
              id="user-country"
              label={m('filter.country')}
              className="lg:w-64"
              value={filters.country_code}
              onPick={(country_code) => userList.setFilters({ country_code })}
            >
              <option value="">{m('filter.allCountries')}</option>
              {countries.data?.data.map((country) => (
                <option key={country.code} value={country.code}>
                  {countryName(country.code, country.name)}
                </option>
              ))}
              {filters.country_code && !countries.data && (
                <option value={filters.country_code}>{filters.country_code}</option>
              )}
            </SelectField>
          )}
        </>
      )}
    </ListSearchBar>
  );
}
