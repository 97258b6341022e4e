import type { CmsStatus } from '../../../lib/cms/schema.ts';
import { CMS_STATUS_LABELS } from './cms-kinds.ts';

const TONES: Record<CmsStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-300',
  published: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  unpublished: 'bg-amber-50 text-amber-900 ring-amber-300',
};

export function CmsStatusChip({ status }: { status: CmsStatus }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[status]}`}>
      {CMS_STATUS_LABELS[status]}
    </span>
  );
}
