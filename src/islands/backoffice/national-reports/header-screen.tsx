import { useStore } from '@nanostores/react';
import { Labelled } from '../ui/field.tsx';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import type { ActivityEntrySchema } from '../../../lib/national-reports/activity-schema.ts';
import {
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  EXECUTIVE_SUMMARY_MAX,
  REPORT_TITLE_MAX,
  type Report,
} from '../../../lib/national-reports/schema.ts';
import { formatDateTime } from '../questionnaire/field-status.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { EmptyState, ErrorState, Loaded, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { TimelineCard } from '../ui/timeline.tsx';
import { $activity, checkDraft, draftOf, saveHeader, type HeaderDraft } from './header-store.ts';
import { actionLabel, REPORT_STATUS_TEXT } from './report-format.tsx';
import { formatNumber } from '../ui/format.ts';
import { m } from './messages.ts';
import { ReviewActions } from './report-actions.tsx';
import { $actionBusy, $liveReport, $reportView, roleOf, showReport } from './report-store.ts';
import { ReportSummary } from './report-summary.tsx';
import { canSubmitSigned, SignedReport } from './signed-report.tsx';
import { SignedSubmission } from './signed-submission.tsx';
import { CoverSection } from './cover-section.tsx';
import { WrittenLanguagePicker } from '../ui/written-language-picker.tsx';

/**
 * …/{country_code}/{year}/form: the report's title, summary, contact, cover picture, signed PDF, timeline and review.
 */
