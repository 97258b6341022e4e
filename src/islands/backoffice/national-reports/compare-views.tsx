import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  narrativeOf,
  SYNTHESIS_QUOTES_MAX,
  type CompareAnswer,
  type CompareData,
  type CompareQuestion,
} from '../../../lib/national-reports/compare-schema.ts';
import { isRightToLeft, langOfWritten, WRITTEN_LANGUAGES } from '../../../lib/i18n/written-languages.ts';
import { countryName } from '../../i18n/countries.ts';
import { formatDate, formatNumber } from '../ui/format.ts';
import { REPORT_TONES, StatusChip } from '../ui/status-chip.tsx';
import { ui } from '../ui/styles.ts';
import { choiceCounts, clipped, figuresOf, median, scaleOf } from './compare-chart.ts';
import { $quoteSaving, $quotes, compareHref, toggleQuote } from './compare-store.ts';
import { m } from './messages.ts';
import { REPORT_STATUS_TEXT } from './report-format.tsx';

/** The Compare screen's views of the answers: figures as bars, choices as counts, narratives as cards. */

const nameOf = (a: CompareAnswer) => countryName(a.country_code, a.country_name);
const figureText = (q: CompareQuestion, value: number) =>
  formatNumber(q.decimals === null ? value : Number(value.toFixed(q.decimals)));

