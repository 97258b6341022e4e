import type { RoleName } from '../access/permissions.ts';
import type { LockReason, ReportAction, ReportStatus } from './schema.ts';
import { say } from '../i18n/said.ts';

/**
 * The national-report workflow (DESIGN.md §13): status × action × role → the next status or
 * the reason it is refused. Pure; the server enforces it, the back-office shows its buttons
 * from it. The ACL module rules and the country scope apply on top (checked by the routes).
 *
 *   not_started → in_progress (first save) → completed (complete) → submitted (upload)
 *   → accepted → published; return (note): completed | submitted | accepted → in_progress;
 *   reopen: completed → in_progress; unlock (admin, note): a locked report → in_progress;
 *   unpublish (admin): published → accepted.
 */

export interface WorkflowContext {
  /** Compulsory questions still unanswered (complete needs 0). */
  compulsoryMissing?: number;
  /** Answers that break their question's current rules (complete needs 0). */
  invalid?: number;
  /** The note sent with the action (return and unlock need one). */
  note?: string | null;
  /** Why the report's answers are locked now, if they are (status or cycle). */
  lockReason?: LockReason | null;
}

export type Decision = { ok: true; next: ReportStatus } | { ok: false; reason: string };

const COUNTRY_ROLES: readonly RoleName[] = ['state_admin', 'state_member'];
const ADMIN_ROLES: readonly RoleName[] = ['tuxuri', 'admin'];

/** Who may take each action (before status and context are looked at). */
export const ACTION_ROLES: Record<ReportAction, readonly RoleName[]> = {
  save: COUNTRY_ROLES,
  complete: COUNTRY_ROLES,
  reopen: COUNTRY_ROLES,
  submit: ['state_admin'],
  return: ['state_admin', ...ADMIN_ROLES],
  accept: ADMIN_ROLES,
  publish: ADMIN_ROLES,
  unpublish: ADMIN_ROLES,
  unlock: ADMIN_ROLES,
};

const ROLE_REFUSAL: Record<ReportAction, string> = {
  save: 'Only the country’s focal points and country administrators answer the questions',
  complete: 'Only the country’s focal points and country administrators mark a report complete',
  reopen: 'Only the country’s focal points and country administrators reopen a report',
  submit: 'Only the country administrator submits the signed report',
  return: 'Only the country administrator or an administrator returns a report',
  accept: 'Only an administrator accepts a report',
  publish: 'Only an administrator publishes a report',
  unpublish: 'Only an administrator unpublishes a report',
  unlock: 'Only an administrator unlocks a report',
};

const STATUS_LABEL: Record<ReportStatus, string> = {
  not_started: 'not started',
  in_progress: 'in progress',
  completed: 'completed',
  submitted: 'submitted',
  accepted: 'accepted',
  published: 'published',
};

/** The statuses whose answers are locked by the status itself. */
export const STATUS_LOCKS: Partial<Record<ReportStatus, LockReason>> = {
  submitted: 'submitted',
  accepted: 'accepted',
  published: 'published',
};

const refuse = (reason: string): Decision => ({ ok: false, reason });
const wrongStatus = (action: string, status: ReportStatus) =>
  refuse(
    say('A report that is {reportStatus} cannot be {reportAction}', {
      reportStatus: STATUS_LABEL[status],
      reportAction: action,
    }),
  );

