import { atom, computed } from 'nanostores';
import type { Whoami } from '../../../lib/identity/schema.ts';
import {
  ActivityResponseSchema,
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  EXECUTIVE_SUMMARY_MAX,
  REPORT_TITLE_MAX,
  REPORT_UPLOAD_MAX_BYTES,
  type Report,
} from '../../../lib/national-reports/schema.ts';
import { errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { $identity } from '../session.ts';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import { reportPath, uploadSignedReport } from './report-api.ts';
import { $liveReport, $reportParams, runReportAction } from './report-store.ts';

export interface HeaderDraft {
  title: string;
  executive_summary: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
}

export function draftOf(report: Report): HeaderDraft {
  return {
    title: report.title ?? '',
    executive_summary: report.executive_summary ?? '',
    contact_name: report.contact?.name ?? '',
    contact_email: report.contact?.email ?? '',
    contact_phone: report.contact?.phone ?? '',
  };
}

/** The same limits as the server, said before anything is sent; empty when the draft may go. */
export function checkDraft(draft: HeaderDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.title.trim().length > REPORT_TITLE_MAX) errors['title'] = `The title may be at most ${REPORT_TITLE_MAX} characters.`;
  if (draft.executive_summary.trim().length > EXECUTIVE_SUMMARY_MAX) errors['executive_summary'] = `The summary may be at most ${EXECUTIVE_SUMMARY_MAX} characters.`;
  const anyContact = draft.contact_name.trim() || draft.contact_email.trim() || draft.contact_phone.trim();
  if (anyContact) {
    if (!draft.contact_name.trim()) errors['contact_name'] = 'Give the contact person’s name, or clear the contact fields.';
    else if (draft.contact_name.trim().length > CONTACT_NAME_MAX) errors['contact_name'] = `The name may be at most ${CONTACT_NAME_MAX} characters.`;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.contact_email.trim()) || draft.contact_email.length > CONTACT_EMAIL_MAX) {
      errors['contact_email'] = 'Give an email address such as name@ministry.gov.';
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
    contact,
  });
  return saved !== null;
}

// ---- the signed PDF ----

export const PDF_RULES = `A PDF file of at most ${REPORT_UPLOAD_MAX_BYTES / 1024 / 1024} MB, signed by the responsible authority.`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
}

/** The browser's quick look before sending (the server checks the bytes again). */
export function checkPdf(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (file.size === 0) return 'This file is empty. Choose the signed PDF.';
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'This file is not a PDF. Save the signed report as PDF and choose it again.';
  if (file.size > REPORT_UPLOAD_MAX_BYTES) return `This file is ${formatBytes(file.size)}: the signed report may be at most ${formatBytes(REPORT_UPLOAD_MAX_BYTES)}.`;
  return null;
}

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'invalid'; message: string }
  | { phase: 'uploading'; name: string; loaded: number; total: number }
  | { phase: 'failed'; name: string; message: string };

export const $upload = atom<UploadState>({ phase: 'idle' });
let abortUpload: (() => void) | null = null;

/** Sends the signed PDF; on success the report is submitted. */
export async function uploadPdf(file: File): Promise<void> {
  const report = $liveReport.get();
  if (!report) return;
  const problem = checkPdf(file);
  if (problem) {
    $upload.set({ phase: 'invalid', message: problem });
    return;
  }
  $upload.set({ phase: 'uploading', name: file.name, loaded: 0, total: file.size });
  const running = uploadSignedReport(report.uuid, file, ({ loaded, total }) => {
    if ($upload.get().phase === 'uploading') $upload.set({ phase: 'uploading', name: file.name, loaded, total });
  });
  abortUpload = running.abort;
  try {
    const updated = await running.promise;
    $liveReport.set(updated);
    $upload.set({ phase: 'idle' });
    invalidatePrefixes('report/type/national/');
    notifySuccess('The signed report is uploaded and the report is submitted.');
  } catch (error) {
    $upload.set({ phase: 'failed', name: file.name, message: errorMessage(error) });
    notifyError(`The signed report was not uploaded: ${errorMessage(error)}`);
  } finally {
    abortUpload = null;
  }
}

export function cancelUpload(): void {
  abortUpload?.();
}

// ---- activity (administrators) ----

export const $activity = createFetcherStore(
  [
    computed([$reportParams, $identity], (params, identity) =>
      params && identity.status === 'ready' && isAdminLevel(identity.identity) ? `${reportPath(params.year, params.countryCode)}/activity` : null,
    ),
  ],
  { fetcher: fetchWith(ActivityResponseSchema) },
);
