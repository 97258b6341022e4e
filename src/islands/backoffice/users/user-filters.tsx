import { useStore } from '@nanostores/react';
import { USER_STATUS_LABELS } from '../../../lib/users/schema.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { $countryChoices, $searchDraft, $userListFilters, setUserFilters, typeSearch, type UserListFilters } from './user-list-store.ts';

const STATUS_CHIPS: { value: UserListFilters['status']; label: string }[] = [
  { value: '', label: 'All' },
  { value: '1', label: USER_STATUS_LABELS[1]! },
  { value: '0', label: USER_STATUS_LABELS[0]! },
  { value: '2', label: USER_STATUS_LABELS[2]! },
];

/** Search box, status chips and (admin-level only) the country filter of the user list. */
export function UserFilters({ adminLevel }: { adminLevel: boolean }) {
  const filters = useStore($userListFilters);
  const draft = useStore($searchDraft);
  const countries = useStore($countryChoices);
  if (!filters) return null;

  return (
    <div role="search" aria-label="Filter users" className="flex flex-col gap-4 lg:flex-row lg:items-end">
      <div className="lg:w-80">
        <label htmlFor="user-search" className={ui.label}>
          Search users
        </label>
        <div className="relative mt-1">
          <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <input
            id="user-search"
            type="search"
            className={`${ui.input} pl-9`}
            placeholder="Name, email or member ID"
            value={draft}
            maxLength={100}
            onChange={(event) => typeSearch(event.target.value)}
          />
        </div>
      </div>
      <div role="group" aria-labelledby="status-filter-label">
        <span id="status-filter-label" className={ui.label}>
          Status
        </span>
        <div className="mt-1 flex flex-wrap gap-2">
          {STATUS_CHIPS.map((chip) => {
            const pressed = filters.status === chip.value;
            return (
              <button
                key={chip.label}
                type="button"
                aria-pressed={pressed}
                onClick={() => setUserFilters({ status: chip.value })}
                className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
                  pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {chip.label}
              </button>
            );
          })}
        </div>
      </div>
      {adminLevel && (
        <div className="lg:w-64">
          <label htmlFor="user-country" className={ui.label}>
            Country
          </label>
          <select
            id="user-country"
            className={`${ui.input} mt-1`}
            value={filters.country_code}
            onChange={(event) => setUserFilters({ country_code: event.target.value })}
          >
            <option value="">All countries</option>
            {countries.data?.data.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
            {filters.country_code && !countries.data && <option value={filters.country_code}>{filters.country_code}</option>}
          </select>
        </div>
      )}
    </div>
  );
}
