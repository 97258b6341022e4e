import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import {
  auditEvents,
  countries,
  nationalReports,
  questions,
  reportAnswers,
  reportFiles,
  reportingCycles,
  users,
} from '../db/schema.ts';
import { completeness, formatAnswer } from '../questionnaires/engine.ts';
import { pinnedQuestions } from './question-versions.server.ts';
import { questionnaireGroups } from './report-order.ts';
import type { Answer, Completeness } from '../questionnaires/schema.ts';
import { formQuestionOf, type Question, type Subcategory, type Thrust } from './question-schema.ts';
import {
  locksAtOf,
  personName,
  toAnswer,
  toCountry,
  toCover,
  toCycle,
  toQuestion,
  type AnswerRow,
  type CountryRow,
  type CycleRow,
  type ReportRow,
} from './rows.server.ts';
import { signatureOut } from '../signatures/schema.ts';
import type { Report, ReportEvent, ReportFile, ReportGroup, ReportStatus } from './schema.ts';
import { lockReasonOf, returnedOf } from './workflow.ts';
import { copyKeptAt } from '../site/publication-copies.server.ts';

/** A report with what every view of it needs. */
export interface ReportBundle {
  cycle: CycleRow;
  report: ReportRow;
  country: CountryRow;
}

export const fileUrl = (uuid: string, v: number) => `/api/report/type/national/${uuid}/report/file?v=${v}`;

export async function loadCycleRow(db: DbOrTx, year: number): Promise<CycleRow | null> {
  const [row] = await db.select().from(reportingCycles).where(eq(reportingCycles.year, year));
  return row ?? null;
}

export async function loadBundle(
  db: DbOrTx,
  where: { year: number; countryCode: string } | { uuid: string },
  options: { forUpdate?: boolean } = {},
): Promise<ReportBundle | null> {
  const condition =
    'uuid' in where
      ? eq(nationalReports.uuid, where.uuid)
      : and(eq(nationalReports.year, where.year), eq(nationalReports.countryCode, where.countryCode));
  // One query: every save and every view starts here.
  let query = db
    .select({
      report: nationalReports,
      cycle: reportingCycles,
      country: { code: countries.code, name: countries.name, flag: countries.flag },
    })
    .from(nationalReports)
    .innerJoin(reportingCycles, eq(reportingCycles.year, nationalReports.year))
    .innerJoin(countries, eq(countries.code, nationalReports.countryCode))
    .where(condition)
    .$dynamic();
  if (options.forUpdate) query = query.for('update', { of: nationalReports });
  const [row] = await query;
  return row ?? null;
}

/**
 * The questions of a cycle's form, in order: those valid from its year that are not retired, or
 * were retired once the cycle's answers were locked (after its lock date, or after it opened when
 * it is closed or archived: the form stays as it was answered), plus any retired question the
 * report still holds an answer to. So a question retired while a cycle is open leaves the forms
 * that have no answer to it, and no answer is ever lost.
 */
export async function cycleQuestions(db: DbOrTx, cycle: CycleRow, reportId?: number): Promise<Question[]> {
  return (await cycleQuestionRows(db, cycle, reportId)).map((row) => row.question);
}

/**
 * The questions of a report's form as the report shows them: `cycleQuestions`, each with the
 * wording the report keeps when it was locked before the question was reworded (decision 026).
 */
export async function reportQuestions(db: DbOrTx, bundle: Pick<ReportBundle, 'cycle' | 'report'>): Promise<Question[]> {
  const rows = await cycleQuestionRows(db, bundle.cycle, bundle.report.id);
  return (await pinnedQuestions(db, rows, bundle.report.questionPins)).map((row) => row.question);
}

/** `cycleQuestions` with each question's row id (answers refer to questions by id) and wording number. */
export async function cycleQuestionRows(
  db: DbOrTx,
  cycle: CycleRow,
  reportId?: number,
): Promise<{ id: number; n: number; question: Question }[]> {
  const locked = cycle.status === 'closed' || cycle.status === 'archived';
  const current = and(
    or(isNull(questions.firstCycle), sql`${questions.firstCycle} <= ${cycle.year}`),
    or(
      isNull(questions.retiredAt),
      sql`${questions.retiredAt} >= ${locksAtOf(cycle).toISOString()}::timestamptz`,
      locked ? sql`${questions.retiredAt} > ${cycle.opensAt}::date` : undefined,
    ),
  );
  const answered =
    reportId === undefined
      ? undefined
      : sql`exists (select 1 from ${reportAnswers} where ${reportAnswers.questionId} = ${questions.id} and
        ${reportAnswers.reportId} = ${reportId})`;
  const rows = await db
    .select()
    .from(questions)
    .where(answered ? or(current, answered) : current)
    .orderBy(asc(questions.sort), asc(questions.id));
  return rows.map((row) => ({ id: row.id, n: row.wordingVersion, question: toQuestion(row) }));
}

