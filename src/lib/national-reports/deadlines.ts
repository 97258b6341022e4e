import type { ReportStatus } from './schema.ts';

/**
 * Deadlines of national reports (issue 16): how many days are left, how that is said, and which
 * reminder is due. Pure and shared by the server (reminders) and the back-office (labels); days
 * are calendar days in UTC, like the cycle's dates.
 */

const DAY = 86_400_000;

/** The offset of the reminder sent the day after the closing date. */
export const OVERDUE_OFFSET = -1;

/** The statuses of a report that is not yet submitted: those reminded, and shown a due date. */
export const UNSUBMITTED: readonly ReportStatus[] = ['not_started', 'in_progress', 'completed'];

export function isUnsubmitted(status: ReportStatus): boolean {
  return UNSUBMITTED.includes(status);
}

/** Whole days from `now`'s day to a YYYY-MM-DD due date: 0 on the day itself, negative once passed. */
export function daysLeft(due: string, now: Date): number {
  const end = Date.parse(`${due.slice(0, 10)}T00:00:00Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((end - today) / DAY);
}

const plurals = new Intl.PluralRules('en');
const days = (n: number) => `${n} ${plurals.select(n) === 'one' ? 'day' : 'days'}`;

/** "Due in 12 days", "Due tomorrow", "Due today", "Overdue by 3 days". */
export function dueLabel(left: number): string {
  if (left > 1) return `Due in ${days(left)}`;
  if (left === 1) return 'Due tomorrow';
  if (left === 0) return 'Due today';
  return `Overdue by ${days(-left)}`;
}

/** A report's due label, or null once it is submitted (nothing is due any more). */
export function reportDueLabel(report: { status: ReportStatus; deadline: string }, now: Date): string | null {
  return isUnsubmitted(report.status) ? dueLabel(daysLeft(report.deadline, now)) : null;
}

/**
 * The reminder due at `left` days before the deadline, as its offset, or null: before the
 * deadline, the nearest configured day not yet passed (a server that was down for a week sends
 * the reminder of now, not every one it missed); after it, one overdue reminder.
 */
export function dueReminderOffset(reminderDays: readonly number[], left: number): number | null {
  if (left < 0) return OVERDUE_OFFSET;
  const reached = reminderDays.filter((d) => d >= left);
  return reached.length > 0 ? Math.min(...reached) : null;
}
