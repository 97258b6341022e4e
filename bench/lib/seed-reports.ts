import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../src/lib/db/client.server.ts';
import {
  auditEvents,
  countries,
  nationalReports,
  questions,
  reportAnswers,
  reportingCycles,
} from '../../src/lib/db/schema.ts';
import { createCycleReports } from '../../src/lib/national-reports/cycles.server.ts';
import { cycleQuestions } from '../../src/lib/national-reports/queries.server.ts';
import type { ReportStatus } from '../../src/lib/national-reports/schema.ts';
import { completeness } from '../../src/lib/questionnaires/engine.ts';
import { formQuestionOf, type Question } from '../../src/lib/national-reports/question-schema.ts';
import { prng } from './images.ts';
import { benchAnswer } from './reporting-answers.ts';
import { EXTRA_QUESTION_PREFIX, extraQuestions } from './seed-questions.ts';
import { rowsOf } from './seed-users.ts';

/**
 * The four reporting cycles of the benchmark: 2022 and 2026 are the demo's (closed and open), 2014 and 2018 are added.
 */
export const CYCLE_YEARS = [2014, 2018, 2022, 2026] as const;
export const OPEN_YEAR = 2026;
/** The cycle of the long questionnaire (300 questions): open, and answered by `longCountry` only. */
export const LONG_YEAR = 2030;

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface ReportingSeed {
  countries: number;
  cycles: {
    year: number;
    status: string;
    questions: number;
    reports: number;
    answers: number;
    statuses: Record<string, number>;
  }[];
  /** Answers inserted by this run (the demo's own are kept). */
  inserted: number;
  auditEvents: number;
  /** Countries whose open-cycle report takes answers (not started or in progress). */
  editable: string[];
  clearMs: number;
  insertMs: number;
  analyzeMs: number;
}

interface ReportRef {
  id: number;
  uuid: string;
  countryCode: string;
  status: string;
}

/** Status of a report of a closed cycle the demo left not started: mostly published, as after a real cycle. */
function closedStatus(random: () => number): ReportStatus {
  const r = random();
  return r < 0.8 ? 'published' : r < 0.9 ? 'accepted' : 'submitted';
}

const PATH: readonly ReportStatus[] = ['not_started', 'in_progress', 'completed', 'submitted', 'accepted', 'published'];
const ACTION_INTO: Partial<Record<ReportStatus, string>> = {
  in_progress: 'start',
  completed: 'complete',
  submitted: 'submit',
  accepted: 'accept',
  published: 'publish',
};

