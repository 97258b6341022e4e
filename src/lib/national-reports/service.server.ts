import { and, eq, sql } from 'drizzle-orm';
import { hasModuleRule, type RoleName } from '../access/permissions.ts';
import { recordAudit, type DbOrTx } from '../audit/service.server.ts';
import { nationalReports, reportAnswers } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../http/context.server.ts';
import { ApiError, forbidden, notFound, StaleWriteError } from '../http/errors.server.ts';
import { answerSchema } from '../questionnaires/engine.ts';
import type { Answer, AnswerInput } from '../questionnaires/schema.ts';
import { NATIONAL_REPORTS_CACHE_DOMAIN } from './public-queries.server.ts';
import {
  completenessOf,
  cycleQuestionRows,
  cycleQuestions,
  loadBundle,
  reportAnswersOf,
  storedAnswers,
  toAnswers,
  toReport,
  type ReportBundle,
} from './queries.server.ts';
import { answerSnapshot, locksAtOf, personName, type AnswerRow, type ReportRow } from './rows.server.ts';
import { storedKeysOf } from '../cms/images.server.ts';
import type { LockReason, Report, ReportAction, ReportStatus, ReportUpdateBody, SaveAnswersResponse } from './schema.ts';
import { ACTION_ROLES, decide, lockReasonOf } from './workflow.ts';

