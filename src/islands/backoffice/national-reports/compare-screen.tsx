import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { SUBREGION_CODES } from '../../../lib/progress/method.ts';
import {
  COMPARE_SUBREGIONS,
  type CompareAnswer,
  type CompareData,
  type CompareQuestion,
} from '../../../lib/national-reports/compare-schema.ts';
import type { Question } from '../../../lib/national-reports/question-schema.ts';
import { REPORT_STATUSES } from '../../../lib/national-reports/schema.ts';
import type { ScreenProps } from '../screen-props.ts';
import { Options, SearchField, SelectField } from '../ui/filters.tsx';
import { formatNumber } from '../ui/format.ts';
import { PageHeading } from '../ui/page-heading.tsx';
import { EmptyState, Loaded } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { viewOf } from './compare-chart.ts';
import { localQuestion } from './content.ts';
import {
  $compare,
  $compareCycles,
  $compareFilters,
  $compareQuestions,
  $compareYear,
  $isSecretariat,
  compareDownloadHref,
  setCompareFilters,
} from './compare-store.ts';
import { AnswerTable, choiceLabel, ChoiceCounts, FigureChart, figureValue, NarrativeCards } from './compare-views.tsx';
import { m } from './messages.ts';
import { REPORT_STATUS_TEXT } from './report-format.tsx';

/** /module/report/national/compare: one question's answers across the region (issue 34 item 1, decision 075). */
export function CompareScreen(_props: ScreenProps) {
  const filters = useStore($compareFilters);
  if (!filters) return null;
  return (
    <>
      <PageHeading description={m('compare.description')}>{m('compare.title')}</PageHeading>
      <CompareFiltersBar />
      <div className="mt-6">{filters.question ? <CompareResult /> : <PickFirst />}</div>
    </>
  );
}

function PickFirst() {
  return <EmptyState title={m('compare.pickFirstTitle')}>{m('compare.pickFirst')}</EmptyState>;
}

const matches = (q: Question, words: string) => {
  const needle = words.trim().toLocaleLowerCase();
  return !needle || q.code.toLocaleLowerCase().includes(needle) || q.text.toLocaleLowerCase().includes(needle);
};

/** The question, found by code or words, then chosen from the list it narrows. */
function QuestionPicker({ value }: { value: string }) {
  const questions = useStore($compareQuestions);
  const [find, setFind] = useState('');
  // In the page's language where translated, so the list reads like the form (decision 044).
  const list = useMemo(() => (questions.data?.data ?? []).map(localQuestion), [questions.data]);
  const shown = list.filter((q) => q.uuid === value || matches(q, find));
  return (
    <>
      <SearchField
        id="compare-find"
        label={m('compare.findQuestion')}
        placeholder={m('compare.findPlaceholder')}
        value={find}
        onType={setFind}
      />
      <SelectField
        id="compare-question"
        label={m('compare.question')}
        value={value}
        onPick={(question) => setCompareFilters({ question })}
      >
        <option value="">
          {questions.data
            ? shown.length
              ? m('compare.pickQuestion')
              : m('compare.noQuestionMatch')
            : m('compare.loadingQuestions')}
        </option>
        <Options options={shown.map((q) => ({ value: q.uuid, label: `${q.code} · ${q.text}` }))} />
      </SelectField>
    </>
  );
}

