import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Whoami } from '../../../lib/identity/schema.ts';
import type { ReportView } from '../../../lib/national-reports/schema.ts';
import { QuestionnaireFormView } from '../questionnaire/questionnaire-form.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Icon } from '../ui/icons.tsx';
import { ErrorState, Skeleton } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { AnswerHistoryDrawer, HistoryButton } from './answer-history.tsx';
import { CompareLink } from './compare-views.tsx';
import {
  $actionBusy,
  $liveReport,
  $reportView,
  answersLockedMessage,
  formForReport,
  reportActions,
  roleOf,
  runReportAction,
  showReport,
} from './report-store.ts';
import { ReviewActions } from './report-actions.tsx';
import { ReportSummary } from './report-summary.tsx';
import { ReturnedNotice } from './report-notices.tsx';
import { WrittenLang } from '../questionnaire/written-lang.ts';
import { m } from './messages.ts';
import { AnswerComments, CommentsButton, CommentsStatus } from './review/answer-comments.tsx';
import { ChangesPanel, ChangesToggle, defaultSince } from './review/changes-panel.tsx';
import { FlagsPanel } from './flags-panel.tsx';
import { $reviewed } from './review/review-api.ts';
import { reviewRights } from './review/rights.ts';

/** …/{country_code}/{year}/indicator/form: the questionnaire of one country and cycle. */
export function ReportEntryScreen({ identity }: ScreenProps) {
  const view = useStore($reportView);
  if (view.error !== undefined && !view.data) {
    return <ErrorState error={view.error} title={m('report.failed')} onRetry={() => $reportView.invalidate()} />;
  }
  if (!view.data) return <Skeleton rows={8} label={m('entry.loading')} />;
  return <Entry view={view.data.data} identity={identity} />;
}

function Entry({ view, identity }: { view: ReportView; identity: Whoami }) {
  useEffect(() => showReport(view.report), [view.report]);
  const live = useStore($liveReport);
  const report = live && live.uuid === view.report.uuid ? live : view.report;
  const form = formForReport(view, identity);
  const role = roleOf(identity);
  const locked = answersLockedMessage(report, role);
  // The form outlives a visit to another screen: it follows the report's lock as it is now.
  useEffect(() => {
    if (form.$locked.get() !== locked) form.setLocked(locked);
  }, [form, locked]);
  const { actions, completeBlocked } = reportActions(report, role);
  const busy = useStore($actionBusy);
  const [confirm, setConfirm] = useState<'complete' | 'reopen' | null>(null);
  const summary = useStore(form.$summary);
  const rights = reviewRights(identity);
  useEffect(
    () => $reviewed.set({ year: report.year, countryCode: report.country_code }),
    [report.year, report.country_code],
  );

  const act = async (action: 'complete' | 'reopen') => {
    setConfirm(null);
    if (action === 'complete') await form.retry();
    await runReportAction(identity, { action });
  };

  return (
    <>
      <ReportSummary
        report={report}
        current="form"
        title={m('entry.title')}
        notice={report.returned && <ReturnedNotice returned={report.returned} />}
      >
        {(actions.includes('complete') || actions.includes('reopen')) && (
          <EntryActions
            actions={actions}
            completeBlocked={completeBlocked}
            busy={busy}
            pending={summary.unsaved + summary.failed}
            onConfirm={setConfirm}
          />
        )}
        {/* The reviewer reads the answers here: Accept and Return are at hand, as on the details tab (issue 32). */}
        <ReviewActions report={report} identity={identity} />
        <div className="mt-4 flex flex-wrap gap-3 border-t border-slate-100 pt-4">
          <ChangesToggle initial={defaultSince(report)} />
        </div>
      </ReportSummary>

      <ChangesPanel questions={view.questions} />
      <FlagsPanel questions={view.questions} />
      <CommentsStatus />

      {locked && (
        <div
          role="note"
          className={
            'mb-5 flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm ' + 'text-slate-800'
          }
        >
          <Icon name="shield" className="mt-0.5 size-5 shrink-0 text-slate-600" />
          <p>{locked}</p>
        </div>
      )}

      {/* Answers typed here carry the report's "Written in" as their lang (decision 048). */}
      <WrittenLang.Provider value={report.written_in ?? undefined}>
        <QuestionnaireFormView
          form={form}
          fieldExtra={(question) => (
            <>
              <HistoryButton question={question} year={report.year} countryCode={report.country_code} />
              <CompareLink question={question} year={report.year} />
              <CommentsButton question={question} rights={rights} />
            </>
          )}
          fieldFooter={(question) => <AnswerComments question={question} rights={rights} />}
        />
      </WrittenLang.Provider>
      <AnswerHistoryDrawer />

      {ENTRY_ACTIONS.map((action) => (
        <ConfirmDialog
          key={action}
          open={confirm === action}
          title={CONFIRM_TEXTS[action].title}
          confirmLabel={CONFIRM_TEXTS[action].confirm}
          tone="primary"
          onConfirm={() => void act(action)}
          onCancel={() => setConfirm(null)}
        >
          {CONFIRM_TEXTS[action].body}
        </ConfirmDialog>
      ))}
    </>
  );
}

const ENTRY_ACTIONS = ['complete', 'reopen'] as const;

/** The confirmation each of the data-entry screen's actions asks for. */
const CONFIRM_TEXTS: Record<(typeof ENTRY_ACTIONS)[number], { title: string; confirm: string; body: string }> = {
  complete: { title: m('entry.completeTitle'), confirm: m('entry.complete'), body: m('entry.completeBody') },
  reopen: { title: m('entry.reopenTitle'), confirm: m('entry.reopen'), body: m('entry.reopenBody') },
};

/** "Mark complete" (once every answer is saved) and "Reopen for changes", as the report allows. */
function EntryActions({
  actions,
  completeBlocked,
  busy,
  pending,
  onConfirm,
}: {
  actions: readonly string[];
  completeBlocked: string | null;
  busy: unknown;
  pending: number;
  onConfirm: (action: 'complete' | 'reopen') => void;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
      {actions.includes('complete') && (
        <>
          <button
            type="button"
            className={ui.primaryButton}
            disabled={completeBlocked !== null || busy !== null || pending > 0}
            aria-describedby={completeBlocked ? 'complete-blocked' : undefined}
            onClick={() => onConfirm('complete')}
          >
            <Icon name="check" className="size-4" />
            {m('entry.complete')}
          </button>
          {completeBlocked && (
            <p id="complete-blocked" className="text-sm text-slate-700">
              {completeBlocked}
            </p>
          )}
          {!completeBlocked && pending > 0 && <p className="text-sm text-slate-700">{m('entry.waitSaved')}</p>}
        </>
      )}
      {actions.includes('reopen') && (
        <button
          type="button"
          className={ui.secondaryButton}
          disabled={busy !== null}
          onClick={() => onConfirm('reopen')}
        >
          {m('entry.reopenButton')}
        </button>
      )}
    </div>
  );
}
