import { Switch } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { COUNTRY_STATUS, type CountryListItem as Country } from '../../../lib/countries/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Flag } from '../ui/flag.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import {
  $allCountries,
  $continentFilter,
  $continents,
  $countrySearch,
  $pendingCountries,
  $visibleCountries,
  setCountryStatus,
} from './countries-store.ts';

/** /admin/setting/countries: the countries of the region and whether each is active. */
export function CountriesScreen(_: ScreenProps) {
  const all = useStore($allCountries);
  const visible = useStore($visibleCountries);
  const continents = useStore($continents);
  const search = useStore($countrySearch);
  const continent = useStore($continentFilter);
  const [deactivating, setDeactivating] = useState<Country | null>(null);

  return (
    <>
      <PageHeading description="Active countries can be chosen by users and take part in reports.">Country settings</PageHeading>
      <div role="search" aria-label="Filter countries" className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="sm:w-72">
          <label htmlFor="country-search" className={ui.label}>Search countries</label>
          <input dir="auto" id="country-search" type="search" className={`${ui.input} mt-1`} placeholder="Name or code" value={search}
            onChange={(event) => $countrySearch.set(event.target.value)} />
        </div>
        <div className="sm:w-56">
          <label htmlFor="country-continent" className={ui.label}>Continent</label>
          <select id="country-continent" className={`${ui.input} mt-1`} value={continent} onChange={(event) => $continentFilter.set(event.target.value)}>
            <option value="">All continents</option>
            {continents.map((name) => (
              <option key={name} value={name}>{name}</option>
            ))}
          </select>
        </div>
      </div>
      {all.error !== undefined && !all.data ? (
        <ErrorState error={all.error} title="The countries could not be loaded" onRetry={() => $allCountries.invalidate()} />
      ) : !all.data ? (
        <Skeleton rows={8} label="Loading countries…" />
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-slate-700">
            Showing {visible.length} of {all.data.data.length} countries
          </p>
          {visible.length === 0 ? (
            <EmptyState title="No country matches">Try another name, code or continent.</EmptyState>
          ) : (
            <CountryTable countries={visible} onDeactivate={setDeactivating} />
          )}
        </>
      )}
      <ConfirmDialog
        open={deactivating !== null}
        title={`Deactivate ${deactivating?.name ?? ''}?`}
        confirmLabel="Deactivate"
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          if (deactivating) void setCountryStatus(deactivating, COUNTRY_STATUS.inactive);
          setDeactivating(null);
        }}
      >
        New users will no longer be able to choose {deactivating?.name} as their country. Users already in it keep it.
      </ConfirmDialog>
    </>
  );
}

function CountryTable({ countries, onDeactivate }: { countries: readonly Country[]; onDeactivate: (country: Country) => void }) {
  const pending = useStore($pendingCountries);
  return (
    <div className={`${ui.cardFlush} overflow-x-auto`}>
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Countries</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={ui.th}><span className="sr-only">Flag</span></th>
            <th scope="col" className={ui.th}>Name</th>
            <th scope="col" className={ui.th}>Code</th>
            <th scope="col" className={`${ui.th} hidden sm:table-cell`}>Continent</th>
            <th scope="col" className={ui.th}>Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {countries.map((country) => {
            const active = country.status === COUNTRY_STATUS.active;
            const busy = pending.includes(country.code);
            return (
              <tr key={country.code}>
                <td className={ui.td}>
                  <Flag country={country} size="md" label sprite />
                </td>
                <th scope="row" className={`${ui.td} text-left font-medium`}>{country.name}</th>
                <td className={`${ui.td} font-mono`}>{country.code}</td>
                <td className={`${ui.td} hidden sm:table-cell`}>{country.continent}</td>
                <td className={ui.td}>
                  <div className="flex items-center gap-3">
                    <Switch
                      checked={active}
                      disabled={busy}
                      onChange={(on: boolean) => (on ? void setCountryStatus(country, COUNTRY_STATUS.active) : onDeactivate(country))}
                      aria-label={`${country.name} active`}
                      className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-400 transition-colors data-checked:bg-brand-600 data-disabled:opacity-60"
                    >
                      <span aria-hidden="true" className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5.5" />
                    </Switch>
                    <span className="text-sm text-slate-700">{busy ? 'Saving…' : active ? 'Active' : 'Inactive'}</span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
