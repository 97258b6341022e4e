import { useStore } from '@nanostores/react';
import { useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { PRACTICE_COMMENT_MAX, type ReviewComment, type SectionKey } from '../../../lib/best-practices/schema.ts';
import { invalidProps } from '../lib/field-errors.ts';
import { formatDate } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { Field } from '../ui/field.tsx';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { addComment, setCommentResolved } from './comments-store.ts';
import { sectionLabel } from './labels.ts';
import { m } from './messages.ts';
import { $practiceForm } from './practice-form-store.ts';

export const fieldId = (field: string) => `bp-${field.replace(/\./g, '-')}`;

function useErrors(field: string) {
  const errors = useStore($practiceForm).errors;
  return { errors, messages: errors[field] };
}

export function TextField({
  field,
  label,
  onChange,
  hint,
  optional,
  className,
  type = 'text',
  ...input
}: {
  field: string;
  /** The language of what is typed, when stated (decision 048). */
  lang?: string | undefined;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  optional?: boolean;
  type?: 'text' | 'email' | 'tel' | 'url' | 'date';
  maxLength?: number;
  className?: string;
  placeholder?: string;
}) {
  const id = fieldId(field);
  const { errors, messages } = useErrors(field);
  const described = [hint ? `${id}-hint` : '', messages ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Field
      id={id}
      label={label}
      optional={optional ? m('fields.optional') : undefined}
      hint={hint}
      messages={messages}
      className={className}
    >
      <input
        id={id}
        type={type}
        dir="auto"
        className={`${ui.input} mt-1`}
        autoComplete="off"
        {...input}
        onChange={(event) => onChange(event.target.value)}
        {...invalidProps(errors, field, `${id}-error`)}
        aria-describedby={described}
      />
    </Field>
  );
}

export function TextArea({
  field,
  onChange,
  rows = 6,
  counter,
  ...control
}: {
  field: string;
  /** The language of what is typed, when stated (decision 048). */
  lang?: string | undefined;
  label: string;
  /** The label only for assistive tech, when the section's heading already says it. */
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
  /** Shown under the field, right-aligned (a word counter). */
  counter?: ReactNode;
}) {
  const id = fieldId(field);
  const { errors, messages } = useErrors(field);
  const described =
    [control.hint ? `${id}-hint` : '', counter ? `${id}-counter` : '', messages ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div>
      <TextAreaControl
        id={id}
        rows={rows}
        {...control}
        onChange={(event) => onChange(event.target.value)}
        {...invalidProps(errors, field, `${id}-error`)}
        aria-describedby={described}
      />
      {counter && (
        <div id={`${id}-counter`} className="mt-1 text-right text-xs">
          {counter}
        </div>
      )}
      <FieldError id={`${id}-error`} messages={messages} />
    </div>
  );
}

/**
 * A long text's label (for assistive tech only with `hideLabel`, when the section's heading
 * already says it), its hint and the textarea; what goes under it (counter, error, save status)
 * is the caller's.
 */
export function TextAreaControl({
  id,
  label,
  hideLabel,
  hint,
  ...textarea
}: {
  id: string;
  label: string;
  hideLabel?: boolean | undefined;
  hint?: ReactNode;
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : ui.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <textarea dir="auto" id={id} className={`${ui.input} mt-1 leading-relaxed`} {...textarea} />
    </>
  );
}

/**
 * A list field edited in place (partners, figures, key dates, links): its legend, its items
 * (`children`, the `<li>`s), their errors and, while there is room (`canAdd`), the Add button.
 */
export function ListFieldset({
  field,
  legend,
  legendClass = ui.label,
  canAdd,
  addLabel,
  onAdd,
  children,
}: {
  field: string;
  legend: string;
  legendClass?: string;
  canAdd: boolean;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className={legendClass}>{legend}</legend>
      <ul className="mt-2 space-y-3">{children}</ul>
      <ListErrors field={field} />
      {canAdd && (
        <button type="button" className={`${ui.secondaryButton} mt-3`} onClick={onAdd}>
          {addLabel}
        </button>
      )}
    </fieldset>
  );
}

/** The Remove button at the end of a list item's row. */
export function RemoveItemButton({ onRemove }: { onRemove: () => void }) {
  return (
    <button
      type="button"
      className="pb-2 text-left text-sm font-medium text-red-700 hover:underline"
      onClick={onRemove}
    >
      {m('remove')}
    </button>
  );
}

/** Field errors of a list field or its items (`partners`, `partners.0.name`, …) in one place. */
export function ListErrors({ field }: { field: string }) {
  const errors = useStore($practiceForm).errors;
  const messages = Object.entries(errors)
    .filter(([key]) => key === field || key.startsWith(`${field}.`))
    .map(([key, list]) =>
      key === field
        ? list.join(' ')
        : m('fields.itemError', {
            number: Number(key.split('.')[1]) + 1,
            field: key.split('.').slice(2).join(' ') || m('fields.value'),
            messages: list.join(' '),
          }),
    );
  return <FieldError id={`${fieldId(field)}-error`} messages={messages.length ? messages : undefined} />;
}

/** What every section of the form is told: which sections are filled, and what the user may do now. */
export interface SectionState {
  filled: Record<SectionKey, boolean>;
  reviewer: boolean;
  /** False: the fields are shown but cannot be changed (not the user's turn). */
  editable: boolean;
  /** The user may mark review comments resolved or open them again now. */
  canResolve: boolean;
}

/**
 * One section of the form: a card with its heading, whether it is filled, the reviewers'
 * comments on it (beside the fields they are about; resolved ones folded) and, for reviewers,
 * a way to add one.
 */
interface SectionProps {
  sectionKey: SectionKey;
  state: SectionState;
  children: ReactNode;
  intro?: ReactNode;
}

/**
 * A review comment's text, then who wrote it and when, with the button that resolves it (or,
 * once resolved, opens it again) for those who may.
 */
function CommentText({
  comment: c,
  resolved,
  canResolve,
}: {
  comment: ReviewComment;
  resolved: boolean;
  canResolve: boolean;
}) {
  return (
    <>
      <p
        id={`comment-${c.id}-body`}
        dir="auto"
        className={resolved ? 'mt-2 whitespace-pre-line text-slate-900' : 'whitespace-pre-line'}
      >
        {c.body}
      </p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p className={resolved ? 'text-xs text-slate-600' : 'text-xs text-amber-900'}>
          <bdi>{c.author_name ?? m('fields.reviewer')}</bdi> · {formatDate(c.created_at)}
        </p>
        {canResolve && <ResolveButton comment={c} resolved={!resolved} />}
      </div>
    </>
  );
}

export function Section({ sectionKey, state, children, intro }: SectionProps) {
  const { reviewer, editable, canResolve } = state;
  const filled = state.filled[sectionKey];
  const label = sectionLabel(sectionKey);
  const comments = useStore($practiceForm).practice?.comments.filter((c) => c.section === sectionKey) ?? [];
  const open = comments.filter((c) => c.resolved_at === null);
  const resolved = comments.filter((c) => c.resolved_at !== null);
  return (
    <section
      id={`section-${sectionKey}`}
      aria-labelledby={`section-${sectionKey}-title`}
      className={`${ui.card} scroll-mt-20`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`section-${sectionKey}-title`} className="text-lg font-semibold text-slate-900">
          {label}
        </h2>
        <span
          className={
            `inline-flex items-center gap-1 text-xs ` + `font-medium ${filled ? 'text-emerald-700' : 'text-slate-500'}`
          }
        >
          {filled ? <Icon name="check" className="size-4" /> : null}
          {filled ? m('fields.filled') : m('fields.notFilled')}
        </span>
      </div>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      {open.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={m('fields.commentsOn', { section: label })}>
          {open.map((c) => (
            <li
              key={c.id}
              className="rounded-md border-l-4 border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              <CommentText comment={c} resolved={false} canResolve={canResolve} />
            </li>
          ))}
        </ul>
      )}
      {resolved.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={m('fields.resolvedOn', { section: label })}>
          {resolved.map((c) => (
            <li key={c.id} className="rounded-md border-l-4 border-emerald-500 bg-slate-50 text-sm text-slate-800">
              <details className="group px-3 py-2">
                <summary
                  id={`comment-${c.id}-summary`}
                  className={
                    'flex cursor-pointer list-none items-center gap-2 rounded text-slate-700 ' +
                    '[&::-webkit-details-marker]:hidden'
                  }
                >
                  <Icon name="chevronRight" className="size-4 shrink-0 transition-transform group-open:rotate-90" />
                  <Icon name="check" className="size-4 shrink-0 text-emerald-700" />
                  <span>
                    {m('fields.resolvedBy', {
                      name: c.resolved_by_name ?? m('comments.someone'),
                      date: formatDate(c.resolved_at!),
                    })}
                  </span>
                  <span className="sr-only">{m('fields.showComment')}</span>
                </summary>
                <CommentText comment={c} resolved canResolve={canResolve} />
              </details>
            </li>
          ))}
        </ul>
      )}
      <fieldset disabled={!editable} className="mt-4 min-w-0 space-y-5">
        <legend className="sr-only">{label}</legend>
        {children}
      </fieldset>
      {reviewer && <CommentBox sectionKey={sectionKey} label={label} />}
    </section>
  );
}

