import {
  OPTION_LABEL_MAX,
  OPTION_VALUE_MAX,
  QUESTION_OPTIONS_MAX,
  QUESTION_PARTS_MAX,
} from '../../../lib/questionnaires/schema.ts';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import type { QuestionDraft } from './question-draft.ts';
import { m } from './messages.ts';

const LISTS = {
  options: {
    legend: m('list.choices'),
    hint: m('list.choicesHint'),
    first: { name: 'value', label: m('list.value'), max: OPTION_VALUE_MAX },
    max: QUESTION_OPTIONS_MAX,
    add: m('list.addChoice'),
    remove: 'list.removeChoice',
  },
  parts: {
    legend: m('list.parts'),
    hint: m('list.partsHint'),
    first: { name: 'key', label: m('list.key'), max: 30 },
    max: QUESTION_PARTS_MAX,
    add: m('list.addPart'),
    remove: 'list.removePart',
  },
} as const;

/** The choices of a choice question, or the parts of a multi-part figure: rows of two fields. */
export function ListEditor({
  kind,
  draft,
  setDraft,
  errors,
}: {
  kind: 'options' | 'parts';
  draft: QuestionDraft;
  setDraft: (update: (current: QuestionDraft) => QuestionDraft) => void;
  errors: FieldErrors;
}) {
  const spec = LISTS[kind];
  const rows = draft[kind] as { label: string; [key: string]: string }[];
  const update = (rowsNext: { label: string; [key: string]: string }[]) =>
    setDraft((current) => ({ ...current, [kind]: rowsNext }));
  const listErrors = errors[kind];
  return (
    <fieldset aria-describedby={`question-${kind}-hint`}>
      <legend className={ui.label}>{spec.legend}</legend>
      <p id={`question-${kind}-hint`} className="mt-1 text-xs text-slate-600">
        {spec.hint}
      </p>
      <FieldError id={`question-${kind}-error`} messages={listErrors} />
      <ol className="mt-2 space-y-2">
        {rows.map((row, index) => {
          const firstName = `${kind}.${index}.${spec.first.name}`;
          const labelName = `${kind}.${index}.label`;
          return (
            <li
              key={index}
              className={
                'grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] ' +
                'sm:items-start'
              }
            >
              <div>
                <label
                  htmlFor={index === 0 ? `question-${kind}` : `question-${firstName}`}
                  className="text-xs font-medium text-slate-700"
                >
                  {m('list.numbered', { label: spec.first.label, n: index + 1 })}
                </label>
                <input
                  dir="auto"
                  id={index === 0 ? `question-${kind}` : `question-${firstName}`}
                  className={`${ui.input} mt-1 font-mono`}
                  value={row[spec.first.name] ?? ''}
                  maxLength={spec.first.max}
                  autoComplete="off"
                  onChange={(event) =>
                    update(rows.map((r, i) => (i === index ? { ...r, [spec.first.name]: event.target.value } : r)))
                  }
                  {...invalidProps(errors, firstName, `question-${firstName}-error`)}
                />
                <FieldError id={`question-${firstName}-error`} messages={errors[firstName]} />
              </div>
              <div>
                <label htmlFor={`question-${labelName}`} className="text-xs font-medium text-slate-700">
                  {m('list.labelN', { n: index + 1 })}
                </label>
                <input
                  dir="auto"
                  id={`question-${labelName}`}
                  className={`${ui.input} mt-1`}
                  value={row.label}
                  maxLength={OPTION_LABEL_MAX}
                  autoComplete="off"
                  onChange={(event) =>
                    update(rows.map((r, i) => (i === index ? { ...r, label: event.target.value } : r)))
                  }
                  {...invalidProps(errors, labelName, `question-${labelName}-error`)}
                />
                <FieldError id={`question-${labelName}-error`} messages={errors[labelName]} />
              </div>
              <button
                type="button"
                className={`${ui.secondaryButton} sm:mt-5`}
                onClick={() => update(rows.filter((_, i) => i !== index))}
              >
                {m('list.remove')}
                <span className="sr-only"> {m(spec.remove, { n: index + 1 })}</span>
              </button>
            </li>
          );
        })}
      </ol>
      {rows.length < spec.max && (
        <button
          type="button"
          className={`${ui.secondaryButton} mt-2`}
          onClick={() => update([...rows, { [spec.first.name]: '', label: '' } as { label: string }])}
        >
          {spec.add}
        </button>
      )}
    </fieldset>
  );
}
