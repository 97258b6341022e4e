import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ANSWER_TYPES,
  DECIMALS_MAX,
  NUA_PARAGRAPHS_MAX,
  OPTION_LABEL_MAX,
  OPTION_VALUE_MAX,
  QUESTION_HELP_MAX,
  QUESTION_OPTIONS_MAX,
  QUESTION_PARTS_MAX,
  QUESTION_TEXT_MAX,
  QUESTION_UNIT_MAX,
  QuestionSaveBodySchema,
  SOURCE_HINT_MAX,
  type AnswerType,
  type Question,
  type Subcategory,
  type Thrust,
} from '../../../lib/questionnaires/schema.ts';
import { fieldErrorsOf, invalidProps, serverFieldErrors, type FieldErrors } from '../lib/field-errors.ts';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { ConflictActions, ConflictNotice } from '../ui/conflict-notice.tsx';
import { ErrorState, FieldError } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { ANSWER_TYPE_LABELS, bodyOfDraft, draftOfQuestion, fieldsOfType, nextQuestionCode, TIER_LABELS, type QuestionDraft } from './question-draft.ts';
import { $questionConflict, $questionnairePage, $saveQuestion, closeQuestionForm, openQuestionForm, questionnaireHref, takeTheirQuestion } from './questionnaire-store.ts';

/** The order in which a failed check sends the focus to the first field at fault. */
const FIELDS = ['code', 'thrust', 'subcategory', 'question_tier', 'text', 'help', 'answer_type', 'unit', 'min', 'max', 'expected_min', 'expected_max', 'decimals', 'options', 'parts', 'text_label', 'sdg_refs', 'sdg_tier', 'nua_paragraphs', 'source_hint'] as const;

