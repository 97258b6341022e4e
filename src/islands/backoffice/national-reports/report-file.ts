import { ReportSchema, type Report } from '../../../lib/national-reports/schema.ts';
import { conflictOf, errorMessage } from '../lib/api.ts';
import { invalidatePrefixes } from '../lib/query.ts';
import { notifySuccess } from '../notifications/snackbar-store.ts';
import type { ReportFileOptions } from './report-api.ts';
import { $liveReport } from './report-store.ts';

/**
 * Sends a file that changes the report (its cover picture, its signed copy) with the upload's
 * progress, abortable meanwhile (`setAbort`); the report then shows as the server answered.
 * A refusal because the report changed since it was read (reopened, returned…) shows the report
 * as it is now: what was sent may not fit it any more. `onFailed` gets the message to show.
 */
export async function sendReportFile(options: {
  send: (transfer: ReportFileOptions) => Promise<Report>;
  onProgress: ReportFileOptions['onProgress'];
  setAbort: (abort: (() => void) | null) => void;
  onSent: () => void;
  onFailed: (message: string) => void;
  texts: { sent: string; changedMeanwhile: string };
}): Promise<void> {
  const controller = new AbortController();
  options.setAbort(() => controller.abort());
  try {
    $liveReport.set(await options.send({ signal: controller.signal, onProgress: options.onProgress }));
    options.onSent();
    invalidatePrefixes('report/type/national/');
    notifySuccess(options.texts.sent);
  } catch (error) {
    const current = conflictOf(error, ReportSchema);
    if (current) $liveReport.set(current);
    options.onFailed(current ? options.texts.changedMeanwhile : errorMessage(error));
  } finally {
    options.setAbort(null);
  }
}
