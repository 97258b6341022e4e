import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import { contentTranslations, countries, nationalReports, reportAnswers, reportingCycles } from '../db/schema.ts';
import { rowsOf } from '../questionnaires/answers-sql.server.ts';
import { notFound } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import { SUBREGION_MEMBERS } from '../progress/method.ts';
import { isAnswered } from '../questionnaires/engine.ts';
import { NUMERIC_ANSWER_TYPES, type AnswerValue } from '../questionnaires/schema.ts';
import { localisedQuestion, type ContentLookup } from '../translations/localise.ts';
import type { Locale } from '../../i18n/locales.ts';
import { cachedCompareView } from './compare-cache.server.ts';
import { catalogueCache, pinned, type ReportCatalogueQuestion } from './question-catalogue.server.ts';
import type { Question } from './question-schema.ts';
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

/** A translation row of the question (its fields and the English they translate), as the statement reads it. */
interface TranslationRow {
  fields: Record<string, string>;
  source: Record<string, string>;
}

/** The question's translation, field by field where it still translates the English shown. */
function translationOf(question: Question, row: TranslationRow | null): ContentLookup {
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

/** One answer as the statement gives it: country code and name, status, language, pin, value, text, date. */
type AnswerTuple = [string, string, string, string | null, number | null, unknown, string | null, string];

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * One statement (decision 075: a question of 58 countries within 20 ms at p99): whether the cycle
 * exists, the question's translation into `locale`, and the answers `scope` may read, filtered, as
 * one JSON array.
 */
async function readCompare(
  db: DbOrTx,
  input: { year: number; questionId: number; questionUuid: string; locale: Locale },
  where: SQL | undefined,
) {
  const key = String(input.questionId);
  const [row] = rowsOf<{ cycle: boolean; tr: unknown; answers: unknown }>(
    await db.execute(sql`
      select exists(select 1 from ${reportingCycles} where ${reportingCycles.year} = ${input.year}) as cycle,
        (select json_build_object('fields', ${contentTranslations.fields}, 'source', ${contentTranslations.source})
          from ${contentTranslations} where ${contentTranslations.entity} = 'question'
            and ${contentTranslations.key} = ${input.questionUuid} and ${contentTranslations.locale} = ${input.locale}
        ) as tr,
        (select coalesce(json_agg(json_build_array(${countries.code}, ${countries.name}, ${nationalReports.status},
            ${nationalReports.writtenIn}, (${nationalReports.questionPins} ->> ${key})::int, ${reportAnswers.value},
            ${reportAnswers.text}, ${reportAnswers.updatedAt})), '[]'::json)
          from ${reportAnswers}
          join ${nationalReports} on ${nationalReports.id} = ${reportAnswers.reportId}
          join ${countries} on ${countries.code} = ${nationalReports.countryCode}
          where ${reportAnswers.questionId} = ${input.questionId} and ${nationalReports.year} = ${input.year}
            and ${where ?? sql`true`}
        ) as answers`),
  );
  return {
    cycle: Boolean(row?.cycle),
    translation: row?.tr ? parsed<TranslationRow>(row.tr) : null,
    answers: parsed<AnswerTuple[]>(row?.answers ?? []),
  };
}

/** GET …/compare/{year}/{question_uuid}: the question and every answer `scope` may read (404: no cycle or question). */
export async function compareQuestion(
  deps: { db: DbOrTx; changes: ChangeBus },
  input: CompareInput,
): Promise<CompareData> {
  const { year, questionUuid, scope, query, locale } = input;
  const key = [year, questionUuid, scope ?? '*', query.subregion ?? '', query.status ?? '', locale].join('|');
  return cachedCompareView(deps.changes, key, () => readCompareView(deps, input));
}

interface CompareInput {
  year: number;
  questionUuid: string;
  scope: string | null;
  query: CompareQuery;
  locale: Locale;
}

async function readCompareView(deps: { db: DbOrTx; changes: ChangeBus }, input: CompareInput): Promise<CompareData> {
  const q = await questionOr404(deps.db, deps.changes, input.questionUuid);
  const read = await readCompare(
    deps.db,
    { year: input.year, questionId: q.id, questionUuid: input.questionUuid, locale: input.locale },
    and(visibleTo(input.scope), ...filtersOf(input.query)),
  );
  if (!read.cycle) throw notFound(say('There is no {year} reporting cycle', { year: input.year }));
  const catalogue = await catalogueCache(deps.changes).get(deps.db);
  const worded = cycleWording(
    catalogue,
    q,
    read.answers.map((a) => a[4]),
  );
  const lookup = translationOf(worded, input.locale === 'en' ? null : read.translation);
  const shown = localisedQuestion(worded, lookup);
  const answers = read.answers
    .filter(([, , , , , value, text]) => isAnswered(worded, { value: value as AnswerValue, text }))
    .map(([code, name, status, writtenIn, , value, text, updatedAt]): CompareAnswer => ({
      country_code: code,
      country_name: name,
      subregion: subregionOfCountry(code),
      report_status: status as ReportStatus,
      value: (value ?? null) as AnswerValue,
      text,
      written_lang: writtenIn,
      updated_at: new Date(updatedAt).toISOString(),
    }));
  return {
    year: input.year,
    question: toCompareQuestion(shown, Boolean(lookup('question', worded.uuid, 'text'))),
    answers: sortAnswers(worded, answers),
  };
}
