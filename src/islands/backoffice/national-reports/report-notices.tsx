import { daysLeft } from '../../../lib/national-reports/deadlines.ts';
import type { ReportStatus, Returned } from '../../../lib/national-reports/schema.ts';
import { formatDate, formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { StatusChip } from '../ui/status-chip.tsx';
import { m } from './messages.ts';
import { reportDueText } from './report-format.tsx';

/** What a report waiting for its revision is called (it is "in progress" again, but not like any other). */
export const RETURNED_LABEL = m('returned.label');

/** The chip of a returned report, in place of its status. */
export function ReturnedChip() {
  return <StatusChip status="returned" labels={{ returned: RETURNED_LABEL }} tones={{ returned: 'waiting' }} />;
}

/** "Aiko Admin returned it on 25 Nov 2026, 10:42". */
export function returnedBy(returned: Returned): string {
  return m('returned.by', { name: returned.by?.name ?? m('returned.secretariat'), time: formatDateTime(returned.at) });
}

/**
 * The calm notice of a report returned for revision: who returned it, when, and why. Shown at the
 * top of the questionnaire and on the dashboard until the report is submitted again.
 */
export function ReturnedNotice({
  returned,
  headingLevel = 2,
  className = '',
}: {
  returned: Returned;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-label={RETURNED_LABEL}
      className={
        `flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm ` +
        `text-slate-800 ${className}`
      }
    >
      <Icon name="info" className="mt-0.5 size-5 shrink-0 text-amber-800" />
      <div className="min-w-0">
        <Heading className="font-semibold text-slate-900">{RETURNED_LABEL}</Heading>
        <p className="mt-1">{returnedBy(returned)}</p>
        {returned.note ? (
          <blockquote
            dir="auto"
            className="mt-2 whitespace-pre-line break-words border-l-2 border-amber-300 pl-3 text-slate-900"
          >
            {returned.note}
          </blockquote>
        ) : (
          <p className="mt-1">{m('returned.noReason')}</p>
        )}
        <p className="mt-2 text-slate-700">{m('returned.next')}</p>
      </div>
    </section>
  );
}

/** "Due in 12 days · 18 Dec 2026", "Overdue by 3 days"; nothing once the report is submitted. */
export function DueLabel({
  report,
  now = new Date(),
}: {
  report: { status: ReportStatus; deadline: string };
  now?: Date;
}) {
  const left = daysLeft(report.deadline, now);
  const label = reportDueText(report, left);
  if (label === null) return null;
  const pressing = left <= 7;
  return (
    <p className={`text-sm ${pressing ? 'font-medium text-amber-900' : 'text-slate-700'}`}>
      {label}
      {left >= 0 && <span className="font-normal text-slate-600"> · {formatDate(report.deadline)}</span>}
    </p>
  );
}
