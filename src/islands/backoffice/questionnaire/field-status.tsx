import type { ReactNode } from 'react';
import { formatAnswer, type EngineOptions } from '../../../lib/questionnaires/engine.ts';
import type { Answer, Question } from '../../../lib/questionnaires/schema.ts';
import { formatDate } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import type { FieldState } from './form-store.ts';
import { checkRaw, type RawAnswer } from './raw-answer.ts';

const timeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

function Spinner() {
  return <span aria-hidden="true" className="size-3.5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600 motion-reduce:animate-none" />;
}

/** The one line under a field saying where its answer stands; announced politely. */
export function FieldStatus({ id, state, stored, onRetry }: { id: string; state: FieldState; stored: Answer | undefined; onRetry: () => void }) {
  return (
    <p id={id} role="status" aria-live="polite" className="mt-3 min-h-5 text-sm">
      {statusContent(state, stored, onRetry)}
    </p>
  );
}

/** Where an answer stands on its way to the server. */
function statusContent(state: FieldState, stored: Answer | undefined, onRetry: () => void): ReactNode {
  switch (state.kind) {
    case 'idle':
      return stored ? (
        <span className="text-slate-600">
          Saved {formatDate(stored.updated_at)}
          {stored.updated_by ? ` by ${stored.updated_by.name}` : ''}
        </span>
      ) : null;
    case 'editing':
      return <span className="text-slate-600">Not saved yet: it is saved when you leave this question.</span>;
    case 'pending':
      return state.offline ? (
        <span className="inline-flex items-center gap-1.5 text-amber-800">
          <Icon name="info" className="size-4" />
          Kept on this device: it will be sent when the connection returns.
        </span>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-slate-700">
          <Spinner />
          Waiting to be saved…
        </span>
      );
    case 'saving':
      return (
        <span className="inline-flex items-center gap-1.5 text-slate-700">
          <Spinner />
          Saving…
        </span>
      );
    case 'saved':
      return (
        <span className="inline-flex items-center gap-1.5 text-emerald-800">
          <Icon name="check" className="size-4" />
          Saved
        </span>
      );
    default:
      return problemContent(state, onRetry);
  }
}

type Problem = Extract<FieldState, { kind: 'warning' | 'invalid' | 'failed' | 'conflict' | 'locked' }>;

/** A saved answer with warnings, or one that needs the person: invalid, failed, in conflict or locked. */
function problemContent(state: Problem, onRetry: () => void): ReactNode {
  switch (state.kind) {
    case 'warning':
      return (
        <span className="inline-flex items-start gap-1.5 text-amber-800">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          <span>Saved. {state.warnings.map((warning) => `${warning.charAt(0).toUpperCase()}${warning.slice(1)}.`).join(' ')}</span>
        </span>
      );
    case 'invalid':
      return (
        <span className="inline-flex items-start gap-1.5 text-red-800">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          {state.stored
            ? 'This saved answer no longer meets the rules of the question: correct it.'
            : 'Not saved: correct the answer as shown and leave the question again.'}
        </span>
      );
    case 'failed':
      return (
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-red-800">
          <Icon name="alert" className="size-4 shrink-0" />
          Not saved: {state.message}
          <button type="button" className="font-semibold underline underline-offset-2" onClick={onRetry}>
            Try again
          </button>
        </span>
      );
    case 'conflict':
      return (
        <span className="text-red-800">
          {state.mine ? 'You changed this in another tab or window: choose which to keep.' : 'Someone else changed this answer meanwhile: choose which to keep.'}
        </span>
      );
    case 'locked':
      return state.own ? (
        <span className="inline-flex items-center gap-1.5 text-slate-700">
          <Icon name="shield" className="size-4 shrink-0" />
          {state.message}
        </span>
      ) : null;
  }
}

/** Both versions of an answer changed by two people at once, and the two ways out. */
export function ConflictPanel({ question, theirs, mine, own, engine, onUseTheirs, onKeepMine }: {
  question: Question;
  theirs: Answer;
  /** The other answer is the person's own, from another tab or window. */
  own: boolean;
  mine: RawAnswer;
  engine: EngineOptions;
  onUseTheirs: () => void;
  onKeepMine: () => void;
}) {
  const checked = checkRaw(question, mine, engine);
  const mineText = checked.send ? describe(question, checked.send) : 'Your answer as typed (it needs correcting)';
  return (
    <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">
            {own ? 'From your other tab or window' : `Theirs${theirs.updated_by ? `, by ${theirs.updated_by.name}` : ''}`}, {formatDateTime(theirs.updated_at)}
          </dt>
          <dd className="mt-1 whitespace-pre-line text-slate-800">{describe(question, theirs)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{own ? 'In this tab, not saved' : 'Yours, not saved'}</dt>
          <dd className="mt-1 whitespace-pre-line text-slate-800">{mineText}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={ui.secondaryButton} onClick={onUseTheirs}>
          {own ? 'Use the other tab’s' : 'Use theirs'}
        </button>
        <button type="button" className={ui.primaryButton} onClick={onKeepMine}>
          {own ? 'Keep this tab’s' : 'Keep mine'}
        </button>
      </div>
    </div>
  );
}

function describe(question: Question, answer: Pick<Answer, 'value' | 'text' | 'data_year' | 'source' | 'comment'>): string {
  const lines = [formatAnswer(question, answer.value) || 'No answer'];
  if (answer.text) lines.push(answer.text);
  const meta = [answer.data_year ? `Data year ${answer.data_year}` : null, answer.source ? `Source: ${answer.source}` : null].filter(Boolean);
  if (meta.length > 0) lines.push(meta.join(' · '));
  if (answer.comment) lines.push(`Comment: ${answer.comment}`);
  return lines.join('\n');
}
