import { eq, inArray, sql } from 'drizzle-orm';
import { hasModuleRule } from '../access/permissions.ts';
import { countries, nationalReports, reportAnswers, reportingCycles } from '../db/schema.ts';
import type { AppDeps, AuthedUser } from '../deps.server.ts';
import { notFound } from '../http/errors.server.ts';
import { rowsOf, type StoredAnswer } from '../questionnaires/answers-sql.server.ts';
import type { Write } from '../events/change-bus.server.ts';
import type { CatalogueQuestion } from '../questionnaires/catalogue.server.ts';
import type { FormDefinition } from '../questionnaires/forms.server.ts';
import { ANSWERED_RULE } from '../questionnaires/engine.ts';
import { readForm } from '../questionnaires/answers-route.server.ts';
import { countCompleteness, saveAnswers } from '../questionnaires/save.server.ts';
import type { AnswerInput } from '../questionnaires/schema.ts';
import {
  catalogueCache,
  pinned,
  type ReportCatalogue,
  type ReportCatalogueQuestion,
} from './question-catalogue.server.ts';
import { previousAnswers } from './previous-answers.server.ts';
import { pinsKey } from './question-versions.ts';
import { toReport, type ReportBundle } from './queries.server.ts';
import { bundleFromJson, locksAtOf, personName, toCycle, type CycleRow } from './rows.server.ts';
import { lockReasonOf } from './workflow.ts';
import { ReportStatusSchema, type ReportStatus, type ReportView, type SaveAnswersResponse } from './schema.ts';
import { enforce, roleOf } from './service.server.ts';

/**
 * National reports as a form of the questionnaire engine (decision 023): a report (country ×
 * cycle) is the instance, the cycle decides its questions and the report's workflow whether it
 * takes answers; the engine saves them.
 */

export interface ReportKey {
  year: number;
  countryCode: string;
}

const closedCycle = (cycle: CycleRow) => cycle.status === 'closed' || cycle.status === 'archived';

/** What decides a cycle's questions besides the questions themselves. */
function cycleFormKey(cycle: CycleRow): string {
  return `${cycle.year}|${closedCycle(cycle) ? cycle.opensAt : ''}|${locksAtOf(cycle).getTime()}`;
}

/**
 * The questions of a cycle's form, in order: those valid from its year that are not retired, or
 * were retired once the cycle's answers were locked (after its lock date, or after it opened when
 * it is closed or archived: the form stays as it was answered). Questions a report still holds an
 * answer to join its form besides (the engine's `instanceQuestions`). The rule of `cycleQuestions`.
 */
export function cycleForm(catalogue: ReportCatalogue, cycle: CycleRow) {
  return catalogue.memo(`national_report:${cycleFormKey(cycle)}`, () => {
    const locksAt = locksAtOf(cycle).getTime();
    const opens = closedCycle(cycle) ? Date.parse(`${cycle.opensAt}T00:00:00Z`) : Infinity;
    return catalogue.all.filter(
      (q) =>
        (q.own.firstCycle === null || q.own.firstCycle <= cycle.year) &&
        (q.retiredAt === null || q.retiredAt.getTime() >= locksAt || q.retiredAt.getTime() > opens),
    );
  });
}

/** Strings as a PostgreSQL array literal, each element quoted (JSON's escapes of `"` and `\` are the array's). */
const textArray = (items: readonly string[]) =>
  `{${[...new Set(items)].map((item) => JSON.stringify(item)).join(',')}}`;

/**
 * What a report's completeness was counted on besides its answers: the questions' stamp, the
 * cycle's form, the wordings it keeps and the answered rule (counts made under an earlier rule are
 * counted again on the next save).
 */
function reportBasis(catalogue: ReportCatalogue, cycle: CycleRow, pins: Record<string, number> | null): string {
  return `${catalogue.stamp}|${cycleFormKey(cycle)}|${pinsKey(pins)}|${ANSWERED_RULE}`;
}