/** Decides one workflow step. `role` is the user's single role (null: none or several). */
export function decide(
  status: ReportStatus,
  action: ReportAction,
  role: RoleName | null,
  ctx: WorkflowContext = {},
): Decision {
  if (role === null || !ACTION_ROLES[action].includes(role)) return refuse(ROLE_REFUSAL[action]);
  const cycleClosed = ctx.lockReason === 'cycle_closed';
  const hasNote = (ctx.note ?? '').trim() !== '';

  switch (action) {
    case 'save':
      if (status === 'not_started' || status === 'in_progress') {
        return cycleClosed
          ? refuse('The reporting period has ended: the answers are locked')
          : { ok: true, next: 'in_progress' };
      }
      if (status === 'completed') return refuse('The report is marked complete: reopen it to change its answers');
      return refuse(
        say('The report is {reportStatus}: its answers are locked', { reportStatus: STATUS_LABEL[status] }),
      );

    case 'complete':
      if (status !== 'in_progress') return wrongStatus('marked complete', status);
      if (cycleClosed) return refuse('The reporting period has ended: the report is locked');
      if ((ctx.invalid ?? 0) > 0) {
        return refuse(
          say(
            '{count, plural, one {# answer breaks its question’s rules: correct it first} other {# answers break ' +
              'their questions’ rules: correct them first}}',
            { count: ctx.invalid },
          ),
        );
      }
      if ((ctx.compulsoryMissing ?? 0) > 0) {
        return refuse(
          say(
            '{count, plural, one {# required question is still unanswered} other {# required questions are still ' +
              'unanswered}}',
            { count: ctx.compulsoryMissing },
          ),
        );
      }
      return { ok: true, next: 'completed' };

    case 'reopen':
      if (status !== 'completed') return wrongStatus('reopened', status);
      if (cycleClosed) return refuse('The reporting period has ended: the report is locked');
      return { ok: true, next: 'in_progress' };

    case 'submit':
      if (status !== 'completed' && status !== 'submitted') {
        return refuse(
          status === 'not_started' || status === 'in_progress'
            ? 'Mark the report complete before submitting the signed report'
            : say('A report that is {reportStatus} cannot be submitted again', { reportStatus: STATUS_LABEL[status] }),
        );
      }
      if (cycleClosed) return refuse('The reporting period has ended: the report is locked');
      return { ok: true, next: 'submitted' };

    case 'return': {
      const fromStatuses: readonly ReportStatus[] =
        role === 'state_admin' ? ['completed', 'submitted'] : ['completed', 'submitted', 'accepted'];
      if (!fromStatuses.includes(status)) return wrongStatus('returned', status);
      if (!hasNote) return refuse('Say why the report is returned (a note is required)');
      return { ok: true, next: 'in_progress' };
    }

    case 'accept':
      if (status !== 'submitted') return wrongStatus('accepted', status);
      return { ok: true, next: 'accepted' };

    case 'publish':
      if (status !== 'accepted') return wrongStatus('published', status);
      return { ok: true, next: 'published' };

    case 'unpublish':
      if (status !== 'published') return wrongStatus('unpublished', status);
      return { ok: true, next: 'accepted' };

    case 'unlock':
      if (!STATUS_LOCKS[status] && !cycleClosed) return refuse('The report is not locked');
      if (!hasNote) return refuse('Say why the report is unlocked (a note is required)');
      return { ok: true, next: 'in_progress' };
  }
}

/** The actions a role may take now (for the back-office's buttons). */
export function availableActions(
  status: ReportStatus,
  role: RoleName | null,
  ctx: WorkflowContext = {},
): ReportAction[] {
  const withNote = { ...ctx, note: 'x' };
  return (Object.keys(ACTION_ROLES) as ReportAction[]).filter((action) => {
    const needsNote = action === 'return' || action === 'unlock';
    return decide(status, action, role, needsNote ? withNote : ctx).ok;
  });
}

/** Why a report's answers are locked now, or null: its status first, then the cycle's lock date. */
export function lockReasonOf(
  status: ReportStatus,
  cycle: { status: string; locksAt: Date },
  now: Date,
  unlocked: boolean,
): LockReason | null {
  const byStatus = STATUS_LOCKS[status];
  if (byStatus) return byStatus;
  if (unlocked) return null;
  if (cycle.status === 'closed' || cycle.status === 'archived' || now.getTime() >= cycle.locksAt.getTime()) {
    return 'cycle_closed';
  }
  return null;
}

/** The workflow actions that decide whether a report is waiting for its revision: a return, then a submission. */
export const RETURN_ACTIONS = ['return', 'submit'] as const;

/**
 * The last return for revision of a report that has not been submitted again, from its
 * timeline (oldest first): who returned it, when and why; null otherwise.
 */
export function returnedOf(
  events: readonly { action: string; by: { name: string } | null; at: string; note: string | null }[],
  status: ReportStatus,
): { note: string | null; by: { name: string } | null; at: string } | null {
  if (status === 'submitted' || status === 'accepted' || status === 'published') return null;
  const last = events.findLast((event) => (RETURN_ACTIONS as readonly string[]).includes(event.action));
  return last?.action === 'return' ? { note: last.note, by: last.by, at: last.at } : null;
}
