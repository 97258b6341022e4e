import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import type { AuthedUser } from '../deps.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import type { Db } from '../db/client.server.ts';
import { nationalReports, reportAnswers, reportingCycles, synthesisQuotes } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import { narrativeOf } from './compare-schema.ts';
import { HANDED_IN, questionOr404 } from './compare.server.ts';
import { loadCycleRow } from './queries.server.ts';

/**
 * The secretariat's choice of quotes for the regional synthesis (decision 075): up to five
 * narrative answers per question and cycle, in order, kept in `synthesis_quotes` (the synthesis
 * document reads them there). A PUT replaces the set in one transaction, audited.
 */

interface QuotesKey {
  year: number;
  questionUuid: string;
}

async function keyOr404(db: DbOrTx, changes: ChangeBus, key: QuotesKey) {
  const [cycle, q] = await Promise.all([loadCycleRow(db, key.year), questionOr404(db, changes, key.questionUuid)]);
  if (!cycle) throw notFound(say('There is no {year} reporting cycle', { year: key.year }));
  return q;
}

async function quotedCountries(db: DbOrTx, year: number, questionId: number): Promise<string[]> {
  const rows = await db
    .select({ code: nationalReports.countryCode })
    .from(synthesisQuotes)
    .innerJoin(nationalReports, eq(nationalReports.id, synthesisQuotes.reportId))
    .where(and(eq(synthesisQuotes.year, year), eq(synthesisQuotes.questionId, questionId)))
    .orderBy(asc(synthesisQuotes.sort), asc(synthesisQuotes.id));
  return rows.map((r) => r.code);
}

/** GET …/synthesis/{year}/quotes/{question_uuid}: the quoted countries, in order. */
export async function listQuotes(deps: { db: Db; changes: ChangeBus }, key: QuotesKey): Promise<string[]> {
  const q = await keyOr404(deps.db, deps.changes, key);
  return quotedCountries(deps.db, key.year, q.id);
}

const invalid = (messages: string[]) =>
  new ApiError(400, say('Invalid {what}: check {fields}', { what: 'body', fields: 'country_codes' }), {
    country_codes: messages,
  });

/** PUT …/synthesis/{year}/quotes/{question_uuid}: replaces the quoted countries (each a handed-in narrative answer). */
export async function saveQuotes(
  deps: { db: Db; changes: ChangeBus },
  auth: AuthedUser,
  key: QuotesKey,
  codes: readonly string[],
): Promise<string[]> {
  if (new Set(codes).size !== codes.length) throw invalid([say('must not repeat a country')]);
  const q = await keyOr404(deps.db, deps.changes, key);
  return deps.changes.write(deps.db, async (w) => {
    // One writer of a cycle's quotes at a time: two replacing the same set would collide on its unique key.
    await w.tx
      .select({ year: reportingCycles.year })
      .from(reportingCycles)
      .where(eq(reportingCycles.year, key.year))
      .for('update');
    const reports = codes.length
      ? await w.tx
          .select({
            id: nationalReports.id,
            code: nationalReports.countryCode,
            status: nationalReports.status,
            value: reportAnswers.value,
            text: reportAnswers.text,
          })
          .from(nationalReports)
          .leftJoin(
            reportAnswers,
            and(eq(reportAnswers.reportId, nationalReports.id), eq(reportAnswers.questionId, q.id)),
          )
          .where(and(eq(nationalReports.year, key.year), inArray(nationalReports.countryCode, [...codes])))
      : [];
    const byCode = new Map(reports.map((r) => [r.code, r]));
    const refused = codes.filter((code) => {
      const r = byCode.get(code);
      if (!r || !HANDED_IN.includes(r.status as never)) return true;
      return narrativeOf(q.own.question, { value: r.value, text: r.text }) === null;
    });
    if (refused.length > 0) {
      throw invalid(
        refused.map((country) =>
          say('{country} has no narrative answer to this question in a report submitted or later', { country }),
        ),
      );
    }
    const before = await quotedCountries(w.tx, key.year, q.id);
    await w.tx
      .delete(synthesisQuotes)
      .where(and(eq(synthesisQuotes.year, key.year), eq(synthesisQuotes.questionId, q.id)));
    if (codes.length > 0) {
      await w.tx.insert(synthesisQuotes).values(
        codes.map((code, sort) => ({
          year: key.year,
          questionId: q.id,
          reportId: byCode.get(code)!.id,
          sort,
          createdBy: auth.user.id,
        })),
      );
    }
    await w.audit({
      actorId: auth.user.id,
      entity: 'synthesis_quotes',
      entityId: `${key.year}:${q.question.uuid}`,
      action: 'update',
      before: { country_codes: before },
      after: { country_codes: [...codes] },
    });
    return [...codes];
  });
}
