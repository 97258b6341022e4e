import type { ReactNode } from 'react';
import type { EngineOptions } from '../../../lib/questionnaires/engine.ts';
import type { Answer, FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { answerDisplay } from './answer-format.ts';
import { fieldWords } from './field-words.ts';
import type { FieldState, QuestionnaireForm } from './form-store.ts';
import { m } from './messages.ts';
import { checkRaw, type RawAnswer } from './raw-answer.ts';

/** "23 Nov 2026, 10:42" in the page's language (kept here for the screens that import it from the form). */
export { formatDateTime };

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className={
        'size-3.5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600 ' +
        'motion-reduce:animate-none'
      }
    />
  );
}

/** The one line under a field saying where its answer stands; announced politely. */
export function FieldStatus({
  id,
  question,
  state,
  stored,
  onRetry,
}: {
  id: string;
  question: FormQuestion;
  state: FieldState;
  stored: Answer | undefined;
  onRetry: () => void;
}) {
  return (
    <p id={id} role="status" aria-live="polite" className="mt-3 min-h-5 text-sm">
      {statusContent(question, state, stored, onRetry)}
    </p>
  );
}

/** A field's state with its sign before it: a spinner while it waits or saves, a tick once saved. */
function SignedStatus({ tone, sign, text }: { tone: string; sign: ReactNode; text: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 ${tone}`}>
      {sign}
      {text}
    </span>
  );
}

/** The status line's words (field-words.ts, the save bar's words) with their colour and sign. */
function statusContent(
  question: FormQuestion,
  state: FieldState,
  stored: Answer | undefined,
  onRetry: () => void,
): ReactNode {
  const text = fieldWords(question, state, stored);
  if (text === null) return null;
  switch (state.kind) {
    case 'idle':
      return <span className="text-slate-600">{text}</span>;
    case 'editing':
    case 'saving':
      return <SignedStatus tone="text-slate-700" sign={<Spinner />} text={text} />;
    case 'pending':
      return state.offline ? (
        <SignedStatus tone="text-amber-800" sign={<Icon name="info" className="size-4 shrink-0" />} text={text} />
      ) : (
        <SignedStatus tone="text-slate-700" sign={<Spinner />} text={text} />
      );
    case 'saved':
      return <SignedStatus tone="text-emerald-800" sign={<Icon name="check" className="size-4" />} text={text} />;
    case 'warning':
      return (
        <span className="inline-flex items-start gap-1.5 text-amber-800">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          <span>{text}</span>
        </span>
      );
    case 'failed':
      return (
        <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-red-800">
          <Icon name="alert" className="size-4 shrink-0" />
          {text}
          <button type="button" className="font-semibold underline underline-offset-2" onClick={onRetry}>
            {m('status.tryAgain')}
          </button>
        </span>
      );
    default:
      return problemContent(state, text);
  }
}

/** An answer that needs the person: invalid, in conflict or locked by access rights. */
function problemContent(
  state: Extract<FieldState, { kind: 'invalid' | 'conflict' | 'locked' }>,
  text: string,
): ReactNode {
  switch (state.kind) {
    case 'invalid':
      return (
        <span className="inline-flex items-start gap-1.5 text-red-800">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
          {text}
        </span>
      );
    case 'conflict':
      return <span className="text-red-800">{text}</span>;
    case 'locked':
      return (
        <span className="inline-flex items-center gap-1.5 text-slate-700">
          <Icon name="shield" className="size-4 shrink-0" />
          {text}
        </span>
      );
  }
}

/** Both versions of an answer changed by two people at once, and the two ways out. */
export function ConflictPanel({
  question,
  theirs,
  mine,
  own,
  engine,
  onUseTheirs,
  onKeepMine,
}: {
  question: FormQuestion;
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

function describe(
  question: FormQuestion,
  answer: Pick<Answer, 'value' | 'text' | 'data_year' | 'source' | 'comment'>,
): string {
  const lines = [answerDisplay(question, answer.value) || m('answer.none')];
  if (answer.text) lines.push(answer.text);
  const meta = [
    answer.data_year ? m('answer.dataYear', { year: String(answer.data_year) }) : null,
    answer.source ? m('answer.source', { source: answer.source }) : null,
  ].filter(Boolean);
  if (meta.length > 0) lines.push(meta.join(' · '));
  if (answer.comment) lines.push(m('answer.comment', { comment: answer.comment }));
  return lines.join('\n');
}

/**
 * Where an answer stands, under its field: the conflict's "Theirs / Yours" while there is one,
 * then the status line (`{id}`, which the field names in its aria-describedby). Every form's field
 * ends with it: the questionnaire's questions and the practice's sections.
 */
export function AnswerOutcome({
  id,
  form,
  question,
  state,
  raw,
  stored,
}: {
  id: string;
  form: QuestionnaireForm;
  question: FormQuestion;
  state: FieldState;
  raw: RawAnswer | undefined;
  stored: Answer | undefined;
}) {
  return (
    <>
      {state.kind === 'conflict' && raw && (
        <ConflictPanel
          question={question}
          theirs={state.theirs}
          own={state.mine}
          mine={raw}
          engine={form.engine}
          onUseTheirs={() => form.useTheirs(question.uuid)}
          onKeepMine={() => void form.keepMine(question.uuid)}
        />
      )}
      <FieldStatus id={id} question={question} state={state} stored={stored} onRetry={() => void form.retry()} />
    </>
  );
}