/** Marks the comment resolved (or open again); names the comment it acts on for screen readers. */
function ResolveButton({ comment, resolved }: { comment: ReviewComment; resolved: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      id={`comment-${comment.id}-action`}
      type="button"
      disabled={busy}
      className={
        'inline-flex items-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold ' +
        'text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60'
      }
      aria-describedby={`comment-${comment.id}-body`}
      onClick={() => {
        setBusy(true);
        void setCommentResolved(comment, resolved).then((ok) => {
          setBusy(false);
          // The comment moved to the other list: keep the keyboard on it there.
          if (ok)
            requestAnimationFrame(() =>
              document.getElementById(`comment-${comment.id}-${resolved ? 'summary' : 'action'}`)?.focus(),
            );
        });
      }}
    >
      {busy ? m('fields.saving') : resolved ? m('fields.markResolved') : m('fields.openAgain')}
    </button>
  );
}

function CommentBox({ sectionKey, label }: { sectionKey: SectionKey; label: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const busy = useStore($practiceForm).busyAction === 'comment';
  const id = `comment-${sectionKey}`;
  if (!open) {
    return (
      <button
        type="button"
        className={`${ui.link} mt-4 inline-flex items-center gap-1 text-sm`}
        onClick={() => setOpen(true)}
      >
        {m('fields.commentOnSection')}
      </button>
    );
  }
  return (
    <div className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className={ui.label}>
        {m('fields.yourComment', { section: label })}
      </label>
      <textarea
        dir="auto"
        id={id}
        rows={3}
        maxLength={PRACTICE_COMMENT_MAX}
        className={`${ui.input} mt-1`}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className={ui.primaryButton}
          disabled={busy || text.trim() === ''}
          onClick={() => void addComment(sectionKey, text.trim()).then((ok) => ok && (setText(''), setOpen(false)))}
        >
          {busy ? m('fields.adding') : m('fields.addComment')}
        </button>
        <button type="button" className={ui.secondaryButton} onClick={() => setOpen(false)}>
          {m('fields.cancel')}
        </button>
      </div>
    </div>
  );
}
