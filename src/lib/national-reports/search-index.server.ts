/**
 * The answers' search index (`answer_search`, decision 076): one row per answer with words, its
 * tokens made here (search-words.ts) and stored space-separated; each instance serves searches
 * from an index in memory read from these rows (search-memory.server.ts).
 *
 * A row carries its answer's `updated_at`: an answer whose row is missing or older is indexed
 * again, and the row of an answer emptied since is removed. `indexReportAnswers` does it for one
 * report in the transaction of its answers' save (a transaction subscriber of
 * `report.answers.saved`); `syncAnswerSearch` for every report, after the demo's seed and in the
 * background of each start-up, so answers written before the index existed (or by a bulk insert)
 * are found too.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../audit/service.server.ts';
import { answerSearch } from '../db/schema.ts';
import { rowsOf } from '../questionnaires/answers-sql.server.ts';
import { invalidateAnswerSearchMemory, SEARCHED_TEXT } from './search-memory.server.ts';
import { indexTokens } from './search-words.ts';

interface StaleRow {
  answer_id: number;
  report_id: number;
  question_id: number;
  year: number;
  country_code: string;
  updated_at: string;
  words: string | null;
}

/**
 * Rows written in one statement. Cutting an answer's words runs on this thread (0.1 ms for two lines, about 1 ms for
 * a page of text): a small batch keeps a background indexing from holding other requests up for long.
 */
const BATCH = 50;

/** The answers (of `where`) whose index row is missing or older than the answer, or left by an emptied answer. */
function staleAnswers(db: DbOrTx, where: SQL, limit: number) {
  return db.execute(sql`
    select ra.id as answer_id, ra.report_id, ra.question_id, r.year, r.country_code,
      to_char(ra.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
      nullif(${SEARCHED_TEXT}, '') as words
    from report_answers ra join national_reports r on r.id = ra.report_id
      left join answer_search s on s.answer_id = ra.id
    where ${where} and (s.answer_id is null or s.updated_at is distinct from ra.updated_at)
      and (s.answer_id is not null or jsonb_typeof(ra.value) = 'string' or nullif(btrim(ra.text), '') is not null)
    order by ra.id
    limit ${limit}`);
}

/** Writes the index rows of `rows` (answers with words) and removes those of answers without any. */
async function writeRows(db: DbOrTx, rows: readonly StaleRow[]): Promise<void> {
  const gone: number[] = [];
  const values = [];
  for (const row of rows) {
    const tokens = row.words ? indexTokens(row.words) : [];
    if (tokens.length === 0) {
      gone.push(row.answer_id);
      continue;
    }
    values.push({
      answerId: row.answer_id,
      reportId: row.report_id,
      questionId: row.question_id,
      year: row.year,
      countryCode: row.country_code,
      words: tokens.join(' '),
      // The answer's own time to the microsecond (a JavaScript date would keep milliseconds and never match).
      updatedAt: sql`${row.updated_at}::timestamptz` as unknown as Date,
    });
  }
  if (gone.length)
    await db.execute(sql`delete from answer_search where answer_id = any(${`{${gone.join(',')}}`}::int[])`);
  if (values.length === 0) return;
  await db
    .insert(answerSearch)
    .values(values)
    .onConflictDoUpdate({
      target: answerSearch.answerId,
      set: {
        words: sql`excluded.words`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Indexes the stale answers of `where`, by answer id; how many. */
async function indexWhere(db: DbOrTx, where: SQL): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    // By answer id, so that answers whose text gives no word (and have no row) are not read again.
    const rows = rowsOf<StaleRow>(await staleAnswers(db, sql`${where} and ra.id > ${after}`, BATCH));
    await writeRows(db, rows);
    done += rows.length;
    if (rows.length < BATCH) return done;
    after = rows.at(-1)!.answer_id;
  }
}

/** Brings the index rows of one report's answers up to date (in the caller's transaction). */
export async function indexReportAnswers(db: DbOrTx, reportUuid: string): Promise<void> {
  await indexWhere(db, sql`r.uuid = ${reportUuid}`);
}

/**
 * Answers compared with their index rows in one statement, by id: a range of the primary key, never the tables
 * whole.
 */
const WINDOW = 1000;

/** Brings the whole index up to date; the number of answers (re)indexed or removed. */
export async function syncAnswerSearch(db: DbOrTx): Promise<number> {
  const [last] = rowsOf<{ id: number | null }>(await db.execute(sql`select max(id) as id from report_answers`));
  const top = Number(last?.id ?? 0);
  let done = 0;
  for (let from = 0; from < top; from += WINDOW)
    done += await indexWhere(db, sql`ra.id > ${from} and ra.id <= ${from + WINDOW}`);
  // Written without a change event: the indexes in memory read everything again at their next search.
  if (done > 0) invalidateAnswerSearchMemory();
  return done;
}
