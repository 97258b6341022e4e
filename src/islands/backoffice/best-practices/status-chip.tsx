import type { PracticeStatus } from '../../../lib/best-practices/schema.ts';
import { STATUS_LABELS } from '../../../lib/best-practices/workflow.ts';

const TONES: Record<PracticeStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-300',
  submitted: 'bg-sky-50 text-sky-900 ring-sky-300',
  changes_requested: 'bg-amber-50 text-amber-900 ring-amber-300',
  published: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  rejected: 'bg-red-50 text-red-800 ring-red-300',
  archived: 'bg-slate-100 text-slate-600 ring-slate-300',
};

export function PracticeStatusChip({ status }: { status: PracticeStatus }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
