import { computed } from 'nanostores';
import { CountryListResponseSchema } from '../../../lib/countries/schema.ts';
import { CycleListResponseSchema } from '../../../lib/national-reports/schema.ts';
import { ANSWER_SEARCH_PAGE_DEFAULT, AnswerSearchResponseSchema } from '../../../lib/national-reports/search-schema.ts';
import { withQuery } from '../lib/api.ts';
import { createUrlList, pageOf, searchOf, searchTextOf, type ListFilters } from '../lib/list.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { $router, pathTo } from '../router.ts';

/** The search's words, cycle, country and page, kept in the URL (reload, back and links work). */
interface AnswerSearchFilters extends ListFilters {
  /** null: every cycle. */
  year: number | null;
  /** '': every country the caller may read. */
  country: string;
}

function answerSearchFiltersFrom(search: Record<string, string>): AnswerSearchFilters {
  const year = Number.parseInt(search['year'] ?? '', 10);
  const country = (search['country'] ?? '').toUpperCase();
  return {
    q: searchTextOf(search),
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null,
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    page: pageOf(search),
  };
}

const $filters = computed($router, (page) =>
  page?.route === 'nationalReportSearch' ? answerSearchFiltersFrom(page.search) : null,
);

/** Whether `q` holds anything to search for (a letter or a digit): punctuation alone is no search. */
export const hasWords = (q: string) => /[\p{L}\p{N}]/u.test(q);

/** Nothing is asked before there are words to find. */
const $key = computed($filters, (filters) =>
  filters && hasWords(filters.q)
    ? withQuery('report/type/national/search', {
        q: filters.q,
        year: filters.year ?? undefined,
        country: filters.country,
        page: filters.page,
        per_page: ANSWER_SEARCH_PAGE_DEFAULT,
      })
    : null,
);

/** The answers found, the page kept while the next loads, and the search box and filters. */
export const answerSearch = createUrlList({
  $filters,
  $key,
  schema: AnswerSearchResponseSchema,
  hrefOf: (filters) => pathTo('nationalReportSearch', {}, searchOf(filters)),
});

/** The cycles and countries the filters offer. */
export const $searchCycles = createFetcherStore(
  [computed($filters, (filters) => (filters ? 'report/type/national/cycles' : null))],
  { fetcher: fetchWith(CycleListResponseSchema) },
);
export const $searchCountries = createFetcherStore(
  [computed($filters, (filters) => (filters ? 'countries/all' : null))],
  { fetcher: fetchWith(CountryListResponseSchema) },
);
