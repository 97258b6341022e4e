import { atom, computed } from 'nanostores';
import { z } from 'zod';
import {
  QuestionListResponseSchema,
  QuestionResponseSchema,
  QuestionSchema,
  SubcategoryListResponseSchema,
  ThrustListResponseSchema,
  type Question,
  type QuestionSaveBody,
} from '../../../lib/national-reports/question-schema.ts';
import {
  CycleListResponseSchema,
  CycleResponseSchema,
  CycleSchema,
  type Cycle,
  type CycleSaveBody,
} from '../../../lib/national-reports/schema.ts';
import { api, conflictOf, errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes, mutateCache } from '../lib/query.ts';
import { versionedEdit } from '../lib/versioned-edit.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { $router, navigate, pathTo } from '../router.ts';
import { CYCLES_KEY } from './list-store.ts';
import { m } from './messages.ts';
import { orderAfterMove } from './question-draft.ts';

export const QUESTIONS_KEY = 'question/list?include_retired=true';
const THRUSTS_KEY = 'question/ref/thrust';
const SUBCATEGORIES_KEY = 'question/ref/subcategory';
/** Every report's form and completeness follow the questions. */
const REPORTS_PREFIX = 'report/type/national/';

export type QuestionnaireTab = 'questions' | 'cycles';

/** What the screen shows, from the URL: the tab, whether retired questions show, which form is open. */
export interface QuestionnairePage {
  tab: QuestionnaireTab;
  retired: boolean;
  /** 'new' or a question's uuid: its form is open. */
  question: string | null;
  /** 'new' or a cycle's year: its form is open. */
  cycle: string | null;
}

export function questionnairePageOf(search: Record<string, string>): QuestionnairePage {
  const question = search['question'] ?? '';
  const cycle = search['cycle'] ?? '';
  return {
    tab: search['tab'] === 'cycles' ? 'cycles' : 'questions',
    retired: search['retired'] === '1',
    question: question === 'new' || z.uuid().safeParse(question).success ? question : null,
    cycle: cycle === 'new' || /^\d{4}$/.test(cycle) ? cycle : null,
  };
}

/** The screen's address for `page` (defaults left out). */
export function questionnaireHref(page: Partial<QuestionnairePage>): string {
  const search: Record<string, string> = {};
  if (page.tab === 'cycles') search['tab'] = 'cycles';
  if (page.retired) search['retired'] = '1';
  if (page.question) search['question'] = page.question;
  if (page.cycle) search['cycle'] = page.cycle;
  return pathTo('nationalReportQuestionnaire', {}, search);
}

export const $questionnairePage = computed($router, (page) =>
  page?.route === 'nationalReportQuestionnaire' ? questionnairePageOf(page.search) : null,
);

const whileShown = (key: string) => computed($questionnairePage, (page) => (page ? key : null));

/** Every question, retired ones too, in questionnaire order. */
export const $adminQuestions = createFetcherStore([whileShown(QUESTIONS_KEY)], {
  fetcher: fetchWith(QuestionListResponseSchema),
});
export const $thrusts = createFetcherStore([whileShown(THRUSTS_KEY)], { fetcher: fetchWith(ThrustListResponseSchema) });
export const $subcategories = createFetcherStore([whileShown(SUBCATEGORIES_KEY)], {
  fetcher: fetchWith(SubcategoryListResponseSchema),
});
/** The cycles, newest first (the same cache entry as the reports list's). */
export const $adminCycles = createFetcherStore([whileShown(CYCLES_KEY)], {
  fetcher: fetchWith(CycleListResponseSchema),
});

/** The element the list focuses when it comes back after a form (the form sets it: its Edit link, or Add). */
export const focusAfterForm = { id: null as string | null };

/** Focuses the element a closed form named, once; true when there was one. */
export function restoreFocusAfterForm(): boolean {
  const id = focusAfterForm.id;
  focusAfterForm.id = null;
  const element = id ? document.getElementById(id) : null;
  element?.focus();
  return element !== null;
}

/** A form opens: the outcome of an earlier save is forgotten. */
export function openQuestionForm(returnTo: string): void {
  focusAfterForm.id = returnTo;
  questionEdit.reset();
}

/** What the last move, retirement or restoration did, for screen readers (a polite live region). */
export const $questionnaireAnnouncement = atom('');

function showQuestions(questions: Question[]): void {
  mutateCache(QUESTIONS_KEY, { status: 200, message: 'Questions', data: questions });
}

function showQuestion(question: Question): void {
  const list = $adminQuestions.get().data?.data ?? [];
  const known = list.some((q) => q.uuid === question.uuid);
  showQuestions(known ? list.map((q) => (q.uuid === question.uuid ? question : q)) : [...list, question]);
}

// ---- add and edit ----

/**
 * Saves the form on top of the question shown (a conflict: someone else changed the question
 * meanwhile); a new question's address then names it, so a reload keeps the form.
 */
