import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { nationalReports, questions, reportAnswers } from '../db/schema.ts';
import type { AnswerValue } from '../questionnaires/schema.ts';

/**
 * The same country's answers of the latest earlier cycle it has a report in, by question uuid, and that cycle's year
 * (null: none).
 */
export async function previousAnswers(
  db: DbOrTx,
  key: { year: number; countryCode: string },
): Promise<{ year: number | null; values: Map<string, AnswerValue> }> {
  const [previous] = await db
    .select({ id: nationalReports.id, year: nationalReports.year })
    .from(nationalReports)
    .where(and(eq(nationalReports.countryCode, key.countryCode), lt(nationalReports.year, key.year)))
    .orderBy(desc(nationalReports.year))
    .limit(1);
  if (!previous) return { year: null, values: new Map() };
  const rows = await db
    .select({ uuid: questions.uuid, value: reportAnswers.value })
    .from(reportAnswers)
    .innerJoin(questions, eq(questions.id, reportAnswers.questionId))
    .where(eq(reportAnswers.reportId, previous.id));
  const values = new Map<string, AnswerValue>();
  for (const row of rows) if (row.value !== null && row.value !== undefined) values.set(row.uuid, row.value);
  return { year: previous.year, values };
}
