import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { nationalReports, questions, reportAnswers } from '../db/schema.ts';
import type { AnswerValue } from '../questionnaires/schema.ts';

/** The statuses of a report the country has handed in: what it said officially. */
const HANDED_IN = ['submitted', 'accepted', 'published'];

/**
 * The same country's answers of the latest earlier cycle whose report it handed in (submitted or later: a draft never
 * submitted is not what the country said), by question uuid, and that cycle's year (null: none). Decision 078.
 */
export async function previousAnswers(
  db: DbOrTx,
  key: { year: number; countryCode: string },
): Promise<{ year: number | null; values: Map<string, AnswerValue> }> {
  const [previous] = await db
    .select({ id: nationalReports.id, year: nationalReports.year })
    .from(nationalReports)
    .where(
      and(
        eq(nationalReports.countryCode, key.countryCode),
        lt(nationalReports.year, key.year),
        inArray(nationalReports.status, HANDED_IN),
      ),
    )
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
