import type { Whoami } from '../../../lib/identity/schema.ts';
import type { Report, ReportFile } from '../../../lib/national-reports/schema.ts';
import { decide } from '../../../lib/national-reports/workflow.ts';
import { formatDateTime } from '../questionnaire/field-status.tsx';
import { Icon } from '../ui/icons.tsx';
import { ui } from '../ui/styles.ts';
import { CardSection } from '../ui/card-section.tsx';
import { m } from './messages.ts';
import { formatBytes } from './signed-store.ts';
import { SignatureFacts } from './signature-facts.tsx';
import { SignedSubmission } from './signed-submission.tsx';
import { roleOf } from './report-store.ts';

/** Whether this person may submit the report by signed PDF now (or send a new signed copy). */
export function canSubmitSigned(report: Report, identity: Whoami): boolean {
  return decide(report.status, 'submit', roleOf(identity), { lockReason: report.lock_reason }).ok;
}

/**
 * The signed PDF: the current copy (with what the portal found in it) and every earlier one. A
 * report still to be submitted has its submission step at the top of the screen instead; here,
 * a report already submitted may get a new copy through the same step.
 */
export function SignedReport({ report, identity }: { report: Report; identity: Whoami }) {
  const canUpload = canSubmitSigned(report, identity);
  return (
    <CardSection id="signed-report" title={m('signed.title')}>
      {report.file ? (
        <CurrentFile file={report.file} />
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          {canUpload
            ? m('signed.noneCanUpload')
            : report.status === 'not_started' || report.status === 'in_progress' || report.status === 'completed'
              ? m('signed.noneYet')
              : m('signed.noneStored')}
        </p>
      )}
      {canUpload && report.status === 'submitted' && (
        <div className="mt-4">
          <SignedSubmission replacing />
        </div>
      )}
      {report.files.length > 1 && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">
            {m('signed.earlier', { count: report.files.length - 1 })}
          </summary>
          <ul className="mt-2 space-y-1">
            {report.files.slice(1).map((file) => (
              <li key={file.v}>
                <a href={file.url} className={ui.link} target="_blank" rel="noopener" dir="auto">
                  {file.name}
                </a>{' '}
                <span className="text-slate-600">
                  · {formatBytes(file.size)} ·{' '}
                  {file.uploaded_by
                    ? m('signed.timeBy', { time: formatDateTime(file.uploaded_at), name: file.uploaded_by.name })
                    : formatDateTime(file.uploaded_at)}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </CardSection>
  );
}

/** The current signed copy: its name, size, pages and uploader, and what the portal verified of its signature. */
function CurrentFile({ file }: { file: ReportFile }) {
  return (
    <div className="mt-3 space-y-2">
      <div
        className={
          'flex flex-wrap items-center justify-between gap-3 ' + 'rounded-md border border-slate-200 bg-slate-50 p-3'
        }
      >
        <div className="flex min-w-0 items-center gap-3">
          <Icon name="report" className="size-6 shrink-0 text-brand-700" />
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900" dir="auto">
              {file.name}
            </p>
            <p className="text-sm text-slate-600">
              {formatBytes(file.size)}
              {file.pages !== null && ` · ${m('signed.pages', { count: file.pages })}`} ·{' '}
              {file.uploaded_by
                ? m('signed.uploadedBy', { time: formatDateTime(file.uploaded_at), name: file.uploaded_by.name })
                : m('signed.uploaded', { time: formatDateTime(file.uploaded_at) })}
            </p>
          </div>
        </div>
        <a href={file.url} className={ui.secondaryButton} target="_blank" rel="noopener">
          {m('signed.open')}
        </a>
      </div>
      {file.signature && <SignatureFacts signature={file.signature} />}
    </div>
  );
}
