import { atom, computed, type ReadableAtom } from 'nanostores';
import type { DraftStorage } from './storage.ts';

/** Messages per field of one answer (`value`, `source`, `data_year`…), as the form shows them. */
export type AnswerErrors = Record<string, string[]>;

/** What the queue needs of an answer the server holds. */
export interface SavedLike {
  question_uuid: string;
  version: number;
}

/** What the queue needs of an answer it sends. */
export interface InputLike {
  question_uuid: string;
  version?: number | undefined;
}

/** The outcome of one request of the transport (the network, or a test's stand-in for it). */
export type SendResult<Saved, Extra> =
  | { kind: 'saved'; answers: Saved[]; extra: Extra }
  /** 409: the answers that changed under us, as they are now. */
  | { kind: 'conflict'; current: Saved[]; message: string }
  /** 400: messages by `answers.<i>.<field>` (i = index in the batch). */
  | { kind: 'invalid'; errors: Record<string, string[]>; message: string }
  /** 423: the form is locked. */
  | { kind: 'locked'; message: string; reason: string | null }
  /** No connection: the answers wait and go when it returns. */
  | { kind: 'offline'; message: string }
  /** 401: the sign-in expired; the answers wait for the person to sign in again. */
  | { kind: 'signedOut'; message: string }
  | { kind: 'failed'; message: string };

export type Transport<Input, Saved, Extra> = (batch: Input[]) => Promise<SendResult<Saved, Extra>>;

/** Where one question's answer stands between the person's typing and the server. */
export type QueueStatus<Saved> =
  | { kind: 'editing' }
  | { kind: 'invalid'; errors: AnswerErrors }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict'; theirs: Saved }
  | { kind: 'locked'; message: string };

/** One answer the server does not have yet, kept in the browser until it does. */
export interface Draft<Input, Raw> {
  question_uuid: string;
  /** What the inputs show (numbers as typed), to restore the form after a reload. */
  raw: Raw;
  /** The answer to send; null while it is being typed or is invalid. */
  input: Input | null;
  errors: AnswerErrors | null;
  /** The version the person started from (null: the first answer). */
  baseVersion: number | null;
  /** Increases with every change, so a save that crossed a newer edit does not drop it. */
  seq: number;
}

export type Connection = 'online' | 'offline' | 'signedOut';

export interface AutosaveQueueOptions<Input, Saved, Extra> {
  storage: DraftStorage;
  storageKey: string;
  transport: Transport<Input, Saved, Extra>;
  onSaved?: (answers: Saved[], extra: Extra) => void;
  onLocked?: (message: string, reason: string | null) => void;
  /** Two answers of the same question are the same (a 409 about our own lost reply is no conflict). */
  sameAnswer?: (draft: Input, theirs: Saved) => boolean;
  /** Delay before sending again after a dropped connection; null stops automatic retries. */
  retryDelay?: (attempt: number) => number | null;
}

const STORAGE_VERSION = 1;
const DEFAULT_DELAYS = [2_000, 5_000, 15_000, 30_000, 60_000];

export function defaultRetryDelay(attempt: number): number {
  return DEFAULT_DELAYS[Math.min(attempt, DEFAULT_DELAYS.length - 1)] ?? 60_000;
}

/**
 * The autosave queue of a questionnaire (DESIGN.md §11). Answers are put in when the person
 * leaves a field; valid ones are sent in batches, one request at a time, with the version they
 * started from. Every answer not yet on the server stays in `storage`, so a reload, a dropped
 * connection or an expired sign-in loses nothing; `flush()` sends what waits (the form calls it
 * on the browser's `online` event, on "Retry" and after signing in again).
 */
