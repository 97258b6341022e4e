import { useStore } from '@nanostores/react';
import { hasModuleRule, isAdminLevel } from '../../../lib/access/permissions.ts';
import { pathTo } from '../router.ts';
import { SUBREGIONS } from '../../../lib/map/subregions.ts';
import { REPORT_STATUSES, type CycleListItem, type ReportListItem } from '../../../lib/national-reports/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { Options, SearchField, SelectField } from '../ui/filters.tsx';
import { Flag } from '../ui/flag.tsx';
import { formatDate } from '../ui/format.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import {
  $cycles,
  $reportFilters,
  $shownYear,
  REPORT_PAGE_SIZE,
  reportList,
  reportRoutes,
  sortBy,
} from './list-store.ts';
import { CompletenessBar, CYCLE_STATUS_TEXT, deadlineText, REPORT_STATUS_TEXT } from './report-format.tsx';
import { REPORT_TONES, StatusChip } from '../ui/status-chip.tsx';
import { countryName } from '../../i18n/countries.ts';
import { m } from './messages.ts';
import { PagedList } from '../ui/paged-list.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { HeaderCells } from '../ui/header-cells.tsx';

/** /module/report/national: every country of a cycle (administrators) or one's own reports. */
export function NationalReportListScreen({ identity }: ScreenProps) {
  const admin = isAdminLevel(identity);
  return (
    <>
      <PageHeading
        description={
          admin
            ? m('list.adminDescription')
            : identity.country
              ? m('list.ownDescription', { country: countryName(identity.country.code, identity.country.name) })
              : m('list.ownDescriptionNoCountry')
        }
      >
        {m('list.title')}
      </PageHeading>
      <p className="-mt-3 mb-6 flex flex-wrap gap-3">
        {admin && hasModuleRule(identity, 'national_report', ['update']) && (
          <a href={pathTo('nationalReportQuestionnaire')} className={ui.secondaryButton}>
            {m('list.questionnaireLink')}
          </a>
        )}
        <a href={pathTo('nationalReportCompare')} className={ui.secondaryButton}>
          {m('list.compareLink')}
        </a>
        <a href={pathTo('nationalReportSearch')} className={ui.secondaryButton}>
          {m('list.searchLink')}
        </a>
      </p>
      {admin ? <AdminList /> : <OwnReports />}
    </>
  );
}