import { listSubcategories, listThrusts } from './questions.server.ts';
export { listSubcategories, listThrusts } from './questions.server.ts';

/** The stored rows of a report's answers, with their question's uuid and who last changed them. */
export async function storedAnswers(db: DbOrTx, reportId: number): Promise<StoredAnswer[]> {
  const rows = await db
    .select({
      row: reportAnswers,
      questionUuid: questions.uuid,
      name: users.name,
      username: users.username,
    })
    .from(reportAnswers)
    .innerJoin(questions, eq(questions.id, reportAnswers.questionId))
    .leftJoin(users, eq(users.id, reportAnswers.updatedBy))
    .where(eq(reportAnswers.reportId, reportId));
  return rows.map((r) => ({
    row: r.row,
    questionUuid: r.questionUuid,
    by: r.username === null ? null : personName({ name: r.name, username: r.username }),
  }));
}

export interface StoredAnswer {
  row: AnswerRow;
  questionUuid: string;
  by: string | null;
}

/** Stored answers in their API shape, in the order of the questions given (others are left out). */
export function toAnswers(stored: readonly StoredAnswer[], qs: readonly Question[], cycleYear: number): Answer[] {
  const byQuestion = new Map(stored.map((s) => [s.questionUuid, s]));
  return qs.flatMap((question) => {
    const s = byQuestion.get(question.uuid);
    return s ? [toAnswer(s.row, question, cycleYear, s.by)] : [];
  });
}

/** The stored answers of a report, for the questions given (others are left out). */
export async function reportAnswersOf(
  db: DbOrTx,
  reportId: number,
  qs: readonly Question[],
  cycleYear: number,
): Promise<Answer[]> {
  return toAnswers(await storedAnswers(db, reportId), qs, cycleYear);
}

/** Completeness of answers in their API shape: each answer's state was judged once, by `toAnswer`. */
export function completenessOf(qs: readonly Question[], answers: readonly Answer[], cycleYear: number): Completeness {
  return completeness(qs.map(formQuestionOf), answers, { dataYearMax: cycleYear }, (_, answer) => answer.state);
}

/** The report's completeness counted from its answers as they are now, on its questions. */
export async function reportProgress(db: DbOrTx, bundle: ReportBundle): Promise<Completeness> {
  const qs = await reportQuestions(db, bundle);
  return completenessOf(qs, await reportAnswersOf(db, bundle.report.id, qs, bundle.cycle.year), bundle.cycle.year);
}

async function filesOf(db: DbOrTx, report: ReportRow): Promise<ReportFile[]> {
  const rows = await db
    .select({ file: reportFiles, name: users.name, username: users.username })
    .from(reportFiles)
    .leftJoin(users, eq(users.id, reportFiles.uploadedBy))
    .where(eq(reportFiles.reportId, report.id))
    .orderBy(desc(reportFiles.v));
  return rows.map((r) => ({
    v: r.file.v,
    name: r.file.name,
    size: r.file.size,
    uploaded_at: r.file.uploadedAt.toISOString(),
    uploaded_by: r.username === null ? null : { name: personName({ name: r.name, username: r.username })! },
    url: fileUrl(report.uuid, r.file.v),
    pages: r.file.pages,
    signature: signatureOut(r.file.signature ?? null),
  }));
}

async function eventsOf(db: DbOrTx, report: ReportRow): Promise<ReportEvent[]> {
  const rows = await db
    .select({ event: auditEvents, name: users.name, username: users.username })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(eq(auditEvents.entity, 'national_report'), eq(auditEvents.entityId, report.uuid)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  const statusOf = (v: unknown) => ((v as { status?: ReportStatus } | null)?.status ?? null) as ReportStatus | null;
  return rows.map((r) => ({
    action: r.event.action,
    from: statusOf(r.event.before),
    to: statusOf(r.event.after),
    by: r.username === null ? null : { name: personName({ name: r.name, username: r.username })! },
    at: r.event.at.toISOString(),
    note: r.event.note,
  }));
}

/** What a report's API shape needs beyond its row: its files, its timeline and who changed it last. */
async function reportParts(db: DbOrTx, report: ReportRow) {
  const [files, events, updater] = await Promise.all([
    filesOf(db, report),
    eventsOf(db, report),
    report.updatedBy === null
      ? Promise.resolve([])
      : db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, report.updatedBy)),
  ]);
  return { files, events, updatedBy: personName(updater[0]) };
}

