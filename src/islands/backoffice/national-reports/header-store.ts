import { atom, computed } from 'nanostores';
import type { Whoami } from '../../../lib/identity/schema.ts';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  EXECUTIVE_SUMMARY_MAX,
  REPORT_TITLE_MAX,
  REPORT_COVER_MAX_BYTES,
  type Report,
} from '../../../lib/national-reports/schema.ts';
import { ActivityResponseSchema } from '../../../lib/national-reports/activity-schema.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { notifyError } from '../notifications/snackbar-store.ts';
import { $identity } from '../session.ts';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import { reportPath, uploadReportCover } from './report-api.ts';
import { formatBytes } from './signed-store.ts';
import { checkImageFile } from '../cms/image-upload.ts';
import { $liveReport, $reportParams, runReportAction } from './report-store.ts';
import { m } from './messages.ts';
import { sendReportFile } from './report-file.ts';

export interface HeaderDraft {
  title: string;
  executive_summary: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  /** The language the texts are written in (decision 048); '': not stated. */
  written_in: string;
}

export function draftOf(report: Report): HeaderDraft {
  return {
    title: report.title ?? '',
    executive_summary: report.executive_summary ?? '',
    contact_name: report.contact?.name ?? '',
    contact_email: report.contact?.email ?? '',
    contact_phone: report.contact?.phone ?? '',
    written_in: report.written_in ?? '',
  };
}

/** The same limits as the server, said before anything is sent; empty when the draft may go. */
export function checkDraft(draft: HeaderDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.title.trim().length > REPORT_TITLE_MAX) errors['title'] = m('check.titleMax', { max: REPORT_TITLE_MAX });
  if (draft.executive_summary.trim().length > EXECUTIVE_SUMMARY_MAX)
    errors['executive_summary'] = m('check.summaryMax', { max: EXECUTIVE_SUMMARY_MAX });
  const anyContact = draft.contact_name.trim() || draft.contact_email.trim() || draft.contact_phone.trim();
  if (anyContact) {
    if (!draft.contact_name.trim()) errors['contact_name'] = m('check.contactName');
    else if (draft.contact_name.trim().length > CONTACT_NAME_MAX)
      errors['contact_name'] = m('check.nameMax', { max: CONTACT_NAME_MAX });
    if (
      !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.contact_email.trim()) ||
      draft.contact_email.length > CONTACT_EMAIL_MAX
    ) {
      errors['contact_email'] = m('check.email');
    }
  }
  return errors;
}

export async function saveHeader(identity: Whoami, draft: HeaderDraft): Promise<boolean> {
  const contact = draft.contact_name.trim()
    ? { name: draft.contact_name.trim(), email: draft.contact_email.trim(), phone: draft.contact_phone.trim() || null }
    : null;
  const saved = await runReportAction(identity, {
    title: draft.title.trim() || null,
    executive_summary: draft.executive_summary.trim() || null,
    written_in: draft.written_in || null,
    contact,
  });
  return saved !== null;
}

export { checkPdf } from './signed-store.ts';

// ---- the cover picture ----

export const COVER_RULES = m('cover.rules', { size: formatBytes(REPORT_COVER_MAX_BYTES) });

export type CoverState =
  | { phase: 'idle' }
  | { phase: 'invalid'; message: string }
  | { phase: 'chosen'; file: File; preview: string }
  | { phase: 'uploading'; file: File; preview: string; loaded: number; total: number }
  | { phase: 'failed'; file: File; preview: string; message: string };

export const $cover = atom<CoverState>({ phase: 'idle' });
let abortCover: (() => void) | null = null;

function setCover(state: CoverState): void {
  const previous = $cover.get();
  // The preview's object URL is freed once nothing shows it.
  if ('preview' in previous && (!('preview' in state) || state.preview !== previous.preview))
    URL.revokeObjectURL(previous.preview);
  $cover.set(state);
}

/** A picture chosen: checked like the server would (type, size), then previewed from memory before anything is sent. */
export function chooseCover(file: File | undefined): void {
  if (!file) return;
  const problem = checkImageFile(file);
  setCover(
    problem ? { phase: 'invalid', message: problem } : { phase: 'chosen', file, preview: URL.createObjectURL(file) },
  );
}

export function discardCover(): void {
  abortCover?.();
  setCover({ phase: 'idle' });
}

/** Sends the chosen picture on the report's version; the report then shows it as its cover. */
export async function uploadCover(): Promise<void> {
  const report = $liveReport.get();
  const state = $cover.get();
  if (!report || (state.phase !== 'chosen' && state.phase !== 'failed')) return;
  const { file, preview } = state;
  setCover({ phase: 'uploading', file, preview, loaded: 0, total: file.size });
  await sendReportFile({
    send: (transfer) => uploadReportCover(report.uuid, report.version, file, transfer),
    onProgress: ({ loaded, total }) => {
      const now = $cover.get();
      if (now.phase === 'uploading' && now.file === file) setCover({ ...now, loaded, total });
    },
    setAbort: (abort) => {
      abortCover = abort;
    },
    onSent: () => setCover({ phase: 'idle' }),
    onFailed: (message) => {
      if ($cover.get().phase === 'uploading') setCover({ phase: 'failed', file, preview, message });
      notifyError(m('cover.notSaved', { message }));
    },
    texts: { sent: m('cover.saved'), changedMeanwhile: m('cover.changedMeanwhile') },
  });
}

export function saveCoverAlt(identity: Whoami, alt: string): Promise<Report | null> {
  return runReportAction(identity, { cover_alt: alt.trim() || null }, m('cover.altSaved'));
}

export function removeCover(identity: Whoami): Promise<Report | null> {
  return runReportAction(identity, { cover: null }, m('cover.removed'));
}

// ---- activity (administrators) ----

export const $activity = createFetcherStore(
  [
    computed([$reportParams, $identity], (params, identity) =>
      params && identity.status === 'ready' && isAdminLevel(identity.identity)
        ? `${reportPath(params.year, params.countryCode)}/activity`
        : null,
    ),
  ],
  { fetcher: fetchWith(ActivityResponseSchema) },
);