function AdminList() {
  const filters = useStore($reportFilters);
  const cycles = useStore($cycles);
  const year = useStore($shownYear);
  const list = useStore(reportList.$view);
  const draft = useStore(reportList.$searchDraft);
  if (!filters) return null;
  if (cycles.error !== undefined && !cycles.data)
    return <ErrorState error={cycles.error} title={m('list.cyclesFailed')} onRetry={() => $cycles.invalidate()} />;
  if (cycles.data && cycles.data.data.length === 0)
    return <EmptyState title={m('list.noCycleTitle')}>{m('list.noCycle')}</EmptyState>;
  const counts = list.data?.counts ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);

  return (
    <>
      <div
        role="search"
        aria-label={m('list.filter')}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[10rem_12rem_14rem_1fr] lg:items-end"
      >
        <SelectField
          id="report-cycle"
          label={m('list.cycle')}
          value={String(year ?? '')}
          onPick={(value) => reportList.setFilters({ year: Number(value) })}
        >
          {cycles.data?.data.map((cycle) => (
            <option key={cycle.year} value={cycle.year}>
              {cycle.status === 'open' ? m('list.cycleOpen', { year: String(cycle.year) }) : cycle.year}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="report-status"
          label={m('list.status')}
          value={filters.status}
          onPick={(value) => reportList.setFilters({ status: value as typeof filters.status })}
        >
          <option value="">{total ? m('list.allStatusesCount', { count: total }) : m('list.allStatuses')}</option>
          {REPORT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {counts[status] !== undefined
                ? m('list.withCount', { label: REPORT_STATUS_TEXT[status], count: counts[status] })
                : REPORT_STATUS_TEXT[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="report-subregion"
          label={m('list.subregion')}
          value={filters.subregion}
          onPick={(subregion) => reportList.setFilters({ subregion })}
        >
          <option value="">{m('list.allSubregions')}</option>
          <Options options={SUBREGIONS.map(({ id }) => ({ value: id, label: m(`subregion.${id}`) }))} />
        </SelectField>
        <SearchField
          id="report-search"
          label={m('list.search')}
          placeholder={m('list.searchPlaceholder')}
          value={draft}
          onType={reportList.typeSearch}
        />
      </div>

      <div className="mt-6">
        <PagedList
          list={list}
          page={filters.page}
          texts={{ failed: m('list.failed'), loading: m('list.loading'), noun: m('list.noun') }}
          empty={{ title: m('list.noneTitle'), text: m('list.none') }}
          pageSize={REPORT_PAGE_SIZE}
          onRetry={() => reportList.$list.invalidate()}
          onPage={(page) => reportList.setFilters({ page })}
        >
          {(reports) => (
            <>
              <ReportTable reports={reports} busy={list.loading} sort={filters.sort} />
              <ReportCards reports={reports} />
            </>
          )}
        </PagedList>
      </div>
    </>
  );
}

function SortHeader({
  column,
  label,
  sort,
}: {
  column: 'country' | 'status' | 'completeness' | 'updated_at';
  label: string;
  sort: string;
}) {
  const direction = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : 'none';
  return (
    <th scope="col" className={ui.th} aria-sort={direction}>
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase tracking-wide hover:text-slate-900"
        onClick={() => sortBy(column)}
      >
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
  const country = countryName(report.country.code, report.country.name);
  const year = String(report.year);
  return (
    <span className="inline-flex flex-wrap gap-x-3 gap-y-1 text-sm">
      <a href={routes.form} className={ui.link} aria-label={m('list.answersOf', { country, year })}>
        {m('list.answers')}
      </a>
      <a href={routes.header} className={ui.link} aria-label={m('list.reportOf', { country, year })}>
        {m('list.report')}
      </a>
      <a href={routes.preview} className={ui.link} aria-label={m('list.previewOf', { country, year })}>
        {m('list.preview')}
      </a>
    </span>
  );
}

function ReportTable({ reports, busy, sort }: { reports: readonly ReportListItem[]; busy: boolean; sort: string }) {
  return (
    <div className={`${ui.cardFlush} hidden overflow-x-auto md:block ${busy ? 'opacity-70' : ''}`} aria-busy={busy}>
      <DataTable
        caption={m('list.title')}
        head={
          <>
            <SortHeader column="country" label={m('list.country')} sort={sort} />
            <SortHeader column="status" label={m('list.status')} sort={sort} />
            <SortHeader column="completeness" label={m('list.completeness')} sort={sort} />
            <SortHeader column="updated_at" label={m('list.lastChange')} sort={sort} />
            <HeaderCells labels={[m('list.deadline')]} actions={m('list.open')} />
          </>
        }
      >
        {reports.map((report) => (
          <tr key={report.uuid} className="hover:bg-slate-50">
            <th scope="row" className={`${ui.td} text-left font-medium text-slate-900`}>
              <a
                href={reportRoutes(report.country.code, report.year).form}
                className="inline-flex items-center gap-2 whitespace-nowrap hover:text-brand-700"
              >
                <Flag country={report.country} />
                {countryName(report.country.code, report.country.name)}
              </a>
            </th>
            <td className={ui.td}>
              <StatusChip status={report.status} labels={REPORT_STATUS_TEXT} tones={REPORT_TONES} />
            </td>
            <td className={ui.td}>
              <CompletenessBar pct={report.completeness_pct} />
            </td>
            <td className={`${ui.td} whitespace-nowrap`}>
              {report.status === 'not_started' ? '—' : formatDate(report.updated_at)}
            </td>
            <td className={`${ui.td} whitespace-nowrap`}>{formatDate(report.deadline)}</td>
            <td className={`${ui.td} text-right`}>
              <ReportLinks report={report} />
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** The same rows as cards on a phone, where a six-column table does not fit. */
function ReportCards({ reports }: { reports: readonly ReportListItem[] }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label={m('list.title')}>
      {reports.map((report) => (
        <li key={report.uuid} className={ui.card}>
          <div className="flex items-center justify-between gap-3">
            <a
              href={reportRoutes(report.country.code, report.year).form}
              className="inline-flex items-center gap-2 font-semibold text-slate-900"
            >
              <Flag country={report.country} />
              {countryName(report.country.code, report.country.name)}
            </a>
            <StatusChip status={report.status} labels={REPORT_STATUS_TEXT} tones={REPORT_TONES} />
          </div>
          <div className="mt-3">
            <CompletenessBar pct={report.completeness_pct} className="w-40" />
          </div>
          <p className="mt-2 text-sm text-slate-600">
            {report.status === 'not_started'
              ? m('list.noAnswers')
              : m('list.lastChangeOn', { date: formatDate(report.updated_at) })}{' '}
            · {m('list.deadlineOn', { date: formatDate(report.deadline) })}
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
  if (cycles.error !== undefined && !cycles.data)
    return <ErrorState error={cycles.error} title={m('own.failed')} onRetry={() => $cycles.invalidate()} />;
  if (!cycles.data) return <Skeleton rows={3} label={m('own.loading')} />;
  const withReport = cycles.data.data.filter(
    (cycle): cycle is CycleListItem & { report: NonNullable<CycleListItem['report']> } => cycle.report !== null,
  );
  if (withReport.length === 0) return <EmptyState title={m('own.noneTitle')}>{m('own.none')}</EmptyState>;
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
                  {m('report.countryYear', {
                    country: countryName(report.country.code, report.country.name),
                    year: String(report.year),
                  })}
                </h2>
                <p className="text-sm text-slate-600">
                  {open
                    ? deadlineText(report.deadline)
                    : m('own.cycleStatus', { status: CYCLE_STATUS_TEXT[cycle.status].toLowerCase() })}
                </p>
              </div>
              <StatusChip status={report.status} labels={REPORT_STATUS_TEXT} tones={REPORT_TONES} />
            </div>
            <div className="mt-4">
              <CompletenessBar pct={report.completeness.pct} className="w-48" />
              <p className="mt-1 text-sm text-slate-600">
                {report.completeness.answered === 0
                  ? m('list.noAnswers')
                  : m('own.answered', { count: report.completeness.answered, total: report.completeness.total })}
                {report.completeness.answered > 0 &&
                  report.completeness.compulsory_total > 0 &&
                  ' · ' +
                    m('own.required', {
                      count: report.completeness.compulsory_answered,
                      total: report.completeness.compulsory_total,
                    })}
              </p>
            </div>
            <div className="mt-4 flex flex-wrap gap-2">
              <a href={routes.form} className={ui.primaryButton}>
                {report.locked || report.status === 'completed' ? m('own.view') : m('own.answer')}
              </a>
              <a href={routes.header} className={ui.secondaryButton}>
                {m('tabs.header')}
              </a>
              <a href={routes.preview} className={ui.secondaryButton}>
                {m('list.preview')}
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
