import { atom, computed } from 'nanostores';
import { completeness, isAnswered, type EngineOptions } from '../../../lib/questionnaires/engine.ts';
import type { Answer, Completeness, Question, QuestionTier, Subcategory, Thrust } from '../../../lib/questionnaires/schema.ts';
import { createAutosaveQueue, type AnswerErrors, type QueueStatus, type Transport } from './autosave-queue.ts';
import { checkRaw, rawOf, sameAnswer, type AnswerSend, type RawAnswer } from './raw-answer.ts';
import { saveBarState, type AnswerKind } from './save-bar-state.ts';
import type { DraftStorage } from './storage.ts';

/** What one field shows about its answer. */
export type FieldState =
  | { kind: 'idle' }
  | { kind: 'editing' }
  | { kind: 'pending'; offline: boolean }
  | { kind: 'saving' }
  | { kind: 'saved'; warnings: string[] }
  | { kind: 'warning'; warnings: string[] }
  | { kind: 'invalid'; errors: AnswerErrors; stored: boolean }
  | { kind: 'failed'; message: string }
  /** `mine`: the other answer is the same person's, from another tab or window. */
  | { kind: 'conflict'; theirs: Answer; mine: boolean }
  /** `own`: this answer alone is locked (access rights), so the field says why; a whole form's lock is said once above it. */
  | { kind: 'locked'; message: string; own?: true };

export type ShowFilter = 'all' | 'unanswered' | 'invalid' | 'commented';
export interface FormFilters {
  tier: QuestionTier | null;
  show: ShowFilter;
}

export interface QuestionGroup {
  thrust: Thrust;
  completeness: Completeness;
  subcategories: { subcategory: Subcategory; completeness: Completeness; questions: Question[] }[];
}

/**
 * What the form shows around its questions. National reports show tiers (a filter and a label)
 * and lead each question with its code; a form of indicators (the urbanisation profile) has no
 * tiers, and names each question by its name, unit and SDG reference, its code in small print.
 */
export interface FormDisplay {
  tiers: boolean;
  /** `badge`: the code leads the question; `small`: it follows in small print, after the unit. */
  codes: 'badge' | 'small';
  /** Whether section headings and the navigation rail start with the section codes. */
  sectionCodes: boolean;
}
export const REPORT_DISPLAY: FormDisplay = { tiers: true, codes: 'badge', sectionCodes: true };

export interface QuestionnaireFormOptions<Extra> {
  /** Identifies the form instance in the browser's storage (with the user). */
  storageKey: string;
  storage: DraftStorage;
  questions: readonly Question[];
  answers: readonly Answer[];
  thrusts: readonly Thrust[];
  subcategories: readonly Subcategory[];
  /** The instance's year: the latest allowed data year. */
  cycleYear: number;
  /** The earliest allowed data year, when the use has its own (the engine's default otherwise). */
  dataYearMin?: number;
  /** Why the answers cannot be changed, or null. */
  lockedMessage: string | null;
  /**
   * Whether the person may give a first answer (create) and change a saved one (update), when
   * access rights allow only one of them; both when left out. A field they may not touch is locked.
   */
  answerRights?: { create: boolean; update: boolean };
  /** What the form shows around its questions; a national report's by default. */
  display?: FormDisplay;
  /** Sends changed answers; the screen knows where (national report, profile…). */
  transport: Transport<AnswerSend, Answer, Extra>;
  onSaved?: (extra: Extra) => void;
  onLocked?: (message: string, reason: string | null) => void;
  retryDelay?: (attempt: number) => number | null;
  /** The signed-in person: a conflict with their own answer (another tab) says so. */
  currentUserUuid?: string;
}

/**
 * One questionnaire being filled in (DESIGN.md §11): the questions, what the server holds, what
 * the person typed, and each field's state. It knows nothing of national reports: the screen
 * gives it a question set, the stored answers and a transport.
 */
