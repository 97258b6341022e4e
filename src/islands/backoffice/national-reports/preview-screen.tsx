import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { ReportGroupsResponseSchema, type Report, type ReportGroup } from '../../../lib/national-reports/schema.ts';
import { API_BASE, withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { navigate, pathTo } from '../router.ts';
import { Chips } from '../ui/filters.tsx';
import { Flag } from '../ui/flag.tsx';
import { formatDate } from '../ui/format.ts';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { REPORT_STATUS_TEXT } from './report-format.tsx';
import { answerDisplay } from '../questionnaire/answer-format.ts';
import { tierChips, type TierChoice } from '../questionnaire/tier-chips.ts';
import { countryName } from '../../i18n/countries.ts';
import { m } from './messages.ts';
import { reportPath } from './report-api.ts';
import { $reportParams } from './report-store.ts';
import { ReportSummary } from './report-summary.tsx';

const TIERS = tierChips(m('preview.allTiers'), (tier) => m('preview.tier', { tier }));

const tierOf = (tier: string): TierChoice => (tier === '1' || tier === '2' || tier === '3' ? tier : '');

const $preview = createFetcherStore(
  [computed($reportParams, (params) => (params ? withQuery(`${reportPath(params.year, params.countryCode)}/preview`, { tier: tierOf(params.tier) }) : null))],
  { fetcher: fetchWith(ReportGroupsResponseSchema) },
);

/**
 * A4 print: only the report itself, no navigation. The layout's chrome is not ours to change,
 * so everything but the report is hidden while printing.
 */
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 18mm 16mm 18mm 16mm; }
  html, body { background: #fff !important; }
  body * { visibility: hidden !important; }
  #printable-report, #printable-report * { visibility: visible !important; }
  #printable-report { position: absolute; left: 0; top: 0; width: 100%; font-size: 10.5pt; color: #000; }
  #printable-report section, #printable-report .avoid-break { break-inside: avoid; }
  #printable-report h2 { break-after: avoid; }
  #printable-report a { color: #000; text-decoration: none; }
}`;

/** …/{country_code}/{year}/indicator/preview?tier=: the report as it will be published, printable. */
export function ReportPreviewScreen() {
  const params = useStore($reportParams);
  const preview = useStore($preview);
  if (!params) return null;
  const tier = tierOf(params.tier);
  if (preview.error !== undefined && !preview.data) {
    return <ErrorState error={preview.error} title={m('preview.failed')} onRetry={() => $preview.invalidate()} />;
  }
  if (!preview.data) return <Skeleton rows={8} label={m('preview.loading')} />;
  const { report, groups } = preview.data.data;
  const pdf = `${API_BASE}${reportPath(report.year, report.country_code)}/view-report?format=pdf`;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <ReportSummary report={report} current="preview" title={m('preview.title')} />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between print:hidden">
        <Chips
          id="preview-tier"
          label={m('preview.shown')}
          chips={TIERS}
          value={tier}
          onPick={(value) =>
            navigate(pathTo('nationalReportIndicatorPreview', { country_code: report.country_code, year: report.year }, value ? { tier: value } : {}), { replace: true })
          }
        />
        <div className="flex flex-wrap gap-2">
          <button type="button" className={ui.secondaryButton} onClick={() => window.print()}>
            {m('preview.print')}
          </button>
          <a href={pdf} className={ui.primaryButton} download>
            {m('preview.download')}
          </a>
        </div>
      </div>
      <PrintableReport report={report} groups={groups} tier={tier} />
    </>
  );
}

function PrintableReport({ report, groups, tier }: { report: Report; groups: readonly ReportGroup[]; tier: TierChoice }) {
  const shown = groups.filter((group) => group.subcategories.some((sub) => sub.items.length > 0));
  return (
    <article id="printable-report" className="mx-auto max-w-3xl rounded-lg border border-slate-200 bg-white p-6 shadow-xs sm:p-10 print:max-w-none print:border-0 print:p-0 print:shadow-none">
      <header className="border-b-2 border-brand-800 pb-6">
        <div className="flex items-center gap-3">
          <Flag country={report.country} size="lg" label />
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
            {m('preview.eyebrow', { country: countryName(report.country.code, report.country.name), year: String(report.year) })}
          </p>
        </div>
        <h2 dir="auto" lang={report.title ? (report.written_in ?? '') : undefined} className="mt-4 text-2xl font-semibold text-slate-900">{report.title ?? m('preview.defaultTitle')}</h2>
        <p className="mt-2 text-sm text-slate-600">
          {REPORT_STATUS_TEXT[report.status]}
          {report.published_at ? ` · ${m('preview.publishedOn', { date: formatDate(report.published_at) })}` : ''} ·{' '}
          {m('preview.answered', { count: report.completeness.answered, total: report.completeness.total })}
          {tier ? ` · ${m('preview.tierOnly', { tier })}` : ''}
        </p>
        {report.executive_summary && (
          <div className="mt-5">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{m('header.summary')}</h3>
            <p dir="auto" lang={report.written_in ?? ''} className="mt-2 whitespace-pre-line text-slate-800">{report.executive_summary}</p>
          </div>
        )}
        {report.contact && (
          <p className="mt-4 text-sm text-slate-700">
            {m('preview.contact')} <bdi>{report.contact.name}</bdi>, {report.contact.email}
            {report.contact.phone ? `, ${report.contact.phone}` : ''}
          </p>
        )}
      </header>

      {shown.length === 0 && (
        <div className="mt-6">
          <EmptyState title={m('preview.noneTitle')}>{m('preview.none')}</EmptyState>
        </div>
      )}
      {shown.map((group) => (
        <div key={group.thrust.code} className="mt-8">
          <h2 className="text-lg font-semibold text-brand-900" dir="auto">
            {group.thrust.code} · {group.thrust.name}
          </h2>
          {group.subcategories
            .filter((sub) => sub.items.length > 0)
            .map((sub) => (
              <section key={sub.subcategory.code} className="mt-4">
                <h3 className="border-b border-slate-200 pb-1 text-sm font-semibold uppercase tracking-wide text-slate-700" dir="auto">
                  {sub.subcategory.code} {sub.subcategory.name}
                </h3>
                <dl className="mt-2 divide-y divide-slate-100">
                  {sub.items.map(({ question, answer }) => {
                    const display = answer ? answerDisplay(question, answer.value) : '';
                    return (
                    <div key={question.uuid} className="avoid-break grid gap-1 py-3 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] sm:gap-4">
                      <dt className="text-sm text-slate-800">
                        <span className="mr-2 font-mono text-xs font-semibold text-slate-500">{question.code}</span>
                        <bdi>{question.text}</bdi>
                        {question.sdg_refs.length > 0 && <span className="text-slate-500"> {m('preview.sdg', { refs: question.sdg_refs.join(', ') })}</span>}
                      </dt>
                      <dd className="text-sm">
                        {display ? <span dir="auto" className="font-semibold text-slate-900">{display}</span> : <span className="text-slate-500">{m('preview.notAnswered')}</span>}
                        {answer?.text && <span dir="auto" lang={report.written_in ?? ''} className="mt-1 block whitespace-pre-line text-slate-800">{answer.text}</span>}
                        {(answer?.data_year || answer?.source) && (
                          <span className="mt-1 block text-xs text-slate-600">
                            {[answer.data_year ? m('preview.dataYear', { year: String(answer.data_year) }) : null, answer.source ? m('preview.source', { source: answer.source }) : null].filter(Boolean).join(' · ')}
                          </span>
                        )}
                      </dd>
                    </div>
                    );
                  })}
                </dl>
              </section>
            ))}
        </div>
      ))}
    </article>
  );
}
