import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import { contentTranslations, countries, nationalReports, reportAnswers } from '../db/schema.ts';
import { notFound } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import { SUBREGION_MEMBERS } from '../progress/method.ts';
import { isAnswered } from '../questionnaires/engine.ts';
import { NUMERIC_ANSWER_TYPES, type AnswerValue } from '../questionnaires/schema.ts';
import { localisedQuestion, type ContentLookup } from '../translations/localise.ts';
import type { Locale } from '../../i18n/locales.ts';
import { catalogueCache, pinned, type ReportCatalogueQuestion } from './question-catalogue.server.ts';
import type { Question } from './question-schema.ts';
import { loadCycleRow } from './queries.server.ts';
import {
  COMPARE_SUBREGIONS,
  type CompareAnswer,
  type CompareData,
  type CompareQuery,
  type CompareQuestion,
  type CompareSubregion,
} from './compare-schema.ts';
import type { ReportStatus } from './schema.ts';

/**
 * One question across the region (issue 34 item 1, decision 075): every answer to a question in a
 * cycle that the caller may read, with the question as worded for the cycle in the caller's language.
 */

/** Statuses the secretariat reads: the country has handed the report in. */
export const HANDED_IN: readonly ReportStatus[] = ['submitted', 'accepted', 'published'];

const SUBREGION_OF = new Map<string, CompareSubregion>(
  COMPARE_SUBREGIONS.flatMap((s) => SUBREGION_MEMBERS[s].map((code) => [code, s] as const)),
);
export const subregionOfCountry = (code: string): CompareSubregion | null => SUBREGION_OF.get(code) ?? null;

/**
 * Which reports a caller reads: `scope` null is the secretariat (every report handed in); a
 * country's users read their own report (any status) and the others' published ones.
 */
function visibleTo(scope: string | null): SQL | undefined {
  if (scope === null) return inArray(nationalReports.status, [...HANDED_IN]);
  return or(eq(nationalReports.countryCode, scope), eq(nationalReports.status, 'published'));
}

function filtersOf(query: Pick<CompareQuery, 'status' | 'subregion'>): (SQL | undefined)[] {
  return [
    query.status ? eq(nationalReports.status, query.status) : undefined,
    query.subregion ? inArray(nationalReports.countryCode, [...SUBREGION_MEMBERS[query.subregion]]) : undefined,
  ];
}

/** The question of the catalogue named by `uuid`, or a 404. */
export async function questionOr404(db: DbOrTx, bus: ChangeBus, uuid: string): Promise<ReportCatalogueQuestion> {
  const catalogue = await catalogueCache(bus).get(db);
  const q = catalogue.byUuid.get(uuid);
  if (!q) throw notFound('There is no question with this id');
  return q;
}

/** The question's translation into `locale`, field by field where it still translates the English shown. */
async function translationOf(db: DbOrTx, question: Question, locale: Locale): Promise<ContentLookup> {
  if (locale === 'en') return () => undefined;
  const [row] = await db
    .select({ fields: contentTranslations.fields, source: contentTranslations.source })
    .from(contentTranslations)
    .where(
      and(
        eq(contentTranslations.entity, 'question'),
        eq(contentTranslations.key, question.uuid),
        eq(contentTranslations.locale, locale),
      ),
    );
  if (!row) return () => undefined;
  // A translation made of another wording (the cycle kept an older one) is not this wording's.
  const english: Record<string, string | null> = { text: question.text, help: question.help, unit: question.unit };
  return (entity, key, field) => {
    if (entity !== 'question' || key !== question.uuid) return undefined;
    const source = row.source[field];
    if (source !== undefined && field in english && source !== english[field]) return undefined;
    return row.fields[field] || undefined;
  };
}

