import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { atom, computed } from 'nanostores';
import { AnswerHistoryResponseSchema, type AnswerChange } from '../../../lib/national-reports/activity-schema.ts';
import type { FormQuestion } from '../../../lib/questionnaires/schema.ts';

/** What the history names of a question. */
type Question = Pick<
  FormQuestion,
  'uuid' | 'code' | 'text' | 'answer_type' | 'unit' | 'options' | 'parts' | 'with_text'
>;
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { answerDisplay } from '../questionnaire/answer-format.ts';
import { formatDateTime } from '../questionnaire/field-status.tsx';
import { Icon } from '../ui/icons.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { reportPath } from './report-api.ts';

/** The question whose history is open, with the report it belongs to. */
const $historyOf = atom<{ question: Question; year: number; countryCode: string } | null>(null);

const $history = createFetcherStore(
  [
    computed($historyOf, (open) =>
      open
        ? `${reportPath(open.year, open.countryCode)}/history?question=${encodeURIComponent(open.question.uuid)}`
        : null,
    ),
  ],
  { fetcher: fetchWith(AnswerHistoryResponseSchema), dedupeTime: 0 },
);

/** The small "History" link beside a question. */
export function HistoryButton({
  question,
  year,
  countryCode,
}: {
  question: Question;
  year: number;
  countryCode: string;
}) {
  return (
    <button
      type="button"
      className={
        'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 ' + 'hover:bg-brand-50'
      }
      onClick={() => $historyOf.set({ question, year, countryCode })}
      aria-label={m('history.of', { code: question.code })}
    >
      <Icon name="info" className="size-3.5" />
      {m('history.button')}
    </button>
  );
}

function describe(question: Question, snapshot: AnswerChange['after']): string {
  if (!snapshot) return m('history.noAnswer');
  const parts = [answerDisplay(question, snapshot.value) || m('history.noValue')];
  if (snapshot.text) parts.push(snapshot.text);
  if (snapshot.data_year) parts.push(m('history.dataYear', { year: String(snapshot.data_year) }));
  if (snapshot.source) parts.push(m('history.source', { source: snapshot.source }));
  if (snapshot.comment) parts.push(m('history.comment', { comment: snapshot.comment }));
  return parts.join(' · ');
}

/** A side panel listing one answer's earlier values: who changed it, when, from what to what. */
export function AnswerHistoryDrawer() {
  const open = useStore($historyOf);
  const history = useStore($history);
  const close = () => $historyOf.set(null);
  return (
    <Dialog open={open !== null} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/30" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel className="flex h-full w-full max-w-md flex-col bg-white shadow-xl">
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-5">
            <div>
              <DialogTitle className="text-lg font-semibold text-slate-900">
                {m('history.of', { code: open?.question.code ?? '' })}
              </DialogTitle>
              <p className="mt-1 text-sm text-slate-600" dir="auto">
                {open?.question.text}
              </p>
            </div>
            <button type="button" className={ui.secondaryButton} onClick={close}>
              {m('history.close')}
            </button>
          </div>
          <div className="flex-1 overflow-y-auto p-5">
            {!open ? null : history.error !== undefined ? (
              <ErrorState error={history.error} title={m('history.failed')} onRetry={() => $history.invalidate()} />
            ) : !history.data ? (
              <Skeleton rows={3} label={m('history.loading')} />
            ) : history.data.data.length === 0 ? (
              <EmptyState title={m('history.emptyTitle')}>{m('history.empty')}</EmptyState>
            ) : (
              <ol className="space-y-4">
                {history.data.data.map((change, index) => (
                  <li key={`${change.at}-${index}`} className="border-l-2 border-slate-200 pl-4">
                    <p className="text-sm font-medium text-slate-900">
                      {change.by?.name ?? m('history.someone')} ·{' '}
                      <span className="font-normal text-slate-600">{formatDateTime(change.at)}</span>
                    </p>
                    <p className="mt-1 text-sm text-slate-800" dir="auto">
                      {describe(open.question, change.after)}
                    </p>
                    {change.before && (
                      <p className="mt-0.5 text-sm text-slate-500" dir="auto">
                        {m('history.before', { answer: describe(open.question, change.before) })}
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
