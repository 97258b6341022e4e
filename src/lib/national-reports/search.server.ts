/**
 * GET /api/report/type/national/search (issue 34 item 2, decision 076): the answers the caller may
 * read whose words hold every word asked, best first, each with a snippet around its first match.
 * The matches are found, ranked and shown from the instance's index in memory
 * (search-memory.server.ts): a search reads nothing from the database.
 */
import { isAdminLevel } from '../access/permissions.ts';
import type { DbOrTx } from '../audit/service.server.ts';
import type { AuthedUser } from '../deps.server.ts';
import type { ChangeBus } from '../events/change-bus.server.ts';
import { ApiError } from '../http/errors.server.ts';
import { say } from '../i18n/said.ts';
import { answerSearchMemory } from './search-memory.server.ts';
import type { AnswerSearchHit, AnswerSearchQuery } from './search-schema.ts';
import { snippetBase, snippetFrom, snippetQuery } from './search-snippet.ts';
import { queryTerms } from './search-words.ts';

/** Statuses the secretariat reads across the region: submitted or later. */
const REVIEWED = new Set(['submitted', 'accepted', 'published']);

/**
 * The reports whose answers the caller may find: the secretariat (administrator level) every
 * report submitted or later; anyone else their own country's reports and the published ones.
 */
function readable(auth: AuthedUser, query: AnswerSearchQuery) {
  const admin = isAdminLevel(auth.identity);
  const own = auth.identity.country_code ?? '';
  return (report: { status: string; country: string; year: number }) =>
    (query.year === undefined || report.year === query.year) &&
    (query.country === undefined || report.country === query.country) &&
    (admin ? REVIEWED.has(report.status) : report.country === own || report.status === 'published');
}

/** The answers found for `query` and the caller, a page of them, and how many in all. */
export async function searchAnswers(
  deps: { db: DbOrTx; changes: ChangeBus },
  auth: AuthedUser,
  query: AnswerSearchQuery,
): Promise<{ data: AnswerSearchHit[]; total: number }> {
  const terms = queryTerms(query.q);
  if (terms.length === 0) {
    const errors = { q: ['must contain a word to search for'] };
    throw new ApiError(400, say('Invalid {what}: check {fields}', { what: 'query', fields: 'q' }), errors);
  }
  const index = answerSearchMemory(deps.changes);
  await index.ready(deps.db);
  const found = index.find(terms, readable(auth, query), (query.page - 1) * query.per_page, query.per_page);
  const marks = snippetQuery(terms);
  return {
    data: found.page.map((hit) => ({
      country_code: hit.country,
      year: hit.year,
      question_uuid: hit.question.uuid,
      question_code: hit.question.code,
      snippet: snippetFrom(hit.text, hit.snippet ?? snippetBase(hit.text), marks),
    })),
    total: found.total,
  };
}
