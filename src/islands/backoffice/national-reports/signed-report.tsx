import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import type { Whoami } from '../../../lib/identity/schema.ts';
import type { Report } from '../../../lib/national-reports/schema.ts';
import { decide } from '../../../lib/national-reports/workflow.ts';
import { formatDateTime } from '../questionnaire/field-status.tsx';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { $upload, cancelUpload, formatBytes, PDF_RULES, uploadPdf } from './header-store.ts';
import { roleOf } from './report-store.ts';

/** The signed PDF: the upload (country administrators, once the report is complete) and every earlier file. */
export function SignedReport({ report, identity }: { report: Report; identity: Whoami }) {
  const role = roleOf(identity);
  const canUpload = decide(report.status, 'submit', role, { lockReason: report.lock_reason }).ok;
  return (
    <section aria-labelledby="signed-report" className={ui.card}>
      <h2 id="signed-report" className="text-lg font-semibold text-slate-900">
        Signed report
      </h2>
      {report.file ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 p-3">
          <div className="flex min-w-0 items-center gap-3">
            <Icon name="report" className="size-6 shrink-0 text-brand-700" />
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{report.file.name}</p>
              <p className="text-sm text-slate-600">
                {formatBytes(report.file.size)} · uploaded {formatDateTime(report.file.uploaded_at)}
                {report.file.uploaded_by ? ` by ${report.file.uploaded_by.name}` : ''}
              </p>
            </div>
          </div>
          <a href={report.file.url} className={ui.secondaryButton} target="_blank" rel="noopener">
            Open PDF
          </a>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          {canUpload
            ? 'The report is complete. Print the preview, have it signed, and upload the signed PDF to submit it.'
            : report.status === 'not_started' || report.status === 'in_progress' || report.status === 'completed'
              ? 'No signed report yet. The country administrator uploads it once the answers are marked complete.'
              : 'No signed file is stored for this report.'}
        </p>
      )}
      {canUpload && <UploadZone replacing={report.file !== null} />}
      {report.files.length > 1 && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">Earlier uploads ({report.files.length - 1})</summary>
          <ul className="mt-2 space-y-1">
            {report.files.slice(1).map((file) => (
              <li key={file.v}>
                <a href={file.url} className={ui.link} target="_blank" rel="noopener">
                  {file.name}
                </a>{' '}
                <span className="text-slate-600">
                  · {formatBytes(file.size)} · {formatDateTime(file.uploaded_at)}
                  {file.uploaded_by ? ` by ${file.uploaded_by.name}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function UploadZone({ replacing }: { replacing: boolean }) {
  const upload = useStore($upload);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const uploading = upload.phase === 'uploading';
  const pct = uploading && upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  return (
    <div className="mt-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const file = event.dataTransfer.files[0];
          if (file && !uploading) void uploadPdf(file);
        }}
        className={`rounded-lg border-2 border-dashed p-5 text-center ${over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white'}`}
      >
        <p className="text-sm text-slate-800">
          Drag the signed PDF here, or{' '}
          <button type="button" className={ui.link} disabled={uploading} onClick={() => input.current?.click()}>
            choose the file
          </button>
          .
        </p>
        <p className="mt-1 text-xs text-slate-600">
          {PDF_RULES} {replacing ? 'A new upload replaces the current file; earlier files are kept.' : 'Uploading submits the report.'}
        </p>
        <label htmlFor="signed-pdf" className="sr-only">
          Signed report (PDF)
        </label>
        <input
          ref={input}
          id="signed-pdf"
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void uploadPdf(file);
          }}
        />
      </div>
      {uploading && (
        <div className="mt-3" role="status" aria-live="polite">
          <div className="flex items-center justify-between text-sm text-slate-700">
            <span>
              Uploading {upload.name}… {pct}%
            </span>
            <button type="button" className="text-sm underline" onClick={cancelUpload}>
              Cancel
            </button>
          </div>
          <progress className="mt-1 h-2 w-full accent-brand-600" max={100} value={pct} aria-label="Upload progress" />
        </div>
      )}
      {(upload.phase === 'invalid' || upload.phase === 'failed') && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {upload.message}
        </p>
      )}
    </div>
  );
}
