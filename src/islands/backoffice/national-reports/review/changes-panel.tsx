import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { ChangesSince, ReportChange } from '../../../../lib/national-reports/changes-schema.ts';
import type { FormQuestion } from '../../../../lib/questionnaires/schema.ts';
import { answerDisplay } from '../../questionnaire/answer-format.ts';
import { formatDateTime } from '../../ui/format.ts';
import { EmptyState, ErrorState, Skeleton } from '../../ui/states.tsx';
import { ui } from '../../ui/styles.ts';
import { m } from './messages.ts';
import { $changes, $changesSince } from './review-api.ts';

type Question = Pick<
  FormQuestion,
  'uuid' | 'code' | 'text' | 'answer_type' | 'unit' | 'options' | 'parts' | 'with_text'
>;

const CHOICES: { since: ChangesSince; label: string }[] = [
  { since: 'return', label: m('changes.return') },
  { since: 'submission', label: m('changes.submission') },
  { since: 'previous_cycle', label: m('changes.previous') },
];

/** Since the return for a report sent in again (or waiting for its revision); else against the previous cycle. */
export function defaultSince(report: { status: string; returned: unknown }): ChangesSince {
  return report.returned || ['submitted', 'accepted', 'published'].includes(report.status)
    ? 'return'
    : 'previous_cycle';
}

function describe(question: Question | undefined, answer: ReportChange['before']): string {
  if (!answer) return m('changes.noAnswer');
  const parts: string[] = [];
  const shown = question ? answerDisplay(question, answer.value) : String(answer.value ?? '');
  if (shown && shown !== '–') parts.push(shown);
  if (answer.text) parts.push(answer.text);
  if (answer.data_year) parts.push(m('changes.dataYear', { year: String(answer.data_year) }));
  if (answer.source) parts.push(m('changes.source', { source: answer.source }));
  return parts.join(' · ') || m('changes.noAnswer');
}

/** "What changed": the button that opens the panel, and the panel. */
export function ChangesToggle({ initial }: { initial: ChangesSince }) {
  const since = useStore($changesSince);
  return (
    <button
      type="button"
      className={ui.secondaryButton}
      aria-expanded={since !== null}
      aria-controls="changes-panel"
      onClick={() => $changesSince.set(since ? null : initial)}
    >
      {since ? m('changes.hide') : m('changes.show')}
    </button>
  );
}

function Change({ change, question }: { change: ReportChange; question: Question | undefined }) {
  const when = change.changed_at ? formatDateTime(change.changed_at) : null;
  return (
    <li className="py-3">
      <a className={`${ui.link} text-sm`} href={question ? `#q-${question.code}` : undefined}>
        <span className="sr-only">{m('changes.goTo', { code: question?.code ?? '' })}: </span>
        <span aria-hidden="true">{question?.code}</span>
      </a>{' '}
      <span className="text-sm text-slate-700" dir="auto">
        {question?.text}
      </span>
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium text-slate-600">{m('changes.before')}</dt>
        <dd className="text-slate-600 line-through decoration-slate-400" dir="auto">
          {describe(question, change.before)}
        </dd>
        <dt className="font-medium text-slate-900">{m('changes.after')}</dt>
        <dd className="text-slate-900" dir="auto">
          {describe(question, change.after)}
        </dd>
      </dl>
      {when && (
        <p className="mt-1 text-xs text-slate-600">
          {m('changes.by', { name: change.changed_by?.name ?? m('changes.someone'), date: when })}
        </p>
      )}
    </li>
  );
}

function emptyText(since: ChangesSince, pointKnown: boolean, year: number | null): string {
  if (since === 'return') return pointKnown ? m('changes.noneReturn') : m('changes.neverReturned');
  if (since === 'submission') return pointKnown ? m('changes.noneSubmission') : m('changes.neverSubmitted');
  return year !== null ? m('changes.nonePrevious', { year: String(year) }) : m('changes.noPrevious');
}

function ChangeList({ questions }: { questions: readonly Question[] }) {
  const since = useStore($changesSince);
  const changes = useStore($changes);
  if (!since) return null;
  if (changes.error !== undefined)
    return <ErrorState error={changes.error} title={m('changes.failed')} onRetry={() => $changes.invalidate()} />;
  if (!changes.data || changes.loading) return <Skeleton rows={3} label={m('changes.loading')} />;
  const { data, since_at: sinceAt, since_year: year } = changes.data;
  if (data.length === 0)
    return <EmptyState title={m('changes.noneTitle')}>{emptyText(since, sinceAt !== null, year)}</EmptyState>;
  const byUuid = new Map(questions.map((q) => [q.uuid, q]));
  return (
    <>
      <p className="text-sm text-slate-700" role="status">
        {since === 'previous_cycle'
          ? m('changes.countPrevious', { count: data.length, year: String(year ?? '') })
          : m('changes.count', { count: data.length, date: sinceAt ? formatDateTime(sinceAt) : '' })}
      </p>
      {/* Its own scroll, so that a long list does not push the questions away; its links reach it by keyboard. */}
      <ol className="mt-2 max-h-[60vh] divide-y divide-slate-100 overflow-y-auto pr-2">
        {data.map((change) => (
          <Change key={change.question_uuid} change={change} question={byUuid.get(change.question_uuid)} />
        ))}
      </ol>
    </>
  );
}

/** The panel: what to compare with, and each changed answer before and after, who and when. */
export function ChangesPanel({ questions }: { questions: readonly Question[] }) {
  const since = useStore($changesSince);
  useEffect(() => () => $changesSince.set(null), []);
  if (!since) return null;
  return (
    <section id="changes-panel" aria-labelledby="changes-title" className={`${ui.card} mb-5`}>
      <h2 id="changes-title" className="text-base font-semibold text-slate-900">
        {m('changes.title')}
      </h2>
      <div role="group" aria-label={m('changes.since')} className="mt-3 flex flex-wrap gap-2">
        {CHOICES.map((choice) => (
          <button
            key={choice.since}
            type="button"
            aria-pressed={since === choice.since}
            className={
              'rounded-full border px-3 py-1 text-sm font-medium ' +
              (since === choice.since
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50')
            }
            onClick={() => $changesSince.set(choice.since)}
          >
            {choice.label}
          </button>
        ))}
      </div>
      <div className="mt-4">
        <ChangeList questions={questions} />
      </div>
    </section>
  );
}