export function createQuestionnaireForm<Extra>(options: QuestionnaireFormOptions<Extra>) {
  const questions = [...options.questions];
  const byUuid = new Map(questions.map((question) => [question.uuid, question]));
  const engine: EngineOptions = { cycleYear: options.cycleYear, ...(options.dataYearMin !== undefined && { dataYearMin: options.dataYearMin }) };
  const $server = atom<Record<string, Answer>>(Object.fromEntries(options.answers.map((answer) => [answer.question_uuid, answer])));
  const $locked = atom<string | null>(options.lockedMessage);
  const $filters = atom<FormFilters>({ tier: null, show: 'all' });
  /** Questions touched since the filters changed stay in view (an answered one must not vanish mid-work). */
  const $touched = atom<ReadonlySet<string>>(new Set());
  /** Questions whose save just finished in this visit: they say "Saved". */
  const $justSaved = atom<ReadonlySet<string>>(new Set());
  /** Questions typed in within the last moments, not yet kept as a draft (see `change`). */
  const holdTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The questions of `holdTimers`, for the save bar ("Saving…" from the first key). */
  const $typing = atom<ReadonlySet<string>>(new Set());
  const setTyping = (question: string, on: boolean) => {
    const next = new Set($typing.get());
    if (on) next.add(question);
    else next.delete(question);
    $typing.set(next);
  };
  const isMine = (theirs: Answer) => Boolean(options.currentUserUuid && theirs.updated_by?.uuid === options.currentUserUuid);

  const queue = createAutosaveQueue<AnswerSend, Answer, RawAnswer, Extra>({
    storage: options.storage,
    storageKey: options.storageKey,
    transport: options.transport,
    retryDelay: options.retryDelay,
    sameAnswer: (send, theirs) => sameAnswer(send, theirs),
    onSaved: (answers, extra) => {
      const server = { ...$server.get() };
      for (const answer of answers) server[answer.question_uuid] = answer;
      $server.set(server);
      const raw = { ...$raw.get() };
      for (const answer of answers) {
        const question = byUuid.get(answer.question_uuid);
        // What the person is typing in that question now (a draft, or keys not yet kept) stays on screen.
        const typing = queue.$drafts.get()[answer.question_uuid] || holdTimers.has(answer.question_uuid);
        if (question && !typing) raw[answer.question_uuid] = rawOf(question, answer);
      }
      $raw.set(raw);
      $justSaved.set(new Set([...$justSaved.get(), ...answers.map((answer) => answer.question_uuid)]));
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

  /** The answers as they stand now: valid drafts over the stored ones (for completeness and filters). */
  const $effective = computed([$server, queue.$drafts], (server, drafts) => {
    const effective: Record<string, Pick<Answer, 'question_uuid' | 'value' | 'comment'>> = { ...server };
    for (const draft of Object.values(drafts)) {
      if (draft.input) effective[draft.question_uuid] = draft.input;
    }
    return effective;
  });

  /**
   * Why the access rights keep this question's answer as it is, or null; never while a save of it
   * is under way or needs the person (a first answer being saved, a failed or conflicting one).
   */
  function rightsLock(stored: Answer | undefined, entry: QueueStatus<Answer> | undefined): string | null {
    const rights = options.answerRights;
    if (!rights || (entry && entry.kind !== 'saved')) return null;
    if (stored && !rights.update) return 'Your access rights let you give first answers but not change saved ones.';
    if (!stored && !rights.create) return 'Your access rights let you change saved answers but not give new ones.';
    return null;
  }
  const lockedByRights = (question: string) => rightsLock($server.get()[question], queue.$status.get()[question]) !== null;

  const $fields = computed([$server, queue.$status, queue.$connection, $locked, $justSaved], (server, status, connection, locked, justSaved) => {
    const fields: Record<string, FieldState> = {};
    for (const question of questions) {
      const entry = status[question.uuid];
      const stored = server[question.uuid];
      const byRights = rightsLock(stored, entry);
      let state: FieldState = { kind: 'idle' };
      if (entry?.kind === 'conflict') state = { kind: 'conflict', theirs: entry.theirs, mine: isMine(entry.theirs) };
      else if (locked) state = { kind: 'locked', message: locked };
      else if (byRights) state = { kind: 'locked', message: justSaved.has(question.uuid) ? `Saved. ${byRights}` : byRights, own: true };
      else if (entry?.kind === 'invalid') state = { kind: 'invalid', errors: entry.errors, stored: false };
      else if (entry?.kind === 'saving') state = { kind: 'saving' };
      else if (entry?.kind === 'pending') state = { kind: 'pending', offline: connection !== 'online' };
      else if (entry?.kind === 'failed') state = { kind: 'failed', message: entry.message };
      else if (entry?.kind === 'locked') state = { kind: 'locked', message: entry.message };
      else if (entry?.kind === 'editing') state = { kind: 'editing' };
      else if (stored?.state === 'invalid') {
        const checked = checkRaw(question, rawOf(question, stored), engine);
        state = { kind: 'invalid', errors: checked.errors ?? { value: ['no longer meets the rules of this question'] }, stored: true };
      } else if (stored && stored.warnings.length > 0) state = { kind: 'warning', warnings: stored.warnings };
      else if (justSaved.has(question.uuid) && stored) state = { kind: 'saved', warnings: [] };
      fields[question.uuid] = state;
    }
    return fields;
  });

  function completenessOf(list: readonly Question[], effective: Record<string, Pick<Answer, 'question_uuid' | 'value' | 'comment'>>): Completeness {
    const answers = list.flatMap((question) => (effective[question.uuid] ? [effective[question.uuid]!] : []));
    return completeness(list, answers, engine);
  }

  const $completeness = computed($effective, (effective) => completenessOf(questions, effective));

  function visible(question: Question, filters: FormFilters, effective: Record<string, Pick<Answer, 'value' | 'comment'>>, fields: Record<string, FieldState>, touched: ReadonlySet<string>): boolean {
    if (filters.tier !== null && question.question_tier !== filters.tier) return false;
    if (filters.show === 'all' || touched.has(question.uuid)) return true;
    const answer = effective[question.uuid];
    if (filters.show === 'unanswered') return !isAnswered(question, answer);
    if (filters.show === 'commented') return Boolean(answer?.comment);
    const kind = fields[question.uuid]?.kind;
    return kind === 'invalid' || kind === 'failed' || kind === 'conflict';
  }

  /** Thrusts and subcategories in order, each with its completeness and the questions in view. */
  const $groups = computed([$effective, $filters, $fields, $touched], (effective, filters, fields, touched): QuestionGroup[] => {
    const thrusts = [...options.thrusts].sort((a, b) => a.sort - b.sort);
    const subcategories = [...options.subcategories].sort((a, b) => a.sort - b.sort);
    return thrusts
      .map((thrust) => {
        const ofThrust = questions.filter((question) => question.thrust === thrust.code);
        return {
          thrust,
          completeness: completenessOf(ofThrust, effective),
          subcategories: subcategories
            .filter((subcategory) => subcategory.thrust === thrust.code)
            .map((subcategory) => {
              const all = ofThrust.filter((question) => question.subcategory === subcategory.code);
              return {
                subcategory,
                completeness: completenessOf(all, effective),
                questions: all.filter((question) => visible(question, filters, effective, fields, touched)),
              };
            })
            .filter((group) => group.completeness.total > 0),
        };
      })
      .filter((group) => group.completeness.total > 0);
  });

  const $visibleCount = computed($groups, (groups) =>
    groups.reduce((sum, group) => sum + group.subcategories.reduce((inner, sub) => inner + sub.questions.length, 0), 0),
  );

  function baseVersion(question: string): number | null {
    return queue.$drafts.get()[question]?.baseVersion ?? $server.get()[question]?.version ?? null;
  }

  /**
   * The person left the field: an unchanged answer is let go, an invalid one is kept with its
   * reasons (not sent), a valid changed one is saved.
   */
  function leave(question: string): Promise<void> {
    clearTimeout(holdTimers.get(question));
    holdTimers.delete(question);
    setTyping(question, false);
    const item = byUuid.get(question);
    const raw = $raw.get()[question];
    if (!item || !raw || $locked.get()) return Promise.resolve();
    if (lockedByRights(question)) return Promise.resolve();
    if (queue.$status.get()[question]?.kind === 'conflict') {
      // The person is settling a conflict: keep the new draft, the choice stays open.
      const draft = queue.$drafts.get()[question];
      if (draft) queue.hold(question, raw, draft.baseVersion);
      return Promise.resolve();
    }
    const checked = checkRaw(item, raw, engine);
    const stored = $server.get()[question];
    const draft = queue.$drafts.get()[question];
    const kind = queue.$status.get()[question]?.kind;
    // Back to the stored answer: nothing to send, unless a save of another answer is on its way.
    if (checked.send && sameAnswer(checked.send, stored) && kind !== 'saving') {
      if (draft) queue.discard(question);
      return Promise.resolve();
    }
    // Already on its way (a choice saved on change, then focus left the question): not again.
    if (checked.send && draft?.input && (kind === 'saving' || kind === 'pending') && sameAnswer(checked.send, draft.input)) return Promise.resolve();
    return queue.put(question, raw, checked.send, { baseVersion: baseVersion(question), errors: checked.errors });
  }

  return {
    questions,
    /** The engine's options of this form instance (the data years it accepts). */
    engine,
    display: options.display ?? REPORT_DISPLAY,
    queue,
    $raw,
    $server,
    $fields,
    $filters,
    $groups,
    $completeness,
    $visibleCount,
    $locked,
    $summary: queue.$summary,
    /** What the save bar says (save-bar-state.ts): answers being typed, waiting, saving, failed. */
    $saveBar: computed([queue.$drafts, queue.$status, $typing, queue.$connection, $locked], (drafts, status, typing, connection, locked) => {
      const kinds: AnswerKind[] = Object.keys(drafts).map((question) => status[question]?.kind ?? 'pending');
      for (const question of typing) if (!drafts[question]) kinds.push('typing');
      return saveBarState(kinds, connection, locked !== null);
    }),
    $connection: queue.$connection,

    setFilters(patch: Partial<FormFilters>): void {
      $filters.set({ ...$filters.get(), ...patch });
      $touched.set(new Set());
    },

    /** The person types: the inputs follow at once, the browser keeps it shortly after. */
    change(question: string, patch: Partial<RawAnswer>): void {
      if ($locked.get() || lockedByRights(question)) return;
      const next = { ...$raw.get()[question]!, ...patch };
      $raw.set({ ...$raw.get(), [question]: next });
      $touched.set(new Set([...$touched.get(), question]));
      clearTimeout(holdTimers.get(question));
      setTyping(question, true);
      holdTimers.set(question, setTimeout(() => {
        holdTimers.delete(question);
        setTyping(question, false);
        if (queue.$status.get()[question]?.kind !== 'conflict') queue.hold(question, next, baseVersion(question));
      }, 300));
    },

    leave,

    /** A choice (checkbox, radio button, list): shown and saved at once, without waiting for focus to leave. */
    choose(question: string, patch: Partial<RawAnswer>): Promise<void> {
      if ($locked.get() || lockedByRights(question)) return Promise.resolve();
      $raw.set({ ...$raw.get(), [question]: { ...$raw.get()[question]!, ...patch } });
      $touched.set(new Set([...$touched.get(), question]));
      return leave(question);
    },

    /** Conflict: take the other person's answer and drop mine. */
    useTheirs(question: string): void {
      const state = $fields.get()[question];
      const item = byUuid.get(question);
      if (state?.kind !== 'conflict' || !item) return;
      $server.set({ ...$server.get(), [question]: state.theirs });
      $raw.set({ ...$raw.get(), [question]: rawOf(item, state.theirs) });
      queue.discard(question);
    },

    /** Conflict: save mine over theirs (their version becomes the base). */
    keepMine(question: string): Promise<void> {
      const state = $fields.get()[question];
      const item = byUuid.get(question);
      const raw = $raw.get()[question];
      if (state?.kind !== 'conflict' || !item || !raw) return Promise.resolve();
      $server.set({ ...$server.get(), [question]: state.theirs });
      const checked = checkRaw(item, raw, engine);
      if (!checked.send) return queue.put(question, raw, null, { baseVersion: state.theirs.version, errors: checked.errors });
      queue.hold(question, raw, state.theirs.version);
      return queue.put(question, raw, checked.send, { baseVersion: state.theirs.version });
    },

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

    /** Starts sending what was kept from an earlier visit, and again whenever the connection returns. */
    start(): () => void {
      const onOnline = () => void queue.retry();
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
      // Drafts kept from an earlier visit are checked again (the rules may have changed) and sent.
      for (const draft of Object.values(queue.$drafts.get())) {
        const item = byUuid.get(draft.question_uuid);
        if (!item) {
          queue.discard(draft.question_uuid);
          continue;
        }
        const checked = checkRaw(item, draft.raw, engine);
        if (checked.send && sameAnswer(checked.send, $server.get()[draft.question_uuid])) queue.discard(draft.question_uuid);
        else if (!$locked.get()) void queue.put(draft.question_uuid, draft.raw, checked.send, { baseVersion: draft.baseVersion, errors: checked.errors });
      }
      return () => {
        for (const timer of holdTimers.values()) clearTimeout(timer);
        holdTimers.clear();
        $typing.set(new Set());
        if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
        queue.stop();
      };
    },
  };
}

export type QuestionnaireForm<Extra = unknown> = ReturnType<typeof createQuestionnaireForm<Extra>>;
