import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { Fragment, useEffect, useState } from 'react';
import { LOCALE_INFO, LOCALES, type Locale } from '../../../i18n/locales.ts';
import { printedAnswer } from '../../../lib/national-reports/printed-answer.ts';
import { ReportGroupsResponseSchema, type Report, type ReportGroup } from '../../../lib/national-reports/schema.ts';
import { API_BASE, withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { navigate, pathTo } from '../router.ts';
import { Chips, SelectField } from '../ui/filters.tsx';
import { Flag } from '../ui/flag.tsx';
import { formatDate } from '../ui/format.ts';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { REPORT_STATUS_TEXT } from './report-format.tsx';
import { answerDisplay } from '../questionnaire/answer-format.ts';
import { tierChips, type TierChoice } from './tier-chips.ts';
import { countryName } from '../../i18n/countries.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { headingLang, localQuestion, localSubcategory, localThrust, questionLang } from './content.ts';
import { m } from './messages.ts';
import { reportPath } from './report-api.ts';
import { $reportParams } from './report-store.ts';
import { ReportSummary } from './report-summary.tsx';

const TIERS = tierChips(m('preview.allTiers'), (tier) => m('preview.tier', { tier }));

const tierOf = (tier: string): TierChoice => (tier === '1' || tier === '2' || tier === '3' ? tier : '');

const $preview = createFetcherStore(
  [
    computed($reportParams, (params) =>
      params
        ? withQuery(`${reportPath(params.year, params.countryCode)}/preview`, { tier: tierOf(params.tier) })
        : null,
    ),
  ],
  { fetcher: fetchWith(ReportGroupsResponseSchema) },
);

/** A link to one question (…/preview#q-Q18, from the answers' search) scrolls to it once the report shows. */
function useScrollToQuestion(ready: boolean) {
  useEffect(() => {
    if (ready && location.hash.startsWith('#q-')) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [ready]);
}

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

/**
 * …/{country_code}/{year}/indicator/preview?tier=: the report as it will be published, printable, in the reader's
 * language.
 */
export function ReportPreviewScreen() {
  const params = useStore($reportParams);
  const preview = useStore($preview);
  useScrollToQuestion(preview.data !== undefined);
  if (!params) return null;
  const tier = tierOf(params.tier);
  if (preview.error !== undefined && !preview.data) {
    return <ErrorState error={preview.error} title={m('preview.failed')} onRetry={() => $preview.invalidate()} />;
  }
  if (!preview.data) return <Skeleton rows={8} label={m('preview.loading')} />;
  const { report, groups } = preview.data.data;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <ReportSummary report={report} current="preview" title={m('preview.title')} />
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between print:hidden">
        <Chips
          id="preview-tier"
          label={m('preview.shown')}
          chips={TIERS}
          value={tier}
          onPick={(value) =>
            navigate(
              pathTo(
                'nationalReportIndicatorPreview',
                { country_code: report.country_code, year: report.year },
                value ? { tier: value } : {},
              ),
              { replace: true },
            )
          }
        />
        <PrintControls report={report} />
      </div>
      <PrintableReport report={report} groups={groups} tier={tier} />
    </>
  );
}

/** Print, and the PDF in a language of the reader's choice (their interface's at first). */
function PrintControls({ report }: { report: Report }) {
  const [lang, setLang] = useState<Locale>(PAGE_LOCALE);
  const pdf = withQuery(`${API_BASE}${reportPath(report.year, report.country_code)}/view-report`, {
    format: 'pdf',
    lang,
  });
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        id="preview-pdf-language"
        label={m('preview.pdfLanguage')}
        value={lang}
        onPick={(value) => setLang(value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={LOCALE_INFO[locale].tag}>
            {LOCALE_INFO[locale].name}
          </option>
        ))}
      </SelectField>
      <a href={pdf} className={ui.primaryButton} download hrefLang={LOCALE_INFO[lang].tag}>
        {m('preview.download')}
      </a>
      <button type="button" className={ui.secondaryButton} onClick={() => window.print()}>
        {m('preview.print')}
      </button>
    </div>
  );
}

