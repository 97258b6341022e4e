import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { nationalReports, reportingCycles, reportReminders } from '../db/schema.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import { daysLeft, dueReminderOffset, isUnsubmitted, UNSUBMITTED } from './deadlines.ts';
import { locksAtOf, type CycleRow } from './rows.server.ts';
import type { ReportStatus } from './schema.ts';
import { lockReasonOf } from './workflow.ts';

/**
 * Deadline reminders (issue 16, decision 024): to the focal points and country administrators of
 * reports not yet submitted, some days before the cycle's closing date and once the day after.
 * The notifications subscriber turns each reminder's change event into notifications and emails;
 * the row in report_reminders, unique per report, due date and offset, makes each go once.
 */

/** One reminder to send: a report, the due date and the offset it is for, and the days left now. */
export interface DueReminder {
  reportId: number;
  uuid: string;
  year: number;
  country: string;
  due: string;
  offset: number;
  left: number;
}

function reminderAt(cycle: CycleRow, now: Date): { offset: number; left: number } | null {
  if (cycle.status !== 'open' || daysLeft(cycle.opensAt, now) > 0) return null;
  const left = daysLeft(cycle.closesAt, now);
  const offset = dueReminderOffset(cycle.reminderDays, left);
  return offset === null ? null : { offset, left };
}

/** The reminders due at `now` and not sent yet: at most one per report (the nearest offset). */
export async function dueReminders(db: Pick<Db, 'select'>, now: Date): Promise<DueReminder[]> {
  const cycles = await db.select().from(reportingCycles).where(eq(reportingCycles.status, 'open'));
  const out: DueReminder[] = [];
  for (const cycle of cycles) {
    const at = reminderAt(cycle, now);
    if (!at) continue;
    const reports = await db
      .select({
        id: nationalReports.id,
        uuid: nationalReports.uuid,
        country: nationalReports.countryCode,
        status: nationalReports.status,
        unlocked: nationalReports.unlocked,
        sent: reportReminders.id,
      })
      .from(nationalReports)
      .leftJoin(
        reportReminders,
        and(
          eq(reportReminders.reportId, nationalReports.id),
          eq(reportReminders.dueOn, cycle.closesAt),
          eq(reportReminders.offsetDays, at.offset),
        ),
      )
      .where(and(eq(nationalReports.year, cycle.year), inArray(nationalReports.status, [...UNSUBMITTED])));
    const lock = { status: cycle.status, locksAt: locksAtOf(cycle) };
    for (const r of reports) {
      // A report whose answers are locked can no longer be submitted: nothing to remind of.
      if (r.sent !== null || lockReasonOf(r.status as ReportStatus, lock, now, r.unlocked) !== null) continue;
      out.push({ reportId: r.id, uuid: r.uuid, year: cycle.year, country: r.country, due: cycle.closesAt, ...at });
    }
  }
  return out;
}

/**
 * Sends one reminder in its own transaction: locks the report and checks it is still not
 * submitted, claims the reminder's row (a second tick, here or in another process, waits and then
 * finds it taken), then emits the event the notifications follow. False when it was not sent.
 */
export async function sendReminder(deps: { db: Db; changes: ChangeBus }, reminder: DueReminder): Promise<boolean> {
  return deps.changes.write(deps.db, async (w) => {
    // Locked as a submission locks it: a report submitted meanwhile is not reminded.
    const [report] = await w.tx
      .select({ status: nationalReports.status })
      .from(nationalReports)
      .where(eq(nationalReports.id, reminder.reportId))
      .for('update');
    if (!report || !isUnsubmitted(report.status as ReportStatus)) return false;
    const [claimed] = await w.tx
      .insert(reportReminders)
      .values({ reportId: reminder.reportId, dueOn: reminder.due, offsetDays: reminder.offset })
      .onConflictDoNothing()
      .returning({ id: reportReminders.id });
    if (!claimed) return false;
    const ref = { uuid: reminder.uuid, year: reminder.year, country: reminder.country };
    await w.audit({
      actorId: null,
      entity: 'report_reminder',
      entityId: reminder.uuid,
      action: 'send',
      after: { ...ref, due: reminder.due, offset_days: reminder.offset, days_left: reminder.left },
    });
    await w.emit({
      type: 'report.reminder.due',
      data: { ...ref, due: reminder.due, days_left: reminder.left },
      actorId: null,
      site: false,
    });
    return true;
  });
}

/** Sends every reminder due at `now`; returns how many went. */
export async function sendDueReminders(deps: { db: Db; changes: ChangeBus }, now: Date): Promise<number> {
  let sent = 0;
  for (const reminder of await dueReminders(deps.db, now)) if (await sendReminder(deps, reminder)) sent++;
  return sent;
}