export function ReportHeaderScreen({ identity }: ScreenProps) {
  const view = useStore($reportView);
  const live = useStore($liveReport);
  useEffect(() => {
    if (view.data) showReport(view.data.data.report);
  }, [view.data]);
  if (view.error !== undefined && !view.data) {
    return <ErrorState error={view.error} title={m('report.failed')} onRetry={() => $reportView.invalidate()} />;
  }
  if (!view.data) return <Skeleton rows={6} label={m('header.loading')} />;
  const report = live && live.uuid === view.data.data.report.uuid ? live : view.data.data.report;
  const admin = isAdminLevel(identity);
  return (
    <>
      <ReportSummary report={report} current="header" title={m('header.title')}>
        <ReviewActions report={report} identity={identity} />
      </ReportSummary>
      {/* A report to submit opens on its submission step, above everything else (decision 025). */}
      {canSubmitSigned(report, identity) && report.status === 'completed' && (
        <div className="mb-6">
          <SignedSubmission replacing={report.file !== null} />
        </div>
      )}
      {/* minmax(0,…): a long file name is cut short, it does not widen the page on a phone. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <DetailsForm key={`${report.uuid}:${report.version}`} report={report} identity={identity} />
          <CoverSection report={report} identity={identity} editable={canEditDetails(report, identity)} />
          <SignedReport report={report} identity={identity} />
        </div>
        <div className="space-y-6">
          <Timeline report={report} />
          {admin && <ActivityLog />}
        </div>
      </div>
    </>
  );
}

function canEditDetails(report: Report, identity: Whoami): boolean {
  if (isAdminLevel(identity)) return true;
  const role = roleOf(identity);
  // The server refuses country changes to a report marked complete until it is reopened.
  return (role === 'state_admin' || role === 'state_member') && !report.locked && report.status !== 'completed';
}

function DetailsForm({ report, identity }: { report: Report; identity: Whoami }) {
  const [draft, setDraft] = useState<HeaderDraft>(() => draftOf(report));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = useStore($actionBusy);
  const editable = canEditDetails(report, identity);
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(report));
  const set = (patch: Partial<HeaderDraft>) => setDraft({ ...draft, ...patch });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await saveHeader(identity, draft);
  };

  // What the country writes is shown in the language it is written in, once it is stated (decision 048).
  const lang = draft.written_in || undefined;
  const field = (name: keyof HeaderDraft, label: string, max: number, type = 'text') => (
    <DetailsField
      name={name}
      label={label}
      max={max}
      type={type}
      value={draft[name]}
      editable={editable}
      error={errors[name]}
      lang={name === 'title' ? lang : undefined}
      onChange={(value) => set({ [name]: value })}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} className={ui.card} aria-labelledby="report-details" noValidate>
      <h2 id="report-details" className="text-lg font-semibold text-slate-900">
        {m('tabs.header')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m('header.detailsHint')}</p>
      <div className="mt-4 space-y-4">
        <WrittenLanguagePicker
          id="report-written-in"
          value={draft.written_in}
          disabled={!editable}
          onChange={(written_in) => set({ written_in })}
        />
        {field('title', m('header.titleField'), REPORT_TITLE_MAX)}
        <Labelled id="report-summary" label={m('header.summary')}>
          <textarea
            dir="auto"
            lang={lang}
            id="report-summary"
            rows={7}
            className={`${ui.input} mt-1`}
            value={draft.executive_summary}
            maxLength={EXECUTIVE_SUMMARY_MAX}
            disabled={!editable}
            onChange={(event) => set({ executive_summary: event.target.value })}
          />
          <p className="mt-1 text-xs text-slate-600">
            {m('header.characters', {
              count: formatNumber(draft.executive_summary.length),
              max: formatNumber(EXECUTIVE_SUMMARY_MAX),
            })}
          </p>
        </Labelled>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{m('header.contact')}</legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-3">
            {field('contact_name', m('header.name'), CONTACT_NAME_MAX)}
            {field('contact_email', m('header.email'), 254, 'email')}
            {field('contact_phone', m('header.phone'), CONTACT_PHONE_MAX, 'tel')}
          </div>
        </fieldset>
      </div>
      {editable ? (
        <div className="mt-5 flex items-center gap-3">
          <button type="submit" className={ui.primaryButton} disabled={!changed || busy !== null}>
            {busy === 'details' ? m('common.saving') : m('header.save')}
          </button>
          {changed && <span className="text-sm text-slate-600">{m('common.unsaved')}</span>}
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{m('header.locked')}</p>
      )}
    </form>
  );
}

/** One text field of the details, with its error under it. */
function DetailsField({
  name,
  label,
  max,
  type,
  value,
  editable,
  error,
  lang,
  onChange,
}: {
  name: keyof HeaderDraft;
  label: string;
  max: number;
  type: string;
  value: string;
  editable: boolean;
  error: string | undefined;
  lang?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Labelled id={`report-${name}`} label={label}>
      <input
        id={`report-${name}`}
        type={type}
        dir="auto"
        lang={lang}
        className={`${ui.input} mt-1`}
        value={value}
        maxLength={max}
        disabled={!editable}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `report-${name}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`report-${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </Labelled>
  );
}

/** How an entry's lines look: paragraphs in the timeline, lines of one item in the activity log. */
const ENTRY_LOOKS = {
  timeline: {
    line: 'p',
    when: 'text-xs text-slate-600',
    note: 'mt-1 whitespace-pre-line rounded bg-slate-50 p-2 text-sm text-slate-800',
  },
  log: { line: 'span', when: 'block text-xs text-slate-600', note: 'block text-slate-700' },
} as const;

/** When a timeline or activity entry happened and who did it (when known), then its note, quoted. */
function EntryMeta({
  entry,
  look,
}: {
  entry: { at: string; by: { name: string } | null; note: string | null };
  look: keyof typeof ENTRY_LOOKS;
}) {
  const { line: Line, when, note } = ENTRY_LOOKS[look];
  return (
    <>
      <Line className={when}>
        {entry.by ? `${formatDateTime(entry.at)} · ${entry.by.name}` : formatDateTime(entry.at)}
      </Line>
      {entry.note && (
        <Line className={note} dir="auto">
          {m('timeline.quote', { note: entry.note })}
        </Line>
      )}
    </>
  );
}

function Timeline({ report }: { report: Report }) {
  return (
    <TimelineCard
      id="report-timeline"
      title={m('timeline.title')}
      empty={m('timeline.empty')}
      headingSize="text-lg"
      listClass="mt-3 space-y-4"
      entries={report.events}
    >
      {(events) =>
        events.map((event, index) => (
          <li key={`${event.at}-${index}`} className="relative border-l-2 border-slate-200 pl-4">
            <span aria-hidden="true" className="absolute -left-[5px] top-1.5 size-2 rounded-full bg-brand-600" />
            <p className="text-sm font-medium text-slate-900">
              {actionLabel(event.action)}
              {event.to && event.from !== event.to && (
                <span className="font-normal text-slate-600">
                  {' '}
                  · {m('timeline.now', { status: REPORT_STATUS_TEXT[event.to].toLowerCase() })}
                </span>
              )}
            </p>
            <EntryMeta entry={event} look="timeline" />
          </li>
        ))
      }
    </TimelineCard>
  );
}

function ActivityLog() {
  const activity = useStore($activity);
  return (
    <section aria-labelledby="report-activity" className={ui.card}>
      <details>
        <summary className="cursor-pointer">
          <h2 id="report-activity" className="inline text-lg font-semibold text-slate-900">
            {m('activity.title')}
          </h2>
          <span className="ml-2 text-sm text-slate-600">{m('activity.hint')}</span>
        </summary>
        <div className="mt-3">
          <Loaded
            value={activity}
            failed={m('activity.failed')}
            loading={m('activity.loading')}
            rows={3}
            onRetry={() => $activity.invalidate()}
          >
            {({ data: entries }) =>
              entries.length === 0 ? <EmptyState title={m('activity.empty')} /> : <ActivityEntries entries={entries} />
            }
          </Loaded>
        </div>
      </details>
    </section>
  );
}

function ActivityEntries({ entries }: { entries: readonly z.output<typeof ActivityEntrySchema>[] }) {
  return (
    <ol className="max-h-96 space-y-2 overflow-y-auto text-sm">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="border-b border-slate-100 pb-2">
          <span className="font-medium text-slate-900">{actionLabel(entry.action)}</span>
          {entry.question_code && <span className="text-slate-700"> · {entry.question_code}</span>}
          <EntryMeta entry={entry} look="log" />
        </li>
      ))}
    </ol>
  );
}
