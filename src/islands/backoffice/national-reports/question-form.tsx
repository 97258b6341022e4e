import { ReviewRulesSection } from './question-form-rules.tsx';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
  QuestionSaveBodySchema,
  type Question,
  type Subcategory,
  type Thrust,
} from '../../../lib/national-reports/question-schema.ts';
import { fieldErrorsOf, type FieldErrors } from '../lib/field-errors.ts';
import { startingDraft, useKeptDraft } from '../lib/kept-draft.ts';
import { useLeaveGuard } from '../lib/leave-guard.ts';
import { ConflictActions, ConflictNotice } from '../ui/conflict-notice.tsx';
import { ErrorState } from '../ui/states.tsx';
import { refusalOf } from '../lib/versioned-edit.ts';
import { bodyOfDraft, draftOfQuestion, nextQuestionCode } from './question-draft.ts';
import {
  AnswerSection,
  PlaceSection,
  questionInputs,
  ReferencesSection,
  WordingSection,
} from './question-form-sections.tsx';
import { EditForm } from './edit-form.tsx';
import { localFieldErrors } from './form-errors.ts';
import { m } from './messages.ts';
import {
  $questionnairePage,
  closeQuestionForm,
  openQuestionForm,
  questionEdit,
  questionnaireHref,
  takeTheirQuestion,
} from './questionnaire-store.ts';

/** The order in which a failed check sends the focus to the first field at fault. */
const FIELDS = [
  'code',
  'thrust',
  'subcategory',
  'question_tier',
  'text',
  'help',
  'answer_type',
  'unit',
  'min',
  'max',
  'expected_min',
  'expected_max',
  'decimals',
  'options',
  'parts',
  'text_label',
  'sdg_refs',
  'sdg_tier',
  'nua_paragraphs',
  'source_hint',
] as const;

type Props = {
  question: Question | null;
  questions: readonly Question[];
  thrusts: readonly Thrust[];
  subcategories: readonly Subcategory[];
};

/** Adds a question, or edits one (…/questionnaire?question={uuid}); checked by the shared schema before it is sent. */
export function QuestionForm({ question, questions, thrusts, subcategories }: Props) {
  const form = useQuestionDraft({ question, questions, thrusts, subcategories });
  const { draft, setDraft, errors, save, theirs } = form;
  const inputs = questionInputs(draft, setDraft, errors);
  const page = useStore($questionnairePage);

  return (
    <EditForm
      id="question-form"
      className="max-w-4xl space-y-6"
      onSubmit={() => void form.submit(theirs ?? question)}
      headingRef={form.heading}
      title={question ? m('qform.editTitle', { code: question.code }) : m('qn.add')}
      hint={question ? m('qform.editHint') : m('qform.addHint')}
      saving={save.saving}
      dirty={form.dirty}
      submitLabel={question ? m('common.saveChanges') : m('qform.addButton')}
      back={{ href: questionnaireHref({ retired: page?.retired ?? false }), label: m('qn.back') }}
      leave={{
        guard: form.guard,
        onLeave: questionEdit.clearDraft,
        body: question ? m('qform.leaveBody', { code: question.code }) : m('qform.leaveBodyNew'),
      }}
    >
      {theirs && (
        <ConflictNotice
          title={question ? m('qform.changedTitle', { code: question.code }) : m('qform.changedTitleNew')}
          record={{ updated_at: null, updated_by: null }}
          what={m('qform.what', { code: theirs.code })}
          actions={
            <ConflictActions
              saving={save.saving}
              onReload={() => form.reloadTheirs(theirs)}
              onKeepMine={() => void form.submit(theirs)}
            />
          }
        >
          <p className="mt-1 text-sm text-slate-700">{m('qform.changedBody')}</p>
        </ConflictNotice>
      )}
      {form.refusal && (
        <ErrorState
          error={form.refusal}
          title={question ? m('qform.notSaved', { code: question.code }) : m('qform.notSavedNew')}
        />
      )}
      <PlaceSection draft={draft} setDraft={setDraft} inputs={inputs} thrusts={thrusts} subcategories={subcategories} />
      <WordingSection inputs={inputs} />
      <AnswerSection draft={draft} setDraft={setDraft} inputs={inputs} errors={errors} />
      <ReferencesSection inputs={inputs} />
      <ReviewRulesSection
        draft={draft}
        setDraft={setDraft}
        errors={errors}
        questions={questions}
        own={question?.uuid ?? null}
      />
    </EditForm>
  );
}

/**
 * The form's state: the draft against its baseline, the errors found here and by the server, a conflict, and the save.
 */
function useQuestionDraft({ question, questions, thrusts, subcategories }: Props) {
  const save = useStore(questionEdit.$state);
  const conflict = save.conflict?.theirs ?? null;
  const start = {
    thrust: thrusts[0]?.code ?? '',
    subcategory: subcategories.find((s) => s.thrust === thrusts[0]?.code)?.code ?? '',
    code: nextQuestionCode(questions),
  };
  const [initial, setInitial] = useState(() => draftOfQuestion(question, start));
  const [draft, setDraft] = useState(() => startingDraft(questionEdit, question?.version ?? null, initial));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const uuid = question?.uuid ?? null;
  useEffect(() => {
    openQuestionForm(uuid ? `edit-${uuid}` : 'add-question');
    heading.current?.focus();
  }, [uuid]);

  const dirty = JSON.stringify(initial) !== JSON.stringify(draft) && !save.saving;
  const guard = useLeaveGuard(dirty);
  useKeptDraft(questionEdit, draft, question?.version ?? null, JSON.stringify(initial) !== JSON.stringify(draft));
  const errors = localFieldErrors({ ...save.errors, ...clientErrors });
  const theirs = conflict && conflict.uuid === question?.uuid ? conflict : null;
  const refusal = refusalOf(save);

  const submit = async (base: Question | null) => {
    const body = bodyOfDraft(draft, base);
    const checked = QuestionSaveBodySchema.safeParse(body);
    const found = checked.success ? {} : fieldErrorsOf(checked.error.issues);
    setClientErrors(found);
    const first = FIELDS.find((field) =>
      Object.keys(found).some((key) => key === field || key.startsWith(`${field}.`)),
    );
    if (first) {
      document.getElementById(`question-${first}`)?.focus();
      return;
    }
    // A refusal stays in the store (the error, a conflict): the form shows it.
    const outcome = await questionEdit.save(body, base);
    if (outcome.kind !== 'saved') return;
    // The draft is the baseline now, so leaving asks nothing.
    setInitial(draft);
    closeQuestionForm(outcome.saved);
  };

  const reloadTheirs = (record: Question) => {
    takeTheirQuestion(record);
    const next = draftOfQuestion(record, start);
    setInitial(next);
    setDraft(next);
  };

  return { save, draft, setDraft, errors, theirs, refusal, dirty, guard, heading, submit, reloadTheirs };
}