export const nationalReportForm: FormDefinition<ReportKey, ReportBundle, AuthedUser> = {
  kind: 'national_report',
  answerEntity: 'national_report_answer',
  answers: {
    table: reportAnswers,
    id: reportAnswers.id,
    instance: reportAnswers.reportId,
    question: reportAnswers.questionId,
    value: reportAnswers.value,
    text: reportAnswers.text,
    dataYear: reportAnswers.dataYear,
    source: reportAnswers.source,
    comment: reportAnswers.comment,
    explanation: reportAnswers.explanation,
    version: reportAnswers.version,
    updatedAt: reportAnswers.updatedAt,
    updatedBy: reportAnswers.updatedBy,
  },
  instances: {
    table: nationalReports,
    id: nationalReports.id,
    completeness: nationalReports.completeness,
    completenessPct: nationalReports.completenessPct,
    basis: nationalReports.completenessBasis,
    updatedAt: nationalReports.updatedAt,
    updatedBy: nationalReports.updatedBy,
  },
  questionSource: catalogueCache,
  keyOf: (key) => `${key.year}:${key.countryCode}`,
  async load(db, keys, extra) {
    // One JSON value per report instead of its rows' columns. The keys travel as arrays, so the
    // statement's text is the same for any batch and the reports are found through the (year,
    // country) index; the last condition keeps only the asked pairs when a batch spans cycles.
    const rows = rowsOf<{ j: unknown; stamp: string; answers: unknown }>(
      await db.execute(sql`
        select json_build_object('report', row_to_json(${nationalReports}), 'cycle', row_to_json(rc),
            'country', json_build_object('code', c.code, 'name', c.name, 'flag', c.flag)) as j,
          ${extra.stamp} as stamp, ${extra.answers(nationalReports.id)} as answers
        from ${nationalReports} join ${reportingCycles} rc on rc.year = ${nationalReports.year} join ${countries} c on
          c.code = ${nationalReports.countryCode}
        where ${nationalReports.year} = any(${`{${[...new Set(keys.map((key) => key.year))].join(',')}}`}::int[])
          and ${nationalReports.countryCode} = any(${textArray(keys.map((key) => key.countryCode))}::text[])
          and ${nationalReports.year}::text || ':' || ${nationalReports.countryCode} =
            any(${textArray(keys.map((key) => `${key.year}:${key.countryCode}`))}::text[])
        order by ${nationalReports.id} ${extra.lock ? sql`for update of ${nationalReports}` : sql``}`),
    );
    return rows.map(({ j, stamp, answers }) => {
      const instance = bundleFromJson(j);
      return { key: `${instance.report.year}:${instance.report.countryCode}`, instance, stamp, answers };
    });
  },
  missing: () => notFound('There is no report for this country in this cycle'),
  instance: (catalogue: ReportCatalogue, { report, cycle }: ReportBundle) => ({
    id: report.id,
    auditId: report.uuid,
    completeness: report.completeness,
    storedBasis: report.completenessBasis,
    basis: reportBasis(catalogue, cycle, report.questionPins),
    // Data may date from the engine's earliest year to the cycle's.
    options: { dataYearMax: cycle.year },
    questions: cycleForm(catalogue, cycle),
    ...(report.questionPins && {
      pin: (q: CatalogueQuestion) => pinned(catalogue, q as ReportCatalogueQuestion, report.questionPins![q.id]),
    }),
  }),
  admit(bundle, auth) {
    const next = enforce(bundle, 'save', roleOf(auth));
    const { report } = bundle;
    const terms = {
      actor: { id: auth.user.id, uuid: auth.user.uuid, name: personName(auth.user) },
      may: {
        create: hasModuleRule(auth.identity, 'national_report', ['create']),
        update: hasModuleRule(auth.identity, 'national_report', ['update']),
      },
      saved: (questions: number) => ({
        type: 'report.answers.saved' as const,
        data: { uuid: report.uuid, year: report.year, country: report.countryCode, questions },
        actorId: auth.user.id,
        site: false,
      }),
    };
    if (next === report.status) return { ...terms, effects: () => ({}) };
    // The first save of a not-started report starts it.
    const ref = { uuid: report.uuid, year: report.year, country: report.countryCode };
    return {
      ...terms,
      effects: () => ({
        once: 'start',
        set: sql`status = ${next}, version = version + 1`,
        audit: [
          {
            actorId: auth.user.id,
            entity: 'national_report',
            entityId: report.uuid,
            action: 'start',
            before: { status: report.status },
            after: { status: next },
          },
        ],
        events: [{ type: 'report.started' as const, data: ref, actorId: auth.user.id, site: false }],
      }),
    };
  },
  refusals: {
    create: 'Your role may change saved answers but not give new ones',
    update: 'Your role may give first answers but not change saved ones',
    stale: 'Someone else changed these answers after you opened the report',
  },
};

/**
 * POST …/saved: the engine's save on the report of `where` (400 naming `answers.<i>.<field>`,
 * 409 with the stale answers as they are now, 403/409/423 from the workflow), moving a
 * not-started report to in progress.
 */
export async function saveReportAnswers(
  deps: AppDeps,
  auth: AuthedUser,
  where: ReportKey,
  inputs: readonly AnswerInput[],
): Promise<SaveAnswersResponse['data']> {
  const saved = await saveAnswers(deps, nationalReportForm, where, auth, inputs);
  const { report } = saved.instance;
  return {
    report: {
      status: ((saved.row?.['status'] as string | undefined) ?? report.status) as ReportStatus,
      completeness: saved.completeness,
      version: (saved.row?.['version'] as number | undefined) ?? report.version,
    },
    answers: saved.answers,
  };
}

/**
 * After questions change, in the transaction that changed them: the stored completeness of every
 * report of the open cycles, counted on the questions as the transaction has them. The reports
 * are locked before their answers are read, as an answer save locks its report: a save under way
 * finishes first, and one that starts later waits and then finds the new basis.
 */
