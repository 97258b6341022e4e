import type { Context } from 'hono';
import { requireActiveUser, requireCountryScope, requireModuleRule } from '../access/guards.server.ts';
import { hasModuleRule, isAdminLevel } from '../access/permissions.ts';
import type { AppEnv, AuthedUser } from '../deps.server.ts';
import { ApiError, forbidden } from '../http/errors.server.ts';
import type { PracticeRow } from './mappers.server.ts';
import {
  canDelete,
  canEditContent,
  canResolveComments,
  PRACTICE_STATUS_LABELS,
  type PracticeActor,
} from './workflow.ts';
import { PracticeStatusSchema, type PracticeStatus } from './schema.ts';
import { contextOf } from './public-copy.server.ts';
import { say } from '../i18n/said.ts';

/**
 * Who may do what with best practices, on top of the workflow:
 * - view: the `best-practice` view rule; country roles see their own country only.
 * - create: the create rule, in one's own country (administrators: any country).
 * - edit, upload, submit, withdraw, revise: the update rule inside one's scope, or the create rule for
 *   the practices one wrote (a focal point holding only `create` edits its own practices).
 * - review (comments, request changes, publish, reject, archive, feature): administrators
 *   holding the update rule.
 * - resolve or reopen a review comment: whoever may write the practice (as for edits), authors
 *   while it is their turn (draft, changes requested), reviewers at any time.
 */
export const actorOf = (auth: AuthedUser): PracticeActor => (isAdminLevel(auth.identity) ? 'reviewer' : 'author');

export const requireViewer = (c: Context<AppEnv>) => requireModuleRule(c, 'best-practice', ['view']);

export function requireScope(auth: AuthedUser, row: PracticeRow): void {
  requireCountryScope(auth, row.countryCode);
}

export function requireCreator(c: Context<AppEnv>, countryCode: string | undefined): AuthedUser {
  const auth = requireModuleRule(c, 'best-practice', ['create']);
  if (countryCode) requireCountryScope(auth, countryCode);
  return auth;
}

export function requireWriter(c: Context<AppEnv>): AuthedUser {
  return requireModuleRule(c, 'best-practice', ['create', 'update']);
}

/** A practice whose status takes no edits now: 409 on the practice's own routes, 423 on the answers route. */
export class NotItsTurnError extends ApiError {
  readonly practiceStatus: PracticeStatus;
  constructor(status: PracticeStatus, message: string) {
    super(409, message);
    this.practiceStatus = status;
  }
}

/** The row's checks for a write by `auth`: scope, authorship, then the workflow's turn. */
export function writeCheck(auth: AuthedUser, what: 'edit' | 'act') {
  return (row: PracticeRow) => {
    requireScope(auth, row);
    if (!hasModuleRule(auth.identity, 'best-practice', ['update']) && row.createdBy !== auth.user.id) {
      throw forbidden('Your role may change only the practices you wrote');
    }
    const status = PracticeStatusSchema.parse(row.status);
    if (what === 'edit' && !canEditContent(status, actorOf(auth))) {
      if (status === 'published') {
        throw new NotItsTurnError(
          status,
          'A published practice cannot be edited now: choose “Revise” first; the public library keeps the ' +
            'published version until the new one is published',
        );
      }
      throw new NotItsTurnError(
        status,
        say('A practice that is {practiceStatus} cannot be edited now', {
          practiceStatus: PRACTICE_STATUS_LABELS[status].toLowerCase(),
        }),
      );
    }
  };
}

/** The row's checks for resolving or reopening one of its review comments. */
export function resolveCheck(auth: AuthedUser) {
  return (row: PracticeRow) => {
    writeCheck(auth, 'act')(row);
    const status = PracticeStatusSchema.parse(row.status);
    if (!canResolveComments(status, actorOf(auth))) {
      throw new ApiError(
        409,
        status === 'submitted'
          ? 'The practice is waiting for review: its comments can be resolved again once the reviewers hand it ' +
              'back, or after you withdraw it'
          : say('The practice is {practiceStatus}: its comments can no longer be resolved', {
              practiceStatus: PRACTICE_STATUS_LABELS[status].toLowerCase(),
            }),
      );
    }
  };
}

export function requireReviewer(c: Context<AppEnv>): AuthedUser {
  const auth = requireActiveUser(c);
  if (!isAdminLevel(auth.identity)) throw forbidden('Only administrators review best practices');
  return requireModuleRule(c, 'best-practice', ['update']);
}

export function deleteCheck(auth: AuthedUser, row: PracticeRow): void {
  writeCheck(auth, 'act')(row);
  const context = contextOf(row);
  if (!canDelete(PracticeStatusSchema.parse(row.status), actorOf(auth), context)) {
    if (context.revised)
      throw new ApiError(
        409,
        'The public library still shows the published version of this practice: archive it instead of deleting it',
      );
    throw new ApiError(
      409,
      actorOf(auth) === 'author' ? 'Only drafts can be deleted' : 'Archive a published practice instead of deleting it',
    );
  }
}