/** Removes what an earlier run against the same PostgreSQL database added (the demo's cycles stay). */
async function clearPrevious(db: Db): Promise<void> {
  const years = [CYCLE_YEARS[0], CYCLE_YEARS[1], LONG_YEAR];
  const reports = db
    .select({ id: nationalReports.id })
    .from(nationalReports)
    .where(inArray(nationalReports.year, years));
  await db.delete(reportAnswers).where(inArray(reportAnswers.reportId, reports));
  const extra = db
    .select({ id: questions.id })
    .from(questions)
    .where(like(questions.code, `${EXTRA_QUESTION_PREFIX}%`));
  await db.delete(reportAnswers).where(inArray(reportAnswers.questionId, extra));
  await db.delete(nationalReports).where(inArray(nationalReports.year, years));
  await db.delete(reportingCycles).where(inArray(reportingCycles.year, years));
  await db.delete(questions).where(like(questions.code, `${EXTRA_QUESTION_PREFIX}%`));
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

/**
 * Fills every report of the four cycles: 58 countries × 4 cycles × 38 answers (what the demo
 * already answered is kept), the closed cycles' reports mostly published, the open cycle's in
 * progress; and a fifth, open cycle (2030) whose form has `extra` more questions (300 in all),
 * answered in full for `longCountry`. Answers, statuses and completeness are written with bulk
 * inserts, each answer with its `create` audit event and each report with its workflow events,
 * as the service would have left them.
 */
export async function seedReporting(
  db: Db,
  options: { extra: number; longCountry: string; now?: Date },
): Promise<ReportingSeed> {
  const now = options.now ?? new Date();
  const random = prng(2026);
  const [, clearMs] = await timed(() => clearPrevious(db));
  let inserted = 0;
  let audits = 0;
  const [, insertMs] = await timed(() =>
    db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      await tx.insert(reportingCycles).values([
        {
          year: 2014,
          opensAt: '2013-09-01',
          closesAt: '2014-03-31',
          status: 'closed',
          guidelineVersion: 'Reporting guidelines (2013)',
          expiryDays: 30,
          timelyDays: 14,
        },
        {
          year: 2018,
          opensAt: '2017-09-01',
          closesAt: '2018-03-31',
          status: 'closed',
          guidelineVersion: 'Guidelines for reporting on the NUA (2017)',
          expiryDays: 30,
          timelyDays: 14,
        },
        {
          year: LONG_YEAR,
          opensAt: isoDate(now.getTime() - 20 * DAY),
          closesAt: isoDate(now.getTime() + 200 * DAY),
          status: 'open',
          guidelineVersion: 'Extended questionnaire (benchmark)',
          expiryDays: 30,
          timelyDays: 14,
        },
      ]);
      const [maxSort] = rowsOf(await tx.execute(sql`select coalesce(max(sort), 0)::int as n from questions`));
      await tx.insert(questions).values(extraQuestions(options.extra, LONG_YEAR, Number(maxSort!['n']) + 1));
      for (const year of [2014, 2018, LONG_YEAR]) await createCycleReports(txDb, year);

      const questionIds = new Map(
        (await tx.select({ id: questions.id, uuid: questions.uuid }).from(questions)).map((q) => [q.uuid, q.id]),
      );
      for (const year of [...CYCLE_YEARS, LONG_YEAR]) {
        const [cycle] = await tx.select().from(reportingCycles).where(eq(reportingCycles.year, year));
        const qs = await cycleQuestions(txDb, cycle!);
        const reports: ReportRef[] = await tx
          .select({
            id: nationalReports.id,
            uuid: nationalReports.uuid,
            countryCode: nationalReports.countryCode,
            status: nationalReports.status,
          })
          .from(nationalReports)
          .where(
            year === LONG_YEAR
              ? and(eq(nationalReports.year, year), eq(nationalReports.countryCode, options.longCountry))
              : eq(nationalReports.year, year),
          );
        const opens = Date.parse(`${cycle!.opensAt}T09:00:00Z`);
        const closes = Date.parse(`${cycle!.closesAt}T17:00:00Z`);
        const rows = reports.flatMap((report, r) =>
          qs.map((q, i) => {
            const answer = benchAnswer(q, year, r * 7 + i);
            const at = new Date(Math.min(now.getTime() - DAY, opens + (closes - opens) * random() * 0.9));
            return {
              reportId: report.id,
              questionId: questionIds.get(q.uuid)!,
              value: answer.value,
              text: answer.text,
              dataYear: answer.data_year,
              source: answer.source,
              comment: answer.comment,
              updatedAt: at,
            };
          }),
        );
        const ids: { id: number }[] = [];
        for (let i = 0; i < rows.length; i += 1000) {
          ids.push(
            ...(await tx
              .insert(reportAnswers)
              .values(rows.slice(i, i + 1000))
              .onConflictDoNothing()
              .returning({ id: reportAnswers.id })),
          );
        }
        inserted += ids.length;
        // Each answer as the service records it: a `create` event keyed by the report's uuid.
        for (let i = 0; i < ids.length; i += 2000) {
          const slice = ids.slice(i, i + 2000).map((row) => row.id);
          await tx.execute(sql`
            insert into audit_events (entity, entity_id, action, after, at)
            select 'national_report_answer', nr.uuid::text, 'create',
                   jsonb_build_object('question_uuid', q.uuid, 'question_code', q.code, 'value', ra.value, 'text',
                     ra.text,
                                      'data_year', ra.data_year, 'source', ra.source, 'comment', ra.comment,
                                        'version', ra.version),
                   ra.updated_at
            from report_answers ra join national_reports nr on nr.id = ra.report_id join questions q on q.id =
              ra.question_id
            where ra.id in (${sql.join(
              slice.map((id) => sql`${id}`),
              sql`, `,
            )})
          `);
          audits += slice.length;
        }
        audits += await settleReports(txDb, year, qs, reports, {
          opens,
          closes,
          open: cycle!.status === 'open',
          random,
        });
      }
    }),
  );
  const [, analyzeMs] = await timed(async () => {
    for (const table of ['report_answers', 'national_reports', 'audit_events', 'questions'])
      await db.execute(sql.raw(`analyze ${table}`));
  });
  return { ...(await summary(db)), inserted, auditEvents: audits, clearMs, insertMs, analyzeMs };
}

/**
 * The reports' statuses and completeness after the answers: reports the demo left not started
 * move on (closed cycles: mostly published; open ones: in progress), with their workflow events.
 * Returns the number of audit events written.
 */