/** The report in its API shape; `progress` is computed by the caller from the form's questions. */
export async function toReport(
  db: DbOrTx,
  bundle: ReportBundle,
  progress: Completeness,
  now = new Date(),
): Promise<Report> {
  const { report, cycle, country } = bundle;
  const { files, events, updatedBy } = await reportParts(db, report);
  const lock = lockReasonOf(
    report.status as ReportStatus,
    { status: cycle.status, locksAt: locksAtOf(cycle) },
    now,
    report.unlocked,
  );
  return {
    uuid: report.uuid,
    country_code: report.countryCode,
    country: toCountry(country),
    year: report.year,
    status: report.status as ReportStatus,
    completeness: progress,
    locked: lock !== null,
    lock_reason: lock,
    deadline: cycle.closesAt,
    title: report.title,
    executive_summary: report.executiveSummary,
    written_in: report.writtenIn,
    contact: report.contact ?? null,
    cover: toCover(report),
    file: files[0] ?? null,
    files,
    events,
    returned: returnedOf(events, report.status as ReportStatus),
    submitted_at: report.submittedAt?.toISOString() ?? null,
    published_at: report.publishedAt?.toISOString() ?? null,
    public_copy_kept_at: copyKeptAt(report),
    demo: report.demo,
    updated_at: report.updatedAt.toISOString(),
    updated_by: updatedBy === null ? null : { name: updatedBy },
    version: report.version,
  };
}

/** The report in its API shape, with its completeness computed from the form as it is now. */
export async function reportOf(db: DbOrTx, bundle: ReportBundle): Promise<Report> {
  const qs = await reportQuestions(db, bundle);
  const answers = await reportAnswersOf(db, bundle.report.id, qs, bundle.cycle.year);
  return toReport(db, bundle, completenessOf(qs, answers, bundle.cycle.year));
}

/** Everything about one report: the form's questions, the answers in their order, the report and its cycle. */
export async function loadReportView(db: DbOrTx, bundle: ReportBundle) {
  const qs = await reportQuestions(db, bundle);
  const answers = await reportAnswersOf(db, bundle.report.id, qs, bundle.cycle.year);
  const report = await toReport(db, bundle, completenessOf(qs, answers, bundle.cycle.year));
  return { report, cycle: toCycle(bundle.cycle), questions: qs, answers };
}

/** Questions and answers grouped thrust → subcategory (preview, printable and public report). */
export function groupAnswers(
  qs: readonly Question[],
  answers: readonly Answer[],
  thrustList: readonly Thrust[],
  subcategoryList: readonly Subcategory[],
  tier?: number,
): ReportGroup[] {
  const byQuestion = new Map(answers.map((a) => [a.question_uuid, a]));
  const shown = tier ? qs.filter((q) => q.question_tier === tier) : qs;
  return thrustList
    .map((thrust) => ({
      thrust,
      subcategories: subcategoryList
        .filter((s) => s.thrust === thrust.code)
        .map((subcategory) => ({
          subcategory,
          items: shown
            .filter((q) => q.subcategory === subcategory.code)
            .map((question) => {
              const answer = byQuestion.get(question.uuid) ?? null;
              return { question, answer, display: answer ? formatAnswer(question, answer.value) : '' };
            }),
        }))
        .filter((s) => s.items.length > 0),
    }))
    .filter((g) => g.subcategories.length > 0);
}

/**
 * The report and its questions and answers grouped by thrust: in the questionnaire's order for the
 * printed report (preview and PDF, `questionnaireGroups`), or subcategory by subcategory for the
 * public report page (`bySubcategory`), whose sections are anchored by subcategory.
 */
export async function reportGroups(
  db: DbOrTx,
  bundle: ReportBundle,
  options: { tier?: number | undefined; bySubcategory?: boolean } = {},
) {
  const [view, thrustList, subcategoryList] = await Promise.all([
    loadReportView(db, bundle),
    listThrusts(db),
    listSubcategories(db),
  ]);
  const group = options.bySubcategory ? groupAnswers : questionnaireGroups;
  return {
    report: view.report,
    groups: group(view.questions, view.answers, thrustList, subcategoryList, options.tier),
  };
}

/** Reports of a year by uuid list (used by the list, dashboard and statistics). */
export async function reportsWithCountries(db: DbOrTx, year: number, where?: SQL) {
  return db
    .select({ report: nationalReports, country: { code: countries.code, name: countries.name, flag: countries.flag } })
    .from(nationalReports)
    .innerJoin(countries, eq(countries.code, nationalReports.countryCode))
    .where(and(eq(nationalReports.year, year), where));
}
