import { useStore } from '@nanostores/react';
import { hasModuleRule, isAdminLevel } from '../../../lib/access/permissions.ts';
import { pathTo } from '../router.ts';
import { SUBREGIONS } from '../../../lib/map/subregions.ts';
import { REPORT_STATUSES, type CycleListItem, type ReportListItem } from '../../../lib/national-reports/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { SearchField } from '../ui/filters.tsx';
import { Flag } from '../ui/flag.tsx';
import { formatDate } from '../ui/format.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import {
  $cycles,
  $reportFilters,
  $reportList,
  $reportListView,
  $reportSearchDraft,
  $shownYear,
  REPORT_PAGE_SIZE,
  reportRoutes,
  setReportFilters,
  sortBy,
  typeReportSearch,
} from './list-store.ts';
import { CompletenessBar, deadlineText } from './report-format.tsx';
import { REPORT_TONES, StatusChip } from '../ui/status-chip.tsx';
import { REPORT_STATUS_LABELS } from '../../../lib/national-reports/workflow.ts';
import { Pagination } from '../ui/pagination.tsx';

/** /module/report/national: every country of a cycle (administrators) or one's own reports. */
export function NationalReportListScreen({ identity }: ScreenProps) {
  const admin = isAdminLevel(identity);
  return (
    <>
      <PageHeading
        description={
          admin
            ? 'Each country’s report for the chosen reporting cycle: where it stands, how complete it is and when it closes.'
            : `The national reports of ${identity.country?.name ?? 'your country'}, one per reporting cycle.`
        }
      >
        National Reports
      </PageHeading>
      {admin && hasModuleRule(identity, 'national_report', ['update']) && (
        <p className="-mt-3 mb-6">
          <a href={pathTo('nationalReportQuestionnaire')} className={ui.secondaryButton}>
            Questionnaire and cycles
          </a>
        </p>
      )}
      {admin ? <AdminList /> : <OwnReports />}
    </>
  );
}

