import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { FormQuestion } from '../../../lib/questionnaires/schema.ts';
import type { AnswerErrors } from './autosave-queue.ts';
import { AnswerOutcome } from './field-status.tsx';
import type { QuestionnaireForm } from './form-store.ts';
import { CommentField, ErrorLine, NarrativeField, QuestionHeader, YearAndSourceFields } from './question-parts.tsx';
import { problemText } from './answer-format.ts';
import { m } from './messages.ts';
import { errorText } from './raw-answer.ts';
import { ReviewNotes } from './review-parts.tsx';
import { ValueInput } from './value-input.tsx';

/** The messages about the value, a part's label leading those about one part of a multi-part figure. */
function valueErrorsOf(question: FormQuestion, errors: AnswerErrors): string[] {
  return Object.entries(errors)
    .filter(([key]) => key === 'value' || key.startsWith('value.'))
    .flatMap(([key, messages]) => {
      const part = question.parts.find((p) => `value.${p.key}` === key);
      return messages.map((message) =>
        part && /^[a-z]/.test(message)
          ? m('problem.part', { part: part.label, problem: problemText(message) })
          : message,
      );
    });
}

/**
 * One question: its value (by answer type), narrative, data year, source and optional comment,
 * and one status line. The answer is saved after a short pause in typing and when focus leaves
 * the whole question.
 */
export function QuestionField({
  form,
  question,
  extra,
  footer,
}: {
  form: QuestionnaireForm;
  question: FormQuestion;
  /** Something the host screen adds to the question's header (the national report's history). */
  extra?: ReactNode;
  /** Something the host screen adds under the answer (the comments on it). */
  footer?: ReactNode;
}) {
  const raw = useStore(form.$raw)[question.uuid]!;
  const state = useStore(form.$fields)[question.uuid] ?? { kind: 'idle' as const };
  const stored = useStore(form.$server)[question.uuid];
  const base = `q-${question.code}`;
  const locked = state.kind === 'locked';
  const errors = state.kind === 'invalid' ? state.errors : {};
  const valueErrors = valueErrorsOf(question, errors);
  const valueError = errorText(valueErrors, m('label.theAnswer'));
  const describedBy = [
    valueError ? `${base}-value-error` : null,
    `${base}-status`,
    question.help ? `${base}-help` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const parts = { form, question, raw, errors, base, locked };

  return (
    <section
      id={base}
      data-question={question.uuid}
      aria-labelledby={`${base}-text`}
      className={`scroll-mt-4 rounded-lg border bg-white p-4 shadow-xs sm:p-5 ${
        state.kind === 'invalid' || state.kind === 'failed' || state.kind === 'conflict'
          ? 'border-red-300'
          : state.kind === 'warning'
            ? 'border-amber-300'
            : 'border-slate-200'
      }`}
      onFocus={() => form.enter(question.uuid)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) void form.leave(question.uuid);
      }}
    >
      <QuestionHeader question={question} display={form.display} base={base} locked={locked} extra={extra} />

      <div className="mt-3">
        <ValueInput
          question={question}
          value={raw.value}
          id={`${base}-value`}
          labelledBy={`${base}-text`}
          describedBy={describedBy || undefined}
          invalid={valueErrors.length > 0}
          disabled={locked}
          onChange={(value) => form.change(question.uuid, { value })}
          onChoose={(value) => void form.choose(question.uuid, { value })}
        />
        <ErrorLine id={`${base}-value-error`} text={valueError} />
      </div>
      <ReviewNotes {...parts} />

      {question.with_text && <NarrativeField {...parts} />}
      {!form.display.plain?.includes(question.uuid) && (
        <>
          <YearAndSourceFields {...parts} />
          <CommentField {...parts} />
        </>
      )}

      <AnswerOutcome id={`${base}-status`} form={form} question={question} state={state} raw={raw} stored={stored} />
      {footer}
    </section>
  );
}
