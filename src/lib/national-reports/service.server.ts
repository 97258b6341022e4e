import { and, eq } from 'drizzle-orm';
import type { RoleName } from '../access/permissions.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import { nationalReports } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { ApiError, forbidden, LockedError, notFound, StaleWriteError } from '../http/errors.server.ts';
import { loadBundle, reportProgress, toReport, type ReportBundle } from './queries.server.ts';
import { locksAtOf, type ReportRow } from './rows.server.ts';
import { storedKeysOf } from '../media/images.server.ts';
import type { LockReason, Report, ReportAction, ReportStatus, ReportUpdateBody } from './schema.ts';
import type { ChangeEvent, ChangeType } from '../events/change-events.ts';
import { ACTION_ROLES, decide, lockReasonOf } from './workflow.ts';
import { ReportStatusSchema } from './schema.ts';
import { actionChanges } from './publication.server.ts';
import { keptPublicView } from './public-kept.server.ts';

/** A write to a report whose answers are locked: 423 with the reason. */
export class ReportLockedError extends LockedError {
  declare readonly reason: LockReason;
  constructor(reason: LockReason) {
    super(LOCK_MESSAGES[reason], reason);
  }
}

const LOCK_MESSAGES: Record<LockReason, string> = {
  submitted: 'The report has been submitted: its answers are locked',
  accepted: 'The report has been accepted: its answers are locked',
  published: 'The report has been published: its answers are locked',
  cycle_closed: 'The reporting period has ended: the answers are locked',
};

/** The user's single role (permission checks evaluate only with exactly one, spec §6). */
export function roleOf(auth: AuthedUser): RoleName | null {
  return auth.identity.roles.length === 1 ? (auth.identity.roles[0]!.name as RoleName) : null;
}

export function lockOf(bundle: ReportBundle, now = new Date()): LockReason | null {
  const { report, cycle } = bundle;
  return lockReasonOf(
    ReportStatusSchema.parse(report.status),
    { status: cycle.status, locksAt: locksAtOf(cycle) },
    now,
    report.unlocked,
  );
}

/**
 * Applies the workflow's decision or throws: 403 when the role may never take the action, 423
 * when the answers are locked, 409 (with the reason) when the report's status does not allow it.
 */
export function enforce(
  bundle: ReportBundle,
  action: ReportAction,
  role: RoleName | null,
  ctx: Parameters<typeof decide>[3] = {},
): ReportStatus {
  const status = ReportStatusSchema.parse(bundle.report.status);
  const lock = lockOf(bundle);
  const decision = decide(status, action, role, { ...ctx, lockReason: lock });
  if (decision.ok) return decision.next;
  if (role === null || !ACTION_ROLES[action].includes(role)) throw forbidden(decision.reason);
  const countryWrite = action === 'save' || action === 'complete' || action === 'reopen' || action === 'submit';
  if (countryWrite && lock && (action === 'save' || lock === 'cycle_closed')) throw new ReportLockedError(lock);
  throw new ApiError(409, decision.reason);
}

/**
 * The title, summary, contact and cover: administrators change them at any time, country roles
 * while the answers are not locked and the report is not marked complete.
 */
export function requireHeaderEditable(bundle: ReportBundle, role: RoleName | null): void {
  if (role === 'tuxuri' || role === 'admin') return;
  const lock = lockOf(bundle);
  if (lock) throw new ReportLockedError(lock);
  if (bundle.report.status === 'completed')
    throw new ApiError(409, 'The report is marked complete: reopen it to change it');
}

export async function mustLoad(tx: DbOrTx, where: Parameters<typeof loadBundle>[1]): Promise<ReportBundle> {
  const bundle = await loadBundle(tx, where, { forUpdate: true });
  if (!bundle) throw notFound('There is no report for this country in this cycle');
  return bundle;
}

/** The change event of each workflow action taken through …/report/update or the signed upload. */
const ACTION_EVENTS = {
  complete: 'report.completed',
  reopen: 'report.reopened',
  submit: 'report.submitted',
  return: 'report.returned',
  accept: 'report.accepted',
  publish: 'report.published',
  unpublish: 'report.unpublished',
  unlock: 'report.unlocked',
} as const satisfies Record<Exclude<ReportAction, 'save'>, ChangeType>;

/**
 * Whether a change of a report shows on the public site: the report's own page, its rows in the
 * open data and its search entry while it was or becomes published, and the cycle's public
 * reporting status (status and date of submission per country) when its status changes in a
 * cycle past draft. Answer saves and header edits of a report nobody outside sees do not.
 */
export function reportChangeIsPublic(
  before: { status: string },
  after: { status: string },
  cycleStatus: string,
): boolean {
  if (before.status === 'published' || after.status === 'published') return true;
  return before.status !== after.status && cycleStatus !== 'draft';
}

