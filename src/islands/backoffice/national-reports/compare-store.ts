import { atom, computed } from 'nanostores';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import {
  COMPARE_SUBREGIONS,
  CompareResponseSchema,
  QuotesResponseSchema,
  SYNTHESIS_QUOTES_MAX,
  type CompareSubregion,
} from '../../../lib/national-reports/compare-schema.ts';
import { QuestionListResponseSchema } from '../../../lib/national-reports/question-schema.ts';
import { CycleListResponseSchema, REPORT_STATUSES, type ReportStatus } from '../../../lib/national-reports/schema.ts';
import { api, errorMessage, withQuery } from '../lib/api.ts';
import { oneOf } from '../lib/list.ts';
import { createFetcherStore, fetchWith, mutateCache } from '../lib/query.ts';
import { notifyError } from '../notifications/snackbar-store.ts';
import { $router, navigate, pathTo } from '../router.ts';
import { $identity } from '../session.ts';
import { CYCLES_KEY, defaultCycleYear } from './list-store.ts';

/** The Compare screen's choices, kept in the URL so reload, back and shared links work. */
export interface CompareFilters {
  /** null: the default cycle (the open one, else the newest). */
  year: number | null;
  /** The question's uuid; '' until one is picked. */
  question: string;
  subregion: CompareSubregion | '';
  status: ReportStatus | '';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function compareFiltersFrom(search: Record<string, string>): CompareFilters {
  const year = Number.parseInt(search['year'] ?? '', 10);
  const { subregion, status } = search;
  return {
    year: Number.isInteger(year) && year >= 2015 && year <= 2100 ? year : null,
    question: UUID.test(search['question'] ?? '') ? search['question']! : '',
    subregion: oneOf(COMPARE_SUBREGIONS, subregion) ? subregion : '',
    status: oneOf(REPORT_STATUSES, status) ? status : '',
  };
}

/** The screen's address for some choices (blank ones left out). */
export function compareHref(filters: Partial<CompareFilters>): string {
  const search = Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== '' && v !== null && v !== undefined),
  ) as Record<string, string>;
  return pathTo('nationalReportCompare', {}, search);
}

export const $compareFilters = computed($router, (page) =>
  page?.route === 'nationalReportCompare' ? compareFiltersFrom(page.search) : null,
);

/** Changes some choices (a new question keeps the cycle and filters). */
export function setCompareFilters(patch: Partial<CompareFilters>): void {
  const current = $compareFilters.get();
  if (!current) return;
  navigate(compareHref({ ...current, ...patch }), { replace: true });
}

export const $compareCycles = createFetcherStore(
  [computed($compareFilters, (filters) => (filters ? CYCLES_KEY : null))],
  { fetcher: fetchWith(CycleListResponseSchema) },
);

/** Every question of the catalogue (retired ones too: an older cycle may hold them). */
export const $compareQuestions = createFetcherStore(
  [computed($compareFilters, (filters) => (filters ? 'question/list?include_retired=true' : null))],
  { fetcher: fetchWith(QuestionListResponseSchema) },
);

export const $compareYear = computed([$compareFilters, $compareCycles], (filters, cycles) => {
  if (!filters) return null;
  return filters.year ?? (cycles.data ? defaultCycleYear(cycles.data.data) : null);
});

const comparePath = (year: number, question: string) =>
  `report/type/national/compare/${year}/${encodeURIComponent(question)}`;

export const $compareKey = computed([$compareFilters, $compareYear], (filters, year) => {
  if (!filters || year === null || !filters.question) return null;
  return withQuery(comparePath(year, filters.question), { subregion: filters.subregion, status: filters.status });
});

export const $compare = createFetcherStore([$compareKey], { fetcher: fetchWith(CompareResponseSchema) });

/** The secretariat chooses the quotes: administrators (those who accept reports). */
export const $isSecretariat = computed($identity, (state) => state.status === 'ready' && isAdminLevel(state.identity));

const $quotesKey = computed([$compareFilters, $compareYear, $isSecretariat], (filters, year, secretariat) =>
  filters && year !== null && filters.question && secretariat
    ? `report/type/national/synthesis/${year}/quotes/${encodeURIComponent(filters.question)}`
    : null,
);

export const $quotes = createFetcherStore([$quotesKey], { fetcher: fetchWith(QuotesResponseSchema) });

/** The country whose quote is being saved, or null. */
export const $quoteSaving = atom<string | null>(null);

/** Quotes `code` in the synthesis (added last), or stops quoting it; at most five. */
export async function toggleQuote(code: string): Promise<void> {
  const key = $quotesKey.get();
  const current = $quotes.get().data?.data.country_codes;
  if (!key || !current || $quoteSaving.get()) return;
  const next = current.includes(code) ? current.filter((c) => c !== code) : [...current, code];
  if (next.length > SYNTHESIS_QUOTES_MAX) return;
  $quoteSaving.set(code);
  try {
    const saved = await api.request('PUT', key, { schema: QuotesResponseSchema, body: { country_codes: next } });
    await mutateCache(key, saved);
  } catch (error) {
    notifyError(errorMessage(error));
  } finally {
    $quoteSaving.set(null);
  }
}

/** The view's download: `xlsx`, `csv-excel` (with a byte-order mark) or plain `csv`. */
export function compareDownloadHref(kind: 'xlsx' | 'csv-excel' | 'csv'): string | null {
  const filters = $compareFilters.get();
  const year = $compareYear.get();
  if (!filters || year === null || !filters.question) return null;
  return `/api/${withQuery(comparePath(year, filters.question), {
    subregion: filters.subregion,
    status: filters.status,
    format: kind === 'xlsx' ? 'xlsx' : 'csv',
    bom: kind === 'csv-excel' ? '1' : undefined,
  })}`;
}
