import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { ReportFlagsResponseSchema, type ReportFlag } from '../../../lib/national-reports/flags-schema.ts';
import type { FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { answerDisplay } from '../questionnaire/answer-format.ts';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { reportPath } from './report-api.ts';
import { $reviewed } from './review/review-api.ts';

type Question = Pick<
  FormQuestion,
  'uuid' | 'code' | 'text' | 'answer_type' | 'unit' | 'options' | 'parts' | 'with_text'
>;

/** GET …/flags of the report on screen (decision 078): read each time the panel opens. */
const $flags = createFetcherStore(
  [computed($reviewed, (report) => (report ? `${reportPath(report.year, report.countryCode)}/flags` : null))],
  { fetcher: fetchWith(ReportFlagsResponseSchema), dedupeTime: 0 },
);

function FlagItem({ flag, question }: { flag: ReportFlag; question: Question | undefined }) {
  const value = question && flag.value !== null ? answerDisplay(question, flag.value) : '';
  return (
    <li className="py-3" data-flag={flag.rule}>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <a className={`${ui.link} text-sm font-semibold`} href={`#q-${flag.question_code}`}>
          <span className="sr-only">{m('flags.open', { code: flag.question_code })}</span>
          <span aria-hidden="true">{flag.question_code}</span>
        </a>
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
          {m(`flags.rule.${flag.rule}`)}
        </span>
        {value && (
          <span className="text-sm text-slate-800" dir="auto">
            {value}
          </span>
        )}
      </div>
      {question && (
        <p className="mt-1 text-sm text-slate-700" dir="auto">
          {question.text}
        </p>
      )}
      <p className="mt-1 text-sm text-amber-900" dir="auto">
        {flag.message}
      </p>
      <p className="mt-1 text-sm">
        <span className="font-medium text-slate-700">{m('flags.explanation')}: </span>
        {flag.explanation ? (
          <span dir="auto" className="text-slate-900">
            {flag.explanation}
          </span>
        ) : (
          <span className="text-slate-600 italic">{m('flags.noExplanation')}</span>
        )}
      </p>
    </li>
  );
}

/**
 * "Flags and explanations" on the report's form: every answer the review rules flag, with the country's explanation,
 * each linking to its question; outliers among countries for reviewers (the server leaves them out for others).
 */
export function FlagsPanel({ questions }: { questions: readonly Question[] }) {
  const { data, error, loading } = useStore($flags);
  const flags = data?.data ?? [];
  const byUuid = new Map(questions.map((q) => [q.uuid, q]));
  return (
    <details
      className={`${ui.card} mb-5`}
      id="flags-panel"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) $flags.invalidate();
      }}
    >
      <summary className="cursor-pointer text-base font-semibold text-slate-900">
        {m('flags.title')}
        {data && <span className="ms-2 text-sm font-normal text-slate-600">({flags.length})</span>}
      </summary>
      <p className="mt-2 text-sm text-slate-700">{m('flags.hint')}</p>
      {error ? (
        <ErrorState error={error} onRetry={() => $flags.invalidate()} />
      ) : loading && !data ? (
        <Skeleton rows={3} label={m('flags.loading')} />
      ) : flags.length === 0 ? (
        <EmptyState title={m('flags.empty')} />
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {flags.map((flag, i) => (
            <FlagItem
              key={`${flag.question_uuid}-${flag.rule}-${i}`}
              flag={flag}
              question={byUuid.get(flag.question_uuid)}
            />
          ))}
        </ul>
      )}
    </details>
  );
}
