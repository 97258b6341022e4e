import type { ReadableAtom } from 'nanostores';
import type { FormState } from './form-state.ts';
import type { FieldState } from './form-types.ts';
import { checkRaw, rawOf, sameAnswer, type RawAnswer } from './raw-answer.ts';

/** The person types: the inputs follow at once, the browser keeps it shortly after. */
export function changeField<Extra>(state: FormState<Extra>, question: string, patch: Partial<RawAnswer>): void {
  const { $raw, $touched, $locked, queue, typing } = state;
  if ($locked.get() || state.lockedByRights(question)) return;
  const next = { ...$raw.get()[question]!, ...patch };
  $raw.set({ ...$raw.get(), [question]: next });
  $touched.set(new Set([...$touched.get(), question]));
  clearTimeout(typing.holdTimers.get(question));
  typing.setTyping(question, true);
  typing.holdTimers.set(question, setTimeout(() => {
    typing.holdTimers.delete(question);
    typing.setTyping(question, false);
    if (queue.$status.get()[question]?.kind !== 'conflict') queue.hold(question, next, state.baseVersion(question));
  }, 300));
}

/**
 * The person left the field: an unchanged answer is let go, an invalid one is kept with its
 * reasons (not sent), a valid changed one is saved.
 */
export function leaveField<Extra>(state: FormState<Extra>, question: string): Promise<void> {
  const { queue, typing } = state;
  clearTimeout(typing.holdTimers.get(question));
  typing.holdTimers.delete(question);
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
  if (checked.send && draft?.input && (kind === 'saving' || kind === 'pending') && sameAnswer(checked.send, draft.input)) return Promise.resolve();
  return queue.put(question, raw, checked.send, { baseVersion: state.baseVersion(question), errors: checked.errors });
}

/** A choice (checkbox, radio button, list): shown and saved at once, without waiting for focus to leave. */
export function chooseField<Extra>(state: FormState<Extra>, question: string, patch: Partial<RawAnswer>): Promise<void> {
  const { $raw, $touched } = state;
  if (state.$locked.get() || state.lockedByRights(question)) return Promise.resolve();
  $raw.set({ ...$raw.get(), [question]: { ...$raw.get()[question]!, ...patch } });
  $touched.set(new Set([...$touched.get(), question]));
  return leaveField(state, question);
}

/** Conflict: take the other person's answer and drop mine. */
export function useTheirAnswer<Extra>(state: FormState<Extra>, $fields: ReadableAtom<Record<string, FieldState>>, question: string): void {
  const field = $fields.get()[question];
  const item = state.byUuid.get(question);
  if (field?.kind !== 'conflict' || !item) return;
  state.$server.set({ ...state.$server.get(), [question]: field.theirs });
  state.$raw.set({ ...state.$raw.get(), [question]: rawOf(item, field.theirs) });
  state.queue.discard(question);
}

/** Conflict: save mine over theirs (their version becomes the base). */
export function keepMyAnswer<Extra>(state: FormState<Extra>, $fields: ReadableAtom<Record<string, FieldState>>, question: string): Promise<void> {
  const { queue } = state;
  const field = $fields.get()[question];
  const item = state.byUuid.get(question);
  const raw = state.$raw.get()[question];
  if (field?.kind !== 'conflict' || !item || !raw) return Promise.resolve();
  state.$server.set({ ...state.$server.get(), [question]: field.theirs });
  const checked = checkRaw(item, raw, state.engine);
  if (!checked.send) return queue.put(question, raw, null, { baseVersion: field.theirs.version, errors: checked.errors });
  queue.hold(question, raw, field.theirs.version);
  return queue.put(question, raw, checked.send, { baseVersion: field.theirs.version });
}

/** Starts sending what was kept from an earlier visit, and again whenever the connection returns; returns the stop. */
export function startForm<Extra>(state: FormState<Extra>): () => void {
  const { queue, typing } = state;
  const onOnline = () => void queue.retry();
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  // Drafts kept from an earlier visit are checked again (the rules may have changed) and sent.
  for (const draft of Object.values(queue.$drafts.get())) {
    const item = state.byUuid.get(draft.question_uuid);
    if (!item) {
      queue.discard(draft.question_uuid);
      continue;
    }
    const checked = checkRaw(item, draft.raw, state.engine);
    if (checked.send && sameAnswer(checked.send, state.$server.get()[draft.question_uuid])) queue.discard(draft.question_uuid);
    else if (!state.$locked.get()) void queue.put(draft.question_uuid, draft.raw, checked.send, { baseVersion: draft.baseVersion, errors: checked.errors });
  }
  return () => {
    for (const timer of typing.holdTimers.values()) clearTimeout(timer);
    typing.holdTimers.clear();
    typing.$typing.set(new Set());
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
    queue.stop();
  };
}
