import type { ReactNode } from 'react';
import {
  ANSWER_TYPES,
  DECIMALS_MAX,
  NUA_PARAGRAPHS_MAX,
  OPTION_LABEL_MAX,
  QUESTION_HELP_MAX,
  QUESTION_TEXT_MAX,
  QUESTION_UNIT_MAX,
  SOURCE_HINT_MAX,
  type AnswerType,
  type Subcategory,
  type Thrust,
} from '../../../lib/questionnaires/schema.ts';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { ANSWER_TYPE_LABELS, fieldsOfType, TIER_LABELS, type QuestionDraft } from './question-draft.ts';
import { ListEditor } from './question-list-editor.tsx';

type SetDraft = (update: (current: QuestionDraft) => QuestionDraft) => void;

/** The question form's field builders: a labelled field with its hint and errors, and the text and number inputs. */
export function questionInputs(draft: QuestionDraft, setDraft: SetDraft, errors: FieldErrors) {
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const field = (name: keyof QuestionDraft & string, label: ReactNode, input: ReactNode, hint?: ReactNode) => (
    <div>
      <label htmlFor={`question-${name}`} className={ui.label}>
        {label}
      </label>
      <div className="mt-1">{input}</div>
      {hint && (
        <p id={`question-${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`question-${name}-error`} messages={errors[name]} />
    </div>
  );
  const describe = (name: string, hint = false) => ({
    ...invalidProps(errors, name, `question-${name}-error`),
    ...(hint && !errors[name] && { 'aria-describedby': `question-${name}-hint` }),
  });
  const textInput = (name: 'code' | 'unit' | 'text_label' | 'nua_paragraphs' | 'source_hint' | 'sdg_refs', max: number, hint = false, extra: Record<string, unknown> = {}) => (
    <input dir="auto" id={`question-${name}`} className={ui.input} value={draft[name]} maxLength={max} autoComplete="off" onChange={(event) => set(name, event.target.value)} {...describe(name, hint)} {...extra} />
  );
  const numberInput = (name: 'min' | 'max' | 'expected_min' | 'expected_max' | 'decimals', hint = false) => (
    <input dir="auto" id={`question-${name}`} className={ui.input} inputMode="decimal" value={draft[name]} autoComplete="off" onChange={(event) => set(name, event.target.value)} {...describe(name, hint)} />
  );
  return { set, field, describe, textInput, numberInput };
}

type Inputs = ReturnType<typeof questionInputs>;
type SectionProps = { draft: QuestionDraft; setDraft: SetDraft; inputs: Inputs };

const optional = (label: string) => (
  <>
    {label} <span className="font-normal text-slate-600">(optional)</span>
  </>
);

/** Code, tier, thrust and subcategory: where the question sits. */
export function PlaceSection({ draft, setDraft, inputs, thrusts, subcategories }: SectionProps & { thrusts: readonly Thrust[]; subcategories: readonly Subcategory[] }) {
  const { set, field, describe, textInput } = inputs;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">Place in the questionnaire</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('code', 'Code', textInput('code', 12, true, { className: `${ui.input} font-mono uppercase` }), 'A short code such as Q39, shown beside the question everywhere.')}
        {field(
          'question_tier',
          'Tier',
          <select id="question-question_tier" className={ui.input} value={draft.question_tier} onChange={(event) => set('question_tier', event.target.value as QuestionDraft['question_tier'])} {...describe('question_tier')}>
            {(['1', '2', '3'] as const).map((tier) => (
              <option key={tier} value={tier}>
                {TIER_LABELS[Number(tier) as 1 | 2 | 3]}
              </option>
            ))}
          </select>,
        )}
        {field(
          'thrust',
          'Thrust',
          <select
            id="question-thrust"
            className={ui.input}
            value={draft.thrust}
            onChange={(event) => {
              const thrust = event.target.value;
              setDraft((current) => ({ ...current, thrust, subcategory: subcategories.find((s) => s.thrust === thrust)?.code ?? '' }));
            }}
            {...describe('thrust')}
          >
            {thrusts.map((thrust) => (
              <option key={thrust.code} value={thrust.code}>
                {thrust.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'subcategory',
          'Subcategory',
          <select id="question-subcategory" className={ui.input} value={draft.subcategory} onChange={(event) => set('subcategory', event.target.value)} {...describe('subcategory')}>
            {subcategories
              .filter((s) => s.thrust === draft.thrust)
              .map((s) => (
                <option key={s.code} value={s.code}>
                  {s.code} {s.name}
                </option>
              ))}
          </select>,
        )}
      </div>
    </fieldset>
  );
}

/** The wording, the help text and whether an answer is required. */
export function WordingSection({ draft, inputs }: Omit<SectionProps, 'setDraft'>) {
  const { set, field, describe } = inputs;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">The question</legend>
      {field(
        'text',
        'Question',
        <textarea dir="auto" id="question-text" rows={3} className={ui.input} value={draft.text} maxLength={QUESTION_TEXT_MAX} onChange={(event) => set('text', event.target.value)} {...describe('text')} />,
      )}
      {field(
        'help',
        optional('Help text'),
        <textarea dir="auto" id="question-help" rows={3} className={ui.input} value={draft.help} maxLength={QUESTION_HELP_MAX} onChange={(event) => set('help', event.target.value)} {...describe('help', true)} />,
        'Shown under the question: what to count, which definition to follow.',
      )}
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input id="question-compulsory" type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={draft.compulsory} onChange={(event) => set('compulsory', event.target.checked)} />
        <span>
          Required
          <span className="block text-xs text-slate-600">A country must answer it before it can mark its report complete.</span>
        </span>
      </label>
    </fieldset>
  );
}

/** The type of answer and what goes with it: unit, limits, decimals, choices, parts, a text beside it. */
export function AnswerSection({ draft, setDraft, inputs, errors }: SectionProps & { errors: FieldErrors }) {
  const { field, describe } = inputs;
  const has = fieldsOfType(draft.answer_type);
  const chooseType = (type: AnswerType) => {
    const choice = type === 'single' || type === 'multi';
    setDraft((current) => ({
      ...current,
      answer_type: type,
      options: choice && current.options.length === 0 ? [{ value: '', label: '' }, { value: '', label: '' }] : current.options,
    }));
  };
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">The answer</legend>
      {field(
        'answer_type',
        'Type of answer',
        <select id="question-answer_type" className={ui.input} value={draft.answer_type} onChange={(event) => chooseType(event.target.value as AnswerType)} {...describe('answer_type')}>
          {ANSWER_TYPES.map((type) => (
            <option key={type} value={type}>
              {ANSWER_TYPE_LABELS[type]}
            </option>
          ))}
        </select>,
      )}
      <NumberFields draft={draft} inputs={inputs} />
      {has.options && <ListEditor kind="options" draft={draft} setDraft={setDraft} errors={errors} />}
      {has.parts && <ListEditor kind="parts" draft={draft} setDraft={setDraft} errors={errors} />}
      {has.withText && <WithTextFields draft={draft} inputs={inputs} />}
    </fieldset>
  );
}

/** Unit, allowed and expected limits, and decimal places, as far as the type of answer has them. */
function NumberFields({ draft, inputs }: Omit<SectionProps, 'setDraft'>) {
  const { field, textInput, numberInput } = inputs;
  const has = fieldsOfType(draft.answer_type);
  return (
    <>
      {has.unit &&
        field(
          'unit',
          optional('Unit'),
          textInput('unit', QUESTION_UNIT_MAX, true, { placeholder: draft.answer_type === 'pct' ? '%' : 'e.g. km², USD per capita' }),
          draft.answer_type === 'pct' ? 'Leave empty for a plain percentage (%).' : 'Shown beside the value.',
        )}
      {has.limits && (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {field('min', 'Lowest allowed', numberInput('min'))}
          {field('max', 'Highest allowed', numberInput('max'))}
          {field('expected_min', 'Lowest expected', numberInput('expected_min'))}
          {field('expected_max', 'Highest expected', numberInput('expected_max'))}
          <p className="col-span-2 text-xs text-slate-600 lg:col-span-4">
            A value outside the allowed range is refused; one outside the expected range is saved with a warning to check it. Leave empty for no limit
            {draft.answer_type === 'pct' ? ' (a percentage is 0 to 100 unless you say otherwise)' : ''}.
          </p>
        </div>
      )}
      {has.decimals && field('decimals', optional('Decimal places'), numberInput('decimals', true), `At most this many decimal places (0 to ${DECIMALS_MAX}); empty: any.`)}
    </>
  );
}

/** The box that asks for a text beside the answer, and that text's label. */
function WithTextFields({ draft, inputs }: Omit<SectionProps, 'setDraft'>) {
  const { set, field, textInput } = inputs;
  return (
    <div className="space-y-3">
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input id="question-with_text" type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={draft.with_text} onChange={(event) => set('with_text', event.target.checked)} />
        <span>
          A text beside the answer
          <span className="block text-xs text-slate-600">For an explanation, the name of a policy or a link to it.</span>
        </span>
      </label>
      {draft.with_text && field('text_label', optional('Label of the text'), textInput('text_label', OPTION_LABEL_MAX, true, { placeholder: 'Details' }), 'For example “Name of the policy”. Empty: “Details”.')}
    </div>
  );
}

/** SDG references, New Urban Agenda paragraphs and the suggested source. */
export function ReferencesSection({ draft, inputs }: Omit<SectionProps, 'setDraft'>) {
  const { set, field, describe, textInput } = inputs;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">References</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('sdg_refs', optional('SDG indicators or targets'), textInput('sdg_refs', 240, true, { placeholder: '11.1.1, 1.4' }), 'Separated by commas.')}
        {field(
          'sdg_tier',
          optional('SDG indicator tier'),
          <select id="question-sdg_tier" className={ui.input} value={draft.sdg_tier} onChange={(event) => set('sdg_tier', event.target.value as QuestionDraft['sdg_tier'])} {...describe('sdg_tier')}>
            <option value="">None</option>
            <option value="1">Tier I</option>
            <option value="2">Tier II</option>
            <option value="3">Tier III</option>
          </select>,
        )}
        {field('nua_paragraphs', optional('New Urban Agenda paragraphs'), textInput('nua_paragraphs', NUA_PARAGRAPHS_MAX, true, { placeholder: '31–33, 105' }), 'The paragraphs of the New Urban Agenda the question follows up.')}
        {field('source_hint', optional('Suggested source'), textInput('source_hint', SOURCE_HINT_MAX, true, { placeholder: 'National statistics office' }), 'Where countries usually find the figure.')}
      </div>
    </fieldset>
  );
}
