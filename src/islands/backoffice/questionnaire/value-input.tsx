import type { FormQuestion } from '../../../lib/questionnaires/schema.ts';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import type { RawValue } from './raw-answer.ts';
import { useWrittenLang } from './written-lang.ts';

interface ValueInputProps {
  question: FormQuestion;
  value: RawValue;
  id: string;
  /** Ids of the question text and the error/status lines. */
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  disabled: boolean;
  onChange: (value: RawValue) => void;
  /** A checkbox or radio button was clicked: the answer is saved at once (not on leaving the question). */
  onChoose: (value: RawValue) => void;
}

/** A web address's beginning, the same in every language. */
const URL_PLACEHOLDER = 'https://';

/** Marks the inputs Enter moves between (questionnaire-form.tsx). */
export const FIELD_ATTR = { 'data-qf': '' } as const;

/** The attributes every text, URL and list control of an answer carries: its id, names and state. */
function controlAttrs({
  id,
  labelledBy,
  describedBy,
  invalid,
  disabled,
}: Pick<ValueInputProps, 'id' | 'labelledBy' | 'describedBy' | 'invalid' | 'disabled'>) {
  return {
    ...FIELD_ATTR,
    id,
    disabled,
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
  };
}

function unitOf(question: FormQuestion): string | null {
  if (question.answer_type === 'pct') return '%';
  return question.unit;
}

function inputModeOf(question: FormQuestion): 'decimal' | 'numeric' {
  return question.answer_type === 'int' ? 'numeric' : 'decimal';
}

function NumberBox({
  question,
  id,
  value,
  labelledBy,
  describedBy,
  invalid,
  disabled,
  onChange,
  label,
}: {
  question: FormQuestion;
  id: string;
  value: string;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
  label?: string;
}) {
  const unit = unitOf(question);
  return (
    <div className="flex max-w-xs items-stretch">
      <input
        dir="auto"
        {...FIELD_ATTR}
        id={id}
        type="text"
        inputMode={inputModeOf(question)}
        autoComplete="off"
        className={`${ui.input} min-w-0 ${unit ? 'rounded-r-none' : ''} tabular-nums`}
        value={value}
        disabled={disabled}
        aria-labelledby={label ? undefined : labelledBy}
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {unit && (
        <span
          className={
            'inline-flex items-center whitespace-nowrap rounded-r-md border border-l-0 border-slate-300 ' +
            'bg-slate-50 px-3 text-sm text-slate-700'
          }
        >
          {unit}
        </span>
      )}
    </div>
  );
}

function YesNo({
  name,
  value,
  disabled,
  onChange,
  labelledBy,
  describedBy,
}: {
  name: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  labelledBy: string;
  describedBy: string | undefined;
}) {
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="flex flex-wrap items-center gap-2"
    >
      {(['yes', 'no'] as const).map((choice) => (
        <label
          key={choice}
          className={`inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm ${
            value === choice
              ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800'
              : 'border-slate-300 bg-white text-slate-800'
          } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
        >
          <input
            {...FIELD_ATTR}
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            disabled={disabled}
            onChange={() => onChange(choice)}
            className="accent-brand-600"
          />
          {choice === 'yes' ? m('answer.yes') : m('answer.no')}
        </label>
      ))}
      {value !== '' && !disabled && (
        <button
          type="button"
          className="text-sm text-slate-600 underline underline-offset-2 hover:text-slate-900"
          onClick={() => onChange('')}
        >
          {m('answer.clear')}
        </button>
      )}
    </div>
  );
}

/** The input of one answer's value, by answer type (and one per part for multi-part questions). */
export function ValueInput(props: ValueInputProps) {
  const { question, value, id, labelledBy, describedBy, invalid, disabled, onChange, onChoose } = props;
  const lang = useWrittenLang();
  if (question.parts.length > 0) return <PartInputs {...props} />;
  const text = typeof value === 'string' ? value : '';
  switch (question.answer_type) {
    case 'pct':
    case 'num':
    case 'int':
      return (
        <NumberBox
          question={question}
          id={id}
          value={text}
          labelledBy={labelledBy}
          describedBy={describedBy}
          invalid={invalid}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'yn':
      return (
        <YesNo
          name={id}
          value={text}
          disabled={disabled}
          onChange={onChoose}
          labelledBy={labelledBy}
          describedBy={describedBy}
        />
      );
    case 'single':
      return <SingleChoice {...props} text={text} />;
    case 'multi':
      return <MultiChoice {...props} />;
    case 'txt':
      return (
        <textarea
          dir="auto"
          lang={lang}
          {...controlAttrs(props)}
          rows={4}
          className={ui.input}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'url':
      return (
        <input
          {...controlAttrs(props)}
          type="url"
          inputMode="url"
          placeholder={URL_PLACEHOLDER}
          className={`${ui.input} max-w-xl`}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/** One input per part of a multi-part figure, each under its part's label. */
function PartInputs({ question, value, id, describedBy, invalid, disabled, onChange, onChoose }: ValueInputProps) {
  const parts = typeof value === 'object' && !Array.isArray(value) ? value : {};
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {question.parts.map((part) => {
        const partValue = parts[part.key] ?? '';
        const set = (next: string) => onChange({ ...parts, [part.key]: next });
        const choose = (next: string) => onChoose({ ...parts, [part.key]: next });
        return (
          <div key={part.key}>
            <span id={`${id}-${part.key}-label`} dir="auto" className="mb-1 block text-sm text-slate-700">
              {part.label}
            </span>
            {question.answer_type === 'yn' ? (
              <YesNo
                name={`${id}-${part.key}`}
                value={partValue}
                disabled={disabled}
                onChange={choose}
                labelledBy={`${id}-${part.key}-label`}
                describedBy={describedBy}
              />
            ) : (
              <NumberBox
                question={question}
                id={`${id}-${part.key}`}
                value={partValue}
                labelledBy={`${id}-${part.key}-label`}
                describedBy={describedBy}
                invalid={invalid}
                disabled={disabled}
                onChange={set}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

/** A choice of one option, from a list. */
function SingleChoice({ text, ...props }: ValueInputProps & { text: string }) {
  const { question, onChange } = props;
  return (
    <select
      {...controlAttrs(props)}
      className={`${ui.input} max-w-md`}
      value={text}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{m('answer.choose')}</option>
      {question.options.map((option) => (
        <option key={option.value} value={option.value} dir="auto">
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A choice of several options, as checkboxes saved at once. */
function MultiChoice({ question, value, labelledBy, describedBy, disabled, onChoose }: ValueInputProps) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} className="grid gap-2 sm:grid-cols-2">
      {question.options.map((option) => (
        <label key={option.value} className="flex items-start gap-2 text-sm text-slate-800">
          <input
            {...FIELD_ATTR}
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={chosen.includes(option.value)}
            disabled={disabled}
            onChange={(event) =>
              onChoose(
                event.target.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value),
              )
            }
          />
          <span dir="auto">{option.label}</span>
        </label>
      ))}
    </div>
  );
}