/** Adds a question, or edits one (…/questionnaire?question={uuid}); checked by the shared schema before it is sent. */
export function QuestionForm({ question, questions, thrusts, subcategories }: { question: Question | null; questions: readonly Question[]; thrusts: readonly Thrust[]; subcategories: readonly Subcategory[] }) {
  const save = useStore($saveQuestion);
  const conflict = useStore($questionConflict);
  const start = { thrust: thrusts[0]?.code ?? '', subcategory: subcategories.find((s) => s.thrust === thrusts[0]?.code)?.code ?? '', code: nextQuestionCode(questions) };
  const [initial, setInitial] = useState(() => draftOfQuestion(question, start));
  const [draft, setDraft] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const page = useStore($questionnairePage);
  const uuid = question?.uuid ?? null;
  useEffect(() => {
    openQuestionForm(uuid ? `edit-${uuid}` : 'add-question');
    heading.current?.focus();
  }, [uuid]);

  const dirty = JSON.stringify(initial) !== JSON.stringify(draft) && !save.loading;
  const guard = useLeaveGuard(dirty);
  const errors = { ...serverFieldErrors(save.error), ...clientErrors };
  const theirs = conflict && conflict.uuid === question?.uuid ? conflict : null;
  const refusal = save.error && !theirs && Object.keys(serverFieldErrors(save.error)).length === 0 ? save.error : null;
  const has = fieldsOfType(draft.answer_type);
  const set = <K extends keyof QuestionDraft>(key: K, value: QuestionDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const noun = question ? `question ${question.code}` : 'the new question';

  const submit = async (base: Question | null) => {
    const body = bodyOfDraft(draft, base);
    const checked = QuestionSaveBodySchema.safeParse(body);
    const found = checked.success ? {} : fieldErrorsOf(checked.error.issues);
    setClientErrors(found);
    const first = FIELDS.find((field) => Object.keys(found).some((key) => key === field || key.startsWith(`${field}.`)));
    if (first) {
      document.getElementById(`question-${first}`)?.focus();
      return;
    }
    try {
      const saved = await $saveQuestion.mutate({ body, isNew: question === null });
      if (!saved) return;
      // The draft is the baseline now, so leaving asks nothing.
      setInitial(draft);
      closeQuestionForm(saved);
    } catch {
      // The store keeps the error (and a conflict): the form shows them.
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(theirs ?? question);
  };

  const chooseType = (type: AnswerType) => {
    const choice = type === 'single' || type === 'multi';
    setDraft((current) => ({
      ...current,
      answer_type: type,
      options: choice && current.options.length === 0 ? [{ value: '', label: '' }, { value: '', label: '' }] : current.options,
    }));
  };

  const reloadTheirs = (record: Question) => {
    takeTheirQuestion(record);
    const next = draftOfQuestion(record, start);
    setInitial(next);
    setDraft(next);
  };

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

  return (
    <form noValidate onSubmit={onSubmit} className={`${ui.card} max-w-4xl space-y-6`} aria-busy={save.loading} aria-labelledby="question-form-title">
      <div>
        <h2 id="question-form-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {question ? `Edit question ${question.code}` : 'Add a question'}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {question
            ? 'Changes reach the reports still being answered at once. Answers already given keep their values; an answer that no longer fits a changed type or limit is marked for the country to correct. Reports already submitted or published, and every report of a closed cycle, keep the wording they were answered against.'
            : 'The question joins the forms of this year’s reporting cycles and later ones.'}
        </p>
      </div>

      {theirs && (
        <ConflictNotice
          title={`${question?.code ?? 'This question'} was changed while you were editing`}
          record={{ updated_at: null, updated_by: null }}
          what={`question ${theirs.code}`}
          actions={<ConflictActions saving={save.loading} onReload={() => reloadTheirs(theirs)} onKeepMine={() => void submit(theirs)} />}
        >
          <p className="mt-1 text-sm text-slate-700">Your changes are still in the form and have not been saved. Reload their version to start again from it, or save yours over it.</p>
        </ConflictNotice>
      )}
      {refusal && <ErrorState error={refusal} title={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} was not saved`} />}

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

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">The question</legend>
        {field(
          'text',
          'Question',
          <textarea dir="auto" id="question-text" rows={3} className={ui.input} value={draft.text} maxLength={QUESTION_TEXT_MAX} onChange={(event) => set('text', event.target.value)} {...describe('text')} />,
        )}
        {field(
          'help',
          <>
            Help text <span className="font-normal text-slate-600">(optional)</span>
          </>,
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
        {has.unit &&
          field(
            'unit',
            <>
              Unit <span className="font-normal text-slate-600">(optional)</span>
            </>,
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
        {has.decimals &&
          field(
            'decimals',
            <>
              Decimal places <span className="font-normal text-slate-600">(optional)</span>
            </>,
            numberInput('decimals', true),
            `At most this many decimal places (0 to ${DECIMALS_MAX}); empty: any.`,
          )}
        {has.options && <ListEditor kind="options" draft={draft} setDraft={setDraft} errors={errors} />}
        {has.parts && <ListEditor kind="parts" draft={draft} setDraft={setDraft} errors={errors} />}
        {has.withText && (
          <div className="space-y-3">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input id="question-with_text" type="checkbox" className="mt-0.5 size-4 accent-brand-600" checked={draft.with_text} onChange={(event) => set('with_text', event.target.checked)} />
              <span>
                A text beside the answer
                <span className="block text-xs text-slate-600">For an explanation, the name of a policy or a link to it.</span>
              </span>
            </label>
            {draft.with_text &&
              field(
                'text_label',
                <>
                  Label of the text <span className="font-normal text-slate-600">(optional)</span>
                </>,
                textInput('text_label', OPTION_LABEL_MAX, true, { placeholder: 'Details' }),
                'For example “Name of the policy”. Empty: “Details”.',
              )}
          </div>
        )}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">References</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {field(
            'sdg_refs',
            <>
              SDG indicators or targets <span className="font-normal text-slate-600">(optional)</span>
            </>,
            textInput('sdg_refs', 240, true, { placeholder: '11.1.1, 1.4' }),
            'Separated by commas.',
          )}
          {field(
            'sdg_tier',
            <>
              SDG indicator tier <span className="font-normal text-slate-600">(optional)</span>
            </>,
            <select id="question-sdg_tier" className={ui.input} value={draft.sdg_tier} onChange={(event) => set('sdg_tier', event.target.value as QuestionDraft['sdg_tier'])} {...describe('sdg_tier')}>
              <option value="">None</option>
              <option value="1">Tier I</option>
              <option value="2">Tier II</option>
              <option value="3">Tier III</option>
            </select>,
          )}
          {field(
            'nua_paragraphs',
            <>
              New Urban Agenda paragraphs <span className="font-normal text-slate-600">(optional)</span>
            </>,
            textInput('nua_paragraphs', NUA_PARAGRAPHS_MAX, true, { placeholder: '31–33, 105' }),
            'The paragraphs of the New Urban Agenda the question follows up.',
          )}
          {field(
            'source_hint',
            <>
              Suggested source <span className="font-normal text-slate-600">(optional)</span>
            </>,
            textInput('source_hint', SOURCE_HINT_MAX, true, { placeholder: 'National statistics office' }),
            'Where countries usually find the figure.',
          )}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <button type="submit" className={ui.primaryButton} disabled={save.loading}>
          {save.loading ? 'Saving…' : question ? 'Save changes' : 'Add the question'}
        </button>
        <a href={questionnaireHref({ retired: page?.retired ?? false })} className={ui.secondaryButton}>
          {dirty ? 'Cancel' : 'Back to the questions'}
        </a>
        {dirty && <span className="text-sm text-slate-600">Unsaved changes</span>}
      </div>

      <ConfirmDialog open={guard.pending !== null} title="Leave without saving?" confirmLabel="Leave and discard" onConfirm={() => guard.leave(() => {})} onCancel={guard.stay}>
        <p>Your changes to {noun} have not been saved. They will be lost.</p>
      </ConfirmDialog>
    </form>
  );
}

const LISTS = {
  options: {
    legend: 'Choices',
    hint: 'What the country chooses from. The value is what is stored and exported; the label is what people read.',
    first: { name: 'value', label: 'Value', max: OPTION_VALUE_MAX },
    max: QUESTION_OPTIONS_MAX,
    add: 'Add a choice',
    noun: 'choice',
  },
  parts: {
    legend: 'Parts (optional)',
    hint: 'A figure given in several parts, such as urban and rural. Each part has a short key (lower-case letters, digits and _) and a label.',
    first: { name: 'key', label: 'Key', max: 30 },
    max: QUESTION_PARTS_MAX,
    add: 'Add a part',
    noun: 'part',
  },
} as const;

/** The choices of a choice question, or the parts of a multi-part figure: rows of two fields. */
function ListEditor({ kind, draft, setDraft, errors }: { kind: 'options' | 'parts'; draft: QuestionDraft; setDraft: (update: (current: QuestionDraft) => QuestionDraft) => void; errors: FieldErrors }) {
  const spec = LISTS[kind];
  const rows = draft[kind] as { label: string; [key: string]: string }[];
  const update = (rowsNext: { label: string; [key: string]: string }[]) => setDraft((current) => ({ ...current, [kind]: rowsNext }));
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
            <li key={index} className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start">
              <div>
                <label htmlFor={index === 0 ? `question-${kind}` : `question-${firstName}`} className="text-xs font-medium text-slate-700">
                  {spec.first.label} {index + 1}
                </label>
                <input dir="auto"
                  id={index === 0 ? `question-${kind}` : `question-${firstName}`}
                  className={`${ui.input} mt-1 font-mono`}
                  value={row[spec.first.name] ?? ''}
                  maxLength={spec.first.max}
                  autoComplete="off"
                  onChange={(event) => update(rows.map((r, i) => (i === index ? { ...r, [spec.first.name]: event.target.value } : r)))}
                  {...invalidProps(errors, firstName, `question-${firstName}-error`)}
                />
                <FieldError id={`question-${firstName}-error`} messages={errors[firstName]} />
              </div>
              <div>
                <label htmlFor={`question-${labelName}`} className="text-xs font-medium text-slate-700">
                  Label {index + 1}
                </label>
                <input dir="auto"
                  id={`question-${labelName}`}
                  className={`${ui.input} mt-1`}
                  value={row.label}
                  maxLength={OPTION_LABEL_MAX}
                  autoComplete="off"
                  onChange={(event) => update(rows.map((r, i) => (i === index ? { ...r, label: event.target.value } : r)))}
                  {...invalidProps(errors, labelName, `question-${labelName}-error`)}
                />
                <FieldError id={`question-${labelName}-error`} messages={errors[labelName]} />
              </div>
              <button type="button" className={`${ui.secondaryButton} sm:mt-5`} onClick={() => update(rows.filter((_, i) => i !== index))}>
                Remove<span className="sr-only"> {spec.noun} {index + 1}</span>
              </button>
            </li>
          );
        })}
      </ol>
      {rows.length < spec.max && (
        <button type="button" className={`${ui.secondaryButton} mt-2`} onClick={() => update([...rows, { [spec.first.name]: '', label: '' } as { label: string }])}>
          {spec.add}
        </button>
      )}
    </fieldset>
  );
}