/** The wording most of the cycle's reports keep for the question (decision 026); none pinned: the current one. */
function cycleWording(catalogue: Parameters<typeof pinned>[0], q: ReportCatalogueQuestion, pins: (number | null)[]) {
  const counts = new Map<number, number>();
  for (const pin of pins) counts.set(pin ?? q.n, (counts.get(pin ?? q.n) ?? 0) + 1);
  const [n] = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [q.n];
  return pinned(catalogue, q, n).own.question;
}

export function toCompareQuestion(question: Question, translated: boolean): CompareQuestion {
  return {
    uuid: question.uuid,
    code: question.code,
    text: question.text,
    answer_type: question.answer_type,
    unit: question.unit,
    decimals: question.decimals,
    options: question.options.map((o) => ({ value: o.value, label: o.label })),
    parts: question.parts.map((p) => ({ key: p.key, label: p.label })),
    translated,
  };
}

const isFigure = (q: Pick<Question, 'answer_type' | 'parts'>) =>
  (NUMERIC_ANSWER_TYPES as readonly string[]).includes(q.answer_type) && q.parts.length === 0;

/** Figures from the highest down (a bar chart's order), everything else by country name. */
function sortAnswers(q: Question, answers: CompareAnswer[]): CompareAnswer[] {
  const byName = (a: CompareAnswer, b: CompareAnswer) => a.country_name.localeCompare(b.country_name, 'en');
  if (!isFigure(q)) return answers.sort(byName);
  return answers.sort((a, b) => Number(b.value) - Number(a.value) || byName(a, b));
}

/** The answers of the cycle to question `q` that `scope` may read, filtered. */
async function answerRows(db: DbOrTx, year: number, questionId: number, scope: string | null, query: CompareQuery) {
  return db
    .select({
      code: countries.code,
      name: countries.name,
      status: nationalReports.status,
      writtenIn: nationalReports.writtenIn,
      pin: sql<number | null>`(${nationalReports.questionPins} ->> ${String(questionId)})::int`,
      value: reportAnswers.value,
      text: reportAnswers.text,
      updatedAt: reportAnswers.updatedAt,
    })
    .from(reportAnswers)
    .innerJoin(nationalReports, eq(nationalReports.id, reportAnswers.reportId))
    .innerJoin(countries, eq(countries.code, nationalReports.countryCode))
    .where(
      and(
        eq(reportAnswers.questionId, questionId),
        eq(nationalReports.year, year),
        visibleTo(scope),
        ...filtersOf(query),
      ),
    );
}

/** GET …/compare/{year}/{question_uuid}: the question and every answer `scope` may read (404: no cycle or question). */
export async function compareQuestion(
  deps: { db: DbOrTx; changes: ChangeBus },
  input: { year: number; questionUuid: string; scope: string | null; query: CompareQuery; locale: Locale },
): Promise<CompareData> {
  const { db } = deps;
  const [cycle, q] = await Promise.all([
    loadCycleRow(db, input.year),
    questionOr404(db, deps.changes, input.questionUuid),
  ]);
  if (!cycle) throw notFound(say('There is no {year} reporting cycle', { year: input.year }));
  const catalogue = await catalogueCache(deps.changes).get(db);
  const rows = await answerRows(db, input.year, q.id, input.scope, input.query);
  const worded = cycleWording(
    catalogue,
    q,
    rows.map((r) => r.pin),
  );
  const lookup = await translationOf(db, worded, input.locale);
  const shown = localisedQuestion(worded, lookup);
  const answers = rows
    .filter((r) => isAnswered(worded, { value: r.value as AnswerValue, text: r.text }))
    .map((r): CompareAnswer => ({
      country_code: r.code,
      country_name: r.name,
      subregion: subregionOfCountry(r.code),
      report_status: r.status as ReportStatus,
      value: (r.value ?? null) as AnswerValue,
      text: r.text,
      written_lang: r.writtenIn,
      updated_at: r.updatedAt.toISOString(),
    }));
  return {
    year: input.year,
    question: toCompareQuestion(shown, Boolean(lookup('question', worded.uuid, 'text'))),
    answers: sortAnswers(worded, answers),
  };
}
