/**
 * GET /api/report/type/national/search (issue 34 item 2, decision 076): the answers the caller may
 * read whose words hold every word asked, best first, each with a snippet around its first match.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isAdminLevel } from '../access/permissions.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import type { AuthedUser } from '../deps.server.ts';
import { ApiError } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import { rowsOf } from '../questionnaires/answers-sql.server.ts';
import { SEARCHED_TEXT } from './search-index.server.ts';
import type { AnswerSearchHit, AnswerSearchQuery } from './search-schema.ts';
import { snippetOf } from './search-snippet.ts';
import { queryTerms, tsqueryLiteral } from './search-words.ts';

/** Statuses the secretariat reads across the region: submitted or later. */
const REVIEWED = sql`('submitted', 'accepted', 'published')`;

/**
 * The reports whose answers the caller may find: the secretariat (administrator level) every
 * report submitted or later; anyone else their own country's reports and the published ones.
 */
function readable(auth: AuthedUser): SQL {
  if (isAdminLevel(auth.identity)) return sql`r.status in ${REVIEWED}`;
  return sql`(r.country_code = ${auth.identity.country_code ?? ''} or r.status = 'published')`;
}

interface HitRow {
  country_code: string;
  year: number;
  question_uuid: string;
  question_code: string;
  text: string;
  total: number | string;
}

/** The answers found for `query` and the caller, a page of them, and how many in all. */
export async function searchAnswers(
  db: DbOrTx,
  auth: AuthedUser,
  query: AnswerSearchQuery,
): Promise<{ data: AnswerSearchHit[]; total: number }> {
  const terms = queryTerms(query.q);
  if (terms.length === 0) {
    const errors = { q: ['must contain a word to search for'] };
    throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'query', fields: 'q' }), errors);
  }
  const tsquery = tsqueryLiteral(terms);
  const where = sql.join(
    [
      sql`s.tsv @@ ${tsquery}::tsquery`,
      readable(auth),
      ...(query.year === undefined ? [] : [sql`s.year = ${query.year}`]),
      ...(query.country === undefined ? [] : [sql`s.country_code = ${query.country}`]),
    ],
    sql` and `,
  );
  // The page is chosen on the index alone; only its rows read their answer and question.
  const rows = rowsOf<HitRow>(
    await db.execute(sql`
      select p.country_code, p.year, qu.uuid as question_uuid, qu.code as question_code, ${SEARCHED_TEXT} as text,
        p.total
      from (
        select s.answer_id, s.question_id, s.country_code, s.year,
          ts_rank(s.tsv, ${tsquery}::tsquery, 1) as rank, count(*) over () as total
        from answer_search s join national_reports r on r.id = s.report_id
        where ${where}
        order by rank desc, s.year desc, s.country_code, s.answer_id
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}
      ) p join report_answers ra on ra.id = p.answer_id join questions qu on qu.id = p.question_id
      order by p.rank desc, p.year desc, p.country_code, p.answer_id`),
  );
  const total = rows.length ? Number(rows[0]!.total) : query.page === 1 ? 0 : await countFound(db, where);
  return {
    data: rows.map((row) => ({
      country_code: row.country_code,
      year: Number(row.year),
      question_uuid: row.question_uuid,
      question_code: row.question_code,
      snippet: snippetOf(row.text, terms),
    })),
    total,
  };
}

/** How many answers match, for a page past the last one. */
async function countFound(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from answer_search s join national_reports r on r.id = s.report_id where ${where}`,
    ),
  );
  return Number(row?.n ?? 0);
}
