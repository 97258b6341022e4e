import { isUnsubmitted } from '../../../lib/national-reports/deadlines.ts';
import {
  CYCLE_STATUSES,
  REPORT_STATUSES,
  type CycleStatus,
  type LockReason,
  type ReportStatus,
} from '../../../lib/national-reports/schema.ts';
import { formatDate } from '../ui/format.ts';
import { m } from './messages.ts';

/** What a report's status is called on screen, in the page's language (the API's labels stay for the server). */
export const REPORT_STATUS_TEXT = Object.fromEntries(
  REPORT_STATUSES.map((status) => [status, m(`status.${status}`)]),
) as Record<ReportStatus, string>;

/** What a reporting cycle's status is called on screen. */
export const CYCLE_STATUS_TEXT = Object.fromEntries(
  CYCLE_STATUSES.map((status) => [status, m(`cycleStatus.${status}`)]),
) as Record<CycleStatus, string>;

/** A percentage as the language writes it: "58%", "58 %". */
export function percentText(pct: number): string {
  return m('format.percent', { pct });
}

/** A bar with its figure; the figure is the accessible text. */
export function CompletenessBar({ pct, className = 'w-28' }: { pct: number; className?: string }) {
  const clamped = Math.max(0, Math.min(100, pct));
  return (
    <span className="inline-flex items-center gap-2">
      <span className={`h-2 overflow-hidden rounded-full bg-slate-200 ${className}`} aria-hidden="true">
        <span
          className={`block h-2 rounded-full ${clamped === 100 ? 'bg-emerald-600' : 'bg-brand-600'}`}
          style={{ width: `${clamped}%` }}
        />
      </span>
      <span className="text-sm tabular-nums text-slate-800">{percentText(clamped)}</span>
    </span>
  );
}

const DAY = 24 * 60 * 60 * 1000;

/** Whole days from today to a YYYY-MM-DD deadline (the deadline day itself still counts). */
export function daysUntil(deadline: string, now: Date = new Date()): number {
  const end = Date.parse(`${deadline.slice(0, 10)}T23:59:59Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.floor((end - today) / DAY);
}

/** "Closes in 12 days", "Closes today", "Closed on 31 Mar 2026". */
export function deadlineText(deadline: string, now: Date = new Date()): string {
  const days = daysUntil(deadline, now);
  if (days < 0) return m('deadline.closedOn', { date: formatDate(deadline) });
  if (days === 0) return m('deadline.today');
  if (days === 1) return m('deadline.tomorrow');
  return m('deadline.inDays', { count: days });
}

/**
 * "Due in 12 days", "Due tomorrow", "Due today", "Overdue by 3 days" (lib/national-reports/deadlines.ts, in the page's
 * language).
 */
export function dueText(left: number): string {
  if (left > 1) return m('due.inDays', { count: left });
  if (left === 1) return m('due.tomorrow');
  if (left === 0) return m('due.today');
  return m('due.overdue', { count: -left });
}

/** A report's due label, or null once it is submitted. */
export function reportDueText(report: { status: ReportStatus }, left: number): string | null {
  return isUnsubmitted(report.status) ? dueText(left) : null;
}

/** Why the answers cannot be changed, in words for the country's people. */
export function lockMessage(reason: LockReason | null): string {
  switch (reason) {
    case 'submitted':
      return m('lock.submitted');
    case 'accepted':
      return m('lock.accepted');
    case 'published':
      return m('lock.published');
    case 'cycle_closed':
      return m('lock.cycleClosed');
    default:
      return m('lock.other');
  }
}

/** The workflow's event names as sentences of the timeline. */
const ACTIONS = [
  'save',
  'start',
  'complete',
  'reopen',
  'submit',
  'upload',
  'return',
  'accept',
  'publish',
  'unpublish',
  'unlock',
  'update',
  'cover',
  'create',
] as const;

export function actionLabel(action: string): string {
  return (ACTIONS as readonly string[]).includes(action)
    ? m(`action.${action as (typeof ACTIONS)[number]}`)
    : action.charAt(0).toUpperCase() + action.slice(1).replace(/_/g, ' ');
}
