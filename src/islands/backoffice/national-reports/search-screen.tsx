import { useStore } from '@nanostores/react';
import type { AnswerSearchHit } from '../../../lib/national-reports/search-schema.ts';
import { ANSWER_SEARCH_PAGE_DEFAULT } from '../../../lib/national-reports/search-schema.ts';
import { countryName } from '../../i18n/countries.ts';
import { pathTo } from '../router.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ListSearchBar, Options, SelectField } from '../ui/filters.tsx';
import { PageHeading } from '../ui/page-heading.tsx';
import { PagedList } from '../ui/paged-list.tsx';
import { EmptyState } from '../ui/states.tsx';
import { ui } from '../ui/styles.ts';
import { m } from './messages.ts';
import { $searchCountries, $searchCycles, answerSearch, hasWords } from './search-store.ts';
import { snippetParts } from './snippet-parts.ts';

/**
 * /module/report/national/search: every answer the person may read, found by its words in any
 * script of the region (issue 34 item 2, decision 076), each with its country, cycle, question and
 * the words around the match, and a link to the report at that question.
 */
export function AnswerSearchScreen(_props: ScreenProps) {
  const filters = useStore(answerSearch.$filters);
  const view = useStore(answerSearch.$view);
  if (!filters) return null;
  return (
    <>
      <PageHeading description={m('search.description')}>{m('search.title')}</PageHeading>
      <SearchFilters />
      <div className={`mt-6 ${view.loading && view.data ? 'opacity-60' : ''}`} aria-busy={view.loading}>
        {hasWords(filters.q) ? (
          <PagedList
            list={view}
            page={filters.page}
            texts={{ failed: m('search.failed'), loading: m('search.loading'), noun: m('search.noun') }}
            empty={{ title: m('search.noneTitle'), text: m('search.none'), firstPage: m('search.firstPage') }}
            pageSize={ANSWER_SEARCH_PAGE_DEFAULT}
            onRetry={() => answerSearch.$list.revalidate()}
            onPage={(page) => answerSearch.setFilters({ page })}
          >
            {(hits) => <Hits hits={hits} />}
          </PagedList>
        ) : (
          <EmptyState title={m('search.startTitle')}>{m('search.start')}</EmptyState>
        )}
      </div>
    </>
  );
}

function SearchFilters() {
  const cycles = useStore($searchCycles);
  const countries = useStore($searchCountries);
  return (
    <ListSearchBar
      list={answerSearch}
      label={m('search.filters')}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_9rem_14rem] lg:items-end"
      search={{ id: 'answer-search-q', label: m('search.words'), placeholder: m('search.placeholder') }}
    >
      {(filters) => (
        <>
          <SelectField
            id="answer-search-year"
            label={m('search.cycle')}
            value={filters.year === null ? '' : String(filters.year)}
            onPick={(value) => answerSearch.setFilters({ year: value ? Number(value) : null })}
          >
            <option value="">{m('search.allCycles')}</option>
            <Options
              options={(cycles.data?.data ?? []).map((c) => ({ value: String(c.year), label: String(c.year) }))}
            />
          </SelectField>
          <SelectField
            id="answer-search-country"
            label={m('search.country')}
            value={filters.country}
            onPick={(country) => answerSearch.setFilters({ country })}
          >
            <option value="">{m('search.allCountries')}</option>
            <Options
              options={(countries.data?.data ?? [])
                .map((c) => ({ value: c.code, label: countryName(c.code, c.name) }))
                .sort((a, b) => a.label.localeCompare(b.label))}
            />
          </SelectField>
        </>
      )}
    </ListSearchBar>
  );
}

/** The snippet as text, its matches in <mark>: never read as HTML. */
function Snippet({ snippet }: { snippet: string }) {
  return (
    <p dir="auto" className="mt-2 text-sm leading-relaxed text-slate-800 [&_mark]:rounded-sm [&_mark]:bg-amber-200">
      {snippetParts(snippet).map((part, i) =>
        part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </p>
  );
}

function Hits({ hits }: { hits: readonly AnswerSearchHit[] }) {
  const countries = useStore($searchCountries);
  const names = new Map((countries.data?.data ?? []).map((c) => [c.code, c.name]));
  return (
    <ol className="space-y-3" aria-label={m('search.results')}>
      {hits.map((hit) => {
        const preview = pathTo('nationalReportIndicatorPreview', { country_code: hit.country_code, year: hit.year });
        const href = `${preview}#q-${hit.question_code}`;
        const country = countryName(hit.country_code, names.get(hit.country_code) ?? hit.country_code);
        return (
          <li key={`${hit.year}-${hit.country_code}-${hit.question_uuid}`} className={ui.card}>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
              <span className="font-semibold text-slate-900">{country}</span>
              <span className="text-slate-600">{hit.year}</span>
              <span className="font-mono text-xs font-semibold text-slate-500">{hit.question_code}</span>
            </p>
            <Snippet snippet={hit.snippet} />
            <a className={`${ui.link} mt-2 inline-block text-sm`} href={href}>
              {m('search.open', { country, year: String(hit.year), code: hit.question_code })}
            </a>
          </li>
        );
      })}
    </ol>
  );
}