/** A write to a report whose answers are locked: 423 with the reason. */
export class ReportLockedError extends ApiError {
  readonly reason: LockReason;
  constructor(reason: LockReason) {
    super(423, LOCK_MESSAGES[reason]);
    this.reason = reason;
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
  return lockReasonOf(report.status as ReportStatus, { status: cycle.status, locksAt: locksAtOf(cycle) }, now, report.unlocked);
}

/**
 * Applies the workflow's decision or throws: 403 when the role may never take the action, 423
 * when the answers are locked, 409 (with the reason) when the report's status does not allow it.
 */
export function enforce(bundle: ReportBundle, action: ReportAction, role: RoleName | null, ctx: Parameters<typeof decide>[3] = {}): ReportStatus {
  const status = bundle.report.status as ReportStatus;
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
  if (bundle.report.status === 'completed') throw new ApiError(409, 'The report is marked complete: reopen it to change it');
}

export async function mustLoad(tx: DbOrTx, where: Parameters<typeof loadBundle>[1]): Promise<ReportBundle> {
  const bundle = await loadBundle(tx, where, { forUpdate: true });
  if (!bundle) throw notFound('There is no report for this country in this cycle');
  return bundle;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * POST …/saved: validates every answer (400 naming `answers.<i>.<field>`), checks versions (409
 * with the stale answers as they are now), then writes the changed ones and their audit events,
 * and moves a not-started report to in progress. All or nothing. The report row stays locked
 * from the first read to the commit, so the answers read once are the answers until then.
 */
export async function saveAnswers(
  deps: AppDeps,
  auth: AuthedUser,
  where: { year: number; countryCode: string },
  inputs: readonly AnswerInput[],
): Promise<SaveAnswersResponse['data']> {
  const userId = auth.user.id;
  const result = await deps.db.transaction(async (tx) => {
    const bundle = await mustLoad(tx, where);
    const next = enforce(bundle, 'save', roleOf(auth));
    const year = bundle.cycle.year;
    const form = await cycleQuestionRows(tx, bundle.cycle, bundle.report.id);
    const qs = form.map((f) => f.question);
    const byUuid = new Map(form.map((f) => [f.question.uuid, f]));
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    inputs.forEach((input, i) => {
      if (!byUuid.has(input.question_uuid)) (errors[`answers.${i}.question_uuid`] ??= []).push('is not a question of this report');
      else if (seen.has(input.question_uuid)) (errors[`answers.${i}.question_uuid`] ??= []).push('appears twice in this save');
      seen.add(input.question_uuid);
    });
    if (Object.keys(errors).length) throw new ApiError(400, `Invalid body: check ${Object.keys(errors).join(', ')}`, errors);

    const stored = await storedAnswers(tx, bundle.report.id);
    const current = new Map(stored.map((s) => [s.questionUuid, s]));

    // Fields left out keep their stored value (DESIGN.md §12).
    const cleaned = inputs.map((input, i) => {
      const { question: q } = byUuid.get(input.question_uuid)!;
      const before = current.get(input.question_uuid)?.row;
      const merged = {
        value: input.value !== undefined ? input.value : (before?.value ?? null),
        text: input.text !== undefined ? input.text : (before?.text ?? null),
        data_year: input.data_year !== undefined ? input.data_year : (before?.dataYear ?? null),
        source: input.source !== undefined ? input.source : (before?.source ?? null),
        comment: input.comment !== undefined ? input.comment : (before?.comment ?? null),
      };
      const parsed = answerSchema(q, { cycleYear: year }).safeParse(merged);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          (errors[`answers.${i}.${issue.path.join('.') || 'value'}`] ??= []).push(issue.message);
        }
        return null;
      }
      return parsed.data;
    });
    if (Object.keys(errors).length) throw new ApiError(400, `Invalid body: check ${Object.keys(errors).join(', ')}`, errors);

    const stale = inputs.filter((input) => {
      const before = current.get(input.question_uuid);
      return before ? input.version !== before.row.version : input.version !== undefined;
    });
    if (stale.length) {
      const staleUuids = new Set(stale.map((s) => s.question_uuid));
      throw new StaleWriteError(
        toAnswers(stored.filter((s) => staleUuids.has(s.questionUuid)), qs, year),
        'Someone else changed these answers after you opened the report',
      );
    }

    const now = new Date();
    const by = personName(auth.user);
    // The ACL's rules on top of the role (the route let in create or update): a first answer
    // needs create, a change to a saved one needs update.
    const may = { create: hasModuleRule(auth.identity, 'national_report', ['create']), update: hasModuleRule(auth.identity, 'national_report', ['update']) };
    let changed = 0;
    for (const [i, input] of inputs.entries()) {
      const { id: questionId, question: q } = byUuid.get(input.question_uuid)!;
      const clean = cleaned[i]!;
      const before = current.get(input.question_uuid)?.row;
      const values = {
        value: clean.value,
        text: clean.text,
        dataYear: clean.data_year,
        source: clean.source,
        comment: clean.comment,
      };
      if (before && sameJson(before.value, clean.value) && before.text === clean.text && before.dataYear === clean.data_year &&
        before.source === clean.source && before.comment === clean.comment) {
        continue;
      }
      if (before && !may.update) throw forbidden('Your role may give first answers but not change saved ones');
      if (!before && !may.create) throw forbidden('Your role may change saved answers but not give new ones');
      let after: AnswerRow;
      if (before) {
        const [row] = await tx
          .update(reportAnswers)
          .set({ ...values, version: before.version + 1, updatedAt: now, updatedBy: userId })
          .where(and(eq(reportAnswers.id, before.id), eq(reportAnswers.version, before.version)))
          .returning();
        if (!row) throw new StaleWriteError(await reportAnswersOf(tx, bundle.report.id, [q], year));
        after = row;
      } else {
        const [row] = await tx
          .insert(reportAnswers)
          .values({ reportId: bundle.report.id, questionId, ...values, updatedAt: now, updatedBy: userId })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new StaleWriteError(await reportAnswersOf(tx, bundle.report.id, [q], year));
        after = row;
      }
      current.set(q.uuid, { row: after, questionUuid: q.uuid, by });
      changed++;
      await recordAudit(tx, {
        actorId: userId,
        entity: 'national_report_answer',
        entityId: bundle.report.uuid,
        action: before ? 'update' : 'create',
        before: answerSnapshot(before, q),
        after: answerSnapshot(after, q),
      });
    }

    const answers = toAnswers([...current.values()], qs, year);
    const progress = completenessOf(qs, answers, year);
    const statusChanges = next !== bundle.report.status;
    const [report] = await tx
      .update(nationalReports)
      .set({
        completeness: progress,
        completenessPct: progress.pct,
        ...(changed > 0 && { updatedAt: now, updatedBy: userId }),
        ...(statusChanges && { status: next, version: sql`${nationalReports.version} + 1` }),
      })
      .where(eq(nationalReports.id, bundle.report.id))
      .returning({ status: nationalReports.status, version: nationalReports.version });
    if (statusChanges) {
      await recordAudit(tx, {
        actorId: userId,
        entity: 'national_report',
        entityId: bundle.report.uuid,
        action: 'start',
        before: { status: bundle.report.status },
        after: { status: next },
      });
    }
    const sent = new Set(inputs.map((input) => input.question_uuid));
    return {
      report: { status: report!.status as ReportStatus, completeness: progress, version: report!.version },
      answers: answers.filter((a: Answer) => sent.has(a.question_uuid)),
    };
  });
  deps.publicCache.invalidate(NATIONAL_REPORTS_CACHE_DOMAIN);
  return result;
}

