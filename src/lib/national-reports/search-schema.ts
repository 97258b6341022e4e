import { z } from 'zod';
import { CountryCodeSchema } from '../countries/schema.ts';
import { blankIsAbsent, pagedResponse, pagingQuery, text } from '../http/schema.ts';
import { YearSchema } from './cycle-schema.ts';

/** The longest search (characters) and the most results a page (decision 076). */
const ANSWER_SEARCH_MAX = 200;
const ANSWER_SEARCH_PAGE_MAX = 50;
export const ANSWER_SEARCH_PAGE_DEFAULT = 20;

/** GET /api/report/type/national/search: the words (required), a cycle and a country to narrow it, the page. */
export const AnswerSearchQuerySchema = z.object({
  q: text({ max: ANSWER_SEARCH_MAX, min: 1 }),
  year: blankIsAbsent(YearSchema.optional()),
  country: blankIsAbsent(CountryCodeSchema.optional()),
  ...pagingQuery({ max: ANSWER_SEARCH_PAGE_MAX, fallback: ANSWER_SEARCH_PAGE_DEFAULT, lastPage: 500 }),
});
export type AnswerSearchQuery = z.output<typeof AnswerSearchQuerySchema>;

/**
 * One answer found: where it is, and a snippet of its text around the first match. The snippet is
 * HTML-escaped text in which only `<mark>` and `</mark>` are markup (the matches): split it on
 * those, unescape the rest and show it as text.
 */
const AnswerSearchHitSchema = z.object({
  country_code: z.string(),
  year: z.number().int(),
  question_uuid: z.string(),
  question_code: z.string(),
  snippet: z.string(),
});
export type AnswerSearchHit = z.output<typeof AnswerSearchHitSchema>;

/**
 * The portal's paged list (`page`, `per_page`, `total` beside `data`), and the same three in `pagination` as issue
 * 34's contract for this call names them.
 */
export const AnswerSearchResponseSchema = pagedResponse(AnswerSearchHitSchema).extend({
  pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type AnswerSearchResponse = z.output<typeof AnswerSearchResponseSchema>;