function CompareFiltersBar() {
  const filters = useStore($compareFilters)!;
  const cycles = useStore($compareCycles);
  const year = useStore($compareYear);
  return (
    <div
      role="search"
      aria-label={m('compare.filters')}
      className={
        'grid gap-4 sm:grid-cols-2 lg:items-end ' +
        'lg:grid-cols-[minmax(9rem,max-content)_minmax(0,16rem)_minmax(0,1fr)]'
      }
    >
      <SelectField
        id="compare-cycle"
        label={m('compare.cycle')}
        value={String(year ?? '')}
        onPick={(value) => setCompareFilters({ year: Number(value) })}
      >
        {cycles.data?.data.map((cycle) => (
          <option key={cycle.year} value={cycle.year}>
            {cycle.year}
          </option>
        ))}
      </SelectField>
      <QuestionPicker value={filters.question} />
      <SelectField
        id="compare-subregion"
        label={m('compare.subregion')}
        value={filters.subregion}
        onPick={(value) => setCompareFilters({ subregion: value as typeof filters.subregion })}
      >
        <option value="">{m('compare.allSubregions')}</option>
        <Options options={COMPARE_SUBREGIONS.map((s) => ({ value: s, label: m(`subregion.${SUBREGION_CODES[s]}`) }))} />
      </SelectField>
      <SelectField
        id="compare-status"
        label={m('compare.status')}
        value={filters.status}
        onPick={(value) => setCompareFilters({ status: value as typeof filters.status })}
      >
        <option value="">{m('compare.allStatuses')}</option>
        <Options options={REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_TEXT[s] }))} />
      </SelectField>
    </div>
  );
}

function CompareResult() {
  const compare = useStore($compare);
  return (
    <Loaded
      value={compare}
      failed={m('compare.failed')}
      loading={m('compare.loading')}
      onRetry={() => $compare.revalidate()}
    >
      {(body) => <CompareBody data={body.data} />}
    </Loaded>
  );
}

function Downloads() {
  const kinds = [
    { kind: 'xlsx', label: m('compare.xlsx') },
    { kind: 'csv-excel', label: m('compare.csvExcel') },
    { kind: 'csv', label: m('compare.csv') },
  ] as const;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label={m('compare.download')}>
      {kinds.map(({ kind, label }) => (
        <li key={kind}>
          <a className={ui.link} href={compareDownloadHref(kind) ?? undefined} download>
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A multi-part answer in one line: each part's name and value. */
const partsValue = (q: CompareQuestion) => (a: CompareAnswer) => {
  if (!a.value || typeof a.value !== 'object' || Array.isArray(a.value)) return '';
  const parts = a.value;
  return q.parts
    .map((p) => {
      const v = parts[p.key];
      const shown = typeof v === 'boolean' ? choiceLabel(q, v ? 'yes' : 'no') : v == null ? '—' : formatNumber(v);
      return `${p.label}: ${shown}`;
    })
    .join('; ');
};

function CompareBody({ data }: { data: CompareData }) {
  const filters = useStore($compareFilters);
  const secretariat = useStore($isSecretariat);
  const { question } = data;
  const view = viewOf(question);
  const filtered = Boolean(filters?.subregion || filters?.status);
  return (
    <section aria-labelledby="compare-question-heading" className="space-y-5">
      <div className={ui.card}>
        <p className="text-sm font-semibold text-brand-700">{question.code}</p>
        <h2 id="compare-question-heading" className="mt-1 text-lg font-semibold text-slate-900">
          {question.text}
        </h2>
        {question.unit && <p className="mt-1 text-sm text-slate-600">{m('compare.unit', { unit: question.unit })}</p>}
        {!question.translated && PAGE_LOCALE !== 'en' && (
          <p className="mt-2 text-sm text-slate-600">{m('compare.englishOnly')}</p>
        )}
        <p className="mt-3 text-sm text-slate-700" role="status">
          {m('compare.count', { count: data.answers.length })}
        </p>
        {data.answers.length > 0 && (
          <div className="mt-3">
            <Downloads />
          </div>
        )}
      </div>
      {data.answers.length === 0 ? (
        <EmptyState title={filtered ? m('compare.emptyFiltered') : m('compare.empty', { year: String(data.year) })} />
      ) : (
        <>
          {view === 'figures' && (
            <div className={ui.card}>
              <FigureChart data={data} />
              <AnswerTable data={data} value={figureValue(question)} />
            </div>
          )}
          {view === 'choices' && (
            <div className={ui.card}>
              <ChoiceCounts data={data} />
            </div>
          )}
          {view === 'parts' && (
            <div className={ui.card}>
              <AnswerTable data={data} value={partsValue(question)} />
            </div>
          )}
          <NarrativeCards data={data} quoting={secretariat} />
        </>
      )}
    </section>
  );
}
