import type { CmsStatus } from '../../../lib/cms/schema.ts';
import type { ContactStatus } from '../../../lib/contact/schema.ts';
import type { PracticeStatus } from '../../../lib/best-practices/schema.ts';
import type { CycleStatus, ReportStatus } from '../../../lib/national-reports/schema.ts';
import { m } from './messages.ts';

/** The chip colours; each workflow says which one each of its statuses takes. */
const TONE_CLASSES = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  muted: 'bg-slate-100 text-slate-600 ring-slate-300',
  info: 'bg-sky-50 text-sky-900 ring-sky-300',
  progress: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
  waiting: 'bg-amber-50 text-amber-900 ring-amber-300',
  accepted: 'bg-teal-50 text-teal-900 ring-teal-300',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  refused: 'bg-red-50 text-red-800 ring-red-300',
} as const;
export type Tone = keyof typeof TONE_CLASSES;

export const REPORT_TONES: Record<ReportStatus, Tone> = {
  not_started: 'neutral',
  in_progress: 'info',
  completed: 'progress',
  submitted: 'waiting',
  accepted: 'accepted',
  published: 'done',
};
export const CYCLE_TONES: Record<CycleStatus, Tone> = {
  draft: 'neutral',
  open: 'done',
  closed: 'waiting',
  archived: 'muted',
};
export const PRACTICE_TONES: Record<PracticeStatus, Tone> = {
  draft: 'neutral',
  submitted: 'info',
  changes_requested: 'waiting',
  published: 'done',
  rejected: 'refused',
  archived: 'muted',
};
export const CONTACT_TONES: Record<ContactStatus, Tone> = { new: 'info', answered: 'done', archived: 'muted' };
export const CMS_TONES: Record<CmsStatus, Tone> = { draft: 'neutral', published: 'done', unpublished: 'waiting' };
/** Users' statuses are numbers (0 inactive, 1 active, 2 blocked), as the API has them. */
export const USER_TONES: Record<number, Tone> = { 0: 'waiting', 1: 'done', 2: 'refused' };

/** Users' statuses in the page's language (src/lib's USER_STATUS_LABELS stays English, for the server). */
export const USER_STATUS_TEXTS: Record<number, string> = {
  0: m('status.user.0'),
  1: m('status.user.1'),
  2: m('status.user.2'),
};

export function userStatusLabel(status: number): string {
  return USER_STATUS_TEXTS[status] ?? m('status.fallback', { status: String(status) });
}

/**
 * The one status chip of the back-office: the label comes from the screen's label table (its
 * catalogue's labels keyed by status, in the page's language), the colour from its tones above.
 */
export function StatusChip<S extends string | number>({
  status,
  labels,
  tones,
}: {
  status: S;
  labels: Record<S, string>;
  tones: Record<S, Tone>;
}) {
  return (
    <span
      className={
        `inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ` +
        `ring-inset ${TONE_CLASSES[tones[status]] ?? TONE_CLASSES.neutral}`
      }
    >
      {labels[status] ?? m('status.fallback', { status: String(status) })}
    </span>
  );
}
