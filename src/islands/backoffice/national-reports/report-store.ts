import { atom, computed } from 'nanostores';
import { hasModuleRule, type RoleName } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import type { FormAnswers } from '../../../lib/questionnaires/schema.ts';
import {
  ReportSchema,
  ReportStatusSchema,
  ReportViewResponseSchema,
  type Report,
  type ReportUpdateAction,
  type ReportUpdateBody,
  type ReportView,
} from '../../../lib/national-reports/schema.ts';
import { availableActions, decide } from '../../../lib/national-reports/workflow.ts';
import { conflictOf, errorMessage } from '../lib/api.ts';
import { createFetcherStore, fetchWith, invalidatePrefixes } from '../lib/query.ts';
import { notifyError, notifySuccess } from '../notifications/snackbar-store.ts';
import { localQuestion, localSubcategory, localThrust } from './content.ts';
import { createQuestionnaireForm, type QuestionnaireForm } from '../questionnaire/form-store.ts';
import { browserStorage, draftKey } from '../questionnaire/storage.ts';
import { $router } from '../router.ts';
import { lockMessage, REPORT_STATUS_TEXT } from './report-format.tsx';
import { m } from './messages.ts';
import { reportPath, updateReport } from './report-api.ts';
import { formAnswersTransport } from '../questionnaire/answers-transport.ts';
import { reportForm } from './report-form.ts';

const REPORT_ROUTES = ['nationalReportIndicatorForm', 'nationalReportIndicatorPreview', 'nationalReportForm'] as const;

/** The report the URL names: `/module/report/national/{country_code}/{year}/…`. */
export const $reportParams = computed($router, (page) => {
  if (!page || !(REPORT_ROUTES as readonly string[]).includes(page.route)) return null;
  const params = page.params as Record<string, string>;
  const year = Number(params['year']);
  const countryCode = (params['country_code'] ?? '').toUpperCase();
  if (!Number.isInteger(year) || !/^[A-Z]{2}$/.test(countryCode)) return null;
  return { year, countryCode, tier: page.search['tier'] ?? '' };
});

export const $viewKey = computed($reportParams, (params) =>
  params ? `${reportPath(params.year, params.countryCode)}/view` : null,
);

/** The whole questionnaire of the country × cycle: one request for the data-entry and header screens. */
export const $reportView = createFetcherStore([$viewKey], { fetcher: fetchWith(ReportViewResponseSchema) });

/** The report as it is now: the view's, then updated by saves and actions without a reload. */
export const $liveReport = atom<Report | null>(null);

export function roleOf(identity: Whoami): RoleName | null {
  return identity.roles.length === 1 ? (identity.roles[0]!.name as RoleName) : null;
}

/** Why this person cannot change the answers now, or null when they can. */
export function answersLockedMessage(
  report: Pick<Report, 'status' | 'locked' | 'lock_reason'>,
  role: RoleName | null,
): string | null {
  const decision = decide(report.status, 'save', role, { lockReason: report.lock_reason });
  if (decision.ok) return null;
  if (role !== 'state_admin' && role !== 'state_member') {
    return m('lock.readOnly');
  }
  if (report.locked) return lockMessage(report.lock_reason);
  if (report.status === 'completed') return m('lock.completed');
  return report.lock_reason === 'cycle_closed'
    ? lockMessage('cycle_closed')
    : m('lock.statusLocked', { status: REPORT_STATUS_TEXT[report.status].toLowerCase() });
}

/**
 * The workflow buttons a role sees for a report now (upload is its own control). "Mark complete"
 * shows while questions are still missing, disabled, with the reason.
 */
export function reportActions(report: Pick<Report, 'status' | 'lock_reason' | 'completeness'>, role: RoleName | null) {
  const actions = availableActions(report.status, role, { lockReason: report.lock_reason }).filter(
    (action): action is ReportUpdateAction => action !== 'save' && action !== 'submit',
  );
  const check = decide(report.status, 'complete', role, {
    lockReason: report.lock_reason,
    compulsoryMissing: report.completeness.compulsory_total - report.completeness.compulsory_answered,
    invalid: report.completeness.invalid,
  });
  return { actions, completeBlocked: actions.includes('complete') && !check.ok ? completeBlockedText(report) : null };
}

