import { sql } from 'drizzle-orm';
import { auditEvents, countries, nationalReports, reportFiles, reportingCycles, users } from '../db/schema.ts';
import type { AppDeps } from '../deps.server.ts';
import {
  isoTime,
  parseStoredAnswers,
  personSql,
  rowsOf,
  storedAnswersJson,
} from '../questionnaires/answers-sql.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import type { Completeness } from '../questionnaires/schema.ts';
import { answerOut, countCompleteness, instanceQuestions } from '../questionnaires/save.server.ts';
import { nationalReportForm, type ReportKey } from './answers.server.ts';
import { catalogueCache, questionJson, QUESTIONS_STAMP, type ReportCatalogue } from './question-catalogue.server.ts';
import { fileUrl, reportFrom, type ReportBundle, type ReportParts } from './queries.server.ts';
import { bundleFromJson, toCycle } from './rows.server.ts';
import { signatureOut } from '../signatures/schema.ts';
import type { ReportStatus } from './schema.ts';
import type { StoredSignature } from '../db/schema.ts';

/**
 * GET …/{year}/{country_code}/view, the data-entry screen's one request: the report with its cycle,
 * country and the questions' stamp in one short statement; the questions from the engine's
 * catalogue; the answers, files and timeline read (in one more statement) only when they may have
 * changed, each answer's state and JSON kept per version.
 */

const filesOf = (
  reportId: number,
) => sql`(select coalesce(json_agg(json_build_object('v', f.v, 'name', f.name, 'size', f.size, 'uploaded_at',
  ${isoTime(sql`f.uploaded_at`)}, 'by', ${personSql('u')}, 'pages', f.pages, 'signature', f.signature) order by f.v
  desc), '[]')
  from ${reportFiles} f left join ${users} u on u.id = f.uploaded_by where f.report_id = ${reportId})`;
const eventsOf = (
  reportUuid: string,
) => sql`(select coalesce(json_agg(json_build_object('action', e.action, 'from', e.before->>'status', 'to',
  e.after->>'status', 'at', ${isoTime(sql`e.at`)}, 'note', e.note, 'by', ${personSql('u')}) order by e.at, e.id), '[]')
  from ${auditEvents} e left join ${users} u on u.id = e.actor_id where e.entity = 'national_report' and e.entity_id =
    ${reportUuid})`;
const updaterOf = (userId: number | null) => sql`(select ${personSql('u')} from ${users} u where u.id = ${userId})`;

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const byOf = (name: string | null) => (name === null ? null : { name });

/**
 * What a view shows of a report beyond its row, kept while the report, its cycle and the questions are as they were.
 */
interface ViewParts {
  key: string;
  parts: ReportParts;
  questions: string;
  answers: string;
  completeness: Completeness;
}

/** Far more reports than a server holds open at once; past it the views start afresh. */
const VIEWS_MAX = 5000;
const views = new WeakMap<ChangeBus, Map<number, ViewParts>>();

/**
 * The view's response body as JSON text, or null when the cycle has no report for the country.
 * The report's answers, files and timeline are read again only when its row changed (every answer
 * saved, workflow step, upload and header edit sets its `updated_at` or `version`), its cycle
 * changed or the questions did: otherwise the view is one short statement.
 */
