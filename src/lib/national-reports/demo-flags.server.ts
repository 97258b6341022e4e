import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { nationalReports, questions, reportAnswers } from '../db/schema.ts';

/** The demo report whose answers break a review rule, with the country's explanation (decision 078). */
const DEMO_FLAGGED = { year: 2026, country: 'VN' } as const;

/**
 * Demo data (npm start only): Viet Nam's submitted 2026 report gives more safely managed sanitation (Q09) than safely
 * managed drinking water (Q08) — the check "Q09 ≤ Q08" flags it — and explains why, so that the reviewer's list of
 * flags and explanations is real.
 */
export async function seedDemoFlag(tx: DbOrTx): Promise<void> {
  const [report] = await tx
    .select({ id: nationalReports.id })
    .from(nationalReports)
    .where(and(eq(nationalReports.year, DEMO_FLAGGED.year), eq(nationalReports.countryCode, DEMO_FLAGGED.country)));
  const ids = new Map(
    (
      await tx
        .select({ id: questions.id, code: questions.code })
        .from(questions)
        .where(inArray(questions.code, ['Q08', 'Q09']))
    ).map((q) => [q.code, q.id]),
  );
  if (!report || ids.size < 2) return;
  const rows = [
    { code: 'Q08', value: 61.5, explanation: null },
    {
      code: 'Q09',
      value: 68.2,
      explanation:
        'Sanitation comes from the 2024 census, drinking water from the 2022 household survey; the statistics office ' +
        'is aligning the two series (demonstration).',
    },
  ];
  for (const row of rows) {
    const values = {
      reportId: report.id,
      questionId: ids.get(row.code)!,
      value: row.value,
      dataYear: 2024,
      source: 'Demonstration figure, not an official statistic',
      explanation: row.explanation,
    };
    await tx
      .insert(reportAnswers)
      .values(values)
      .onConflictDoUpdate({
        target: [reportAnswers.reportId, reportAnswers.questionId],
        set: { value: values.value, dataYear: values.dataYear, source: values.source, explanation: values.explanation },
      });
  }
}