function PrintableReport({
  report,
  groups,
  tier,
}: {
  report: Report;
  groups: readonly ReportGroup[];
  tier: TierChoice;
}) {
  const shown = groups.filter((group) => group.subcategories.some((sub) => sub.items.length > 0));
  return (
    <article
      id="printable-report"
      className={
        'mx-auto max-w-3xl rounded-lg border border-slate-200 bg-white p-6 shadow-xs sm:p-10 print:max-w-none ' +
        'print:border-0 print:p-0 print:shadow-none'
      }
    >
      <PrintableHeader report={report} tier={tier} />
      {shown.length === 0 && (
        <div className="mt-6">
          <EmptyState title={m('preview.noneTitle')}>{m('preview.none')}</EmptyState>
        </div>
      )}
      {shown.map((group) => (
        <div key={group.thrust.code} className="mt-8">
          <h2
            className="text-lg font-semibold text-brand-900"
            dir="auto"
            lang={headingLang('thrust', group.thrust.code)}
          >
            {group.thrust.code} · {localThrust(group.thrust).name}
          </h2>
          {/* In the questionnaire's order: a subcategory may head more than one run of questions. */}
          {group.subcategories.map((sub, index) => (
            <section key={`${sub.subcategory.code}-${index}`} className="mt-4">
              <h3
                className="border-b border-slate-200 pb-1 text-sm font-semibold uppercase tracking-wide text-slate-700"
                dir="auto"
                lang={headingLang('subcategory', sub.subcategory.code)}
              >
                {sub.subcategory.code} {localSubcategory(sub.subcategory).name}
              </h3>
              <dl className="mt-2 divide-y divide-slate-100">
                {sub.items.map((item) => (
                  <PrintableItem key={item.question.uuid} item={item} written={report.written_in ?? ''} />
                ))}
              </dl>
            </section>
          ))}
        </div>
      ))}
    </article>
  );
}

function PrintableHeader({ report, tier }: { report: Report; tier: TierChoice }) {
  return (
    <header className="border-b-2 border-brand-800 pb-6">
      <div className="flex items-center gap-3">
        <Flag country={report.country} size="lg" label />
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
          {m('preview.eyebrow', {
            country: countryName(report.country.code, report.country.name),
            year: String(report.year),
          })}
        </p>
      </div>
      <h2
        dir="auto"
        lang={report.title ? (report.written_in ?? '') : undefined}
        className="mt-4 text-2xl font-semibold text-slate-900"
      >
        {report.title ?? m('preview.defaultTitle')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {REPORT_STATUS_TEXT[report.status]}
        {report.published_at ? ` · ${m('preview.publishedOn', { date: formatDate(report.published_at) })}` : ''} ·{' '}
        {m('preview.answered', { count: report.completeness.answered, total: report.completeness.total })}
        {tier ? ` · ${m('preview.tierOnly', { tier })}` : ''}
      </p>
      {report.executive_summary && (
        <div className="mt-5">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{m('header.summary')}</h3>
          <p dir="auto" lang={report.written_in ?? ''} className="mt-2 whitespace-pre-line text-slate-800">
            {report.executive_summary}
          </p>
        </div>
      )}
      {report.contact && (
        <p className="mt-4 text-sm text-slate-700">
          {m('preview.contact')} <bdi>{report.contact.name}</bdi>, {report.contact.email}
          {report.contact.phone ? `, ${report.contact.phone}` : ''}
        </p>
      )}
    </header>
  );
}

/** "(SDG 11.5.1, 1.5.1)": each reference kept whole with its scheme's name; a line may end only after a comma. */
function SdgRefs({ refs }: { refs: readonly string[] }) {
  const parts = m('preview.sdg', { refs: refs.join(', ') }).split(', ');
  return (
    <span className="text-slate-500">
      {/* A full-width bracket brings its own space. */}
      {/^\uff08/u.test(parts[0] ?? '') ? '' : ' '}
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? ' ' : ''}
          <span className="whitespace-nowrap">{i < parts.length - 1 ? `${part},` : part}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** One question and its answer: "Not answered" only where the form and completeness say so (printed-answer.ts). */
function PrintableItem({
  item,
  written,
}: {
  item: ReportGroup['subcategories'][number]['items'][number];
  written: string;
}) {
  const { answer } = item;
  const question = localQuestion(item.question);
  const printed = printedAnswer(question, answer, answerDisplay);
  // A narrative's value is the country's text; a choice's is the questionnaire's (translated) label.
  const countryWrote = question.answer_type === 'txt' || question.answer_type === 'url';
  return (
    <div
      id={`q-${question.code}`}
      className="avoid-break grid scroll-mt-24 gap-1 py-3 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] sm:gap-4"
    >
      <dt className="text-sm text-slate-800">
        <span className="mr-2 font-mono text-xs font-semibold text-slate-500">{question.code}</span>
        <bdi lang={questionLang(question)}>{question.text}</bdi>
        {question.sdg_refs.length > 0 && <SdgRefs refs={question.sdg_refs} />}
      </dt>
      <dd className="text-sm">
        {!printed.answered && <span className="block text-slate-500">{m('preview.notAnswered')}</span>}
        {printed.value && (
          <span dir="auto" lang={countryWrote ? written : undefined} className="block font-semibold text-slate-900">
            {printed.value}
          </span>
        )}
        {printed.description && (
          <span dir="auto" lang={written} className="mt-1 block whitespace-pre-line text-slate-800">
            {printed.description}
          </span>
        )}
        {(answer?.data_year || answer?.source) && (
          <span className="mt-1 block text-xs text-slate-600">
            {[
              answer.data_year ? m('preview.dataYear', { year: String(answer.data_year) }) : null,
              answer.source ? m('preview.source', { source: answer.source }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
      </dd>
    </div>
  );
}
