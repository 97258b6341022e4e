import { Switch } from '@headlessui/react';
import { Labelled } from '../ui/field.tsx';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { COUNTRY_STATUS, type CountryListItem as Country } from '../../../lib/countries/schema.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Flag } from '../ui/flag.tsx';
import { SelectField } from '../ui/filters.tsx';
import { HeadingLink, PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { HeaderCells } from '../ui/header-cells.tsx';
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
import { countryName } from '../../i18n/countries.ts';
import { m } from './messages.ts';

const CONTINENTS: Partial<Record<string, string>> = {
  Asia: m('continent.Asia'),
  Oceania: m('continent.Oceania'),
  Europe: m('continent.Europe'),
};
const continentLabel = (name: string) => CONTINENTS[name] ?? name;
const nameOf = (country: Country) => countryName(country.code, country.name);

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
      <PageHeading description={m('intro')}>{m('title')}</PageHeading>
      <HeadingLink href={pathTo('trustedAuthorities')}>{m('trustedAuthorities')}</HeadingLink>
      <div role="search" aria-label={m('filter')} className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <Labelled id="country-search" label={m('search')} className="sm:w-72">
          <input
            dir="auto"
            id="country-search"
            type="search"
            className={`${ui.input} mt-1`}
            placeholder={m('searchPlaceholder')}
            value={search}
            onChange={(event) => $countrySearch.set(event.target.value)}
          />
        </Labelled>
        <SelectField
          id="country-continent"
          label={m('continent')}
          className="sm:w-56"
          value={continent}
          onPick={(name) => $continentFilter.set(name)}
        >
          <option value="">{m('allContinents')}</option>
          {continents.map((name) => (
            <option key={name} value={name}>
              {continentLabel(name)}
            </option>
          ))}
        </SelectField>
      </div>
      {all.error !== undefined && !all.data ? (
        <ErrorState error={all.error} title={m('loadFailed')} onRetry={() => $allCountries.invalidate()} />
      ) : !all.data ? (
        <Skeleton rows={8} label={m('loading')} />
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-slate-700">
            {m('showing', { shown: visible.length, total: all.data.data.length })}
          </p>
          {visible.length === 0 ? (
            <EmptyState title={m('noMatch')}>{m('tryAnother')}</EmptyState>
          ) : (
            <CountryTable countries={visible} onDeactivate={setDeactivating} />
          )}
        </>
      )}
      <ConfirmDialog
        open={deactivating !== null}
        title={m('deactivateWho', { country: deactivating ? nameOf(deactivating) : '' })}
        confirmLabel={m('deactivate')}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          if (deactivating) void setCountryStatus(deactivating, COUNTRY_STATUS.inactive);
          setDeactivating(null);
        }}
      >
        {m('deactivateText', { country: deactivating ? nameOf(deactivating) : '' })}
      </ConfirmDialog>
    </>
  );
}

function CountryTable({
  countries,
  onDeactivate,
}: {
  countries: readonly Country[];
  onDeactivate: (country: Country) => void;
}) {
  const pending = useStore($pendingCountries);
  return (
    <div className={`${ui.cardFlush} overflow-x-auto`}>
      <DataTable
        caption={m('caption')}
        head={
          <HeaderCells
            labels={[
              { label: m('col.flag'), srOnly: true },
              m('col.name'),
              m('col.code'),
              { label: m('continent'), className: 'hidden sm:table-cell' },
              m('col.status'),
            ]}
          />
        }
      >
        {countries.map((country) => {
          const active = country.status === COUNTRY_STATUS.active;
          const busy = pending.includes(country.code);
          return (
            <tr key={country.code}>
              <td className={ui.td}>
                <Flag country={country} size="md" label sprite />
              </td>
              <th scope="row" className={`${ui.td} text-left font-medium`}>
                {nameOf(country)}
              </th>
              <td className={`${ui.td} font-mono`}>{country.code}</td>
              <td className={`${ui.td} hidden sm:table-cell`}>{continentLabel(country.continent)}</td>
              <td className={ui.td}>
                <div className="flex items-center gap-3">
                  <Switch
                    checked={active}
                    disabled={busy}
                    onChange={(on: boolean) =>
                      on ? void setCountryStatus(country, COUNTRY_STATUS.active) : onDeactivate(country)
                    }
                    aria-label={m('activeLabel', { country: nameOf(country) })}
                    className={
                      'group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-400 ' +
                      'transition-colors data-checked:bg-brand-600 data-disabled:opacity-60'
                    }
                  >
                    <span
                      aria-hidden="true"
                      className={
                        'inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform ' +
                        'group-data-checked:translate-x-5.5'
                      }
                    />
                  </Switch>
                  <span className="text-sm text-slate-700">
                    {busy ? m('saving') : active ? m('active') : m('inactive')}
                  </span>
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
}
