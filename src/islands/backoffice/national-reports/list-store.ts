import { computed } from 'nanostores';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import {
  CycleListResponseSchema,
  REPORT_LIST_SORTS,
  REPORT_STATUSES,
  ReportListResponseSchema,
  type ReportStatus,
} from '../../../lib/national-reports/schema.ts';
import { withQuery } from '../lib/api.ts';
import { createFetcherStore, fetchWith } from '../lib/query.ts';
import { createUrlList, oneOf, pageOf, searchOf, searchTextOf, type ListFilters } from '../lib/list.ts';
import { $router, pathTo } from '../router.ts';
import { $identity } from '../session.ts';

export const REPORT_PAGE_SIZE = 25;
export const CYCLES_KEY = 'report/type/national/cycles';

export type ReportSort = (typeof REPORT_LIST_SORTS)[number];

/** The list's filters, kept in the URL query so reload and back work (lib/list.ts). */
export interface ReportListFilters extends ListFilters {
  /** null: the default cycle (the open one, else the newest). */
  year: number | null;
  status: ReportStatus | '';
  subregion: string;
  q: string;
  sort: ReportSort;
  page: number;
}

export function filtersFromSearch(search: Record<string, string>): ReportListFilters {
  const year = Number.parseInt(search['year'] ?? '', 10);
  const { status, sort } = search;
  return {
    year: Number.isInteger(year) && year >= 2015 && year <= 2100 ? year : null,
    status: oneOf(REPORT_STATUSES, status) ? status : '',
    subregion: /^[a-z-]{1,40}$/.test(search['subregion'] ?? '') ? search['subregion']! : '',
    q: searchTextOf(search),
    sort: oneOf(REPORT_LIST_SORTS, sort) ? sort : 'country',
    page: pageOf(search),
  };
}

/** The URL query of some filters: defaults are left out. */
export function searchOfFilters(filters: ReportListFilters): Record<string, string> {
  return searchOf(filters, { sort: 'country' });
}

/** The cycle a list without `year` shows: the open one (newest first), else the newest. */
export function defaultCycleYear(cycles: readonly { year: number; status: string }[]): number | null {
  return cycles.find((cycle) => cycle.status === 'open')?.year ?? cycles[0]?.year ?? null;
}

const $adminLevel = computed($identity, (state) => state.status === 'ready' && isAdminLevel(state.identity));

export const $reportFilters = computed($router, (page) =>
  page?.route === 'nationalReports' ? filtersFromSearch(page.search) : null,
);

/** Every cycle, newest first; for country roles each carries their own report. */
export const $cycles = createFetcherStore([computed($reportFilters, (filters) => (filters ? CYCLES_KEY : null))], {
  fetcher: fetchWith(CycleListResponseSchema),
});

/** The cycle the admin list shows. */
export const $shownYear = computed([$reportFilters, $cycles], (filters, cycles) => {
  if (!filters) return null;
  return filters.year ?? (cycles.data ? defaultCycleYear(cycles.data.data) : null);
});

const $listKey = computed([$reportFilters, $shownYear, $adminLevel], (filters, year, admin) => {
  if (!filters || year === null || !admin) return null;
  return withQuery(`report/type/national/${year}`, {
    status: filters.status,
    subregion: filters.subregion,
    q: filters.q,
    sort: filters.sort,
    page: filters.page,
    per_page: REPORT_PAGE_SIZE,
  });
});

/**
 * The reports of the shown cycle and the URL's filters, the page kept while the next loads, and the filter controls.
 */
export const reportList = createUrlList({
  $filters: $reportFilters,
  $key: $listKey,
  schema: ReportListResponseSchema,
  hrefOf: (filters) => pathTo('nationalReports', {}, searchOfFilters(filters)),
});

/** Sorting by a column: the same column again flips the direction. */
export function sortBy(column: 'country' | 'status' | 'completeness' | 'updated_at'): void {
  const current = $reportFilters.get()?.sort ?? 'country';
  const next = (current === column ? `-${column}` : column) as ReportSort;
  reportList.setFilters({ sort: next });
}

/** The screens of one report (country first in the back-office paths). */
export function reportRoutes(countryCode: string, year: number) {
  const params = { country_code: countryCode, year };
  return {
    form: pathTo('nationalReportIndicatorForm', params),
    preview: pathTo('nationalReportIndicatorPreview', params),
    header: pathTo('nationalReportForm', params),
  };
}