export const questionEdit = versionedEdit<Question, QuestionSaveBody>({
  schema: QuestionSchema,
  send: async (body) => (await api.request('POST', 'question/saved', { schema: QuestionResponseSchema, body })).data,
  onSaved: (saved, { base }) => {
    showQuestion(saved);
    invalidatePrefixes(REPORTS_PREFIX);
    notifySuccess(base === null ? m('qstore.added', { code: saved.code }) : m('qstore.saved', { code: saved.code }));
  },
  // What is typed waits in the tab, per question ('new' for one being added), until saved or left.
  draftKey: () => {
    const question = $questionnairePage.get()?.question;
    return question ? `question:${question}` : null;
  },
});

/** After a conflict: the list shows the question as the other person saved it. */
export function takeTheirQuestion(theirs: Question): void {
  showQuestion(theirs);
  questionEdit.takeTheirs();
}

/** After a save: back to the list, where the question's Edit link takes the focus. */
export function closeQuestionForm(saved: Question): void {
  const page = $questionnairePage.get();
  focusAfterForm.id = `edit-${saved.uuid}`;
  navigate(questionnaireHref({ retired: page?.retired ?? false }));
}

// ---- order ----

export const $movingQuestion = atom<string | null>(null);

/**
 * Moves a question up or down within its subcategory (past hidden retired ones when they are
 * hidden) and saves the whole order with the versions it was based on.
 */
export async function moveQuestion(uuid: string, direction: -1 | 1, showRetired: boolean): Promise<void> {
  const list = $adminQuestions.get().data?.data;
  if (!list || $movingQuestion.get()) return;
  const order = orderAfterMove(list, uuid, direction, (q) => showRetired || q.retired_at === null);
  if (!order) return;
  const moving = list.find((q) => q.uuid === uuid)!;
  $movingQuestion.set(uuid);
  // Shown at once; the server's answer replaces it.
  showQuestions(order);
  try {
    const saved = await api.request('POST', 'question/reorder', {
      schema: QuestionListResponseSchema,
      body: {
        uuids: order.map((q) => q.uuid),
        versions: order.map((q) => list.find((l) => l.uuid === q.uuid)!.version),
      },
    });
    showQuestions(saved.data);
    invalidatePrefixes(REPORTS_PREFIX);
    const siblings = saved.data.filter(
      (q) => q.subcategory === moving.subcategory && (showRetired || q.retired_at === null),
    );
    const place = siblings.findIndex((q) => q.uuid === uuid) + 1;
    $questionnaireAnnouncement.set(
      m(direction < 0 ? 'qstore.movedUp' : 'qstore.movedDown', {
        code: moving.code,
        place,
        count: siblings.length,
        subcategory: moving.subcategory,
      }),
    );
  } catch (error) {
    const theirs = conflictOf(error, z.array(QuestionSchema));
    showQuestions(theirs ?? list);
    notifyError(
      theirs ? m('qstore.moveConflict') : m('qstore.notMoved', { code: moving.code, message: errorMessage(error) }),
    );
  } finally {
    $movingQuestion.set(null);
  }
}

// ---- retire and restore ----

export const $retiringQuestion = atom<string | null>(null);

export async function setRetired(question: Question, retired: boolean): Promise<boolean> {
  $retiringQuestion.set(question.uuid);
  try {
    const saved = await api.request('POST', `question/retire/${encodeURIComponent(question.uuid)}`, {
      schema: QuestionResponseSchema,
      body: { version: question.version, retired },
    });
    showQuestion(saved.data);
    invalidatePrefixes(REPORTS_PREFIX);
    const done = retired ? m('qstore.retired', { code: question.code }) : m('qstore.restored', { code: question.code });
    notifySuccess(done);
    $questionnaireAnnouncement.set(done);
    return true;
  } catch (error) {
    const theirs = conflictOf(error, QuestionSchema);
    if (theirs) showQuestion(theirs);
    notifyError(
      theirs
        ? m('qstore.retireConflict', { code: question.code })
        : m(retired ? 'qstore.notRetired' : 'qstore.notRestored', {
            code: question.code,
            message: errorMessage(error),
          }),
    );
    return false;
  } finally {
    $retiringQuestion.set(null);
  }
}

// ---- reporting cycles ----

/** Saves a cycle on top of the one shown (a conflict: someone else changed the cycle meanwhile). */
export const cycleEdit = versionedEdit<Cycle, CycleSaveBody>({
  schema: CycleSchema,
  send: async (body) =>
    (await api.request('POST', 'report/type/national/cycles/saved', { schema: CycleResponseSchema, body })).data,
  onSaved: (saved, { base }) => {
    // Opening a cycle creates reports; every list and count of reports may change.
    invalidatePrefixes(REPORTS_PREFIX);
    notifySuccess(m(base === null ? 'qstore.cycleCreated' : 'qstore.cycleSaved', { year: String(saved.year) }));
  },
  draftKey: () => {
    const cycle = $questionnairePage.get()?.cycle;
    return cycle ? `cycle:${cycle}` : null;
  },
});

export function openCycleForm(returnTo: string): void {
  focusAfterForm.id = returnTo;
  cycleEdit.reset();
}

/** After a save: back to the list of cycles, where the cycle's Edit link takes the focus. */
export function closeCycleForm(saved: Cycle): void {
  focusAfterForm.id = `edit-cycle-${saved.year}`;
  navigate(questionnaireHref({ tab: 'cycles' }));
}
