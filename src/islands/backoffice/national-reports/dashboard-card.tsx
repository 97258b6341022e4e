import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { hasModuleRule } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { REPORT_STATUSES, type OwnReportSummary } from '../../../lib/national-reports/schema.ts';
import { DashboardResponseSchema } from '../../../lib/national-reports/activity-schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { pathTo } from '../router.ts';
import { $identity } from '../session.ts';
import { Loaded } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { reportRoutes } from './list-store.ts';
import { CompletenessBar, deadlineText } from './report-format.tsx';
import { REPORT_TONES, StatusChip } from '../ui/status-chip.tsx';
import { REPORT_STATUS_TEXT } from './report-format.tsx';
import { DueLabel, ReturnedChip, ReturnedNotice } from './report-notices.tsx';
import { m } from './messages.ts';
import { countryName } from '../../i18n/countries.ts';

const $reportingDashboard = createFetcherStore(
  [
    computed($identity, (state) =>
      state.status === 'ready' && hasModuleRule(state.identity, 'national_report')
        ? 'report/type/national/dashboard'
        : null,
    ),
  ],
  { fetcher: fetchWith(DashboardResponseSchema) },
);

/** The dashboard's reporting card: one's own report of the open cycle, or the region at a glance. */
export function ReportingCard({ identity }: { identity: Whoami }) {
  const dashboard = useStore($reportingDashboard);
  if (!hasModuleRule(identity, 'national_report')) return null;
  return (
    <section aria-labelledby="reporting-card" className={ui.card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reporting-card" className="text-lg font-semibold text-slate-900">
          {dashboard.data?.data.cycle
            ? m('dashboard.titleYear', { year: String(dashboard.data.data.cycle.year) })
            : m('dashboard.title')}
        </h2>
        {dashboard.data?.data.cycle && (
          <p className="text-sm font-medium text-slate-700">{deadlineText(dashboard.data.data.cycle.closes_at)}</p>
        )}
      </div>
      <div className="mt-3">
        <Loaded
          value={dashboard}
          failed={m('dashboard.failed')}
          loading={m('dashboard.loading')}
          rows={2}
          onRetry={() => $reportingDashboard.invalidate()}
        >
          {({ data }) =>
            !data.cycle ? (
              <p className="text-sm text-slate-700">{m('dashboard.noCycle')}</p>
            ) : data.region ? (
              <Region region={data.region} />
            ) : (
              <ul className="space-y-4">
                {data.own.map((report) => (
                  <OwnReport key={report.uuid} report={report} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </div>
    </section>
  );
}

/** One's own report: where it stands, when it is due, and a return for revision with its reason. */
function OwnReport({ report }: { report: OwnReportSummary }) {
  const routes = reportRoutes(report.country.code, report.year);
  const name = m('report.countryYear', {
    country: countryName(report.country.code, report.country.name),
    year: String(report.year),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3">
      <div className="space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {name}{' '}
          {report.returned ? (
            <ReturnedChip />
          ) : (
            <StatusChip status={report.status} labels={REPORT_STATUS_TEXT} tones={REPORT_TONES} />
          )}
        </p>
        <DueLabel report={report} />
        <CompletenessBar pct={report.completeness.pct} className="w-40" />
      </div>
      <a href={routes.form} className={ui.primaryButton}>
        {report.returned && !report.locked
          ? m('dashboard.revise')
          : report.status === 'not_started'
            ? m('dashboard.start')
            : report.locked || report.status === 'completed'
              ? m('dashboard.open')
              : m('dashboard.continue')}
      </a>
      {report.returned && <ReturnedNotice returned={report.returned} headingLevel={3} className="basis-full" />}
    </li>
  );
}

function Region({
  region,
}: {
  region: { countries_total: number; by_status: Record<string, number>; average_completeness: number };
}) {
  return (
    <>
      <dl className={ui.tileGrid}>
        {REPORT_STATUSES.map((status) => (
          <div key={status} className="rounded-md bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{REPORT_STATUS_TEXT[status]}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900">{region.by_status[status] ?? 0}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          {m('dashboard.average', { count: region.countries_total })}{' '}
          <CompletenessBar pct={region.average_completeness} />
        </p>
        <a href={pathTo('nationalReports')} className={ui.secondaryButton}>
          {m('dashboard.allReports')}
        </a>
      </div>
    </>
  );
}