async function settleReports(
  db: Db,
  year: number,
  qs: Question[],
  reports: ReportRef[],
  cycle: { opens: number; closes: number; open: boolean; random: () => number },
): Promise<number> {
  const stored = await db
    .select({
      reportId: reportAnswers.reportId,
      uuid: questions.uuid,
      value: reportAnswers.value,
      text: reportAnswers.text,
      dataYear: reportAnswers.dataYear,
      source: reportAnswers.source,
      comment: reportAnswers.comment,
    })
    .from(reportAnswers)
    .innerJoin(questions, eq(questions.id, reportAnswers.questionId))
    .where(
      inArray(
        reportAnswers.reportId,
        reports.map((r) => r.id),
      ),
    );
  const byReport = new Map<number, typeof stored>();
  for (const row of stored) (byReport.get(row.reportId) ?? byReport.set(row.reportId, []).get(row.reportId)!).push(row);
  const events: (typeof auditEvents.$inferInsert)[] = [];
  for (const report of reports) {
    const answers = (byReport.get(report.id) ?? []).map((a) => ({
      question_uuid: a.uuid,
      value: a.value ?? null,
      text: a.text,
      data_year: a.dataYear,
      source: a.source,
      comment: a.comment,
    }));
    const progress = completeness(qs.map(formQuestionOf), answers, { dataYearMax: year });
    const fresh = report.status === 'not_started';
    const status: ReportStatus = !fresh
      ? (report.status as ReportStatus)
      : cycle.open
        ? 'in_progress'
        : closedStatus(cycle.random);
    const submittedAt =
      PATH.indexOf(status) >= PATH.indexOf('submitted')
        ? new Date(cycle.closes - Math.floor(cycle.random() * 20) * DAY)
        : undefined;
    await db
      .update(nationalReports)
      .set({
        completeness: progress,
        completenessPct: progress.pct,
        ...(fresh && {
          status,
          ...(submittedAt && { submittedAt, title: `National report on the New Urban Agenda ${year}` }),
          ...(status === 'published' && { publishedAt: new Date((submittedAt?.getTime() ?? cycle.closes) + 30 * DAY) }),
        }),
      })
      .where(eq(nationalReports.id, report.id));
    if (!fresh) continue;
    const steps = PATH.slice(1, PATH.indexOf(status) + 1);
    steps.forEach((step, i) => {
      const at = new Date(
        Math.min(cycle.opens + (i + 1) * ((cycle.closes - cycle.opens) / (steps.length + 1)), Date.now() - DAY),
      );
      events.push({
        entity: 'national_report',
        entityId: report.uuid,
        action: ACTION_INTO[step]!,
        before: { status: PATH[PATH.indexOf(step) - 1] },
        after: { status: step },
        at,
      });
    });
  }
  for (let i = 0; i < events.length; i += 1000) await db.insert(auditEvents).values(events.slice(i, i + 1000));
  return events.length;
}

/** Cycles, reports per status, questions and answers as stored after the seed. */
async function summary(db: Db): Promise<Pick<ReportingSeed, 'countries' | 'cycles' | 'editable'>> {
  const [active] = rowsOf(await db.execute(sql`select count(*)::int as n from ${countries} where status = 1`));
  const cycles: ReportingSeed['cycles'] = [];
  for (const year of [...CYCLE_YEARS, LONG_YEAR]) {
    const [cycle] = await db.select().from(reportingCycles).where(eq(reportingCycles.year, year));
    const qs = await cycleQuestions(db, cycle!);
    const rows = rowsOf(
      await db.execute(sql`
        select nr.status, count(distinct nr.id)::int as reports, count(ra.id)::int as answers
        from national_reports nr left join report_answers ra on ra.report_id = nr.id
        where nr.year = ${year} group by nr.status
      `),
    );
    cycles.push({
      year,
      status: cycle!.status,
      questions: qs.length,
      reports: rows.reduce((n, r) => n + Number(r['reports']), 0),
      answers: rows.reduce((n, r) => n + Number(r['answers']), 0),
      statuses: Object.fromEntries(rows.map((r) => [String(r['status']), Number(r['reports'])])),
    });
  }
  const editable = await db
    .select({ code: nationalReports.countryCode })
    .from(nationalReports)
    .where(and(eq(nationalReports.year, OPEN_YEAR), inArray(nationalReports.status, ['not_started', 'in_progress'])))
    .orderBy(nationalReports.countryCode);
  return { countries: Number(active!['n']), cycles, editable: editable.map((r) => r.code) };
}
