import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { countries, nationalReports, questions, reportAnswers, reportFiles, reportingCycles } from '../db/schema.ts';
import { formatAnswer } from '../questionnaires/engine.ts';
import { publicCondition } from '../site/publication-copies.server.ts';
import type { Question } from './question-schema.ts';
import { keptAnswers, keptPublicView, publicAnswerRow } from './public-kept.server.ts';
import { loadWordings } from './question-versions.server.ts';
import { withWording } from './question-versions.ts';
import {
  cycleQuestions,
  fileUrl,
  listSubcategories,
  listThrusts,
  loadBundle,
  loadCycleRow,
  reportGroups,
  reportsWithCountries,
} from './queries.server.ts';
import {
  dayAfter,
  subregionOf,
  toCountry,
  toCover,
  toQuestion,
  type CountryRow,
  type ReportRow,
} from './rows.server.ts';
import type { ReportStatus } from './schema.ts';
import type {
  PublicAnswerRow,
  PublicAnswersResponse,
  PublicReport,
  PublicReportListItem,
  PublicStatistic,
} from './public-schema.ts';
import { CycleStatusSchema, ReportStatusSchema } from './schema.ts';

/** Only ever published reports: every public read goes through this condition. */
/**
 * The shared public cache's domain of national-report answers (src/lib/http/public-cache.server.ts): every write of
 * reports, cycles or questions invalidates it.
 */
export const NATIONAL_REPORTS_CACHE_DOMAIN = 'national-reports';

const PUBLISHED = eq(nationalReports.status, 'published');
/** Public: published, or a published report being revised whose published version is kept (decision 026). */
const PUBLIC = publicCondition(nationalReports);

const REACHED_SUBMITTED: readonly ReportStatus[] = ['submitted', 'accepted', 'published'];

async function latestFileVersions(db: DbOrTx, reportIds: number[]): Promise<Map<number, number>> {
  if (reportIds.length === 0) return new Map();
  const rows = await db
    .select({ reportId: reportFiles.reportId, v: sql<number>`max(${reportFiles.v})::int` })
    .from(reportFiles)
    .where(inArray(reportFiles.reportId, reportIds))
    .groupBy(reportFiles.reportId);
  return new Map(rows.map((r) => [r.reportId, Number(r.v)]));
}

function toPublicItem(report: ReportRow, country: CountryRow, fileV: number | undefined): PublicReportListItem {
  return {
    uuid: report.uuid,
    country: toCountry(country),
    year: report.year,
    title: report.title,
    executive_summary: report.executiveSummary,
    written_in: report.writtenIn,
    published_at: (report.publishedAt ?? report.updatedAt).toISOString(),
    completeness_pct: report.completenessPct,
    cover: toCover(report),
    file_url: fileV ? fileUrl(report.uuid, fileV) : null,
    demo: report.demo,
  };
}

/** GET public/list ?country_code&year, or latest_4=true: published reports, newest first. */
export async function publicList(
  db: DbOrTx,
  filter: { country_code?: string | undefined; year?: number | undefined; latest4: boolean },
) {
  const rows = await db
    .select({ report: nationalReports, country: { code: countries.code, name: countries.name, flag: countries.flag } })
    .from(nationalReports)
    .innerJoin(countries, eq(countries.code, nationalReports.countryCode))
    .where(
      and(
        PUBLIC,
        filter.country_code ? eq(nationalReports.countryCode, filter.country_code) : undefined,
        filter.year ? eq(nationalReports.year, filter.year) : undefined,
      ),
    )
    .orderBy(desc(nationalReports.publishedAt), desc(nationalReports.year), asc(countries.name))
    .limit(filter.latest4 ? 4 : 1000);
  const files = await latestFileVersions(
    db,
    rows.map((r) => r.report.id),
  );
  return rows.map((r) => keptPublicView(r.report)?.report ?? toPublicItem(r.report, r.country, files.get(r.report.id)));
}

/** GET public/statistic?year: the reporting status of every country in the cycle. */
export async function publicStatistic(db: DbOrTx, year: number): Promise<PublicStatistic | null> {
  const cycle = await loadCycleRow(db, year);
  if (!cycle || cycle.status === 'draft') return null;
  const rows = await reportsWithCountries(db, year);
  rows.sort((a, b) => a.country.name.localeCompare(b.country.name, 'en'));
  const timelyUntil = dayAfter(cycle.closesAt, cycle.timelyDays + 1).getTime();
  const byStatus: Record<string, number> = {};
  let onTime = 0;
  let submitted = 0;
  const list = rows.map(({ report, country }) => {
    byStatus[report.status] = (byStatus[report.status] ?? 0) + 1;
    const reached = REACHED_SUBMITTED.includes(ReportStatusSchema.parse(report.status));
    const at = reached ? report.submittedAt : null;
    const timely = at ? at.getTime() < timelyUntil : null;
    if (reached) submitted++;
    if (timely) onTime++;
    return {
      code: country.code,
      name: country.name,
      subregion: subregionOf(country.code),
      status: ReportStatusSchema.parse(report.status),
      completeness_pct: report.completenessPct,
      submitted_at: at?.toISOString() ?? null,
      on_time: timely,
      demo: report.demo,
    };
  });
  const average = rows.length ? Math.round(rows.reduce((s, r) => s + r.report.completenessPct, 0) / rows.length) : 0;
  return {
    year,
    countries_total: rows.length,
    by_status: byStatus,
    average_completeness: average,
    demo: rows.some((r) => r.report.demo),
    on_time: onTime,
    submitted,
    published: byStatus['published'] ?? 0,
    countries: list,
  };
}

