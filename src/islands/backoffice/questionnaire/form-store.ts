import {
  chooseField,
  changeField,
  enterField,
  keepMyAnswer,
  leaveField,
  saveTyped,
  startForm,
  useTheirAnswer,
  type PageEvents,
} from './form-edits.ts';
import { createFormState } from './form-state.ts';
import type { FormDisplay, FormFilters, QuestionnaireFormOptions } from './form-types.ts';
import { createFormViews } from './form-views.ts';
import type { RawAnswer } from './raw-answer.ts';
import { createFlags } from './review-flags.ts';

export type {
  FieldState,
  FormDisplay,
  FormFilters,
  QuestionnaireFormOptions,
  SectionGroup,
  ShowFilter,
} from './form-types.ts';

/** What a form shows around its questions unless its host says: codes in small print, no filter by tag. */
const PLAIN_DISPLAY: FormDisplay = { codes: 'small', sectionCodes: false };

/**
 * One questionnaire being filled in (DESIGN.md §11): the questions, what the server holds, what
 * the person typed, and each field's state. It knows forms only: the screen gives it the
 * questions and sections, the stored answers, how to show them and a transport.
 */
export function createQuestionnaireForm<Extra>(options: QuestionnaireFormOptions<Extra>) {
  const state = createFormState(options);
  const { queue, $filters, $touched, $locked } = state;
  const { $fields, $groups, $completeness, $visibleCount, $saveBar, $order, $unanswered } = createFormViews(state);
  /** Each question's review flags as the inputs stand (decision 078). */
  const $flags = createFlags(state.questions, state.$raw, options.previous);

  return {
    questions: state.questions,
    /** The engine's options of this form instance (the data years it accepts). */
    engine: state.engine,
    display: options.display ?? PLAIN_DISPLAY,
    queue,
    $raw: state.$raw,
    $server: state.$server,
    $fields,
    $flags,
    $filters,
    $groups,
    $completeness,
    $visibleCount,
    /** Every question's uuid in the questionnaire's order, and those not answered yet (whatever the filters show). */
    $order,
    $unanswered,
    $locked,
    $summary: queue.$summary,
    /** What the save bar says (save-bar-state.ts): answers being typed, waiting, saving, failed. */
    $saveBar,
    $connection: queue.$connection,

    setFilters(patch: Partial<FormFilters>): void {
      $filters.set({ ...$filters.get(), ...patch });
      $touched.set(new Set());
    },

    /** The person types: the inputs follow at once, the browser keeps it shortly after, a pause in typing saves it. */
    change: (question: string, patch: Partial<RawAnswer>): void => changeField(state, question, patch),

    /** The focus came into a question (a save landing meanwhile leaves its inputs as typed). */
    enter: (question: string): void => enterField(state, question),

    /** The question the focus was last in, or null. */
    lastQuestion: (): string | null => state.focus.last,

    /** Saves at once whatever is being typed, without waiting for the pause. */
    saveTyped: (): Promise<void> => saveTyped(state),

    /** The person left the field: an unchanged answer is let go, an invalid one kept, a valid changed one saved. */
    leave: (question: string): Promise<void> => leaveField(state, question),

    /** A choice (checkbox, radio button, list): shown and saved at once, without waiting for focus to leave. */
    choose: (question: string, patch: Partial<RawAnswer>): Promise<void> => chooseField(state, question, patch),

    /** Conflict: take the other person's answer and drop mine. */
    useTheirs: (question: string): void => useTheirAnswer(state, $fields, question),

    /** Conflict: save mine over theirs (their version becomes the base). */
    keepMine: (question: string): Promise<void> => keepMyAnswer(state, $fields, question),

    /** Sends again what failed or waits. */
    retry(): Promise<void> {
      return queue.retry();
    },

    /** The form was unlocked (or the lock was lifted on reload). */
    setLocked(message: string | null): void {
      $locked.set(message);
      if (message) queue.lock(message);
      else queue.unlock();
    },

    /**
     * Starts sending what was kept from an earlier visit, again whenever the connection returns,
     * and at once when the page is left or hidden; returns the stop. `page`: a test's stand-in for the browser.
     */
    start: (page?: PageEvents | null): (() => void) => startForm(state, page),
  };
}

export type QuestionnaireForm<Extra = unknown> = ReturnType<typeof createQuestionnaireForm<Extra>>;
