import type { ReadableAtom } from 'nanostores';
import type { FormState } from './form-state.ts';
import type { FieldState } from './form-types.ts';
import { checkRaw, rawOf, sameAnswer, type RawAnswer } from './raw-answer.ts';

/** How long typing must pause before what was typed is saved (issue 32: about 1–2 s). */
export const IDLE_SAVE_MS = 1_500;
/** How soon what is typed is kept in the browser (it survives a reload from then on). */
export const HOLD_MS = 300;

/**
 * The person types: the inputs follow at once, the browser keeps it shortly after, and it is
 * saved once typing pauses for `IDLE_SAVE_MS`, as if the person had left the question.
 */
export function changeField<Extra>(state: FormState<Extra>, question: string, patch: Partial<RawAnswer>): void {
  const { $raw, $touched, $locked, queue, typing } = state;
  if ($locked.get() || state.lockedByRights(question)) return;
  const next = { ...$raw.get()[question]!, ...patch };
  $raw.set({ ...$raw.get(), [question]: next });
  $touched.set(new Set([...$touched.get(), question]));
  clearTimeout(typing.holdTimers.get(question));
  typing.setTyping(question, true);
  typing.holdTimers.set(
    question,
    setTimeout(() => {
      typing.holdTimers.delete(question);
      typing.setTyping(question, false);
      if (queue.$status.get()[question]?.kind !== 'conflict') queue.hold(question, next, state.baseVersion(question));
    }, HOLD_MS),
  );
  clearTimeout(typing.idleTimers.get(question));
  typing.idleTimers.set(
    question,
    setTimeout(() => {
      typing.idleTimers.delete(question);
      void saveField(state, question);
    }, IDLE_SAVE_MS),
  );
}

/** The focus came into a question: a save landing meanwhile leaves what its inputs show. */
export function enterField<Extra>(state: FormState<Extra>, question: string): void {
  state.focus.question = question;
  state.focus.last = question;
}

/** Saves now every question typed in and not saved yet (the page is left or hidden, or the form closes). */
export function saveTyped<Extra>(state: FormState<Extra>): Promise<void> {
  const { typing } = state;
  const typed = new Set([...typing.idleTimers.keys(), ...typing.holdTimers.keys()]);
  return Promise.all([...typed].map((question) => saveField(state, question))).then(() => undefined);
}

/** The person left the question: what it holds is saved (see `saveField`). */
export function leaveField<Extra>(state: FormState<Extra>, question: string): Promise<void> {
  if (state.focus.question === question) state.focus.question = null;
  return saveField(state, question);
}

/**
 * Saves what a question holds now (typing paused, the question left, the page left): an unchanged
 * answer is let go, an invalid one is kept with its reasons (not sent), a valid changed one is sent.
 */
function saveField<Extra>(state: FormState<Extra>, question: string): Promise<void> {
  const { queue, typing } = state;
  clearTimeout(typing.holdTimers.get(question));
  typing.holdTimers.delete(question);
  clearTimeout(typing.idleTimers.get(question));
  typing.idleTimers.delete(question);
  typing.setTyping(question, false);
  const item = state.byUuid.get(question);
  const raw = state.$raw.get()[question];
  if (!item || !raw || state.$locked.get()) return Promise.resolve();
  if (state.lockedByRights(question)) return Promise.resolve();
  if (queue.$status.get()[question]?.kind === 'conflict') {
    // The person is settling a conflict: keep the new draft, the choice stays open.
    const draft = queue.$drafts.get()[question];
    if (draft) queue.hold(question, raw, draft.baseVersion);
    return Promise.resolve();
  }
  const checked = checkRaw(item, raw, state.engine);
  const stored = state.$server.get()[question];
  const draft = queue.$drafts.get()[question];
  const kind = queue.$status.get()[question]?.kind;
  // Back to the stored answer: nothing to send, unless a save of another answer is on its way.
  if (checked.send && sameAnswer(checked.send, stored) && kind !== 'saving') {
    if (draft) queue.discard(question);
    return Promise.resolve();
  }
  // Already on its way (a choice saved on change, then focus left the question): not again.
  if (
    checked.send &&
    draft?.input &&
    (kind === 'saving' || kind === 'pending') &&
    sameAnswer(checked.send, draft.input)
  )
    return Promise.resolve();
  return queue.put(question, raw, checked.send, { baseVersion: state.baseVersion(question), errors: checked.errors });
}

