import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Question, Subcategory, Thrust } from '../../../lib/national-reports/question-schema.ts';
import { navigate } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { BackLink } from '../ui/back-link.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { formatDate } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { TabNav } from '../ui/tab-nav.tsx';
import { EmptyState, ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { compareHref } from './compare-store.ts';
import { CyclesPanel } from './cycles-panel.tsx';
import { answerTypeLabel } from './question-draft.ts';
import { QuestionForm } from './question-form.tsx';
import { m } from './messages.ts';
import {
  $adminQuestions,
  $movingQuestion,
  $questionnaireAnnouncement,
  $questionnairePage,
  $retiringQuestion,
  $subcategories,
  $thrusts,
  moveQuestion,
  questionnaireHref,
  restoreFocusAfterForm,
  setRetired,
  type QuestionnairePage,
} from './questionnaire-store.ts';

const TABS = [
  { tab: 'questions', label: m('qn.tabQuestions') },
  { tab: 'cycles', label: m('qn.tabCycles') },
] as const;

/**
 * /module/report/national/questionnaire: the questions every country answers, and the reporting cycles
 * (administrators).
 */
export function QuestionnaireScreen(_props: ScreenProps) {
  const page = useStore($questionnairePage);
  if (!page) return null;
  return (
    <>
      <BackLink href="/module/report/national" label={m('list.title')} look="quiet" />
      <PageHeading description={m('qn.description')}>{m('qn.title')}</PageHeading>
      <TabNav label={m('qn.parts')} tabs={TABS} current={page.tab} hrefOf={(tab) => questionnaireHref({ tab })} />
      {page.tab === 'questions' ? <QuestionsPanel page={page} /> : <CyclesPanel page={page} />}
    </>
  );
}

function QuestionsPanel({ page }: { page: QuestionnairePage }) {
  const questions = useStore($adminQuestions);
  const thrusts = useStore($thrusts);
  const subcategories = useStore($subcategories);
  const error = [questions, thrusts, subcategories].find((store) => store.error !== undefined && !store.data)?.error;
  if (error !== undefined) {
    const retry = () => [$adminQuestions, $thrusts, $subcategories].forEach((store) => store.invalidate());
    return <ErrorState error={error} title={m('qn.failed')} onRetry={retry} />;
  }
  if (!questions.data || !thrusts.data || !subcategories.data) return <Skeleton rows={8} label={m('entry.loading')} />;
  const all = questions.data.data;
  if (page.question) {
    const question = page.question === 'new' ? null : (all.find((q) => q.uuid === page.question) ?? undefined);
    if (question === undefined) {
      return (
        <EmptyState title={m('qn.notFound')}>
          <a href={questionnaireHref({})} className={ui.link}>
            {m('qn.back')}
          </a>
        </EmptyState>
      );
    }
    return (
      <QuestionForm
        key={question?.uuid ?? 'new'}
        question={question}
        questions={all}
        thrusts={thrusts.data.data}
        subcategories={subcategories.data.data}
      />
    );
  }
  return <QuestionList page={page} all={all} thrusts={thrusts.data.data} subcategories={subcategories.data.data} />;
}

function QuestionList({
  page,
  all,
  thrusts,
  subcategories,
}: {
  page: QuestionnairePage;
  all: Question[];
  thrusts: Thrust[];
  subcategories: Subcategory[];
}) {
  const announcement = useStore($questionnaireAnnouncement);
  const [confirming, setConfirming] = useState<Question | null>(null);
  const retiredCount = all.filter((q) => q.retired_at !== null).length;
  const shown = page.retired ? all : all.filter((q) => q.retired_at === null);

  useEffect(() => {
    restoreFocusAfterForm();
    return () => $questionnaireAnnouncement.set('');
  }, []);

  const confirm = async () => {
    const question = confirming;
    setConfirming(null);
    if (!question) return;
    await setRetired(question, question.retired_at === null);
    // The row stays (or leaves the list when retired ones are hidden): the focus goes somewhere that remains.
    requestAnimationFrame(() =>
      (document.getElementById(`retire-${question.uuid}`) ?? document.getElementById('add-question'))?.focus(),
    );
  };

  return (
    <>
      <QuestionListToolbar page={page} total={all.length} retiredCount={retiredCount} />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {shown.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={m('qn.noneTitle')}>{m('qn.none')}</EmptyState>
        </div>
      ) : (
        thrusts.map((thrust) => (
          <ThrustQuestions
            key={thrust.code}
            thrust={thrust}
            subcategories={subcategories}
            shown={shown}
            page={page}
            onRetire={setConfirming}
          />
        ))
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.retired_at === null
            ? m('qn.retireTitle', { code: confirming.code })
            : m('qn.restoreTitle', { code: confirming?.code ?? '' })
        }
        confirmLabel={confirming?.retired_at === null ? m('qn.retireConfirm') : m('qn.restoreConfirm')}
        tone={confirming?.retired_at === null ? 'danger' : 'primary'}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        {confirming?.retired_at === null ? (
          <>
            <p>{m('qn.retireBody1')}</p>
            <p className="mt-2">{m('qn.retireBody2')}</p>
          </>
        ) : (
          <p>{m('qn.restoreBody')}</p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** How many questions are in use and retired, "Show retired questions" and "Add a question". */
function QuestionListToolbar({
  page,
  total,
  retiredCount,
}: {
  page: QuestionnairePage;
  total: number;
  retiredCount: number;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <p className="text-sm text-slate-700">
        {retiredCount > 0
          ? m('qn.inUseRetired', { count: total - retiredCount, retired: retiredCount })
          : m('qn.inUse', { count: total - retiredCount })}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {retiredCount > 0 && (
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={page.retired}
              onChange={(event) => navigate(questionnaireHref({ retired: event.target.checked }), { replace: true })}
            />
            {m('qn.showRetired')}
          </label>
        )}
        <a
          id="add-question"
          href={questionnaireHref({ question: 'new', retired: page.retired })}
          className={ui.primaryButton}
        >
          {m('qn.add')}
        </a>
      </div>
    </div>
  );
}

/** One thrust's questions, by subcategory; nothing when none of them is shown. */
function ThrustQuestions({
  thrust,
  subcategories,
  shown,
  page,
  onRetire,
}: {
  thrust: Thrust;
  subcategories: Subcategory[];
  shown: Question[];
  page: QuestionnairePage;
  onRetire: (question: Question) => void;
}) {
  const groups = subcategories
    .filter((s) => s.thrust === thrust.code)
    .map((subcategory) => ({ subcategory, questions: shown.filter((q) => q.subcategory === subcategory.code) }))
    .filter((group) => group.questions.length > 0);
  if (groups.length === 0) return null;
  return (
    <section key={thrust.code} aria-labelledby={`thrust-${thrust.code}`} className="mt-8">
      <h2 id={`thrust-${thrust.code}`} className="text-lg font-semibold text-slate-900">
        <bdi>{thrust.name}</bdi>
        {thrust.nua_paragraphs && (
          <span className="ml-2 text-sm font-normal text-slate-600">
            {m('qn.nua', { paragraphs: thrust.nua_paragraphs })}
          </span>
        )}
      </h2>
      {groups.map(({ subcategory, questions }) => (
        <section key={subcategory.code} aria-labelledby={`sub-${subcategory.code}`} className="mt-4">
          <h3
            id={`sub-${subcategory.code}`}
            className="text-sm font-semibold uppercase tracking-wide text-slate-600"
            dir="auto"
          >
            {subcategory.code} {subcategory.name}
          </h3>
          <ol className={`${ui.cardFlush} mt-2 divide-y divide-slate-100`}>
            {questions.map((question, index) => (
              <QuestionRow
                key={question.uuid}
                question={question}
                first={index === 0}
                last={index === questions.length - 1}
                page={page}
                onRetire={() => onRetire(question)}
              />
            ))}
          </ol>
        </section>
      ))}
    </section>
  );
}

/** A question row's two move buttons: up (the icon turned) and down. */
const MOVES = [
  {
    by: -1,
    id: 'move-up',
    label: (code: string) => m('qn.moveUpCode', { code }),
    title: m('qn.moveUp'),
    icon: <Icon name="chevronLeft" className="size-4 rotate-90" />,
  },
  {
    by: 1,
    id: 'move-down',
    label: (code: string) => m('qn.moveDownCode', { code }),
    title: m('qn.moveDown'),
    icon: <Icon name="chevronDown" className="size-4" />,
  },
] as const;

function QuestionRow({
  question,
  first,
  last,
  page,
  onRetire,
}: {
  question: Question;
  first: boolean;
  last: boolean;
  page: QuestionnairePage;
  onRetire: () => void;
}) {
  const moving = useStore($movingQuestion);
  const retiring = useStore($retiringQuestion);
  const retired = question.retired_at !== null;
  const busy = moving !== null || retiring === question.uuid;

  const move = async (direction: -1 | 1) => {
    if (busy) return;
    await moveQuestion(question.uuid, direction, page.retired);
    // The row has moved: keep the focus on its button, or on the other one at the end of the list.
    requestAnimationFrame(() => {
      const same = document.getElementById(
        `move-${direction < 0 ? 'up' : 'down'}-${question.uuid}`,
      ) as HTMLButtonElement | null;
      const other = document.getElementById(
        `move-${direction < 0 ? 'down' : 'up'}-${question.uuid}`,
      ) as HTMLButtonElement | null;
      (same && !same.disabled ? same : other)?.focus();
    });
  };

  const facts = [
    m('preview.tier', { tier: question.question_tier }),
    question.unit
      ? m('qn.typeUnit', { type: answerTypeLabel(question.answer_type), unit: question.unit })
      : answerTypeLabel(question.answer_type),
    question.compulsory ? m('qn.required') : m('qn.optional'),
    question.sdg_refs.length > 0 ? m('qn.sdg', { refs: question.sdg_refs.join(', ') }) : null,
    question.nua_paragraphs ? m('qn.nua', { paragraphs: question.nua_paragraphs }) : null,
  ].filter(Boolean);

  return (
    <li
      className={
        `flex flex-col gap-3 p-4 sm:flex-row sm:items-start ` + `sm:justify-between ${retired ? 'bg-slate-50' : ''}`
      }
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          <span
            className={
              'mr-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 ring-1 ' +
              'ring-slate-200'
            }
          >
            {question.code}
          </span>
          <bdi>{question.text}</bdi>
        </p>
        <p className="mt-1 text-xs text-slate-600">{facts.join(' · ')}</p>
        {retired && (
          <p className="mt-1">
            <span
              className={
                'inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ' +
                'ring-1 ring-inset ring-amber-300'
              }
            >
              {m('qn.retiredOn', { date: formatDate(question.retired_at!) })}
            </span>
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        {MOVES.map(({ by, id, label, title, icon }) => (
          <button
            key={id}
            id={`${id}-${question.uuid}`}
            type="button"
            className={`${ui.secondaryButton} px-2`}
            disabled={by === -1 ? first : last}
            aria-disabled={busy || undefined}
            aria-label={label(question.code)}
            title={title}
            onClick={() => void move(by)}
          >
            {icon}
          </button>
        ))}
        <a href={compareHref({ question: question.uuid })} className={ui.secondaryButton}>
          {m('compare.link')}
          <span className="sr-only"> {question.code}</span>
        </a>
        <a
          id={`edit-${question.uuid}`}
          href={questionnaireHref({ question: question.uuid, retired: page.retired })}
          className={ui.secondaryButton}
        >
          {m('qn.edit')}
          <span className="sr-only"> {question.code}</span>
        </a>
        <button
          id={`retire-${question.uuid}`}
          type="button"
          className={ui.secondaryButton}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onRetire()}
        >
          {retiring === question.uuid
            ? retired
              ? m('qn.restoring')
              : m('qn.retiring')
            : retired
              ? m('qn.restore')
              : m('qn.retire')}
          <span className="sr-only"> {question.code}</span>
        </button>
      </div>
    </li>
  );
}