/**
 * POST …/report/update: header fields and/or one workflow action, checked against the version
 * the client read (409 with the report as it is now).
 */
export async function updateReport(
  deps: AppDeps,
  auth: AuthedUser,
  where: { year: number; countryCode: string },
  body: ReportUpdateBody & { version: number },
): Promise<Report> {
  const role = roleOf(auth);
  const userId = auth.user.id;
  const result = await deps.db.transaction(async (tx) => {
    const bundle = await mustLoad(tx, where);
    const qs = await cycleQuestions(tx, bundle.cycle, bundle.report.id);
    const answers = await reportAnswersOf(tx, bundle.report.id, qs, bundle.cycle.year);
    const progress = completenessOf(qs, answers, bundle.cycle.year);
    if (bundle.report.version !== body.version) throw new StaleWriteError(await toReport(tx, bundle, progress));

    const header: Partial<typeof nationalReports.$inferInsert> = {};
    if (body.title !== undefined) header.title = body.title;
    if (body.executive_summary !== undefined) header.executiveSummary = body.executive_summary;
    if (body.contact !== undefined) header.contact = body.contact ? { ...body.contact, phone: body.contact.phone ?? null } : null;
    if (body.cover_alt !== undefined) header.coverAlt = body.cover_alt;
    if (body.cover === null && bundle.report.cover !== null) header.cover = null;
    const editsHeader = Object.keys(header).length > 0;
    if (editsHeader) requireHeaderEditable(bundle, role);

    let next = bundle.report.status as ReportStatus;
    if (body.action) {
      next = enforce(bundle, body.action, role, {
        compulsoryMissing: progress.compulsory_total - progress.compulsory_answered,
        invalid: progress.invalid,
        note: body.note ?? null,
      });
    }
    if (!editsHeader && !body.action && body.cover === undefined) throw new ApiError(400, 'Nothing to change: send a field or an action');

    const now = new Date();
    const [after] = await tx
      .update(nationalReports)
      .set({
        ...header,
        status: next,
        ...(body.action === 'unlock' && { unlocked: true }),
        ...(body.action === 'publish' && { publishedAt: now }),
        completeness: progress,
        completenessPct: progress.pct,
        version: bundle.report.version + 1,
        updatedAt: now,
        updatedBy: userId,
      })
      .where(and(eq(nationalReports.id, bundle.report.id), eq(nationalReports.version, body.version)))
      .returning();
    if (editsHeader) {
      await recordAudit(tx, {
        actorId: userId,
        entity: 'national_report',
        entityId: bundle.report.uuid,
        action: 'update',
        before: headerSnapshot(bundle.report),
        after: headerSnapshot(after!),
      });
    }
    if (body.action) {
      await recordAudit(tx, {
        actorId: userId,
        entity: 'national_report',
        entityId: bundle.report.uuid,
        action: body.action,
        before: { status: bundle.report.status },
        after: { status: next },
        note: body.note ?? null,
      });
    }
    return { report: await toReport(tx, { ...bundle, report: after! }, progress), removedCover: header.cover === null ? bundle.report.cover : null };
  });
  deps.publicCache.invalidate(NATIONAL_REPORTS_CACHE_DOMAIN);
  // The files go once the row no longer points at them.
  if (result.removedCover) await deps.storage.delete(storedKeysOf(result.removedCover)).catch(() => {});
  return result.report;
}

/** What an audit event keeps of a report's header: the cover by its fallback file. */
export function headerSnapshot(row: ReportRow) {
  return {
    title: row.title,
    executive_summary: row.executiveSummary,
    contact: row.contact,
    cover: row.cover?.url ?? null,
    cover_alt: row.coverAlt,
  };
}