/** A choice (checkbox, radio button, list): shown and saved at once, without waiting for focus to leave. */
export function chooseField<Extra>(
  state: FormState<Extra>,
  question: string,
  patch: Partial<RawAnswer>,
): Promise<void> {
  const { $raw, $touched } = state;
  if (state.$locked.get() || state.lockedByRights(question)) return Promise.resolve();
  $raw.set({ ...$raw.get(), [question]: { ...$raw.get()[question]!, ...patch } });
  $touched.set(new Set([...$touched.get(), question]));
  return leaveField(state, question);
}

/** Conflict: take the other person's answer and drop mine. */
export function useTheirAnswer<Extra>(
  state: FormState<Extra>,
  $fields: ReadableAtom<Record<string, FieldState>>,
  question: string,
): void {
  const field = $fields.get()[question];
  const item = state.byUuid.get(question);
  if (field?.kind !== 'conflict' || !item) return;
  state.$server.set({ ...state.$server.get(), [question]: field.theirs });
  state.$raw.set({ ...state.$raw.get(), [question]: rawOf(item, field.theirs) });
  state.queue.discard(question);
}

/** Conflict: save mine over theirs (their version becomes the base). */
export function keepMyAnswer<Extra>(
  state: FormState<Extra>,
  $fields: ReadableAtom<Record<string, FieldState>>,
  question: string,
): Promise<void> {
  const { queue } = state;
  const field = $fields.get()[question];
  const item = state.byUuid.get(question);
  const raw = state.$raw.get()[question];
  if (field?.kind !== 'conflict' || !item || !raw) return Promise.resolve();
  state.$server.set({ ...state.$server.get(), [question]: field.theirs });
  const checked = checkRaw(item, raw, state.engine);
  if (!checked.send)
    return queue.put(question, raw, null, { baseVersion: field.theirs.version, errors: checked.errors });
  queue.hold(question, raw, field.theirs.version);
  return queue.put(question, raw, checked.send, { baseVersion: field.theirs.version });
}

/**
 * Where the form hears the connection return and the page being left or hidden (the browser's, or a test's stand-in).
 */
export interface PageEvents {
  window: EventTarget;
  document: EventTarget & { readonly visibilityState: string };
}

const browserPage = (): PageEvents | null => (typeof window === 'undefined' ? null : { window, document });

/**
 * Starts sending what was kept from an earlier visit, and again whenever the connection returns.
 * Before the page is left or hidden (pagehide, visibilitychange) what is typed is
 * saved at once and every waiting answer sent, with keepalive so the request outlives the page.
 * Returns the stop, which saves what is typed too (the form closes with the screen).
 */
export function startForm<Extra>(state: FormState<Extra>, page: PageEvents | null = browserPage()): () => void {
  const { queue } = state;
  const leavePage = () => {
    queue.leaving(true);
    void saveTyped(state);
    void queue.flush();
  };
  const listeners: [EventTarget, string, () => void][] = page
    ? [
        [page.window, 'online', () => void queue.retry()],
        [page.window, 'pagehide', leavePage],
        [page.window, 'pageshow', () => queue.leaving(false)],
        [
          page.document,
          'visibilitychange',
          () => (page.document.visibilityState === 'hidden' ? leavePage() : queue.leaving(false)),
        ],
      ]
    : [];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  sendKept(state);
  return () => {
    void saveTyped(state);
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    queue.stop();
  };
}

/** Drafts kept from an earlier visit are checked again (the rules may have changed) and sent. */
function sendKept<Extra>(state: FormState<Extra>): void {
  const { queue } = state;
  for (const draft of Object.values(queue.$drafts.get())) {
    const item = state.byUuid.get(draft.question_uuid);
    if (!item) {
      queue.discard(draft.question_uuid);
      continue;
    }
    const checked = checkRaw(item, draft.raw, state.engine);
    if (checked.send && sameAnswer(checked.send, state.$server.get()[draft.question_uuid]))
      queue.discard(draft.question_uuid);
    else if (!state.$locked.get())
      void queue.put(draft.question_uuid, draft.raw, checked.send, {
        baseVersion: draft.baseVersion,
        errors: checked.errors,
      });
  }
}
