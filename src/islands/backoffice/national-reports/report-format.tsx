import type { LockReason } from '../../../lib/national-reports/schema.ts';
import { formatDate } from '../ui/format.ts';

/** A bar with its figure; the figure is the accessible text. */
export function CompletenessBar({ pct, className = 'w-28' }: { pct: number; className?: string }) {
  const clamped = Math.max(0, Math.min(100, pct));
  return (
    <span className="inline-flex items-center gap-2">
      <span className={`h-2 overflow-hidden rounded-full bg-slate-200 ${className}`} aria-hidden="true">
        <span className={`block h-2 rounded-full ${clamped === 100 ? 'bg-emerald-600' : 'bg-brand-600'}`} style={{ width: `${clamped}%` }} />
      </span>
      <span className="text-sm tabular-nums text-slate-800">{clamped}%</span>
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
  if (days < 0) return `Closed on ${formatDate(deadline)}`;
  if (days === 0) return 'Closes today';
  if (days === 1) return 'Closes tomorrow';
  return `Closes in ${days} days`;
}

/** Why the answers cannot be changed, in words for the country's people. */
export function lockMessage(reason: LockReason | null): string {
  switch (reason) {
    case 'submitted':
      return 'The signed report has been submitted, so its answers are locked. An administrator can return it if something must change.';
    case 'accepted':
      return 'The report has been accepted, so its answers are locked.';
    case 'published':
      return 'The report is published, so its answers are locked.';
    case 'cycle_closed':
      return 'The reporting period has ended, so the answers are locked. An administrator can unlock the report if needed.';
    default:
      return 'The answers are locked.';
  }
}

/** The workflow's event names as sentences of the timeline. */
export const ACTION_LABELS: Record<string, string> = {
  save: 'Answers saved',
  start: 'Work started',
  complete: 'Marked complete',
  reopen: 'Reopened',
  submit: 'Signed report submitted',
  upload: 'Signed report uploaded',
  return: 'Returned to the country',
  accept: 'Accepted',
  publish: 'Published',
  unpublish: 'Unpublished',
  unlock: 'Unlocked',
  update: 'Report details changed',
  cover: 'Cover picture changed',
  create: 'Report opened',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action.charAt(0).toUpperCase() + action.slice(1).replace(/_/g, ' ');
}