/** A report's change event: `action`'s (with the note), or the header's. */
export function reportEvent(
  bundle: ReportBundle,
  type: (typeof ACTION_EVENTS)[keyof typeof ACTION_EVENTS] | 'report.updated' | 'report.cover.saved',
  change: { actorId: number; after: { status: string }; note?: string | null },
): ChangeEvent {
  const ref = { uuid: bundle.report.uuid, year: bundle.report.year, country: bundle.report.countryCode };
  const site = reportChangeIsPublic(bundle.report, change.after, bundle.cycle.status);
  if (type === 'report.updated' || type === 'report.cover.saved')
    return { type, data: ref, actorId: change.actorId, site };
  // Every action event carries the report and the note (ChangeEventMap); TypeScript cannot follow the union here.
  return { type, data: { ...ref, note: change.note ?? null }, actorId: change.actorId, site } as ChangeEvent;
}

/** The event of a workflow action. */
export function actionEventOf(action: Exclude<ReportAction, 'save'>) {
  return ACTION_EVENTS[action];
}

/**
 * POST …/report/update: header fields and/or one workflow action, checked against the version
 * the client read (409 with the report as it is now). One transaction holds the change, its audit
 * events and its change events (`report.updated` for the header, the action's own with its note).
 */
export async function updateReport(
  deps: AppDeps,
  auth: AuthedUser,
  where: { year: number; countryCode: string },
  body: ReportUpdateBody & { version: number },
): Promise<Report> {
  const role = roleOf(auth);
  const userId = auth.user.id;
  const result = await deps.changes.write(deps.db, async (w) => {
    const { tx } = w;
    const bundle = await mustLoad(tx, where);
    const progress = await reportProgress(tx, bundle);
    if (bundle.report.version !== body.version) throw new StaleWriteError(await toReport(tx, bundle, progress));

    const header: Partial<typeof nationalReports.$inferInsert> = {};
    if (body.title !== undefined) header.title = body.title;
    if (body.executive_summary !== undefined) header.executiveSummary = body.executive_summary;
    if (body.written_in !== undefined) header.writtenIn = body.written_in;
    if (body.contact !== undefined)
      header.contact = body.contact ? { ...body.contact, phone: body.contact.phone ?? null } : null;
    if (body.cover_alt !== undefined) header.coverAlt = body.cover_alt;
    if (body.cover === null && bundle.report.cover !== null) header.cover = null;
    const editsHeader = Object.keys(header).length > 0;
    if (editsHeader) requireHeaderEditable(bundle, role);

    let next = ReportStatusSchema.parse(bundle.report.status);
    if (body.action) {
      next = enforce(bundle, body.action, role, {
        compulsoryMissing: progress.compulsory_total - progress.compulsory_answered,
        invalid: progress.invalid,
        note: body.note ?? null,
      });
    }
    if (!editsHeader && !body.action && body.cover === undefined)
      throw new ApiError(400, 'Nothing to change: send a field or an action');

    const now = new Date();
    const [after] = await tx
      .update(nationalReports)
      .set({
        ...header,
        status: next,
        ...(await actionChanges(tx, bundle, body.action, next, now)),
        ...(body.action === 'publish' && { publishedAt: now }),
        completeness: progress,
        completenessPct: progress.pct,
        version: bundle.report.version + 1,
        updatedAt: now,
        updatedBy: userId,
      })
      .where(and(eq(nationalReports.id, bundle.report.id), eq(nationalReports.version, body.version)))
      .returning();
    if (editsHeader || !body.action) {
      if (editsHeader) {
        await w.audit({
          actorId: userId,
          entity: 'national_report',
          entityId: bundle.report.uuid,
          action: 'update',
          before: headerSnapshot(bundle.report),
          after: headerSnapshot(after!),
        });
      }
      await w.emit(reportEvent(bundle, 'report.updated', { actorId: userId, after: after! }));
    }
    if (body.action) {
      await w.audit({
        actorId: userId,
        entity: 'national_report',
        entityId: bundle.report.uuid,
        action: body.action,
        before: { status: bundle.report.status },
        after: { status: next },
        note: body.note ?? null,
      });
      await w.emit(
        reportEvent(bundle, actionEventOf(body.action), { actorId: userId, after: after!, note: body.note ?? null }),
      );
    }
    return {
      report: await toReport(tx, { ...bundle, report: after! }, progress),
      removedCover:
        header.cover === null && keptPublicView(bundle.report)?.report.cover?.image.url !== bundle.report.cover?.url
          ? bundle.report.cover
          : null,
    };
  });
  // The files go once the row no longer points at them.
  if (result.removedCover) await deps.storage.delete(storedKeysOf(result.removedCover)).catch(() => {});
  return result.report;
}

/** What an audit event keeps of a report's header: the cover by its fallback file. */
export function headerSnapshot(row: ReportRow) {
  return {
    title: row.title,
    executive_summary: row.executiveSummary,
    written_in: row.writtenIn,
    contact: row.contact,
    cover: row.cover?.url ?? null,
    cover_alt: row.coverAlt,
  };
}