export function createAutosaveQueue<Input extends InputLike, Saved extends SavedLike, Raw, Extra = unknown>(
  options: AutosaveQueueOptions<Input, Saved, Extra>,
) {
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  const $drafts = atom<Record<string, Draft<Input, Raw>>>(readStored());
  const $status = atom<Record<string, QueueStatus<Saved>>>(initialStatus($drafts.get()));
  const $connection = atom<Connection>('online');
  let seq = Math.max(0, ...Object.values($drafts.get()).map((draft) => draft.seq));
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let locked = false;

  function readStored(): Record<string, Draft<Input, Raw>> {
    const text = options.storage.read(options.storageKey);
    if (!text) return {};
    try {
      const parsed = JSON.parse(text) as { v?: number; drafts?: Record<string, Draft<Input, Raw>> };
      return parsed.v === STORAGE_VERSION && parsed.drafts ? parsed.drafts : {};
    } catch {
      return {};
    }
  }

  function initialStatus(drafts: Record<string, Draft<Input, Raw>>): Record<string, QueueStatus<Saved>> {
    const status: Record<string, QueueStatus<Saved>> = {};
    for (const draft of Object.values(drafts)) {
      status[draft.question_uuid] = draft.errors ? { kind: 'invalid', errors: draft.errors } : draft.input ? { kind: 'pending' } : { kind: 'editing' };
    }
    return status;
  }

  function persist(drafts: Record<string, Draft<Input, Raw>>): void {
    $drafts.set(drafts);
    if (Object.keys(drafts).length === 0) options.storage.remove(options.storageKey);
    else options.storage.write(options.storageKey, JSON.stringify({ v: STORAGE_VERSION, drafts }));
  }

  function setStatus(question: string, status: QueueStatus<Saved> | null): void {
    const next = { ...$status.get() };
    if (status) next[question] = status;
    else delete next[question];
    $status.set(next);
  }

  function withVersion(draft: Draft<Input, Raw>): Input | null {
    if (!draft.input) return null;
    const input = { ...draft.input };
    if (draft.baseVersion === null) delete input.version;
    else input.version = draft.baseVersion;
    return input;
  }

  /** Drafts that may be sent now: complete, valid, not waiting for a choice. */
  function sendable(): Draft<Input, Raw>[] {
    const status = $status.get();
    return Object.values($drafts.get()).filter((draft) => {
      const kind = status[draft.question_uuid]?.kind;
      return draft.input !== null && (kind === 'pending' || kind === 'failed');
    });
  }

  function scheduleRetry(): void {
    clearTimeout(retryTimer);
    const delay = retryDelay(attempt++);
    if (delay !== null) retryTimer = setTimeout(() => void flush(), delay);
  }

  async function sendOnce(): Promise<boolean> {
    const batch = sendable();
    if (batch.length === 0 || locked) return false;
    const sentSeq = new Map(batch.map((draft) => [draft.question_uuid, draft.seq]));
    const inputs = batch.map(withVersion).filter((input): input is Input => input !== null);
    for (const draft of batch) setStatus(draft.question_uuid, { kind: 'saving' });

    let result: SendResult<Saved, Extra>;
    try {
      result = await options.transport(inputs);
    } catch (error) {
      result = { kind: 'failed', message: error instanceof Error ? error.message : 'The answer could not be saved.' };
    }

    const drafts = { ...$drafts.get() };
    const stillCurrent = (question: string) => drafts[question] !== undefined && drafts[question].seq === sentSeq.get(question);
    // A draft edited while its save was under way is pending again, whatever the outcome.
    const backToPending = (question: string) => {
      if (drafts[question] && !stillCurrent(question)) setStatus(question, statusOfDraft(drafts[question]));
    };

    switch (result.kind) {
      case 'saved': {
        attempt = 0;
        $connection.set('online');
        for (const answer of result.answers) {
          const draft = drafts[answer.question_uuid];
          if (!draft) continue;
          if (stillCurrent(answer.question_uuid)) {
            delete drafts[answer.question_uuid];
            setStatus(answer.question_uuid, { kind: 'saved' });
          } else {
            drafts[answer.question_uuid] = { ...draft, baseVersion: answer.version };
            backToPending(answer.question_uuid);
          }
        }
        persist(drafts);
        options.onSaved?.(result.answers, result.extra);
        return true;
      }
      case 'conflict': {
        $connection.set('online');
        const byQuestion = new Map(result.current.map((answer) => [answer.question_uuid, answer]));
        if (byQuestion.size === 0) {
          for (const draft of batch) setStatus(draft.question_uuid, { kind: 'failed', message: result.message });
          return false;
        }
        for (const draft of batch) {
          const theirs = byQuestion.get(draft.question_uuid);
          const current = drafts[draft.question_uuid];
          if (!current) continue;
          if (!theirs) {
            setStatus(draft.question_uuid, statusOfDraft(current));
          } else if (current.input && options.sameAnswer?.(current.input, theirs)) {
            // Our own earlier save whose reply was lost: the server has this answer already.
            delete drafts[draft.question_uuid];
            setStatus(draft.question_uuid, { kind: 'saved' });
            options.onSaved?.([theirs], undefined as Extra);
          } else {
            setStatus(draft.question_uuid, { kind: 'conflict', theirs });
          }
        }
        persist(drafts);
        return true;
      }
      case 'invalid': {
        $connection.set('online');
        const byIndex = errorsByIndex(result.errors);
        if (byIndex.size === 0) {
          for (const draft of batch) setStatus(draft.question_uuid, { kind: 'failed', message: result.message });
          return false;
        }
        batch.forEach((draft, index) => {
          const errors = byIndex.get(index);
          const current = drafts[draft.question_uuid];
          if (!current) return;
          if (errors && stillCurrent(draft.question_uuid)) {
            drafts[draft.question_uuid] = { ...current, input: null, errors };
            setStatus(draft.question_uuid, { kind: 'invalid', errors });
          } else {
            setStatus(draft.question_uuid, statusOfDraft(current));
          }
        });
        persist(drafts);
        return true;
      }
      case 'locked': {
        locked = true;
        for (const draft of batch) setStatus(draft.question_uuid, { kind: 'locked', message: result.message });
        options.onLocked?.(result.message, result.reason);
        return false;
      }
      case 'offline':
      case 'signedOut': {
        $connection.set(result.kind);
        for (const draft of batch) setStatus(draft.question_uuid, { kind: 'pending' });
        for (const draft of batch) backToPending(draft.question_uuid);
        if (result.kind === 'offline') scheduleRetry();
        return false;
      }
      case 'failed': {
        $connection.set('online');
        for (const draft of batch) setStatus(draft.question_uuid, { kind: 'failed', message: result.message });
        for (const draft of batch) backToPending(draft.question_uuid);
        return false;
      }
    }
  }

  function statusOfDraft(draft: Draft<Input, Raw>): QueueStatus<Saved> {
    if (draft.errors) return { kind: 'invalid', errors: draft.errors };
    return draft.input ? { kind: 'pending' } : { kind: 'editing' };
  }

  /**
   * Sends what waits, one request at a time, until nothing sendable is left or the network says
   * no. Resolves when the queue is idle.
   */
  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    clearTimeout(retryTimer);
    running = (async () => {
      try {
        let progressed = true;
        while (progressed) {
          again = false;
          progressed = await sendOnce();
          progressed = (progressed && sendable().length > 0) || (again && sendable().some((d) => $status.get()[d.question_uuid]?.kind === 'pending'));
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function put(question: string, raw: Raw, input: Input | null, state: { baseVersion: number | null; errors?: AnswerErrors | null }): void {
    const draft: Draft<Input, Raw> = {
      question_uuid: question,
      raw,
      input: state.errors ? null : input,
      errors: state.errors ?? null,
      baseVersion: state.baseVersion,
      seq: ++seq,
    };
    persist({ ...$drafts.get(), [question]: draft });
    if ($status.get()[question]?.kind !== 'saving') setStatus(question, locked ? { kind: 'locked', message: 'This form is locked.' } : statusOfDraft(draft));
  }

  return {
    $drafts: $drafts as ReadableAtom<Record<string, Draft<Input, Raw>>>,
    $status: $status as ReadableAtom<Record<string, QueueStatus<Saved>>>,
    $connection: $connection as ReadableAtom<Connection>,
    /** What the bottom bar counts: answers not on the server yet, and those that need the person. */
    $summary: computed([$drafts, $status], (drafts, status) => {
      let unsaved = 0;
      let failed = 0;
      for (const question of Object.keys(drafts)) {
        const kind = status[question]?.kind;
        if (kind === 'failed' || kind === 'conflict' || kind === 'invalid' || kind === 'locked') failed++;
        else unsaved++;
      }
      return { unsaved, failed };
    }),

    /** Keeps what is being typed (not sent until the person leaves the field). */
    hold(question: string, raw: Raw, baseVersion: number | null): void {
      put(question, raw, null, { baseVersion });
    },

    /** The person left the field: a valid answer is sent, an invalid one is kept with its errors. */
    put(question: string, raw: Raw, input: Input | null, state: { baseVersion: number | null; errors?: AnswerErrors | null }): Promise<void> {
      put(question, raw, input, state);
      return state.errors || !input ? Promise.resolve() : flush();
    },

    /** Forgets a draft (the person chose the server's answer, or went back to it). */
    discard(question: string): void {
      const drafts = { ...$drafts.get() };
      delete drafts[question];
      persist(drafts);
      setStatus(question, null);
    },

    /** "Keep mine" after a conflict: send this answer again over their version. */
    keepMine(question: string, theirVersion: number): Promise<void> {
      const draft = $drafts.get()[question];
      if (!draft) return Promise.resolve();
      persist({ ...$drafts.get(), [question]: { ...draft, baseVersion: theirVersion, seq: ++seq } });
      setStatus(question, statusOfDraft(draft));
      return flush();
    },

    /** Sends again whatever failed or waits (the Retry buttons, the `online` event). */
    retry(): Promise<void> {
      attempt = 0;
      return flush();
    },

    flush,

    /** The form was unlocked (or reloaded unlocked): its answers may be sent again. */
    unlock(): void {
      locked = false;
      const status = { ...$status.get() };
      for (const [question, entry] of Object.entries(status)) {
        if (entry.kind === 'locked') {
          const draft = $drafts.get()[question];
          if (draft) status[question] = statusOfDraft(draft);
          else delete status[question];
        }
      }
      $status.set(status);
    },

    lock(message: string): void {
      locked = true;
      const status = { ...$status.get() };
      for (const question of Object.keys($drafts.get())) status[question] = { kind: 'locked', message };
      $status.set(status);
    },

    /** Stops the automatic retry timer (the form closed); drafts stay in storage. */
    stop(): void {
      clearTimeout(retryTimer);
      retryTimer = undefined;
    },
  };
}

export type AutosaveQueue<Input extends InputLike, Saved extends SavedLike, Raw, Extra = unknown> = ReturnType<
  typeof createAutosaveQueue<Input, Saved, Raw, Extra>
>;

/** `answers.2.source` → index 2, field `source`; `answers.2` alone → field `value`. */
export function errorsByIndex(errors: Record<string, string[]>): Map<number, AnswerErrors> {
  const byIndex = new Map<number, AnswerErrors>();
  for (const [path, messages] of Object.entries(errors)) {
    const match = /^answers\.(\d+)(?:\.(.+))?$/.exec(path);
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2]?.split('.')[0] ?? 'value';
    const entry = byIndex.get(index) ?? {};
    (entry[field] ??= []).push(...messages);
    byIndex.set(index, entry);
  }
  return byIndex;
}
