import { atom } from 'nanostores';
import type { EngineOptions } from '../../../lib/questionnaires/engine.ts';
import type { Answer } from '../../../lib/questionnaires/schema.ts';
import { createAutosaveQueue, type QueueStatus } from './autosave-queue.ts';
import type { FormFilters, QuestionnaireFormOptions } from './form-types.ts';
import { m } from './messages.ts';
import { rawOf, sameAnswer, type AnswerSend, type RawAnswer } from './raw-answer.ts';

/**
 * The state of one questionnaire being filled in: what the server holds, the autosave queue of
 * what it does not hold yet, what every input shows, the filters and what was typed or saved lately.
 */
export function createFormState<Extra>(options: QuestionnaireFormOptions<Extra>) {
  const questions = [...options.questions];
  const byUuid = new Map(questions.map((question) => [question.uuid, question]));
  const engine: EngineOptions = {
    dataYearMax: options.dataYearMax,
    ...(options.dataYearMin !== undefined && { dataYearMin: options.dataYearMin }),
  };
  const $server = atom<Record<string, Answer>>(
    Object.fromEntries(options.answers.map((answer) => [answer.question_uuid, answer])),
  );
  const $locked = atom<string | null>(options.lockedMessage);
  const $filters = atom<FormFilters>({ tag: null, show: 'all' });
  /** Questions touched since the filters changed stay in view (an answered one must not vanish mid-work). */
  const $touched = atom<ReadonlySet<string>>(new Set());
  /** Questions whose save just finished in this visit: they say "Saved at 14:02". */
  const $justSaved = atom<ReadonlySet<string>>(new Set());
  /** When the last save of this visit reached the server (its answers' `updated_at`), for the save bar. */
  const $lastSavedAt = atom<string | null>(null);
  /**
   * `question`: the one the focus is in (a save that lands meanwhile leaves its inputs as typed);
   * `last`: the last one it was in ("Next unanswered question" goes on from there).
   */
  const focus = { question: null as string | null, last: null as string | null };
  const typing = createTyping();

  const queue = createAutosaveQueue<AnswerSend, Answer, RawAnswer, Extra>({
    storage: options.storage,
    storageKey: options.storageKey,
    transport: options.transport,
    retryDelay: options.retryDelay,
    sameAnswer: (send, theirs) => sameAnswer(send, theirs),
    onSaved: (answers, extra) => {
      takeSaved(answers);
      if (extra !== undefined) options.onSaved?.(extra);
    },
    onLocked: (message, reason) => {
      $locked.set(message);
      options.onLocked?.(message, reason);
    },
  });

  /** What every input shows: the stored answer, or the person's unsaved draft over it. */
  const $raw = atom<Record<string, RawAnswer>>(
    Object.fromEntries(
      questions.map((question) => {
        const draft = queue.$drafts.get()[question.uuid];
        return [question.uuid, draft ? draft.raw : rawOf(question, $server.get()[question.uuid])];
      }),
    ),
  );
  if (options.lockedMessage) queue.lock(options.lockedMessage);

  function takeSaved(answers: Answer[]): void {
    const server = { ...$server.get() };
    for (const answer of answers) server[answer.question_uuid] = answer;
    $server.set(server);
    const raw = { ...$raw.get() };
    for (const answer of answers) {
      const question = byUuid.get(answer.question_uuid);
      // What the person is typing in that question now (a draft, or keys not yet kept) stays on screen.
      // So does the question the focus is in: its inputs keep a trailing space the server trimmed.
      const busy =
        queue.$drafts.get()[answer.question_uuid] ||
        typing.holdTimers.has(answer.question_uuid) ||
        focus.question === answer.question_uuid;
      if (question && !busy) raw[answer.question_uuid] = rawOf(question, answer);
    }
    $raw.set(raw);
    $justSaved.set(new Set([...$justSaved.get(), ...answers.map((answer) => answer.question_uuid)]));
    const latest = answers
      .map((answer) => answer.updated_at)
      .reduce<string | null>((last, at) => (last === null || at > last ? at : last), $lastSavedAt.get());
    $lastSavedAt.set(latest);
  }

  const lockedByRights = (question: string) =>
    rightsLock(options.answerRights, $server.get()[question], queue.$status.get()[question]) !== null;
  const baseVersion = (question: string): number | null =>
    queue.$drafts.get()[question]?.baseVersion ?? $server.get()[question]?.version ?? null;

  return {
    options,
    questions,
    byUuid,
    engine,
    $server,
    $locked,
    $filters,
    $touched,
    $justSaved,
    $lastSavedAt,
    focus,
    typing,
    queue,
    $raw,
    lockedByRights,
    baseVersion,
  };
}

export type FormState<Extra = unknown> = ReturnType<typeof createFormState<Extra>>;

/**
 * Questions typed in lately and their timers (see `changeField`): `holdTimers` keep what is typed
 * in the browser shortly after each key, `idleTimers` save it after a pause in typing.
 */
function createTyping() {
  const holdTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const idleTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The questions of `holdTimers`, for the save bar ("Saving…" from the first key). */
  const $typing = atom<ReadonlySet<string>>(new Set());
  const setTyping = (question: string, on: boolean) => {
    const next = new Set($typing.get());
    if (on) next.add(question);
    else next.delete(question);
    $typing.set(next);
  };
  return { holdTimers, idleTimers, $typing, setTyping };
}

/**
 * Why the access rights keep this question's answer as it is, or null; never while a save of it
 * is under way or needs the person (a first answer being saved, a failed or conflicting one).
 */
export function rightsLock(
  rights: QuestionnaireFormOptions<unknown>['answerRights'],
  stored: Answer | undefined,
  entry: QueueStatus<Answer> | undefined,
): string | null {
  if (!rights || (entry && entry.kind !== 'saved')) return null;
  if (stored && !rights.update) return m('rights.createOnly');
  if (!stored && !rights.create) return m('rights.updateOnly');
  return null;
}
