import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { nationalReports } from '../db/schema.ts';
import { keptCopy } from '../site/publication-copies.server.ts';
import type { Question } from './question-schema.ts';
import type { PublicAnswerRow, PublicReport } from './public-schema.ts';
import type { ReportRow } from './rows.server.ts';

/**
 * The public copies of published reports being revised (decision 026): while a published report
 * is unlocked and revised, the public site, its open data and the search index show the version
 * that was published, kept on the report when it was unlocked. The copy is the report's public
 * view; when it is kept, served and dropped is the publication copies' rule (decision 066).
 */

/** One row of a cycle's open data: a published answer with its country and question. */
export function publicAnswerRow(
  of: { country: { code: string; name: string; subregion: string }; year: number; question: Question; demo: boolean },
  answer: {
    value: PublicAnswerRow['value'];
    display: string;
    text: string | null;
    data_year: number | null;
    source: string | null;
  },
): PublicAnswerRow {
  const q = of.question;
  return {
    country_code: of.country.code,
    country: of.country.name,
    subregion: of.country.subregion,
    year: of.year,
    question_code: q.code,
    question: q.text,
    thrust: q.thrust,
    subcategory: q.subcategory,
    question_tier: q.question_tier,
    answer_type: q.answer_type,
    unit: q.unit,
    sdg_refs: q.sdg_refs,
    value: answer.value,
    display: answer.display,
    text: answer.text,
    data_year: answer.data_year,
    source: answer.source,
    demo: of.demo,
  };
}

/** The kept public view of a report being revised, or null (a published report is shown as it is). */
export function keptPublicView(report: Pick<ReportRow, 'status' | 'publishedSnapshot'>): PublicReport | null {
  const kept = keptCopy(report) as PublicReport | null;
  if (!kept) return null;
  // Copies kept before decision 048 have no language: not stated.
  return { ...kept, report: { ...kept.report, written_in: kept.report.written_in ?? null } };
}

/** The open-data rows of the kept copies of a cycle's reports being revised, with their questions. */
export async function keptAnswers(db: DbOrTx, year: number): Promise<{ data: PublicAnswerRow; question: Question }[]> {
  const rows = await db
    .select({ status: nationalReports.status, publishedSnapshot: nationalReports.publishedSnapshot })
    .from(nationalReports)
    .where(
      and(
        eq(nationalReports.year, year),
        ne(nationalReports.status, 'published'),
        isNotNull(nationalReports.publishedSnapshot),
      ),
    );
  return rows.flatMap((row) => {
    const kept = keptPublicView(row);
    if (!kept) return [];
    const { country, demo } = kept.report;
    return kept.groups.flatMap((g) =>
      g.subcategories.flatMap((s) =>
        s.items.flatMap(({ question: q, answer, display }) =>
          answer && answer.value !== null
            ? [
                {
                  question: q,
                  data: publicAnswerRow({ country, year, question: q, demo }, { ...answer, display }),
                },
              ]
            : [],
        ),
      ),
    );
  });
}
