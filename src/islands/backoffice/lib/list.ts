import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import type { z } from 'zod';
import { navigate } from '../router.ts';
import { createFetcherStore, fetchWith } from './query.ts';

/**
 * The machinery every back-office list shares: filters that live in the URL query (reload and
 * back work), a debounced search box, and the last page kept on screen while the next loads.
 * A list store parses its own filters (`filtersFromSearch`) and hands the rest to these helpers;
 * copy `users/user-list-store.ts` for a new list.
 */

/** The pause in typing after which the search box reaches the URL (and the API). */
export const SEARCH_DEBOUNCE_MS = 300;
/** The longest search text a list sends. */
export const SEARCH_MAX_LENGTH = 100;

/** What every list's filters have: a search text and a page (from 1). */
export interface ListFilters {
  q: string;
  page: number;
}

/** The search text of a URL query, trimmed and cut to the longest the API takes. */
export function searchTextOf(search: Record<string, string>): string {
  return (search['q'] ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
}

/** The page of a URL query; anything but a positive whole number is page 1. */
export function pageOf(search: Record<string, string>): number {
  const page = Number.parseInt(search['page'] ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/** Whether `value` is one of `values` (for enumerated filters read from the URL). */
export function oneOf<T extends string>(values: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (values as readonly string[]).includes(value);
}

/**
 * The URL query of some filters, in the filters' own key order: blank values, nulls, the values
 * in `defaults` and page 1 are left out, so a list with no filters has a bare address.
 */
export function searchOf<F extends ListFilters>(filters: F, defaults: Partial<F> = {}): Record<string, string> {
  const search: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters) as [keyof F & string, unknown][]) {
    if (value === '' || value === null || value === undefined) continue;
    if (key === 'page' && value === 1) continue;
    if (key in defaults && defaults[key] === value) continue;
    search[key] = String(value);
  }
  return search;
}

/** The shape of a `@nanostores/query` fetcher store's value, as far as lists need it. */
export interface FetchedValue<T> {
  data?: T | undefined;
  error?: unknown;
  loading: boolean;
}

/**
 * The list as the screen shows it: while another page or filter loads, the last answer stays
 * (the screen dims it), so the table does not jump. With `$scope` (the CMS type, say) an answer
 * is kept only for the same scope, so one list never shows another's rows.
 */
export function keepShownWhileLoading<T>(
  $list: ReadableAtom<FetchedValue<T>>,
  $scope: ReadableAtom<string> = atom(''),
): ReadableAtom<FetchedValue<T>> {
  let shown: { scope: string; data: T } | undefined;
  return computed([$list, $scope], (value, scope) => {
    if (value.data !== undefined) shown = { scope, data: value.data };
    const kept = value.loading && shown?.scope === scope ? shown.data : undefined;
    return { ...value, data: value.data ?? kept };
  });
}

export interface ListControls<F extends ListFilters> {
  /**
   * Changes some filters. A new filter starts again at page 1 (unless `keepsPage` says
   * otherwise); filter and page changes are history entries (back undoes them), typing in the
   * search box replaces the entry instead.
   */
  setFilters: (patch: Partial<F>, options?: { replace?: boolean }) => void;
  /** What the search box shows; it reaches the URL after a pause in typing. */
  $searchDraft: ReadableAtom<string>;
  /** The search box's onChange. */
  typeSearch: (value: string) => void;
}

/**
 * Filter navigation and the debounced search box of one list. `$filters` is the list's filters
 * from the current URL (null on other screens); `hrefOf` is the list's address with some filters.
 */
export function createListControls<F extends ListFilters>(options: {
  $filters: ReadableAtom<F | null>;
  hrefOf: (filters: F) => string;
  /** Patches that keep the current page (the contact list's open message, say). */
  keepsPage?: (patch: Partial<F>) => boolean;
}): ListControls<F> {
  const { $filters, hrefOf, keepsPage } = options;

  function setFilters(patch: Partial<F>, navigation: { replace?: boolean } = {}): void {
    const current = $filters.get();
    if (!current) return;
    const page = patch.page ?? (keepsPage?.(patch) ? current.page : 1);
    navigate(hrefOf({ ...current, ...patch, page }), navigation);
  }

  const $searchDraft = atom('');
  let timer: ReturnType<typeof setTimeout> | undefined;

  function typeSearch(value: string): void {
    $searchDraft.set(value);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      setFilters({ q: value.trim() } as Partial<F>, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
  }

  onMount($searchDraft, () => {
    // Back, forward and links change the URL: the box follows unless the person is mid-typing.
    const stop = $filters.subscribe((filters) => {
      if (filters && timer === undefined && $searchDraft.get().trim() !== filters.q) $searchDraft.set(filters.q);
    });
    return () => {
      stop();
      clearTimeout(timer);
      timer = undefined;
    };
  });

  return { setFilters, $searchDraft, typeSearch };
}

/**
 * A paged list read from the API whose filters live in the URL, whole: the fetcher store (keyed
 * by `$key`, the API path with its query, null while it cannot be asked), the view the screen
 * shows (`keepShownWhileLoading`) and the filter controls (`createListControls`).
 */
export function createUrlList<F extends ListFilters, S extends z.ZodType>(options: {
  $filters: ReadableAtom<F | null>;
  $key: ReadableAtom<string | null>;
  schema: S;
  hrefOf: (filters: F) => string;
  keepsPage?: (patch: Partial<F>) => boolean;
}) {
  const $list = createFetcherStore<z.output<S>>([options.$key], { fetcher: fetchWith(options.schema) });
  return {
    $filters: options.$filters,
    $list,
    $view: keepShownWhileLoading<z.output<S>>($list),
    ...createListControls(options),
  };
}
