import { USER_STATUS_LABELS } from '../../../lib/users/schema.ts';

const TONES: Record<number, string> = {
  0: 'bg-amber-50 text-amber-900 ring-amber-300',
  1: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  2: 'bg-red-50 text-red-800 ring-red-300',
};

export function userStatusLabel(status: number): string {
  return USER_STATUS_LABELS[status] ?? `Status ${status}`;
}

export function StatusChip({ status, labels = USER_STATUS_LABELS }: { status: number; labels?: Record<number, string> }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status] ?? 'bg-slate-100 text-slate-800 ring-slate-300'}`}
    >
      {labels[status] ?? `Status ${status}`}
    </span>
  );
}
