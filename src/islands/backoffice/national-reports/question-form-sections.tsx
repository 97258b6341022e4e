import type { ChangeEvent, ReactNode } from 'react';
import {
  ANSWER_TYPES,
  DECIMALS_MAX,
  OPTION_LABEL_MAX,
  QUESTION_HELP_MAX,
  QUESTION_TEXT_MAX,
  QUESTION_UNIT_MAX,
  SOURCE_HINT_MAX,
  type AnswerType,
} from '../../../lib/questionnaires/schema.ts';
import { NUA_PARAGRAPHS_MAX, type Subcategory, type Thrust } from '../../../lib/national-reports/question-schema.ts';
import { invalidProps, type FieldErrors } from '../lib/field-errors.ts';
import { Field } from '../ui/field.tsx';
import { ui } from '../ui/styles.ts';
import { answerTypeLabel, fieldsOfType, tierLabel, type QuestionDraft } from './question-draft.ts';
import { m } from './messages.ts';
import { ListEditor } from './question-list-editor.tsx';

/** Examples that read the same in every language. */
const SDG_EXAMPLE = '11.1.1, 1.4';
const NUA_EXAMPLE = '31–33, 105';

type SetDraft = (update: (current: QuestionDraft) => QuestionDraft) => void;
/** The fields typed as text (numbers too, until sent). */
type TypedField = {
  [K in keyof QuestionDraft]: QuestionDraft[K] extends string ? K : never;
}[keyof QuestionDraft];

/** The question form's field builders: a labelled field with its hint and errors, and the text and number inputs. */
export function questionInputs(draft: QuestionDraft, setDraft: SetDraft, errors: FieldErrors) {
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const field = (name: keyof QuestionDraft & string, label: ReactNode, input: ReactNode, hint?: ReactNode) => (
    <Field id={`question-${name}`} label={label} hint={hint} messages={errors[name]}>
      <div className="mt-1">{input}</div>
    </Field>
  );
  const describe = (name: string, hint = false) => ({
    ...invalidProps(errors, name, `question-${name}-error`),
    ...(hint && !errors[name] && { 'aria-describedby': `question-${name}-hint` }),
  });
  /** What every typed field has: its id, the draft's value, and its error or hint. */
  const typed = (name: TypedField, hint: boolean) => ({
    dir: 'auto',
    id: `question-${name}`,
    className: ui.input,
    value: draft[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, event.target.value),
    ...describe(name, hint),
  });
  const textInput = (
    name: 'code' | 'unit' | 'text_label' | 'nua_paragraphs' | 'source_hint' | 'sdg_refs',
    max: number,
    hint = false,
    extra: Record<string, unknown> = {},
  ) => <input {...typed(name, hint)} maxLength={max} autoComplete="off" {...extra} />;
  const numberInput = (name: 'min' | 'max' | 'expected_min' | 'expected_max' | 'decimals', hint = false) => (
    <input {...typed(name, hint)} inputMode="decimal" autoComplete="off" />
  );
  const textArea = (name: 'text' | 'help', max: number, hint = false) => (
    <textarea {...typed(name, hint)} rows={3} maxLength={max} />
  );
  /** A list of choices; by default the choice is stored as it is. */
  const select = <K extends 'question_tier' | 'thrust' | 'subcategory' | 'answer_type' | 'sdg_tier'>(
    name: K,
    options: ReactNode,
    choose = (value: string) => set(name, value as QuestionDraft[K]),
  ) => (
    <select
      id={`question-${name}`}
      className={ui.input}
      value={draft[name]}
      onChange={(event) => choose(event.target.value)}
      {...describe(name)}
    >
      {options}
    </select>
  );
  const checkbox = (name: 'compulsory' | 'with_text', label: string, hint: string) => (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input
        id={`question-${name}`}
        type="checkbox"
        className="mt-0.5 size-4 accent-brand-600"
        checked={draft[name]}
        onChange={(event) => set(name, event.target.checked)}
      />
      <span>
        {label}
        <span className="block text-xs text-slate-600">{hint}</span>
      </span>
    </label>
  );
  return { field, textInput, numberInput, textArea, select, checkbox };
}

type Inputs = ReturnType<typeof questionInputs>;
type SectionProps = { draft: QuestionDraft; setDraft: SetDraft; inputs: Inputs };

/** One part of the form under its title. */
function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

const optional = (label: string) => (
  <>
    {label} <span className="font-normal text-slate-600">{m('qf.optional')}</span>
  </>
);

/** Code, tier, thrust and subcategory: where the question sits. */
export function PlaceSection({
  draft,
  setDraft,
  inputs,
  thrusts,
  subcategories,
}: SectionProps & { thrusts: readonly Thrust[]; subcategories: readonly Subcategory[] }) {
  const { field, textInput, select } = inputs;
  return (
    <Section legend={m('qf.place')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'code',
          m('qf.code'),
          textInput('code', 12, true, { className: `${ui.input} font-mono uppercase` }),
          m('qf.codeHint'),
        )}
        {field(
          'question_tier',
          m('qf.tier'),
          select(
            'question_tier',
            (['1', '2', '3'] as const).map((tier) => (
              <option key={tier} value={tier}>
                {tierLabel(Number(tier) as 1 | 2 | 3)}
              </option>
            )),
          ),
        )}
        {field(
          'thrust',
          m('qf.thrust'),
          select(
            'thrust',
            thrusts.map((thrust) => (
              <option key={thrust.code} value={thrust.code} dir="auto">
                {thrust.name}
              </option>
            )),
            (thrust) =>
              setDraft((current) => ({
                ...current,
                thrust,
                subcategory: subcategories.find((s) => s.thrust === thrust)?.code ?? '',
              })),
          ),
        )}
        {field(
          'subcategory',
          m('qf.subcategory'),
          select(
            'subcategory',
            subcategories
              .filter((s) => s.thrust === draft.thrust)
              .map((s) => (
                <option key={s.code} value={s.code} dir="auto">
                  {s.code} {s.name}
                </option>
              )),
          ),
        )}
      </div>
    </Section>
  );
}