function AdminList() {
  const filters = useStore($reportFilters);
  const cycles = useStore($cycles);
  const year = useStore($shownYear);
  const list = useStore($reportListView);
  const draft = useStore($reportSearchDraft);
  if (!filters) return null;
  if (cycles.error !== undefined && !cycles.data) return <ErrorState error={cycles.error} title="The reporting cycles could not be loaded" onRetry={() => $cycles.invalidate()} />;
  if (cycles.data && cycles.data.data.length === 0) return <EmptyState title="No reporting cycle yet">An administrator opens a cycle to start reporting.</EmptyState>;
  const counts = list.data?.counts ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);

  return (
    <>
      <div role="search" aria-label="Filter reports" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[10rem_12rem_14rem_1fr] lg:items-end">
        <div>
          <label htmlFor="report-cycle" className={ui.label}>
            Cycle
          </label>
          <select id="report-cycle" className={`${ui.input} mt-1`} value={year ?? ''} onChange={(event) => setReportFilters({ year: Number(event.target.value) })}>
            {cycles.data?.data.map((cycle) => (
              <option key={cycle.year} value={cycle.year}>
                {cycle.year}
                {cycle.status === 'open' ? ' (open)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="report-status" className={ui.label}>
            Status
          </label>
          <select id="report-status" className={`${ui.input} mt-1`} value={filters.status} onChange={(event) => setReportFilters({ status: event.target.value as typeof filters.status })}>
            <option value="">All statuses{total ? ` (${total})` : ''}</option>
            {REPORT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {REPORT_STATUS_LABELS[status]}
                {counts[status] !== undefined ? ` (${counts[status]})` : ''}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="report-subregion" className={ui.label}>
            Sub-region
          </label>
          <select id="report-subregion" className={`${ui.input} mt-1`} value={filters.subregion} onChange={(event) => setReportFilters({ subregion: event.target.value })}>
            <option value="">All sub-regions</option>
            {SUBREGIONS.map((subregion) => (
              <option key={subregion.id} value={subregion.id}>
                {subregion.name}
              </option>
            ))}
          </select>
        </div>
        <SearchField id="report-search" label="Search countries" placeholder="Country name or code" value={draft} onType={typeReportSearch} />
      </div>

      <div className="mt-6">
        {list.error !== undefined && !list.data ? (
          <ErrorState error={list.error} title="The reports could not be loaded" onRetry={() => $reportList.invalidate()} />
        ) : !list.data ? (
          <Skeleton rows={6} label="Loading reports…" />
        ) : list.data.data.length === 0 ? (
          <EmptyState title="No report matches these filters">Try another status, sub-region or search.</EmptyState>
        ) : (
          <>
            <ReportTable reports={list.data.data} busy={list.loading} sort={filters.sort} />
            <ReportCards reports={list.data.data} />
          </>
        )}
        {list.data && list.data.total > 0 && <Pagination page={list.data.page} pageSize={REPORT_PAGE_SIZE} total={list.data.total} shown={list.data.data.length} noun="reports" onPage={(page) => setReportFilters({ page })} />}
      </div>
    </>
  );
}

function SortHeader({ column, label, sort }: { column: 'country' | 'status' | 'completeness' | 'updated_at'; label: string; sort: string }) {
  const direction = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : 'none';
  return (
    <th scope="col" className={ui.th} aria-sort={direction}>
      <button type="button" className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900" onClick={() => sortBy(column)}>
        {label}
        <span aria-hidden="true" className="text-slate-400">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

function ReportLinks({ report }: { report: ReportListItem }) {
  const routes = reportRoutes(report.country.code, report.year);
  return (
    <span className="inline-flex flex-wrap gap-x-3 gap-y-1 text-sm">
      <a href={routes.form} className={ui.link} aria-label={`Answers of ${report.country.name} ${report.year}`}>
        Answers
      </a>
      <a href={routes.header} className={ui.link} aria-label={`Report of ${report.country.name} ${report.year}`}>
        Report
      </a>
      <a href={routes.preview} className={ui.link} aria-label={`Preview of ${report.country.name} ${report.year}`}>
        Preview
      </a>
    </span>
  );
}

function ReportTable({ reports, busy, sort }: { reports: readonly ReportListItem[]; busy: boolean; sort: string }) {
  return (
    <div className={`${ui.cardFlush} hidden overflow-x-auto md:block ${busy ? 'opacity-70' : ''}`} aria-busy={busy}>
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">National reports</caption>
        <thead className="bg-slate-50">
          <tr>
            <SortHeader column="country" label="Country" sort={sort} />
            <SortHeader column="status" label="Status" sort={sort} />
            <SortHeader column="completeness" label="Completeness" sort={sort} />
            <SortHeader column="updated_at" label="Last change" sort={sort} />
            <th scope="col" className={ui.th}>
              Deadline
            </th>
            <th scope="col" className={ui.th}>
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {reports.map((report) => (
            <tr key={report.uuid} className="hover:bg-slate-50">
              <th scope="row" className={`${ui.td} text-left font-medium text-slate-900`}>
                <a href={reportRoutes(report.country.code, report.year).form} className="inline-flex items-center gap-2 whitespace-nowrap hover:text-brand-700">
                  <Flag country={report.country} />
                  {report.country.name}
                </a>
              </th>
              <td className={ui.td}>
                <StatusChip status={report.status} labels={REPORT_STATUS_LABELS} tones={REPORT_TONES} />
              </td>
              <td className={ui.td}>
                <CompletenessBar pct={report.completeness_pct} />
              </td>
              <td className={`${ui.td} whitespace-nowrap`}>{report.status === 'not_started' ? '—' : formatDate(report.updated_at)}</td>
              <td className={`${ui.td} whitespace-nowrap`}>{formatDate(report.deadline)}</td>
              <td className={`${ui.td} text-right`}>
                <ReportLinks report={report} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The same rows as cards on a phone, where a six-column table does not fit. */
function ReportCards({ reports }: { reports: readonly ReportListItem[] }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="National reports">
      {reports.map((report) => (
        <li key={report.uuid} className={ui.card}>
          <div className="flex items-center justify-between gap-3">
            <a href={reportRoutes(report.country.code, report.year).form} className="inline-flex items-center gap-2 font-semibold text-slate-900">
              <Flag country={report.country} />
              {report.country.name}
            </a>
            <StatusChip status={report.status} labels={REPORT_STATUS_LABELS} tones={REPORT_TONES} />
          </div>
          <div className="mt-3">
            <CompletenessBar pct={report.completeness_pct} className="w-40" />
          </div>
          <p className="mt-2 text-sm text-slate-600">
            {report.status === 'not_started' ? 'No answers yet' : `Last change ${formatDate(report.updated_at)}`} · Deadline {formatDate(report.deadline)}
          </p>
          <div className="mt-2">
            <ReportLinks report={report} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A country role's own reports, one card per cycle, newest first. */
function OwnReports() {
  const cycles = useStore($cycles);
  if (cycles.error !== undefined && !cycles.data) return <ErrorState error={cycles.error} title="Your reports could not be loaded" onRetry={() => $cycles.invalidate()} />;
  if (!cycles.data) return <Skeleton rows={3} label="Loading your reports…" />;
  const withReport = cycles.data.data.filter((cycle): cycle is CycleListItem & { report: NonNullable<CycleListItem['report']> } => cycle.report !== null);
  if (withReport.length === 0) return <EmptyState title="No report yet">Your country’s report appears here when a reporting cycle opens.</EmptyState>;
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {withReport.map((cycle) => {
        const report = cycle.report;
        const routes = reportRoutes(report.country.code, report.year);
        const open = cycle.status === 'open';
        return (
          <li key={cycle.year} className={ui.card}>
            <div className="flex items-start justify-between gap-3">
              <div>
                <h2 className="text-lg font-semibold text-slate-900">
                  {report.country.name} {report.year}
                </h2>
                <p className="text-sm text-slate-600">{open ? deadlineText(report.deadline) : `Cycle ${cycle.status}`}</p>
              </div>
              <StatusChip status={report.status} labels={REPORT_STATUS_LABELS} tones={REPORT_TONES} />
            </div>
            <div className="mt-4">
              <CompletenessBar pct={report.completeness.pct} className="w-48" />
              <p className="mt-1 text-sm text-slate-600">
                {report.completeness.answered === 0
                  ? 'No answers yet'
                  : `${report.completeness.answered} of ${report.completeness.total} questions answered`}
                {report.completeness.answered > 0 &&
                  report.completeness.compulsory_total > 0 &&
                  ` · ${report.completeness.compulsory_answered} of ${report.completeness.compulsory_total} required`}
              </p>
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              <a href={routes.form} className={ui.primaryButton}>
                {report.locked || report.status === 'completed' ? 'View answers' : 'Answer the questions'}
              </a>
              <a href={routes.header} className={ui.secondaryButton}>
                Report details
              </a>
              <a href={routes.preview} className={ui.secondaryButton}>
                Preview
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
