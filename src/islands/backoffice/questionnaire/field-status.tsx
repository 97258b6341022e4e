import type { ReactNode } from 'react';
import type { EngineOptions } from '../../../lib/questionnaires/engine.ts';
import type { Answer, Question } from '../../../lib/questionnaires/schema.ts';
import { PAGE_LOCALE } from '../../i18n/page-locale.ts';
import { formatDate, formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { answerDisplay, answerWarningTexts } from './answer-format.ts';
import type { FieldState } from './form-store.ts';
import { m } from './messages.ts';
import { checkRaw, type RawAnswer } from './raw-answer.ts';

/** "23 Nov 2026, 10:42" in the page's language (kept here for the screens that import it from the form). */
export { formatDateTime };

function Spinner() {
  return <span aria-hidden="true" className="size-3.5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600 motion-reduce:animate-none" />;
}

/** The one line under a field saying where its answer stands; announced politely. */
export function FieldStatus({ id, question, state, stored, onRetry }: { id: string; question: Question; state: FieldState; stored: Answer | undefined; onRetry: () => void }) {
  return (
    <p id={id} role="status" aria-live="polite" className="mt-3 min-h-5 text-sm">
      {statusContent(question, state, stored, onRetry)}
    </p>
  );
}

/** Where an answer stands on its way to the server. */
/** A field's state with its sign before it: a spinner while it waits or saves, a tick once saved. */
function SignedStatus({ tone, sign, text }: { tone: string; sign: ReactNode; text: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 ${tone}`}>
      {sign}
      {text}
    </span>
  );
}

function statusContent(question: Question, state: FieldState, stored: Answer | undefined, onRetry: () => void): ReactNode {
  switch (state.kind) {
    case 'idle':
      return stored ? (
        <span className="text-slate-600">
          {stored.updated_by ? m('status.savedOnBy', { date: formatDate(stored.updated_at), name: stored.updated_by.name }) : m('status.savedOn', { date: formatDate(stored.updated_at) })}
        </span>
      ) : null;
    case 'editing':
      return <span className="text-slate-600">{m('status.editing')}</span>;
    case 'pending':
      return state.offline ? (
        <SignedStatus tone="text-amber-800" sign={<Icon name="info" className="size-4" />} text={m('status.keptOffline')} />
      ) : (
        <SignedStatus tone="text-slate-700" sign={<Spinner />} text={m('status.waiting')} />
      );
    case 'saving':
      return <SignedStatus tone="text-slate-700" sign={<Spinner />} text={m('status.saving')} />;
    case 'saved':
      return <SignedStatus tone="text-emerald-800" sign={<Icon name="check" className="size-4" />} text={m('status.saved')} />;
    default:
      return problemContent(question, state, stored, onRetry);
  }
}

type Problem = Extract<FieldState, { kind: 'warning' | 'invalid' | 'failed' | 'conflict' | 'locked' }>;

/** A saved answer with warnings, or one that needs the person: invalid, failed, in conflict or locked. */
function problemContent(question: Question, state: Problem, stored: Answer | undefined, onRetry: () => void): ReactNode {
  switch (state.kind) {
    case 'warning':
      return (
        <span className="inline-flex items-start gap-1.5 text-amber-800">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          <span>{m('status.savedWithWarnings', { warnings: warningsOf(question, state.warnings, stored) })}</span>
        </span>
      );
    case 'invalid':
      return (
        <span className="inline-flex items-start gap-1.5 text-red-800">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          {state.stored ? m('status.storedInvalid') : m('status.invalid')}
        </span>
      );
    case 'failed':
      return (
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-red-800">
          <Icon name="alert" className="size-4 shrink-0" />
          {m('status.failed', { message: state.message })}
          <button type="button" className="font-semibold underline underline-offset-2" onClick={onRetry}>
            {m('status.tryAgain')}
          </button>
        </span>
      );
    case 'conflict':
      return (
        <span className="text-red-800">
          {state.mine ? m('conflict.ownStatus') : m('conflict.status')}
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
  const mineText = checked.send ? describe(question, checked.send) : m('conflict.mineInvalid');
  return (
    <div className="mt-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">
            {own
              ? m('conflict.otherTab', { time: formatDateTime(theirs.updated_at) })
              : theirs.updated_by
                ? m('conflict.theirsBy', { name: theirs.updated_by.name, time: formatDateTime(theirs.updated_at) })
                : m('conflict.theirs', { time: formatDateTime(theirs.updated_at) })}
          </dt>
          <dd className="mt-1 whitespace-pre-line text-slate-800">{describe(question, theirs)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{own ? m('conflict.thisTab') : m('conflict.yours')}</dt>
          <dd className="mt-1 whitespace-pre-line text-slate-800">{mineText}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={ui.secondaryButton} onClick={onUseTheirs}>
          {own ? m('conflict.useOtherTab') : m('conflict.useTheirs')}
        </button>
        <button type="button" className={ui.primaryButton} onClick={onKeepMine}>
          {own ? m('conflict.keepThisTab') : m('conflict.keepMine')}
        </button>
      </div>
    </div>
  );
}

function describe(question: Question, answer: Pick<Answer, 'value' | 'text' | 'data_year' | 'source' | 'comment'>): string {
  const lines = [answerDisplay(question, answer.value) || m('answer.none')];
  if (answer.text) lines.push(answer.text);
  const meta = [answer.data_year ? m('answer.dataYear', { year: String(answer.data_year) }) : null, answer.source ? m('answer.source', { source: answer.source }) : null].filter(Boolean);
  if (meta.length > 0) lines.push(meta.join(' · '));
  if (answer.comment) lines.push(m('answer.comment', { comment: answer.comment }));
  return lines.join('\n');
}

/** The warnings of a saved answer as sentences: the engine's in English, said again in the page's language otherwise. */
function warningsOf(question: Question, warnings: readonly string[], stored: Answer | undefined): string {
  const texts = PAGE_LOCALE === 'en' || !stored ? warnings : answerWarningTexts(question, stored.value);
  const end = PAGE_LOCALE === 'zh' ? '。' : '.';
  return texts.map((warning) => `${warning.charAt(0).toUpperCase()}${warning.slice(1)}${end}`).join(PAGE_LOCALE === 'zh' ? '' : ' ');
}
