import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.server.ts';
import { countries, nationalReports, questions, reportAnswers, synthesisQuotes } from '../db/schema.ts';
import { translationsInto } from '../translations/queries.server.ts';
import {
  isQuestionTranslated,
  localisedQuestion,
  localisedThrust,
  type ContentLookup,
} from '../translations/localise.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { AnswerValue } from '../questionnaires/schema.ts';
import { cycleQuestionRows, listThrusts } from './queries.server.ts';
import { loadWordings } from './question-versions.server.ts';
import { withWording } from './question-versions.ts';
import type { Question } from './question-schema.ts';
import type { CycleRow } from './rows.server.ts';
import type { SynthesisInput } from './synthesis-model.ts';

/** The statuses whose answers the synthesis reads: submitted or later. */
const SUBMITTED_OR_LATER = ['submitted', 'accepted', 'published'];

async function lookupInto(db: Db, locale: Locale): Promise<ContentLookup> {
  if (locale === 'en') return () => undefined;
  const [thrusts, questionWords] = await Promise.all([
    translationsInto(db, 'thrust', locale),
    translationsInto(db, 'question', locale),
  ]);
  const by = { thrust: thrusts, question: questionWords } as const;
  return (entity, key, field) => (entity in by ? by[entity as keyof typeof by].get(key)?.[field] : undefined);
}

/**
 * The cycle's questions as worded for it: a question that the cycle's reports keep in an older
 * wording (decision 026) reads as most of them keep it.
 */
async function cycleWorded(
  db: Db,
  cycle: CycleRow,
  pins: readonly (Record<string, number> | null)[],
): Promise<Question[]> {
  const rows = await cycleQuestionRows(db, cycle);
  const chosen = new Map<number, number>();
  for (const row of rows) {
    const tally = new Map<number, number>();
    for (const p of pins) {
      const n = p?.[String(row.id)] ?? row.n;
      tally.set(n, (tally.get(n) ?? 0) + 1);
    }
    const [n] = [...tally].sort((a, b) => b[1] - a[1])[0] ?? [row.n];
    if (n !== row.n) chosen.set(row.id, n);
  }
  const wordings = await loadWordings(
    db,
    [...chosen].map(([questionId, n]) => ({ questionId, n })),
  );
  return rows.map((row) => {
    const wording = wordings.get(`${row.id}:${chosen.get(row.id)}`);
    return wording ? withWording(row.question, wording) : row.question;
  });
}

/** What the synthesis of `cycle` is made from, in `locale` (one read per table; the model is synthesis-model.ts). */
export async function synthesisInput(db: Db, cycle: CycleRow, locale: Locale): Promise<SynthesisInput> {
  const reports = await db
    .select({
      id: nationalReports.id,
      country_code: nationalReports.countryCode,
      country_name: countries.name,
      written_in: nationalReports.writtenIn,
      pins: nationalReports.questionPins,
    })
    .from(nationalReports)
    .innerJoin(countries, eq(countries.code, nationalReports.countryCode))
    .where(and(eq(nationalReports.year, cycle.year), inArray(nationalReports.status, SUBMITTED_OR_LATER)))
    .orderBy(asc(countries.name));
  const ids = reports.map((r) => r.id);
  const [qs, thrusts, lookup, answers, quotes] = await Promise.all([
    cycleWorded(
      db,
      cycle,
      reports.map((r) => r.pins),
    ),
    listThrusts(db),
    lookupInto(db, locale),
    ids.length === 0
      ? []
      : db
          .select({
            report_id: reportAnswers.reportId,
            question_uuid: questions.uuid,
            value: reportAnswers.value,
            text: reportAnswers.text,
          })
          .from(reportAnswers)
          .innerJoin(questions, eq(questions.id, reportAnswers.questionId))
          .where(inArray(reportAnswers.reportId, ids)),
    db
      .select({ question_uuid: questions.uuid, report_id: synthesisQuotes.reportId, sort: synthesisQuotes.sort })
      .from(synthesisQuotes)
      .innerJoin(questions, eq(questions.id, synthesisQuotes.questionId))
      .where(eq(synthesisQuotes.year, cycle.year)),
  ]);
  const localised = qs.map((q) => localisedQuestion(q, lookup));
  const partlyEnglish =
    locale !== 'en' &&
    (qs.some((q) => !isQuestionTranslated(q, lookup)) || thrusts.some((t) => !lookup('thrust', t.code, 'name')));
  return {
    year: cycle.year,
    locale,
    at: new Date(),
    thrusts: thrusts.map((t) => localisedThrust(t, lookup)),
    questions: [...localised].sort((a, b) => a.sort - b.sort),
    reports: reports.map(({ pins: _pins, ...r }) => r),
    answers: answers.map((a) => ({ ...a, value: (a.value ?? null) as AnswerValue })),
    quotes,
    partlyEnglish,
  };
}
