import { useStore } from '@nanostores/react';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { countryName } from '../../i18n/countries.ts';
import { countryInText, formatNumber } from '../ui/format.ts';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { userStatusLabel } from '../ui/status-chip.tsx';
import { ui } from '../ui/styles.ts';
import { $dashboardCountries, $userStats, countryRows, countsByStatus } from './dashboard-store.ts';
import { Flag } from '../ui/flag.tsx';
import { m } from './messages.ts';

function StatusTile({ status, count }: { status: number; count: number | null }) {
  return (
    <li>
      <a
        href={`/admin/users?status=${status}`}
        className="block rounded-lg border border-slate-200 bg-white p-4 shadow-xs hover:border-brand-500"
      >
        <span className="block text-sm text-slate-600">{userStatusLabel(status)}</span>
        <span className="mt-1 block text-2xl font-semibold text-slate-900">
          {count === null ? '…' : formatNumber(count)}
        </span>
      </a>
    </li>
  );
}

/** Users of the caller's reach by status: everyone for admin-level, one country for state_admin. */
export function UsersByStatus({ identity, scoped }: { identity: Whoami; scoped: boolean }) {
  const { data, error } = useStore($userStats);
  const heading =
    scoped && identity.country
      ? m('stats.byStatusIn', { country: countryInText(identity.country) })
      : m('stats.byStatus');
  return (
    <section aria-labelledby="users-by-status">
      <h2 id="users-by-status" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {error !== undefined && !data ? (
        <div className="mt-3">
          <ErrorState error={error} onRetry={() => $userStats.revalidate()} />
        </div>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-busy={!data}>
          {(data ? countsByStatus(data.data) : [1, 0, 2].map((status) => ({ status, count: null }))).map((entry) => (
            <StatusTile key={entry.status} status={entry.status} count={entry.count} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function UsersByCountry() {
  const { data, error, loading } = useStore($userStats);
  const countries = useStore($dashboardCountries).data?.data ?? [];
  const rows = data ? countryRows(data.data, countries) : [];
  return (
    <section aria-labelledby="users-by-country">
      <h2 id="users-by-country" className="text-lg font-semibold text-slate-900">
        {m('stats.byCountry')}
      </h2>
      <div className="mt-3">
        {error !== undefined && !data ? (
          <ErrorState error={error} onRetry={() => $userStats.revalidate()} />
        ) : !data ? (
          loading ? (
            <Skeleton rows={3} label={m('stats.counting')} />
          ) : null
        ) : (
          <div className={`${ui.cardFlush}`}>
            <p className="border-b border-slate-200 px-4 py-2 text-sm text-slate-600">
              {m('stats.summary', {
                users: data.data.total,
                countries: rows.filter((row) => row.code !== null).length,
              })}
            </p>
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200">
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={ui.th}>
                      {m('stats.country')}
                    </th>
                    <th scope="col" className={`${ui.th} text-right`}>
                      {m('stats.users')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((row) => (
                    <tr key={row.code ?? 'none'}>
                      <th scope="row" className={`${ui.td} text-left font-normal`}>
                        {row.code ? (
                          <a
                            href={`/admin/users?country_code=${row.code}`}
                            className="inline-flex items-center gap-2 hover:underline"
                          >
                            {row.country && <Flag country={row.country} sprite />}
                            {row.country ? countryName(row.code, row.country.name) : row.code}
                          </a>
                        ) : (
                          <span className="text-slate-600">{m('stats.noCountry')}</span>
                        )}
                      </th>
                      <td className={`${ui.td} text-right tabular-nums`}>{formatNumber(row.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
