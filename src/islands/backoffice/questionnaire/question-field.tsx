import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import type { Question } from '../../../lib/questionnaires/schema.ts';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { ConflictPanel, FieldStatus } from './field-status.tsx';
import type { QuestionnaireForm } from './form-store.ts';
import { errorText } from './raw-answer.ts';
import { FIELD_ATTR, ValueInput } from './value-input.tsx';

const TIER_LABEL: Record<number, string> = { 1: 'Tier 1 · core figure', 2: 'Tier 2 · extended figure', 3: 'Tier 3 · policy question' };

function ErrorLine({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {text}
    </p>
  );
}

/**
 * One question: its value (by answer type), narrative, data year, source and optional comment,
 * and one status line. The answer is saved when focus leaves the whole question.
 */
export function QuestionField({ form, question, extra }: {
  form: QuestionnaireForm;
  question: Question;
  /** Something the host screen adds to the question's header (the national report's history). */
  extra?: ReactNode;
}) {
  const raw = useStore(form.$raw)[question.uuid]!;
  const state = useStore(form.$fields)[question.uuid] ?? { kind: 'idle' as const };
  const stored = useStore(form.$server)[question.uuid];
  const [showComment, setShowComment] = useState(false);
  const base = `q-${question.code}`;
  const display = form.display;
  const unit = question.answer_type === 'pct' ? '%' : question.unit;
  const locked = state.kind === 'locked';
  const errors = state.kind === 'invalid' ? state.errors : {};
  const valueErrors = Object.entries(errors)
    .filter(([key]) => key === 'value' || key.startsWith('value.'))
    .flatMap(([key, messages]) => {
      const part = question.parts.find((p) => `value.${p.key}` === key);
      return messages.map((message) => (part && /^[a-z]/.test(message) ? `${part.label}: ${message}` : message));
    });
  const valueError = errorText(valueErrors, 'The answer');
  const describedBy = [valueError ? `${base}-value-error` : null, `${base}-status`, question.help ? `${base}-help` : null].filter(Boolean).join(' ');

  return (
    <section
      id={base}
      aria-labelledby={`${base}-text`}
      className={`scroll-mt-24 rounded-lg border bg-white p-4 shadow-xs sm:p-5 ${
        state.kind === 'invalid' || state.kind === 'failed' || state.kind === 'conflict' ? 'border-red-300' : state.kind === 'warning' ? 'border-amber-300' : 'border-slate-200'
      }`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) void form.leave(question.uuid);
      }}
    >
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

      {question.with_text && (
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
      )}

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

      {showComment || raw.comment ? (
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
      ) : (
        !locked && (
          <button type="button" className="mt-3 text-sm font-medium text-brand-600 hover:text-brand-800" onClick={() => {
              setShowComment(true);
              requestAnimationFrame(() => document.getElementById(`${base}-comment`)?.focus());
            }}
          >
            + Add a comment
          </button>
        )
      )}

      {state.kind === 'conflict' && (
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
      <FieldStatus id={`${base}-status`} state={state} stored={stored} onRetry={() => void form.retry()} />
    </section>
  );
}