export async function recountOpenCycles(w: Write, loadQuestions: () => Promise<ReportCatalogue>): Promise<void> {
  const { tx } = w;
  const open = await tx.select().from(reportingCycles).where(eq(reportingCycles.status, 'open'));
  if (open.length === 0) return;
  const locked = await tx
    .select()
    .from(nationalReports)
    .where(
      inArray(
        nationalReports.year,
        open.map((c) => c.year),
      ),
    )
    .orderBy(nationalReports.id)
    .for('update');
  // Read after the locks: a question write that held them first has committed and is counted.
  const catalogue = await loadQuestions();
  for (const cycle of open) {
    const reports = locked.filter((r) => r.year === cycle.year);
    if (reports.length === 0) continue;
    const rows = await tx
      .select({ row: reportAnswers })
      .from(reportAnswers)
      .innerJoin(nationalReports, eq(nationalReports.id, reportAnswers.reportId))
      .where(eq(nationalReports.year, cycle.year));
    const byReport = new Map<number, Map<number, StoredAnswer>>();
    for (const { row } of rows) {
      const stored: StoredAnswer = {
        ...row,
        value: row.value ?? null,
        updatedAt: row.updatedAt.toISOString(),
        by: null,
        byUuid: null,
      };
      (byReport.get(row.reportId) ?? byReport.set(row.reportId, new Map()).get(row.reportId)!).set(
        row.questionId,
        stored,
      );
    }
    const values = reports.map((report) => {
      const bundle = { report, cycle, country: { code: report.countryCode, name: '', flag: '' } };
      const progress = countCompleteness(nationalReportForm, catalogue, bundle, byReport.get(report.id) ?? new Map());
      const basis = reportBasis(catalogue, cycle, report.questionPins);
      return sql`(${report.id}::int, ${JSON.stringify(progress)}::jsonb, ${progress.pct}::smallint, ${basis}::text)`;
    });
    rowsOf(
      await tx.execute(sql`
        update ${nationalReports} set completeness = v.c, completeness_pct = v.p, completeness_basis = v.b
        from (values ${sql.join(values, sql`, `)}) as v(id, c, p, b) where ${nationalReports.id} = v.id`),
    );
  }
}

/**
 * Before a question's wording changes from version `n` (decision 026), in the same transaction:
 * every report whose answers are locked now (submitted, accepted, published, or its cycle closed
 * or past its lock date) and that keeps no wording of this question yet keeps version `n`. The
 * reports are locked first, as a workflow step locks its report: one under way finishes first.
 */
export async function keepLockedWordings(w: Write, question: { id: number; n: number }): Promise<void> {
  const { tx } = w;
  const rows = await tx
    .select({ report: nationalReports, cycle: reportingCycles })
    .from(nationalReports)
    .innerJoin(reportingCycles, eq(reportingCycles.year, nationalReports.year))
    .orderBy(nationalReports.id)
    .for('update', { of: nationalReports });
  const now = new Date();
  const key = String(question.id);
  const ids = rows
    .filter(
      ({ report, cycle }) =>
        report.questionPins?.[key] === undefined &&
        lockReasonOf(
          ReportStatusSchema.parse(report.status),
          { status: cycle.status, locksAt: locksAtOf(cycle) },
          now,
          report.unlocked,
        ) !== null,
    )
    .map(({ report }) => report.id);
  if (ids.length === 0) return;
  await tx
    .update(nationalReports)
    .set({
      questionPins: sql`coalesce(${nationalReports.questionPins}, '{}'::jsonb) || jsonb_build_object(${key}::text,
        ${question.n}::int)`,
    })
    .where(inArray(nationalReports.id, ids));
}

/**
 * GET …/{year}/{country_code}/view, the data-entry screen's one request: the report, its cycle,
 * its questions and answers (each editor with their uuid) as the engine reads them (one statement
 * and the cached catalogue, as the answers route and a save do), and the thrusts and subcategories
 * the screen groups the questions under. Null when the report does not exist.
 */
export async function reportView(deps: Pick<AppDeps, 'db' | 'changes'>, key: ReportKey): Promise<ReportView | null> {
  const read = await readForm(deps, nationalReportForm, key);
  if (!read) return null;
  const { meta } = read.catalogue as ReportCatalogue;
  const questions = (read.questions as readonly ReportCatalogueQuestion[]).map((q) => q.own.question);
  const previous = await previousAnswers(deps.db, key);
  return {
    report: await toReport(deps.db, read.instance, read.completeness),
    cycle: toCycle(read.instance.cycle),
    questions,
    answers: read.answers,
    thrusts: [...meta.thrusts],
    subcategories: [...meta.subcategories],
    previous: {
      year: previous.year,
      answers: [...previous.values].map(([question_uuid, value]) => ({ question_uuid, value })),
    },
  };
}