/** The width the chart is drawn at: its container's, so its words keep their size on a phone. */
function useWidth<E extends HTMLElement>(): [React.RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const ROW = 24;
const TOP = 28;

/** Figures as a sorted horizontal bar chart with the median marked; the same data follows as a table. */
export function FigureChart({ data }: { data: CompareData }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const id = useId();
  const { question, year } = data;
  const figures = figuresOf(data.answers);
  const mid = median(figures.map((f) => f.value));
  const { min, max } = scaleOf(figures.map((f) => f.value));
  const label = Math.min(170, Math.round(width * 0.36));
  const valueRoom = 64;
  const plot = Math.max(40, width - label - valueRoom - 8);
  const x = (v: number) => label + ((v - min) / (max - min)) * plot;
  const height = TOP + figures.length * ROW + 8;
  const chars = Math.max(6, Math.floor(label / 7.5));
  const title = m('compare.chartTitle', { code: question.code, year: String(year) });
  return (
    <div ref={ref} className="w-full">
      <svg width={width} height={height} role="img" aria-labelledby={`${id}-t ${id}-d`} className="block">
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{m('compare.chartDesc', { median: mid === null ? '—' : figureText(question, mid) })}</desc>
        {figures.map(({ answer, value }, i) => {
          const y = TOP + i * ROW;
          return (
            <g key={answer.country_code}>
              <text x={label - 8} y={y + 16} textAnchor="end" className="fill-slate-800 text-[12px]">
                <title>{nameOf(answer)}</title>
                {clipped(nameOf(answer), chars)}
              </text>
              <rect
                x={Math.min(x(0), x(value))}
                y={y + 4}
                width={Math.max(1, Math.abs(x(value) - x(0)))}
                height={ROW - 8}
                rx={2}
                className="fill-brand-600"
              />
              <text x={Math.max(x(0), x(value)) + 4} y={y + 16} className="fill-slate-700 text-[12px] tabular-nums">
                {figureText(question, value)}
              </text>
            </g>
          );
        })}
        {mid !== null && (
          <g>
            <line
              x1={x(mid)}
              x2={x(mid)}
              y1={TOP - 6}
              y2={height - 4}
              strokeDasharray="4 3"
              strokeWidth={1.5}
              className="stroke-amber-700"
            />
            <text x={x(mid)} y={TOP - 10} textAnchor="middle" className="fill-amber-800 text-[12px] font-medium">
              {m('compare.median', { value: figureText(question, mid) })}
            </text>
          </g>
        )}
      </svg>
    </div>
  );
}

function LanguageName({ tag }: { tag: string | null }) {
  const language = WRITTEN_LANGUAGES.find((l) => l.tag === tag);
  if (!language) return <>{m('compare.notStated')}</>;
  return <bdi lang={language.tag}>{language.autonym}</bdi>;
}

/** Every answer as a table row: the chart's data for those who do not see it, and the figures to read exactly. */
export function AnswerTable({ data, value }: { data: CompareData; value: (a: CompareAnswer) => string }) {
  return (
    <table className="stack-table mt-4 w-full text-sm">
      <caption className="sr-only">
        {m('compare.tableCaption', { code: data.question.code, year: String(data.year) })}
      </caption>
      <thead>
        <tr>
          <th scope="col" className={ui.th}>
            {m('compare.country')}
          </th>
          <th scope="col" className={`${ui.th} text-right`}>
            {m('compare.value')}
          </th>
          <th scope="col" className={ui.th}>
            {m('compare.statusCol')}
          </th>
          <th scope="col" className={ui.th}>
            {m('compare.updated')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {data.answers.map((a) => (
          <tr key={a.country_code}>
            <th scope="row" className={`${ui.td} text-left font-medium`} data-label={m('compare.country')}>
              {nameOf(a)}
            </th>
            <td className={`${ui.td} text-right tabular-nums`} data-label={m('compare.value')}>
              {value(a)}
            </td>
            <td className={ui.td} data-label={m('compare.statusCol')}>
              <StatusChip status={a.report_status} labels={REPORT_STATUS_TEXT} tones={REPORT_TONES} />
            </td>
            <td className={ui.td} data-label={m('compare.updated')}>
              {formatDate(a.updated_at)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const figureValue = (q: CompareQuestion) => (a: CompareAnswer) =>
  typeof a.value === 'number' ? figureText(q, a.value) : '';

/** A choice's name: the question's label, or yes and no. */
export function choiceLabel(q: CompareQuestion, value: string): string {
  if (q.answer_type === 'yn') return value === 'yes' ? m('compare.yes') : m('compare.no');
  return q.options.find((o) => o.value === value)?.label ?? value;
}

/** How many countries gave each choice, with a bar and the countries named. */
export function ChoiceCounts({ data }: { data: CompareData }) {
  const counts = choiceCounts(
    data.question,
    data.answers.map((a) => ({ ...a, country_name: nameOf(a) })),
  );
  const most = Math.max(1, ...counts.map((c) => c.count));
  return (
    <table className="stack-table w-full text-sm">
      <caption className="sr-only">
        {m('compare.countsCaption', { code: data.question.code, year: String(data.year) })}
      </caption>
      <thead>
        <tr>
          <th scope="col" className={ui.th}>
            {m('compare.choice')}
          </th>
          <th scope="col" className={ui.th}>
            {m('compare.countries')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {counts.map((c) => (
          <tr key={c.value}>
            <th scope="row" className={`${ui.td} text-left font-medium`} data-label={m('compare.choice')}>
              {choiceLabel(data.question, c.value)}
            </th>
            <td className={ui.td} data-label={m('compare.countries')}>
              <span className="flex items-center gap-2">
                <span className="h-3 w-32 overflow-hidden rounded-sm bg-slate-100" aria-hidden="true">
                  <span className="block h-3 bg-brand-600" style={{ width: `${(c.count / most) * 100}%` }} />
                </span>
                <span className="tabular-nums font-semibold">{formatNumber(c.count)}</span>
              </span>
              {c.countries.length > 0 && <span className="mt-1 block text-slate-600">{c.countries.join(', ')}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QuoteToggle({ code }: { code: string }) {
  const quotes = useStore($quotes);
  const saving = useStore($quoteSaving);
  const chosen = quotes.data?.data.country_codes;
  if (!chosen) return null;
  const position = chosen.indexOf(code) + 1;
  const full = position === 0 && chosen.length >= SYNTHESIS_QUOTES_MAX;
  return (
    <button
      type="button"
      aria-pressed={position > 0}
      disabled={full || saving !== null}
      onClick={() => void toggleQuote(code)}
      className={position > 0 ? ui.primaryButton : ui.secondaryButton}
      title={full ? m('compare.quoteFull') : undefined}
    >
      {position > 0
        ? m('compare.quoted', { position, max: SYNTHESIS_QUOTES_MAX })
        : full
          ? m('compare.quoteFullShort')
          : m('compare.quote')}
    </button>
  );
}

function QuotesHelp() {
  const quotes = useStore($quotes);
  const chosen = quotes.data?.data.country_codes;
  if (!chosen) return null;
  return (
    <p className="mb-3 text-sm text-slate-700" aria-live="polite">
      {m('compare.quotesHelp', { count: chosen.length, max: SYNTHESIS_QUOTES_MAX })}
    </p>
  );
}

/** Narrative answers as cards: the text in its script and direction, its country, status, language and date. */
export function NarrativeCards({ data, quoting }: { data: CompareData; quoting: boolean }) {
  const cards = data.answers.flatMap((a) => {
    const text = narrativeOf(data.question, a);
    return text ? [{ a, text }] : [];
  });
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="compare-narratives">
      <h2 id="compare-narratives" className="mb-3 text-lg font-semibold text-slate-900">
        {m('compare.narratives')}
      </h2>
      {quoting && <QuotesHelp />}
      <ul className="grid gap-4 lg:grid-cols-2">
        {cards.map(({ a, text }) => (
          <li key={a.country_code} className={`${ui.card} flex flex-col gap-3`}>
            <article aria-labelledby={`card-${a.country_code}`} className="flex flex-1 flex-col gap-3">
              <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 id={`card-${a.country_code}`} className="font-semibold text-slate-900">
                  {nameOf(a)}
                </h3>
                <StatusChip status={a.report_status} labels={REPORT_STATUS_TEXT} tones={REPORT_TONES} />
              </header>
              <p
                lang={langOfWritten(a.written_lang)}
                dir={isRightToLeft(a.written_lang) ? 'rtl' : 'auto'}
                className="whitespace-pre-line text-base leading-relaxed text-slate-900"
              >
                {text}
              </p>
              <p className="mt-auto text-sm text-slate-600">
                {m('compare.writtenIn')} <LanguageName tag={a.written_lang} /> · {formatDate(a.updated_at)}
              </p>
            </article>
            {quoting && <QuoteToggle code={a.country_code} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The small "Compare answers" link beside a report's question: the same question across the region. */
export function CompareLink({ question, year }: { question: { uuid: string; code: string }; year: number }) {
  return (
    <a
      href={compareHref({ year, question: question.uuid })}
      className={
        'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 ' + 'hover:bg-brand-50'
      }
      aria-label={m('compare.linkFor', { code: question.code })}
    >
      {m('compare.link')}
    </a>
  );
}
