import { useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import type { AnswerErrors } from './autosave-queue.ts';
import { useWrittenLang } from './written-lang.ts';
import type { FormDisplay, QuestionnaireForm } from './form-store.ts';
import { m } from './messages.ts';
import { errorText, type RawAnswer } from './raw-answer.ts';
import { FIELD_ATTR } from './value-input.tsx';

export function ErrorLine({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {text}
    </p>
  );
}

/** The question's labels (code, the host's labels, unit, required, locked), its wording and its help. */
export function QuestionHeader({
  question,
  display,
  base,
  locked,
  extra,
}: {
  question: FormQuestion;
  display: FormDisplay;
  base: string;
  locked: boolean;
  extra?: ReactNode;
}) {
  const unit = question.answer_type === 'pct' ? '%' : question.unit;
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        {display.codes === 'badge' && (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono font-semibold text-slate-800">
            {question.code}
          </span>
        )}
        {display.labels?.(question).map((label) => (
          <span key={label}>{label}</span>
        ))}
        {display.codes === 'small' && unit && <span>{m('question.unit', { unit })}</span>}
        {question.compulsory && <span className="font-semibold text-slate-800">{m('question.required')}</span>}
        {locked && (
          <span className="inline-flex items-center gap-1 text-slate-700">
            <Icon name="shield" className="size-3.5" />
            {m('question.locked')}
          </span>
        )}
        {extra && <span className="ml-auto">{extra}</span>}
      </div>
      <h3 id={`${base}-text`} dir="auto" className="mt-2 text-base font-semibold text-slate-900">
        {question.text}
      </h3>
      {question.help && (
        <p id={`${base}-help`} dir="auto" className="mt-1 text-sm text-slate-600">
          {question.help}
        </p>
      )}
      {display.codes === 'small' && !display.plain?.includes(question.uuid) && (
        <p className="mt-1 text-xs text-slate-600">
          {m('question.code')} <span className="font-mono">{question.code}</span>
        </p>
      )}
    </>
  );
}

/**
 * What the inputs around the value share: the form, the question, what is typed, its errors, the id prefix and the
 * lock.
 */
export interface PartProps {
  form: QuestionnaireForm;
  question: FormQuestion;
  raw: RawAnswer;
  errors: AnswerErrors;
  base: string;
  locked: boolean;
}

/**
 * What every text box of an answer's parts carries: the form's marker, its id, the part it edits
 * (its value and its changes), whether it may change and whether it is wrong.
 */
function partControl(
  { form, question, raw, errors, locked }: PartProps,
  name: 'text' | 'data_year' | 'source' | 'comment',
  id: string,
) {
  return {
    ...FIELD_ATTR,
    id,
    value: raw[name],
    disabled: locked,
    'aria-invalid': Boolean(errors[name]) || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const patch: Partial<RawAnswer> = {};
      patch[name] = event.target.value;
      form.change(question.uuid, patch);
    },
  };
}

/** The text beside the answer (a policy's name, an explanation). */
export function NarrativeField(props: PartProps) {
  const { question, errors, base } = props;
  const lang = useWrittenLang();
  return (
    <div className="mt-3">
      <label htmlFor={`${base}-narrative`} className={ui.label}>
        {question.text_label ? <bdi>{question.text_label}</bdi> : m('field.details')}
      </label>
      <textarea
        dir="auto"
        lang={lang}
        {...partControl(props, 'text', `${base}-narrative`)}
        rows={3}
        className={`${ui.input} mt-1`}
        aria-describedby={errors['text'] ? `${base}-narrative-error` : undefined}
      />
      <ErrorLine
        id={`${base}-narrative-error`}
        text={errorText(errors['text'], question.text_label ?? m('label.theDetails'))}
      />
    </div>
  );
}

/** The data year and the source, side by side. */
export function YearAndSourceFields(props: PartProps) {
  const { question } = props;
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-[9rem_1fr]">
      <PartInput
        {...props}
        name="data_year"
        id={`${props.base}-year`}
        label={m('field.dataYear')}
        what={m('label.theDataYear')}
        attributes={{ inputMode: 'numeric', maxLength: 4, className: `${ui.input} mt-1 tabular-nums` }}
      />
      <PartInput
        {...props}
        name="source"
        id={`${props.base}-source`}
        label={question.source_required ? m('field.source') : m('field.sourceOptional')}
        what={m('label.theSource')}
        attributes={{
          placeholder: question.source_hint
            ? m('field.sourceExample', { hint: question.source_hint })
            : m('field.sourcePlaceholder'),
          className: `${ui.input} mt-1`,
        }}
      />
    </div>
  );
}

/** A one-line part of the answer beside its value (data year, source), with its error line. */
function PartInput({
  name,
  id,
  label,
  what,
  attributes,
  ...props
}: PartProps & {
  name: 'data_year' | 'source';
  id: string;
  label: string;
  /** The field as the error line names it ("the data year"). */
  what: string;
  attributes: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        dir="auto"
        {...partControl(props, name, id)}
        type="text"
        autoComplete="off"
        {...attributes}
        aria-describedby={props.errors[name] ? `${id}-error` : undefined}
      />
      <ErrorLine id={`${id}-error`} text={errorText(props.errors[name], what)} />
    </div>
  );
}

/** The optional comment, behind "+ Add a comment" until there is one. */
export function CommentField(props: PartProps) {
  const { raw, errors, base, locked } = props;
  const [showComment, setShowComment] = useState(false);
  if (showComment || raw.comment) {
    return (
      <div className="mt-3">
        <label htmlFor={`${base}-comment`} className={ui.label}>
          {m('field.comment')}
        </label>
        <textarea
          dir="auto"
          {...partControl(props, 'comment', `${base}-comment`)}
          rows={2}
          className={`${ui.input} mt-1`}
        />
        <ErrorLine id={`${base}-comment-error`} text={errorText(errors['comment'], m('label.theComment'))} />
      </div>
    );
  }
  if (locked) return null;
  return (
    <button
      type="button"
      className="mt-3 text-sm font-medium text-brand-600 hover:text-brand-800"
      onClick={() => {
        setShowComment(true);
        requestAnimationFrame(() => document.getElementById(`${base}-comment`)?.focus());
      }}
    >
      {m('field.addComment')}
    </button>
  );
}
