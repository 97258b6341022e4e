import { inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../src/lib/db/client.server.ts';
import { nationalReports, questions, reportAnswers, reportingCycles } from '../../src/lib/db/schema.ts';
import { createCycleReports } from '../../src/lib/national-reports/cycle-service.server.ts';
import { syncAnswerSearch } from '../../src/lib/national-reports/search-index.server.ts';
import { prng } from './images.ts';
import { SEARCH_SCRIPTS, searchText } from './search-texts.ts';
import { EXTRA_QUESTION_PREFIX, extraQuestions } from './seed-questions.ts';
import { rowsOf } from '../../src/lib/questionnaires/answers-sql.server.ts';

/** The search benchmark's cycles: the demo's 2022 and 2026, and two closed ones added (2015: the API's first year). */
export const SEARCH_YEARS = [2015, 2018, 2022, 2026] as const;
/** Narrative answers per report. */
const SEARCH_ANSWERS_PER_REPORT = 300;

export interface SearchSeed {
  countries: number;
  reports: number;
  answers: number;
  /** Index rows after the index was brought up to date (the server's own start-up path). */
  indexed: number;
  byStatus: Record<string, number>;
  insertMs: number;
  indexMs: number;
  analyzeMs: number;
}

const elapsed = (started: number) => Math.round(performance.now() - started);

/** Takes away what an earlier run against the same PostgreSQL database added (the demo's cycles stay). */
async function clearPrevious(db: Db): Promise<void> {
  const added = [SEARCH_YEARS[0], SEARCH_YEARS[1]];
  await db.delete(nationalReports).where(inArray(nationalReports.year, added));
  await db.delete(reportingCycles).where(inArray(reportingCycles.year, added));
  const extra = db
    .select({ id: questions.id })
    .from(questions)
    .where(like(questions.code, `${EXTRA_QUESTION_PREFIX}%`));
  await db.delete(reportAnswers).where(inArray(reportAnswers.questionId, extra));
  await db.delete(questions).where(like(questions.code, `${EXTRA_QUESTION_PREFIX}%`));
}

/** Reports of closed cycles mostly published; the open cycle's a mix, as in the middle of a cycle. */
const STATUS_OF = sql`case when year < 2026 then (case id % 10 when 0 then 'submitted' when 1 then 'accepted'
  else 'published' end) else (case id % 4 when 0 then 'in_progress' when 1 then 'completed' when 2 then 'submitted'
  else 'accepted' end) end`;

/** The answers of every report of the four cycles, each a narrative in its country's script, in bulk. */
async function insertAnswers(db: Db): Promise<number> {
  const random = prng(34);
  const questionIds = (await db.select({ id: questions.id }).from(questions).orderBy(questions.sort, questions.id))
    .map((q) => q.id)
    .slice(0, SEARCH_ANSWERS_PER_REPORT);
  const reports = await db
    .select({ id: nationalReports.id, country: nationalReports.countryCode })
    .from(nationalReports)
    .where(inArray(nationalReports.year, [...SEARCH_YEARS]))
    .orderBy(nationalReports.countryCode, nationalReports.year);
  const countries = [...new Set(reports.map((r) => r.country))];
  await db.delete(reportAnswers).where(
    inArray(
      reportAnswers.reportId,
      reports.map((r) => r.id),
    ),
  );
  let rows: (typeof reportAnswers.$inferInsert)[] = [];
  let inserted = 0;
  for (const report of reports) {
    const script = SEARCH_SCRIPTS[countries.indexOf(report.country) % SEARCH_SCRIPTS.length]!;
    for (const questionId of questionIds) {
      rows.push({ reportId: report.id, questionId, value: null, text: searchText(script, random) });
      if (rows.length === 1000) {
        await db.insert(reportAnswers).values(rows);
        inserted += rows.length;
        rows = [];
      }
    }
  }
  if (rows.length) await db.insert(reportAnswers).values(rows);
  return inserted + rows.length;
}

/**
 * 4 cycles × every active country × 300 narrative answers in twenty scripts, written with bulk
 * inserts and then indexed by the server's own `syncAnswerSearch` (what a start-up does for answers
 * written without the save).
 */
export async function seedSearch(db: Db): Promise<SearchSeed> {
  let started = performance.now();
  await clearPrevious(db);
  await db.insert(reportingCycles).values(
    [SEARCH_YEARS[0], SEARCH_YEARS[1]].map((year) => ({
      year,
      opensAt: `${year - 1}-09-01`,
      closesAt: `${year}-03-31`,
      status: 'closed',
      guidelineVersion: `Reporting guidelines (${year - 1})`,
      expiryDays: 30,
      timelyDays: 14,
    })),
  );
  for (const year of [SEARCH_YEARS[0], SEARCH_YEARS[1]]) await createCycleReports(db, year);
  const [maxSort] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select coalesce(max(sort), 0)::int as n from questions`),
  );
  const have = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from questions`))[0]!.n);
  await db
    .insert(questions)
    .values(extraQuestions(Math.max(0, SEARCH_ANSWERS_PER_REPORT - have), SEARCH_YEARS[0], Number(maxSort!['n']) + 1));
  await db.execute(sql`update national_reports set status = ${STATUS_OF} where year in (2015, 2018, 2022, 2026)`);
  const answers = await insertAnswers(db);
  const insertMs = elapsed(started);
  started = performance.now();
  await syncAnswerSearch(db);
  const indexMs = elapsed(started);
  started = performance.now();
  for (const table of ['report_answers', 'answer_search', 'national_reports'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  const analyzeMs = elapsed(started);
  const counts = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select status, count(*)::int as n from national_reports where year in (2015, 2018, 2022, 2026)
      group by status order by status`),
  );
  const [indexed] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from answer_search`));
  const reports = counts.reduce((n, c) => n + Number(c.n), 0);
  return {
    countries: reports / SEARCH_YEARS.length,
    reports,
    answers,
    indexed: Number(indexed!.n),
    byStatus: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
    insertMs,
    indexMs,
    analyzeMs,
  };
}
