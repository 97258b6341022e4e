import { atom } from 'nanostores';
import type { AnswerErrors, Draft, InputLike, QueueStatus, SavedLike } from './autosave-types.ts';
import type { DraftStorage } from './storage.ts';

const STORAGE_VERSION = 1;

type Drafts<Input, Raw> = Record<string, Draft<Input, Raw>>;

/** The autosave queue's book of drafts: what waits for the server (kept in storage) and where each answer stands. */
export function createDraftBook<Input extends InputLike, Saved extends SavedLike, Raw>(
  storage: DraftStorage,
  storageKey: string,
) {
  const $drafts = atom<Drafts<Input, Raw>>(readStored<Input, Raw>(storage, storageKey));
  const $status = atom<Record<string, QueueStatus<Saved>>>(initialStatus<Input, Saved, Raw>($drafts.get()));
  let seq = Math.max(0, ...Object.values($drafts.get()).map((draft) => draft.seq));

  function persist(drafts: Drafts<Input, Raw>): void {
    $drafts.set(drafts);
    if (Object.keys(drafts).length === 0) storage.remove(storageKey);
    else storage.write(storageKey, JSON.stringify({ v: STORAGE_VERSION, drafts }));
  }

  function setStatus(question: string, status: QueueStatus<Saved> | null): void {
    const next = { ...$status.get() };
    if (status) next[question] = status;
    else delete next[question];
    $status.set(next);
  }

  /** Drafts that may be sent now: complete, valid, not waiting for a choice. */
  function sendable(): Draft<Input, Raw>[] {
    const status = $status.get();
    return Object.values($drafts.get()).filter((draft) => {
      const kind = status[draft.question_uuid]?.kind;
      return draft.input !== null && (kind === 'pending' || kind === 'failed');
    });
  }

  /** Keeps a new draft of one question (what is typed, or the answer to send). */
  function put(
    question: string,
    raw: Raw,
    input: Input | null,
    state: { baseVersion: number | null; errors?: AnswerErrors | null },
  ): Draft<Input, Raw> {
    const draft: Draft<Input, Raw> = {
      question_uuid: question,
      raw,
      input: state.errors ? null : input,
      errors: state.errors ?? null,
      baseVersion: state.baseVersion,
      seq: ++seq,
    };
    persist({ ...$drafts.get(), [question]: draft });
    return draft;
  }

  return { $drafts, $status, persist, setStatus, sendable, put, nextSeq: () => ++seq };
}

export type DraftBook<Input extends InputLike, Saved extends SavedLike, Raw> = ReturnType<
  typeof createDraftBook<Input, Saved, Raw>
>;

function readStored<Input, Raw>(storage: DraftStorage, storageKey: string): Drafts<Input, Raw> {
  const text = storage.read(storageKey);
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as { v?: number; drafts?: Drafts<Input, Raw> };
    return parsed.v === STORAGE_VERSION && parsed.drafts ? parsed.drafts : {};
  } catch {
    return {};
  }
}

function initialStatus<Input, Saved, Raw>(drafts: Drafts<Input, Raw>): Record<string, QueueStatus<Saved>> {
  const status: Record<string, QueueStatus<Saved>> = {};
  for (const draft of Object.values(drafts)) {
    status[draft.question_uuid] = draft.errors
      ? { kind: 'invalid', errors: draft.errors }
      : draft.input
        ? { kind: 'pending' }
        : { kind: 'editing' };
  }
  return status;
}

export function statusOfDraft<Input, Saved, Raw>(draft: Draft<Input, Raw>): QueueStatus<Saved> {
  if (draft.errors) return { kind: 'invalid', errors: draft.errors };
  return draft.input ? { kind: 'pending' } : { kind: 'editing' };
}

/** The answer to send, with the version its draft started from (none for a first answer). */
export function withVersion<Input extends InputLike, Raw>(draft: Draft<Input, Raw>): Input | null {
  if (!draft.input) return null;
  const input = { ...draft.input };
  if (draft.baseVersion === null) delete input.version;
  else input.version = draft.baseVersion;
  return input;
}

/** What the bottom bar counts: answers not on the server yet, and those that need the person. */
export function summarise<Saved>(
  drafts: Record<string, unknown>,
  status: Record<string, QueueStatus<Saved>>,
): { unsaved: number; failed: number } {
  let unsaved = 0;
  let failed = 0;
  for (const question of Object.keys(drafts)) {
    const kind = status[question]?.kind;
    if (kind === 'failed' || kind === 'conflict' || kind === 'invalid' || kind === 'locked') failed++;
    else unsaved++;
  }
  return { unsaved, failed };
}
