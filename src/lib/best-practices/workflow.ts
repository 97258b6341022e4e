/**
 * The review workflow of best practices (DESIGN.md §13): status × action × actor → the next
 * status, or why the action is refused. Pure and shared: the server enforces it, the form
 * shows only the buttons it allows.
 *
 * Actors: `author` is a country role (state_admin, state_member) acting inside its own
 * country; `reviewer` is an administrator (tuxuri, admin). Reviewers may also write and submit.
 */
import type { PracticeAction, PracticeStatus } from './schema.ts';
import { say } from '../i18n/said.ts';

export type PracticeActor = 'author' | 'reviewer';

/** Why an action is refused: the actor's role, the practice's status, or a missing note. */
export type RefusalKind = 'role' | 'status' | 'note';
export type TransitionResult = { ok: true; next: PracticeStatus } | { ok: false; kind: RefusalKind; reason: string };

interface Rule {
  from: readonly PracticeStatus[];
  to: PracticeStatus | 'same';
  by: readonly PracticeActor[];
  /** A note is required (it tells the author why). */
  note?: boolean;
  /** Also taken by a published practice being revised, whatever its status (decision 033). */
  whileRevised?: boolean;
  /** Refused while a published practice is revised. */
  notWhileRevised?: boolean;
}

/**
 * A published practice being revised (decision 033): "Revise" sent it back to draft and the
 * public library keeps showing it as published until a new version is published or it is archived.
 */
export interface PracticeContext {
  revised: boolean;
}
const NOT_REVISED: PracticeContext = { revised: false };

const BOTH: readonly PracticeActor[] = ['author', 'reviewer'];
const REVIEWERS: readonly PracticeActor[] = ['reviewer'];

export const TRANSITIONS: Record<PracticeAction, Rule> = {
  submit: { from: ['draft', 'changes_requested'], to: 'submitted', by: BOTH },
  withdraw: { from: ['submitted'], to: 'draft', by: BOTH },
  request_changes: { from: ['submitted'], to: 'changes_requested', by: REVIEWERS, note: true },
  publish: { from: ['submitted'], to: 'published', by: REVIEWERS },
  reject: { from: ['submitted'], to: 'rejected', by: REVIEWERS, note: true, notWhileRevised: true },
  archive: { from: ['published'], to: 'archived', by: REVIEWERS, whileRevised: true },
  unarchive: { from: ['archived'], to: 'published', by: REVIEWERS },
  feature: { from: ['published'], to: 'same', by: REVIEWERS },
  unfeature: { from: ['published', 'archived'], to: 'same', by: REVIEWERS },
  revise: { from: ['published'], to: 'draft', by: BOTH },
};

export const ACTION_LABELS: Record<PracticeAction, string> = {
  submit: 'Submit for review',
  withdraw: 'Withdraw submission',
  request_changes: 'Request changes',
  publish: 'Publish',
  reject: 'Reject',
  archive: 'Archive',
  unarchive: 'Restore to the library',
  feature: 'Feature on the home page',
  unfeature: 'Stop featuring',
  revise: 'Revise',
};

export const PRACTICE_STATUS_LABELS: Record<PracticeStatus, string> = {
  draft: 'Draft',
  submitted: 'Waiting for review',
  changes_requested: 'Changes requested',
  published: 'Published',
  rejected: 'Not accepted',
  archived: 'Archived',
};

/** What `actor` doing `action` on a practice in `status` leads to. */
export function transition(
  status: PracticeStatus,
  action: PracticeAction,
  actor: PracticeActor,
  note?: string | null,
  context: PracticeContext = NOT_REVISED,
): TransitionResult {
  const rule = TRANSITIONS[action];
  if (!rule.by.includes(actor))
    return {
      ok: false,
      kind: 'role',
      reason: say('Only administrators may {practiceDo}', { practiceDo: ACTION_LABELS[action].toLowerCase() }),
    };
  if (context.revised && rule.notWhileRevised) {
    return {
      ok: false,
      kind: 'status',
      reason:
        'A published practice being revised cannot be rejected: request changes, or archive it to take it off ' +
        'the public library',
    };
  }
  if (!rule.from.includes(status) && !(context.revised && rule.whileRevised)) {
    return {
      ok: false,
      kind: 'status',
      reason: say('A practice that is {practiceStatus} cannot take “{practiceAction}”', {
        practiceStatus: PRACTICE_STATUS_LABELS[status].toLowerCase(),
        practiceAction: ACTION_LABELS[action],
      }),
    };
  }
  if (rule.note && !note?.trim()) return { ok: false, kind: 'note', reason: 'Write a note telling the authors why' };
  return { ok: true, next: rule.to === 'same' ? status : rule.to };
}

/** The actions `actor` may take on a practice in `status` (the note aside). */
export function allowedActions(
  status: PracticeStatus,
  actor: PracticeActor,
  context: PracticeContext = NOT_REVISED,
): PracticeAction[] {
  return (Object.keys(TRANSITIONS) as PracticeAction[]).filter(
    (action) => transition(status, action, actor, 'note', context).ok,
  );
}

/**
 * Whether the content may be edited: authors in their turn, reviewers until it is closed. Nobody
 * edits a published practice in place: "Revise" first, so that the public library keeps the
 * published version until a new one is published (decision 033).
 */
export function canEditContent(status: PracticeStatus, actor: PracticeActor): boolean {
  if (actor === 'author') return status === 'draft' || status === 'changes_requested';
  return status !== 'rejected' && status !== 'archived' && status !== 'published';
}

/**
 * Whether review comments may be marked resolved or open again: authors while the practice is
 * theirs to change (so a reviewer finds the comments as the authors left them on resubmission),
 * reviewers at any time.
 */
export function canResolveComments(status: PracticeStatus, actor: PracticeActor): boolean {
  return actor === 'reviewer' || canEditContent(status, 'author');
}

/**
 * Whether the practice may be deleted: authors only their drafts, reviewers anything not public.
 * A published practice being revised is public (its kept copy): archive it first.
 */
export function canDelete(
  status: PracticeStatus,
  actor: PracticeActor,
  context: PracticeContext = NOT_REVISED,
): boolean {
  if (context.revised) return false;
  if (actor === 'author') return status === 'draft';
  return status !== 'published';
}
