import { atom, computed, type ReadableAtom } from 'nanostores';
import { createDraftBook, statusOfDraft, summarise, type DraftBook } from './autosave-drafts.ts';
import { sendOnce, type QueueCore } from './autosave-send.ts';
import type {
  AnswerErrors,
  AutosaveQueueOptions,
  Connection,
  Draft,
  InputLike,
  QueueStatus,
  SavedLike,
} from './autosave-types.ts';
import { m } from './messages.ts';

export type {
  AnswerErrors,
  AutosaveQueueOptions,
  Connection,
  InputLike,
  QueueStatus,
  SavedLike,
  SendOptions,
  SendResult,
  Transport,
} from './autosave-types.ts';
export { errorsByIndex } from './autosave-send.ts';

const DEFAULT_DELAYS = [2_000, 5_000, 15_000, 30_000, 60_000];

export function defaultRetryDelay(attempt: number): number {
  return DEFAULT_DELAYS[Math.min(attempt, DEFAULT_DELAYS.length - 1)] ?? 60_000;
}

/**
 * The autosave queue of a questionnaire (DESIGN.md §11). Answers are put in after a short pause
 * in typing, when the person leaves a field and before the page is left; valid ones are sent in batches, one request at
 * a time, with the version they
 * started from. Every answer not yet on the server stays in `storage`, so a reload, a dropped
 * connection or an expired sign-in loses nothing; `flush()` sends what waits (the form calls it
 * on the browser's `online` event, on "Retry" and after signing in again).
 */
export function createAutosaveQueue<Input extends InputLike, Saved extends SavedLike, Raw, Extra = unknown>(
  options: AutosaveQueueOptions<Input, Saved, Extra>,
) {
  const book = createDraftBook<Input, Saved, Raw>(options.storage, options.storageKey);
  const { $drafts, $status } = book;
  const { core, flush } = createSender<Input, Saved, Raw, Extra>(book, options);

  function put(
    question: string,
    raw: Raw,
    input: Input | null,
    state: { baseVersion: number | null; errors?: AnswerErrors | null },
  ): void {
    const draft = book.put(question, raw, input, state);
    if ($status.get()[question]?.kind !== 'saving')
      book.setStatus(
        question,
        core.state.locked ? { kind: 'locked', message: m('status.formLocked') } : statusOfDraft(draft),
      );
  }

  return {
    $drafts: $drafts as ReadableAtom<Record<string, Draft<Input, Raw>>>,
    $status: $status as ReadableAtom<Record<string, QueueStatus<Saved>>>,
    $connection: core.$connection as ReadableAtom<Connection>,
    /** What the bottom bar counts: answers not on the server yet, and those that need the person. */
    $summary: computed([$drafts, $status], (drafts, status) => summarise(drafts, status)),

    /** Keeps what is being typed (sent after a pause in typing, or when the person leaves the field). */
    hold(question: string, raw: Raw, baseVersion: number | null): void {
      put(question, raw, null, { baseVersion });
    },

    /** The person left the field: a valid answer is sent, an invalid one is kept with its errors. */
    put(
      question: string,
      raw: Raw,
      input: Input | null,
      state: { baseVersion: number | null; errors?: AnswerErrors | null },
    ): Promise<void> {
      put(question, raw, input, state);
      return state.errors || !input ? Promise.resolve() : flush();
    },

    /** Forgets a draft (the person chose the server's answer, or went back to it). */
    discard(question: string): void {
      const drafts = { ...$drafts.get() };
      delete drafts[question];
      book.persist(drafts);
      book.setStatus(question, null);
    },

    /** "Keep mine" after a conflict: send this answer again over their version. */
    keepMine(question: string, theirVersion: number): Promise<void> {
      const draft = $drafts.get()[question];
      if (!draft) return Promise.resolve();
      book.persist({ ...$drafts.get(), [question]: { ...draft, baseVersion: theirVersion, seq: book.nextSeq() } });
      book.setStatus(question, statusOfDraft(draft));
      return flush();
    },

    /** Sends again whatever failed or waits (the Retry buttons, the `online` event). */
    retry(): Promise<void> {
      core.state.attempt = 0;
      return flush();
    },

    flush,

    /** The form was unlocked (or reloaded unlocked): its answers may be sent again. */
    unlock(): void {
      core.state.locked = false;
      releaseLocked(book);
    },

    lock(message: string): void {
      core.state.locked = true;
      const status = { ...$status.get() };
      for (const question of Object.keys($drafts.get())) status[question] = { kind: 'locked', message };
      $status.set(status);
    },

    /** The page is being left or hidden (true) or is back (false): requests meanwhile go with keepalive. */
    leaving(on: boolean): void {
      core.state.leaving = on;
    },

    /** Stops the automatic retry timer (the form closed); drafts stay in storage. */
    stop: core.stopRetry,
  };
}

/**
 * The queue's sending side: `flush` sends what waits, one request at a time, until nothing
 * sendable is left or the network says no, and resolves when the queue is idle; a dropped
 * connection is retried after `options.retryDelay`.
 */
function createSender<Input extends InputLike, Saved extends SavedLike, Raw, Extra>(
  book: DraftBook<Input, Saved, Raw>,
  options: AutosaveQueueOptions<Input, Saved, Extra>,
) {
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const core: QueueCore<Input, Saved, Raw, Extra> & { stopRetry: () => void } = {
    book,
    options,
    $connection: atom<Connection>('online'),
    state: { locked: false, attempt: 0, leaving: false },
    scheduleRetry() {
      clearTimeout(retryTimer);
      const delay = retryDelay(core.state.attempt++);
      if (delay !== null) retryTimer = setTimeout(() => void flush(), delay);
    },
    stopRetry() {
      clearTimeout(retryTimer);
      retryTimer = undefined;
    },
  };

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
          progressed = await sendOnce(core);
          progressed =
            (progressed && book.sendable().length > 0) ||
            (again && book.sendable().some((d) => book.$status.get()[d.question_uuid]?.kind === 'pending'));
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return { core, flush };
}

/** Answers that were locked wait to be sent again (or are forgotten when they have no draft). */
function releaseLocked<Input extends InputLike, Saved extends SavedLike, Raw>(
  book: DraftBook<Input, Saved, Raw>,
): void {
  const status = { ...book.$status.get() };
  for (const [question, entry] of Object.entries(status)) {
    if (entry.kind === 'locked') {
      const draft = book.$drafts.get()[question];
      if (draft) status[question] = statusOfDraft(draft);
      else delete status[question];
    }
  }
  book.$status.set(status);
}