/** GET public/cycles: cycles past draft, newest first, with how many reports are published. */
export async function publicCycles(db: DbOrTx) {
  const rows = await db
    .select({
      cycle: reportingCycles,
      total: sql<number>`count(${nationalReports.id})::int`,
      published: sql<number>`count(${nationalReports.id}) filter (where ${nationalReports.status} = 'published')::int`,
      demo: sql<boolean>`coalesce(bool_or(${nationalReports.demo}), false)`,
    })
    .from(reportingCycles)
    .leftJoin(nationalReports, eq(nationalReports.year, reportingCycles.year))
    .where(sql`${reportingCycles.status} <> 'draft'`)
    .groupBy(reportingCycles.year)
    .orderBy(desc(reportingCycles.year));
  return rows.map((r) => ({
    year: r.cycle.year,
    status: CycleStatusSchema.parse(r.cycle.status),
    opens_at: r.cycle.opensAt,
    closes_at: r.cycle.closesAt,
    countries_total: Number(r.total),
    published: Number(r.published),
    demo: Boolean(r.demo),
  }));
}

/** GET public/report/{year}/{country_code}: null unless that report is published. */
export async function publicReport(db: DbOrTx, year: number, countryCode: string): Promise<PublicReport | null> {
  const bundle = await loadBundle(db, { year, countryCode });
  if (!bundle) return null;
  if (bundle.report.status !== 'published') return keptPublicView(bundle.report);
  const { groups } = await reportGroups(db, bundle, { bySubcategory: true });
  const files = await latestFileVersions(db, [bundle.report.id]);
  const publicGroups = groups.map((g) => ({
    ...g,
    subcategories: g.subcategories.map((s) => ({
      ...s,
      items: s.items.map(({ question, answer, display }) => ({
        question,
        display,
        answer: answer && {
          question_uuid: answer.question_uuid,
          value: answer.value,
          text: answer.text,
          data_year: answer.data_year,
          source: answer.source,
        },
      })),
    })),
  }));
  return { report: toPublicItem(bundle.report, bundle.country, files.get(bundle.report.id)), groups: publicGroups };
}

/** GET public/answers?year: every published answer of the cycle (open data), by country then question. */
export async function publicAnswers(
  db: DbOrTx,
  year: number,
): Promise<Omit<PublicAnswersResponse, 'status' | 'message'>> {
  const rows = await db
    .select({ answer: reportAnswers, question: questions, report: nationalReports, country: countries })
    .from(reportAnswers)
    .innerJoin(nationalReports, eq(nationalReports.id, reportAnswers.reportId))
    .innerJoin(questions, eq(questions.id, reportAnswers.questionId))
    .innerJoin(countries, eq(countries.code, nationalReports.countryCode))
    .where(and(PUBLISHED, eq(nationalReports.year, year)))
    .orderBy(asc(countries.name), asc(questions.sort), asc(questions.id));
  const cycle = await loadCycleRow(db, year);
  const qs = cycle ? await cycleQuestions(db, cycle) : [];
  const [thrustList, subcategoryList] = await Promise.all([listThrusts(db), listSubcategories(db)]);
  // Each report's answers with the wording it keeps (decision 026); the questions' list takes the wording the reports
  // show.
  const pinOf = (r: (typeof rows)[number]) => r.report.questionPins?.[String(r.question.id)];
  const wordings = await loadWordings(
    db,
    rows.flatMap((r) =>
      pinOf(r) !== undefined && pinOf(r) !== r.question.wordingVersion
        ? [{ questionId: r.question.id, n: pinOf(r)! }]
        : [],
    ),
  );
  const shown = (r: (typeof rows)[number]) => {
    const wording = wordings.get(`${r.question.id}:${pinOf(r)}`);
    return wording ? withWording(toQuestion(r.question), wording) : toQuestion(r.question);
  };
  const meta = new Map<string, Question>();
  const data: PublicAnswerRow[] = rows
    .filter((r) => r.answer.value !== null)
    .map((r) => {
      const q = shown(r);
      if (!meta.has(q.code)) meta.set(q.code, q);
      return publicAnswerRow(
        {
          country: { code: r.country.code, name: r.country.name, subregion: subregionOf(r.country.code) },
          year,
          question: q,
          demo: r.report.demo,
        },
        {
          value: r.answer.value ?? null,
          display: formatAnswer(q, r.answer.value),
          text: r.answer.text,
          data_year: r.answer.dataYear,
          source: r.answer.source,
        },
      );
    });
  const kept = await keptAnswers(db, year);
  for (const row of kept) if (!meta.has(row.question.code)) meta.set(row.question.code, row.question);
  for (const q of qs) if (!meta.has(q.code)) meta.set(q.code, q);
  if (kept.length > 0) {
    const sortOf = (code: string) => meta.get(code)?.sort ?? 0;
    data.push(...kept.map((row) => row.data));
    data.sort((a, b) => a.country.localeCompare(b.country, 'en') || sortOf(a.question_code) - sortOf(b.question_code));
  }
  return {
    year,
    demo: rows.some((r) => r.report.demo) || kept.some((row) => row.data.demo),
    questions: [...meta.values()]
      .sort((a, b) => a.sort - b.sort)
      .map((q) => ({
        code: q.code,
        text: q.text,
        thrust: q.thrust,
        subcategory: q.subcategory,
        question_tier: q.question_tier,
        answer_type: q.answer_type,
        unit: q.unit,
        decimals: q.decimals,
        options: q.options,
        parts: q.parts,
        sort: q.sort,
        sdg_refs: q.sdg_refs,
      })),
    thrusts: thrustList,
    subcategories: subcategoryList,
    data,
  };
}
