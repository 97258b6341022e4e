import type { WritableAtom } from 'nanostores';
import { statusOfDraft, withVersion, type DraftBook } from './autosave-drafts.ts';
import type {
  AnswerErrors,
  AutosaveQueueOptions,
  Connection,
  Draft,
  InputLike,
  SavedLike,
  SendResult,
} from './autosave-types.ts';
import { m } from './messages.ts';

/** What one autosave queue shares between its sends: its drafts, its connection and whether it is locked. */
export interface QueueCore<Input extends InputLike, Saved extends SavedLike, Raw, Extra> {
  book: DraftBook<Input, Saved, Raw>;
  options: AutosaveQueueOptions<Input, Saved, Extra>;
  $connection: WritableAtom<Connection>;
  /** `leaving`: the page is being left or hidden, so requests go with keepalive. */
  state: { locked: boolean; attempt: number; leaving: boolean };
  scheduleRetry: () => void;
}

/** One request's batch, the drafts as they stand after it, and which of them were not edited meanwhile. */
interface Round<Input extends InputLike, Saved extends SavedLike, Raw, Extra> {
  core: QueueCore<Input, Saved, Raw, Extra>;
  batch: Draft<Input, Raw>[];
  drafts: Record<string, Draft<Input, Raw>>;
  stillCurrent: (question: string) => boolean;
  /** A draft edited while its save was under way is pending again, whatever the outcome. */
  backToPending: (question: string) => void;
}

/** Sends one batch of what waits and takes in the answer; true when it is worth sending again. */
export async function sendOnce<Input extends InputLike, Saved extends SavedLike, Raw, Extra>(
  core: QueueCore<Input, Saved, Raw, Extra>,
): Promise<boolean> {
  const { book } = core;
  const batch = book.sendable();
  if (batch.length === 0 || core.state.locked) return false;
  const sentSeq = new Map(batch.map((draft) => [draft.question_uuid, draft.seq]));
  const inputs = batch.map(withVersion).filter((input): input is Input => input !== null);
  for (const draft of batch) book.setStatus(draft.question_uuid, { kind: 'saving' });

  let result: SendResult<Saved, Extra>;
  try {
    result = await core.options.transport(inputs, core.state.leaving ? { keepalive: true } : undefined);
  } catch (error) {
    result = { kind: 'failed', message: error instanceof Error ? error.message : m('send.failed') };
  }

  const drafts = { ...book.$drafts.get() };
  const stillCurrent = (question: string) =>
    drafts[question] !== undefined && drafts[question].seq === sentSeq.get(question);
  const backToPending = (question: string) => {
    if (drafts[question] && !stillCurrent(question)) book.setStatus(question, statusOfDraft(drafts[question]));
  };
  return applyResult({ core, batch, drafts, stillCurrent, backToPending }, result);
}

function applyResult<Input extends InputLike, Saved extends SavedLike, Raw, Extra>(
  round: Round<Input, Saved, Raw, Extra>,
  result: SendResult<Saved, Extra>,
): boolean {
  const { core, batch } = round;
  const { book } = core;
  switch (result.kind) {
    case 'saved':
      return applySaved(round, result.answers, result.extra);
    case 'conflict':
      return applyConflict(round, result.current, result.message);
    case 'invalid':
      return applyInvalid(round, result.errors, result.message);
    case 'locked': {
      core.state.locked = true;
      for (const draft of batch) book.setStatus(draft.question_uuid, { kind: 'locked', message: result.message });
      core.options.onLocked?.(result.message, result.reason);
      return false;
    }
    case 'offline':
    case 'signedOut': {
      core.$connection.set(result.kind);
      for (const draft of batch) book.setStatus(draft.question_uuid, { kind: 'pending' });
      for (const draft of batch) round.backToPending(draft.question_uuid);
      if (result.kind === 'offline') core.scheduleRetry();
      return false;
    }
    case 'failed': {
      core.$connection.set('online');
      for (const draft of batch) book.setStatus(draft.question_uuid, { kind: 'failed', message: result.message });
      for (const draft of batch) round.backToPending(draft.question_uuid);
      return false;
    }
  }
}

function applySaved<Input extends InputLike, Saved extends SavedLike, Raw, Extra>(
  round: Round<Input, Saved, Raw, Extra>,
  answers: Saved[],
  extra: Extra,
): boolean {
  const { core, drafts } = round;
  core.state.attempt = 0;
  core.$connection.set('online');
  for (const answer of answers) {
    const draft = drafts[answer.question_uuid];
    if (!draft) continue;
    if (round.stillCurrent(answer.question_uuid)) {
      delete drafts[answer.question_uuid];
      core.book.setStatus(answer.question_uuid, { kind: 'saved' });
    } else {
      drafts[answer.question_uuid] = { ...draft, baseVersion: answer.version };
      round.backToPending(answer.question_uuid);
    }
  }
  core.book.persist(drafts);
  core.options.onSaved?.(answers, extra);
  return true;
}

function applyConflict<Input extends InputLike, Saved extends SavedLike, Raw, Extra>(
  round: Round<Input, Saved, Raw, Extra>,
  current: Saved[],
  message: string,
): boolean {
  const { core, batch, drafts } = round;
  const { book, options } = core;
  core.$connection.set('online');
  const byQuestion = new Map(current.map((answer) => [answer.question_uuid, answer]));
  if (byQuestion.size === 0) {
    for (const draft of batch) book.setStatus(draft.question_uuid, { kind: 'failed', message });
    return false;
  }
  for (const draft of batch) {
    const theirs = byQuestion.get(draft.question_uuid);
    const mine = drafts[draft.question_uuid];
    if (!mine) continue;
    if (!theirs) {
      book.setStatus(draft.question_uuid, statusOfDraft(mine));
    } else if (mine.input && options.sameAnswer?.(mine.input, theirs)) {
      // Our own earlier save whose reply was lost: the server has this answer already.
      delete drafts[draft.question_uuid];
      book.setStatus(draft.question_uuid, { kind: 'saved' });
      options.onSaved?.([theirs], undefined as Extra);
    } else {
      book.setStatus(draft.question_uuid, { kind: 'conflict', theirs });
    }
  }
  book.persist(drafts);
  return true;
}

function applyInvalid<Input extends InputLike, Saved extends SavedLike, Raw, Extra>(
  round: Round<Input, Saved, Raw, Extra>,
  errors: Record<string, string[]>,
  message: string,
): boolean {
  const { core, batch, drafts } = round;
  const { book } = core;
  core.$connection.set('online');
  const byIndex = errorsByIndex(errors);
  if (byIndex.size === 0) {
    for (const draft of batch) book.setStatus(draft.question_uuid, { kind: 'failed', message });
    return false;
  }
  batch.forEach((draft, index) => {
    const found = byIndex.get(index);
    const current = drafts[draft.question_uuid];
    if (!current) return;
    if (found && round.stillCurrent(draft.question_uuid)) {
      drafts[draft.question_uuid] = { ...current, input: null, errors: found };
      book.setStatus(draft.question_uuid, { kind: 'invalid', errors: found });
    } else {
      book.setStatus(draft.question_uuid, statusOfDraft(current));
    }
  });
  book.persist(drafts);
  return true;
}

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
