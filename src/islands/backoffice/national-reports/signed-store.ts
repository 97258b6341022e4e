import { atom } from 'nanostores';
import { REPORT_UPLOAD_MAX_BYTES, type SignedPdfFacts } from '../../../lib/national-reports/schema.ts';
import { errorMessage } from '../lib/api.ts';
import { formatDateTime } from '../ui/format.ts';
import { notifyError } from '../notifications/snackbar-store.ts';
import { inspectSignedReport, uploadSignedReport } from './report-api.ts';
import { $liveReport } from './report-store.ts';
import { m } from './messages.ts';
import { sendReportFile } from './report-file.ts';

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return m('bytes.kb', { size: Math.max(1, Math.round(bytes / 1024)) });
  return m('bytes.mb', { size: Math.round((bytes / 1024 / 1024) * 10) / 10 });
}

/**
 * "Signed by Aiko Tanaka on 23 Nov 2026, 10:42, as recorded in the file": a signature stored before the portal checked
 * them.
 */
export function signatureText(signature: { signer: string | null; signed_at: string | null }): string {
  const time = signature.signed_at ? formatDateTime(signature.signed_at) : null;
  if (signature.signer)
    return time ? m('signed.byOn', { name: signature.signer, time }) : m('signed.by', { name: signature.signer });
  return time ? m('signed.digitallyOn', { time }) : m('signed.digitally');
}

/**
 * A file that proves no signature (none, or an invalid one) is submitted only with the person's word that it is the
 * signed copy.
 */
export function needsConfirmation(facts: SignedPdfFacts): boolean {
  return !facts.signature || facts.signature.status === 'invalid';
}

export const PDF_RULES = m('submit.rules', { size: formatBytes(REPORT_UPLOAD_MAX_BYTES) });

/** The browser's quick look before sending (the server checks the bytes again). */
export function checkPdf(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (file.size === 0) return m('check.pdfEmpty');
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return m('check.notPdf');
  if (file.size > REPORT_UPLOAD_MAX_BYTES)
    return m('check.pdfTooBig', { size: formatBytes(file.size), max: formatBytes(REPORT_UPLOAD_MAX_BYTES) });
  return null;
}

interface Chosen {
  file: File;
  facts: SignedPdfFacts;
  /** An object URL of the file, for the first page and "Open the file". */
  url: string;
  /** "I confirm this is the signed copy" (asked only when the file proves no signature). */
  confirmed: boolean;
}

/**
 * Submitting by signed PDF, step by step (decision 025): choose a file, the server checks it
 * (pages, damage, signature) without keeping it, the person sees what was found and confirms,
 * then the file is sent again and the report is submitted.
 */
export type SignedStep =
  | { phase: 'idle' }
  | { phase: 'invalid'; name: string | null; message: string }
  | { phase: 'checking'; file: File; loaded: number; total: number }
  | ({ phase: 'review' } & Chosen)
  | ({ phase: 'submitting'; loaded: number; total: number } & Chosen)
  | ({ phase: 'failed'; message: string } & Chosen);

export const $signed = atom<SignedStep>({ phase: 'idle' });
let abort: (() => void) | null = null;

function setStep(next: SignedStep): void {
  const previous = $signed.get();
  // The object URL is freed once no step shows that file any more.
  if ('url' in previous && (!('url' in next) || next.url !== previous.url)) URL.revokeObjectURL(previous.url);
  $signed.set(next);
}

/** A file chosen or dropped: checked here, then by the server; the step then shows what was found. */
export async function chooseSigned(file: File | undefined): Promise<void> {
  const report = $liveReport.get();
  if (!file || !report) return;
  const problem = checkPdf(file);
  if (problem) return setStep({ phase: 'invalid', name: file.name, message: problem });
  setStep({ phase: 'checking', file, loaded: 0, total: file.size });
  const controller = new AbortController();
  abort = () => controller.abort();
  try {
    const facts = await inspectSignedReport(report.uuid, file, {
      signal: controller.signal,
      onProgress: ({ loaded, total }) => {
        const now = $signed.get();
        if (now.phase === 'checking' && now.file === file) setStep({ ...now, loaded, total });
      },
    });
    if ($signed.get().phase === 'checking')
      setStep({ phase: 'review', file, facts, url: URL.createObjectURL(file), confirmed: false });
  } catch (error) {
    if ($signed.get().phase === 'checking')
      setStep({ phase: 'invalid', name: file.name, message: errorMessage(error) });
  } finally {
    abort = null;
  }
}

export function confirmUnsigned(confirmed: boolean): void {
  const now = $signed.get();
  if (now.phase === 'review' || now.phase === 'failed') setStep({ ...now, confirmed });
}

/** Stops a check or an upload under way, or puts the chosen file aside. */
export function discardSigned(): void {
  abort?.();
  setStep({ phase: 'idle' });
}

/** Sends the checked file on the report's version: the report is submitted. */
export async function submitSigned(): Promise<void> {
  const report = $liveReport.get();
  const now = $signed.get();
  if (!report || (now.phase !== 'review' && now.phase !== 'failed')) return;
  const { file, facts, url, confirmed } = now;
  if (needsConfirmation(facts) && !confirmed) return;
  const chosen: Chosen = { file, facts, url, confirmed };
  setStep({ phase: 'submitting', ...chosen, loaded: 0, total: file.size });
  await sendReportFile({
    send: (transfer) =>
      uploadSignedReport(report.uuid, report.version, file, needsConfirmation(facts) && confirmed, transfer),
    onProgress: ({ loaded, total }) => {
      const step = $signed.get();
      if (step.phase === 'submitting' && step.file === file) setStep({ ...step, loaded, total });
    },
    setAbort: (stop) => {
      abort = stop;
    },
    onSent: () => setStep({ phase: 'idle' }),
    onFailed: (message) => {
      if ($signed.get().phase === 'submitting') setStep({ phase: 'failed', ...chosen, message });
      notifyError(m('submit.notSubmitted', { message }));
    },
    texts: { sent: m('submit.done'), changedMeanwhile: m('submit.changedMeanwhile') },
  });
}
