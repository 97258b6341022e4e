import { useState, type ReactNode } from 'react';
import type { Question } from '../../../lib/questionnaires/schema.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import type { AnswerErrors } from './autosave-queue.ts';
import type { FormDisplay, QuestionnaireForm } from './form-store.ts';
import { errorText, type RawAnswer } from './raw-answer.ts';
import { FIELD_ATTR } from './value-input.tsx';

const TIER_LABEL: Record<number, string> = { 1: 'Tier 1 · core figure', 2: 'Tier 2 · extended figure', 3: 'Tier 3 · policy question' };

export function ErrorLine({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {text}
    </p>
  );
}

/** The question's labels (code, tier, SDG, unit, NUA, required, locked), its wording and its help. */
export function QuestionHeader({ question, display, base, locked, extra }: { question: Question; display: FormDisplay; base: string; locked: boolean; extra?: ReactNode }) {
  const unit = question.answer_type === 'pct' ? '%' : question.unit;
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        {display.codes === 'badge' && <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono font-semibold text-slate-800">{question.code}</span>}
        {display.tiers && <span>{TIER_LABEL[question.question_tier]}</span>}
        {question.sdg_refs.length > 0 && <span>SDG {question.sdg_refs.join(', ')}</span>}
        {display.codes === 'small' && unit && <span>Unit: {unit}</span>}
        {question.nua_paragraphs && <span>NUA ¶{question.nua_paragraphs}</span>}
        {question.compulsory && <span className="font-semibold text-slate-800">Required</span>}
        {locked && (
          <span className="inline-flex items-center gap-1 text-slate-700">
            <Icon name="shield" className="size-3.5" />
            Locked
          </span>
        )}
        {extra && <span className="ml-auto">{extra}</span>}
      </div>
      <h3 id={`${base}-text`} className="mt-2 text-base font-semibold text-slate-900">
        {question.text}
      </h3>
      {question.help && (
        <p id={`${base}-help`} className="mt-1 text-sm text-slate-600">
          {question.help}
        </p>
      )}
      {display.codes === 'small' && <p className="mt-1 text-xs text-slate-600">Code <span className="font-mono">{question.code}</span></p>}
    </>
  );
}

/** What the inputs around the value share: the form, the question, what is typed, its errors, the id prefix and the lock. */
export interface PartProps {
  form: QuestionnaireForm;
  question: Question;
  raw: RawAnswer;
  errors: AnswerErrors;
  base: string;
  locked: boolean;
}

/** The text beside the answer (a policy's name, an explanation). */
export function NarrativeField({ form, question, raw, errors, base, locked }: PartProps) {
  return (
    <div className="mt-3">
      <label htmlFor={`${base}-narrative`} className={ui.label}>
        {question.text_label ?? 'Details'}
      </label>
      <textarea dir="auto"
        {...FIELD_ATTR}
        id={`${base}-narrative`}
        rows={3}
        className={`${ui.input} mt-1`}
        value={raw.text}
        disabled={locked}
        aria-invalid={Boolean(errors['text']) || undefined}
        aria-describedby={errors['text'] ? `${base}-narrative-error` : undefined}
        onChange={(event) => form.change(question.uuid, { text: event.target.value })}
      />
      <ErrorLine id={`${base}-narrative-error`} text={errorText(errors['text'], question.text_label ?? 'The details')} />
    </div>
  );
}

/** The data year and the source, side by side. */
export function YearAndSourceFields({ form, question, raw, errors, base, locked }: PartProps) {
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-[9rem_1fr]">
      <div>
        <label htmlFor={`${base}-year`} className={ui.label}>
          Data year
        </label>
        <input dir="auto"
          {...FIELD_ATTR}
          id={`${base}-year`}
          type="text"
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          className={`${ui.input} mt-1 tabular-nums`}
          value={raw.data_year}
          disabled={locked}
          aria-invalid={Boolean(errors['data_year']) || undefined}
          aria-describedby={errors['data_year'] ? `${base}-year-error` : undefined}
          onChange={(event) => form.change(question.uuid, { data_year: event.target.value })}
        />
        <ErrorLine id={`${base}-year-error`} text={errorText(errors['data_year'], 'The data year')} />
      </div>
      <div>
        <label htmlFor={`${base}-source`} className={ui.label}>
          Source{question.question_tier === 1 ? '' : ' (optional)'}
        </label>
        <input dir="auto"
          {...FIELD_ATTR}
          id={`${base}-source`}
          type="text"
          autoComplete="off"
          placeholder={`e.g. ${question.source_hint ?? 'national statistics office, survey name'}`}
          className={`${ui.input} mt-1`}
          value={raw.source}
          disabled={locked}
          aria-invalid={Boolean(errors['source']) || undefined}
          aria-describedby={errors['source'] ? `${base}-source-error` : undefined}
          onChange={(event) => form.change(question.uuid, { source: event.target.value })}
        />
        <ErrorLine id={`${base}-source-error`} text={errorText(errors['source'], 'The source')} />
      </div>
    </div>
  );
}

/** The optional comment, behind "+ Add a comment" until there is one. */
export function CommentField({ form, question, raw, errors, base, locked }: PartProps) {
  const [showComment, setShowComment] = useState(false);
  if (showComment || raw.comment) {
    return (
      <div className="mt-3">
        <label htmlFor={`${base}-comment`} className={ui.label}>
          Comment (optional)
        </label>
        <textarea dir="auto"
          {...FIELD_ATTR}
          id={`${base}-comment`}
          rows={2}
          className={`${ui.input} mt-1`}
          value={raw.comment}
          disabled={locked}
          aria-invalid={Boolean(errors['comment']) || undefined}
          onChange={(event) => form.change(question.uuid, { comment: event.target.value })}
        />
        <ErrorLine id={`${base}-comment-error`} text={errorText(errors['comment'], 'The comment')} />
      </div>
    );
  }
  if (locked) return null;
  return (
    <button type="button" className="mt-3 text-sm font-medium text-brand-600 hover:text-brand-800" onClick={() => {
        setShowComment(true);
        requestAnimationFrame(() => document.getElementById(`${base}-comment`)?.focus());
      }}
    >
      + Add a comment
    </button>
  );
}
