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

/** How one request goes: `keepalive` while the page is being left, so the request outlives it. */
export interface SendOptions {
  keepalive?: boolean;
}

export type Transport<Input, Saved, Extra> = (
  batch: Input[],
  options?: SendOptions,
) => Promise<SendResult<Saved, Extra>>;

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