/** The wording, the help text and whether an answer is required. */
export function WordingSection({ inputs }: Pick<SectionProps, 'inputs'>) {
  const { field, textArea, checkbox } = inputs;
  return (
    <Section legend={m('qf.questionLegend')}>
      {field('text', m('qf.question'), textArea('text', QUESTION_TEXT_MAX))}
      {field('help', optional(m('qf.help')), textArea('help', QUESTION_HELP_MAX, true), m('qf.helpHint'))}
      {checkbox('compulsory', m('qn.required'), m('qf.requiredHint'))}
    </Section>
  );
}

/** The type of answer and what goes with it: unit, limits, decimals, choices, parts, a text beside it. */
export function AnswerSection({ draft, setDraft, inputs, errors }: SectionProps & { errors: FieldErrors }) {
  const { field, select } = inputs;
  const has = fieldsOfType(draft.answer_type);
  const chooseType = (type: AnswerType) => {
    const choice = type === 'single' || type === 'multi';
    setDraft((current) => ({
      ...current,
      answer_type: type,
      options:
        choice && current.options.length === 0
          ? [
              { value: '', label: '' },
              { value: '', label: '' },
            ]
          : current.options,
    }));
  };
  return (
    <Section legend={m('qf.answerLegend')}>
      {field(
        'answer_type',
        m('qf.type'),
        select(
          'answer_type',
          ANSWER_TYPES.map((type) => (
            <option key={type} value={type}>
              {answerTypeLabel(type)}
            </option>
          )),
          (type) => chooseType(type as AnswerType),
        ),
      )}
      <NumberFields draft={draft} inputs={inputs} />
      {has.options && <ListEditor kind="options" draft={draft} setDraft={setDraft} errors={errors} />}
      {has.parts && <ListEditor kind="parts" draft={draft} setDraft={setDraft} errors={errors} />}
      {has.withText && <WithTextFields draft={draft} inputs={inputs} />}
    </Section>
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
          optional(m('qf.unit')),
          textInput('unit', QUESTION_UNIT_MAX, true, {
            placeholder: draft.answer_type === 'pct' ? '%' : m('qf.unitPlaceholder'),
          }),
          draft.answer_type === 'pct' ? m('qf.unitPctHint') : m('qf.unitHint'),
        )}
      {has.limits && (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {field('min', m('qf.min'), numberInput('min'))}
          {field('max', m('qf.max'), numberInput('max'))}
          {field('expected_min', m('qf.expectedMin'), numberInput('expected_min'))}
          {field('expected_max', m('qf.expectedMax'), numberInput('expected_max'))}
          <p className="col-span-2 text-xs text-slate-600 lg:col-span-4">
            {draft.answer_type === 'pct' ? m('qf.limitsHintPct') : m('qf.limitsHint')}
          </p>
        </div>
      )}
      {has.decimals &&
        field(
          'decimals',
          optional(m('qf.decimals')),
          numberInput('decimals', true),
          m('qf.decimalsHint', { max: DECIMALS_MAX }),
        )}
    </>
  );
}

/** The box that asks for a text beside the answer, and that text's label. */
function WithTextFields({ draft, inputs }: Omit<SectionProps, 'setDraft'>) {
  const { field, textInput, checkbox } = inputs;
  return (
    <div className="space-y-3">
      {checkbox('with_text', m('qf.withText'), m('qf.withTextHint'))}
      {draft.with_text &&
        field(
          'text_label',
          optional(m('qf.textLabel')),
          textInput('text_label', OPTION_LABEL_MAX, true, { placeholder: m('qf.textLabelPlaceholder') }),
          m('qf.textLabelHint'),
        )}
    </div>
  );
}

/** SDG references, New Urban Agenda paragraphs and the suggested source. */
export function ReferencesSection({ inputs }: Pick<SectionProps, 'inputs'>) {
  const { field, textInput, select } = inputs;
  return (
    <Section legend={m('qf.references')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'sdg_refs',
          optional(m('qf.sdgRefs')),
          textInput('sdg_refs', 240, true, { placeholder: SDG_EXAMPLE }),
          m('qf.sdgRefsHint'),
        )}
        {field(
          'sdg_tier',
          optional(m('qf.sdgTier')),
          select(
            'sdg_tier',
            <>
              <option value="">{m('qf.none')}</option>
              <option value="1">{m('qf.sdgTierN', { tier: 'I' })}</option>
              <option value="2">{m('qf.sdgTierN', { tier: 'II' })}</option>
              <option value="3">{m('qf.sdgTierN', { tier: 'III' })}</option>
            </>,
          ),
        )}
        {field(
          'nua_paragraphs',
          optional(m('qf.nua')),
          textInput('nua_paragraphs', NUA_PARAGRAPHS_MAX, true, { placeholder: NUA_EXAMPLE }),
          m('qf.nuaHint'),
        )}
        {field(
          'source_hint',
          optional(m('qf.sourceHint')),
          textInput('source_hint', SOURCE_HINT_MAX, true, { placeholder: m('qf.sourceHintPlaceholder') }),
          m('qf.sourceHintHint'),
        )}
      </div>
    </Section>
  );
}
