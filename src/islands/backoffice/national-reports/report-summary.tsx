import type { Report } from '../../../lib/national-reports/schema.ts';
import { Flag } from '../ui/flag.tsx';
import { formatDate } from '../ui/format.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { TabNav } from '../ui/tab-nav.tsx';
import { reportRoutes } from './list-store.ts';
import { CompletenessBar, daysUntil, deadlineText, REPORT_STATUS_TEXT } from './report-format.tsx';
import { REPORT_TONES, StatusChip } from '../ui/status-chip.tsx';
import { countryName } from '../../i18n/countries.ts';
import { m } from './messages.ts';
import { BackLink } from '../ui/back-link.tsx';

type Tab = 'form' | 'header' | 'preview';

const TABS: { tab: Tab; label: string }[] = [
  { tab: 'form', label: m('list.answers') },
  { tab: 'header', label: m('tabs.header') },
  { tab: 'preview', label: m('list.preview') },
];

/**
 * The top of every report screen: who, which cycle, where it stands, and the three screens.
 * `notice` goes right under the title (a return for revision and its reason).
 */
export function ReportSummary({
  report,
  current,
  title,
  notice,
  children,
}: {
  report: Report;
  current: Tab;
  title: string;
  notice?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const routes = reportRoutes(report.country.code, report.year);
  return (
    <>
      <BackLink href="/module/report/national" label={m('list.title')} look="quiet" linkClass="print:hidden" />
      <PageHeading>
        <span className="inline-flex flex-wrap items-center gap-3">
          <Flag country={report.country} size="lg" />
          <span>
            {m('summary.title', {
              country: countryName(report.country.code, report.country.name),
              year: String(report.year),
              title,
            })}
          </span>
        </span>
      </PageHeading>
      {notice && <div className="-mt-3 mb-4">{notice}</div>}
      <div
        data-report-summary
        className={`${notice ? '' : '-mt-3 '}mb-5 rounded-lg border border-slate-200 bg-white p-4 shadow-xs`}
      >
        <ReportFacts report={report} />
        {report.public_copy_kept_at && (
          <p className="mt-3 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" role="note">
            {m('summary.publicCopy', { date: formatDate(report.public_copy_kept_at) })}
          </p>
        )}
        {children}
      </div>
      <TabNav
        label={m('summary.parts')}
        tabs={TABS}
        current={current}
        hrefOf={(tab) => routes[tab]}
        className="print:hidden"
      />
    </>
  );
}

/** Where the report stands: status, deadline and completeness. */
function ReportFacts({ report }: { report: Report }) {
  const days = daysUntil(report.deadline);
  const late = days < 0;
  const c = report.completeness;
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <dt className="text-slate-600">{m('list.status')}</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-2">
          <StatusChip status={report.status} labels={REPORT_STATUS_TEXT} tones={REPORT_TONES} />
          {report.demo && <span className="text-xs text-slate-600">{m('summary.demo')}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{m('list.deadline')}</dt>
        <dd
          className={`mt-1 font-medium ${late ? 'text-slate-800' : days <= 14 ? 'text-amber-800' : 'text-slate-900'}`}
        >
          {deadlineText(report.deadline)}
          {!late && <span className="font-normal text-slate-600"> · {formatDate(report.deadline)}</span>}
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-slate-600">{m('list.completeness')}</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <CompletenessBar pct={c.pct} className="w-36" />
          <span className="text-slate-700">
            {m('summary.answered', { count: c.answered, total: c.total })}
            {c.compulsory_total > 0 &&
              ` · ${m('own.required', { count: c.compulsory_answered, total: c.compulsory_total })}`}
            {c.invalid > 0 && <span className="text-red-700"> · {m('summary.toCorrect', { count: c.invalid })}</span>}
          </span>
        </dd>
      </div>
    </dl>
  );
}