/** Why "Mark complete" waits (the workflow's reasons, in the page's language). */
function completeBlockedText(report: Pick<Report, 'lock_reason' | 'completeness'>): string {
  const c = report.completeness;
  if (report.lock_reason === 'cycle_closed') return m('complete.periodEnded');
  if (c.invalid > 0) return m('complete.invalid', { count: c.invalid });
  const missing = c.compulsory_total - c.compulsory_answered;
  if (missing > 0) return m('complete.missing', { count: missing });
  return m('complete.cannot');
}

let current: { key: string; form: QuestionnaireForm<FormAnswers> } | null = null;

/**
 * The questionnaire form of a loaded report: made once per person and report, so revalidating
 * the view does not throw away what is being typed.
 */
export function formForReport(view: ReportView, identity: Whoami): QuestionnaireForm<FormAnswers> {
  const key = `${identity.uuid}:${view.report.uuid}`;
  if (current?.key === key) return current.form;
  current?.form.queue.stop();
  const role = roleOf(identity);
  const form = createQuestionnaireForm<FormAnswers>({
    storageKey: draftKey(identity.uuid, `national-report:${view.report.uuid}`),
    storage: browserStorage(),
    // The questionnaire's words in the page's language, where administrators translated them.
    ...reportForm(
      view.questions.map(localQuestion),
      view.thrusts.map(localThrust),
      view.subcategories.map(localSubcategory),
    ),
    answers: view.answers,
    // The previous cycle's answers: the expected change is checked as the person types, offline too (decision 078).
    ...(view.previous && { previous: view.previous.answers }),
    dataYearMax: view.report.year,
    lockedMessage: answersLockedMessage(view.report, role),
    // The server's rule (the ACL on top of the role): a first answer needs create, a change update.
    answerRights: {
      create: hasModuleRule(identity, 'national_report', ['create']),
      update: hasModuleRule(identity, 'national_report', ['update']),
    },
    transport: formAnswersTransport('national-report', `${view.report.year}-${view.report.country_code}`),
    onSaved: (extra) => {
      const report = $liveReport.get();
      if (report && report.uuid === view.report.uuid)
        $liveReport.set({
          ...report,
          status: ReportStatusSchema.parse(extra.status),
          completeness: extra.completeness,
          version: extra.version,
        });
      invalidatePrefixes(
        'report/type/national/cycles',
        `report/type/national/${view.report.year}?`,
        `report/type/national/${view.report.year}/${view.report.country_code}/preview`,
      );
    },
    onLocked: (message) => notifyError(m('entry.notSavedLocked', { message })),
    currentUserUuid: identity.uuid,
  });
  current = { key, form };
  return form;
}

/** The view arrived (or was revalidated): the live report follows it. */
export function showReport(report: Report): void {
  const live = $liveReport.get();
  if (!live || live.uuid !== report.uuid || live.version <= report.version) $liveReport.set(report);
}

const DONE = {
  complete: 'done.complete',
  reopen: 'done.reopen',
  return: 'done.return',
  accept: 'done.accept',
  publish: 'done.publish',
  unpublish: 'done.unpublish',
  unlock: 'done.unlock',
} as const satisfies Record<ReportUpdateAction, string>;

export const $actionBusy = atom<ReportUpdateAction | 'details' | null>(null);

/** Runs a workflow action (or saves header fields) with the report's version; a stale one is reloaded. */
export async function runReportAction(
  identity: Whoami,
  body: Omit<ReportUpdateBody, 'version'>,
  done?: string,
): Promise<Report | null> {
  const report = $liveReport.get();
  if (!report) return null;
  $actionBusy.set(body.action ?? 'details');
  try {
    const updated = await updateReport(report.year, report.country_code, { ...body, version: report.version });
    $liveReport.set(updated);
    const form = current?.key === `${identity.uuid}:${updated.uuid}` ? current.form : null;
    form?.setLocked(answersLockedMessage(updated, roleOf(identity)));
    invalidatePrefixes('report/type/national/');
    notifySuccess(done ?? (body.action ? m(DONE[body.action]) : m('done.details')));
    return updated;
  } catch (error) {
    const current = conflictOf(error, ReportSchema);
    if (current) {
      $liveReport.set(current);
      notifyError(m('report.changedMeanwhile', { status: REPORT_STATUS_TEXT[current.status].toLowerCase() }));
    } else {
      notifyError(errorMessage(error));
    }
    return null;
  } finally {
    $actionBusy.set(null);
  }
}