export async function openReport(deps: AppDeps, where: ReportKey): Promise<string | null> {
  // One JSON value instead of the rows' forty columns: PGlite turns it into JavaScript far faster.
  const [found] = rowsOf<{ j: unknown }>(
    await deps.db.execute(sql`
      select json_build_object('report', row_to_json(nr), 'cycle', (select row_to_json(rc) from ${reportingCycles} rc
        where rc.year = nr.year),
        'country', (select json_build_object('code', c.code, 'name', c.name, 'flag', c.flag) from ${countries} c where
          c.code = nr.country_code),
        'stamp', ${QUESTIONS_STAMP}) as j
      from ${nationalReports} nr where nr.year = ${where.year} and nr.country_code = ${where.countryCode}`),
  );
  if (!found) return null;
  const read = parse<{ stamp: string }>(found.j);
  const bundle = bundleFromJson(read);
  const row = { ...bundle, stamp: read.stamp };
  const catalogue = await catalogueCache(deps.changes).get(deps.db, row.stamp);
  let kept = views.get(deps.changes);
  if (!kept) views.set(deps.changes, (kept = new Map()));
  const key =
    `${row.report.version}|${row.report.updatedAt.getTime()}|${row.report.updatedBy}|` +
    `${row.cycle.version}|${catalogue.stamp}`;
  let view = kept.get(row.report.id);
  if (view?.key !== key) {
    view = await readView(deps, bundle, catalogue, key);
    if (kept.size >= VIEWS_MAX) kept.clear();
    kept.set(row.report.id, view);
  }
  const report = reportFrom(bundle, view.parts, view.completeness);
  const json = (key: string, value: unknown) => catalogue.memo(`json:${key}`, () => JSON.stringify(value));
  // The questions' JSON is made once per catalogue; the rest is small.
  return (
    `{"status":200,"message":"National ` +
    `report","data":{"report":${JSON.stringify(report)},"cycle":${JSON.stringify(toCycle(row.cycle))},` +
    `"questions":${view.questions},"answers":${view.answers},` +
    `"thrusts":${json('thrusts', catalogue.meta.thrusts)},` +
    `"subcategories":${json('subcategories', catalogue.meta.subcategories)}}}`
  );
}

/** The answers, files, timeline and last editor of a report, in one statement. */
async function readView(
  deps: AppDeps,
  bundle: ReportBundle,
  catalogue: ReportCatalogue,
  key: string,
): Promise<ViewParts> {
  const { id, uuid, updatedBy } = bundle.report;
  const [row] = rowsOf<{ answers: unknown; files: unknown; events: unknown; updater: string | null }>(
    await deps.db.execute(
      sql`select ${storedAnswersJson(nationalReportForm.answers, id, null)} as answers, ${filesOf(id)} as files,
        ${eventsOf(uuid)} as events, ${updaterOf(updatedBy)} as updater`,
    ),
  );
  const stored = new Map(parseStoredAnswers(row?.answers).map((a) => [a.questionId, a]));
  const questions = instanceQuestions(nationalReportForm, catalogue, bundle, new Set(stored.keys()));
  const options = { dataYearMax: bundle.cycle.year };
  // Each answer's JSON is made once per version (and editor's name) and catalogue.
  const answers: string[] = [];
  for (const q of questions) {
    const answer = stored.get(q.id);
    if (answer)
      answers.push(
        catalogue.answerJson(`${nationalReportForm.kind}:${answer.id}:${answer.version}:${answer.by}:${q.n}`, () =>
          JSON.stringify(answerOut(catalogue, nationalReportForm.kind, q, answer, options)),
        ),
      );
  }
  const files = parse<
    {
      v: number;
      name: string;
      size: number;
      uploaded_at: string;
      by: string | null;
      pages: number | null;
      signature: StoredSignature | null;
    }[]
  >(row?.files ?? []);
  const parts: ReportParts = {
    files: files.map((f) => ({
      v: f.v,
      name: f.name,
      size: f.size,
      uploaded_at: f.uploaded_at,
      uploaded_by: byOf(f.by),
      url: fileUrl(bundle.report.uuid, f.v),
      pages: f.pages,
      signature: signatureOut(f.signature),
    })),
    events: parse<
      { action: string; from: string | null; to: string | null; at: string; note: string | null; by: string | null }[]
    >(row?.events ?? []).map((e) => ({
      action: e.action,
      from: e.from as ReportStatus | null,
      to: e.to as ReportStatus | null,
      by: byOf(e.by),
      at: e.at,
      note: e.note,
    })),
    updatedBy: row?.updater ?? null,
  };
  return {
    key,
    parts,
    questions: `[${questions.map((q) => questionJson(catalogue, q)).join(',')}]`,
    answers: `[${answers.join(',')}]`,
    completeness: countCompleteness(nationalReportForm, catalogue, bundle, stored),
  };
}
