import { describe, expect, it } from 'vitest';

/**
 * The test of a list's filters in the URL, from a table of cases: every list store reads its
 * filters from the query (`filtersFromSearch`) and writes them back (`searchOfFilters`), and
 * each list's test is the same two checks over its own values. Used by tests only.
 */
export interface UrlFilterCases<F> {
  /** A URL query and the filters read from it. */
  read: readonly (readonly [Record<string, string>, F])[];
  /** Some filters and the URL query written for them. */
  written: readonly (readonly [F, Record<string, string>])[];
}

export function describeUrlFilters<F>(
  name: string,
  list: {
    filtersFromSearch: (search: Record<string, string>) => F;
    searchOfFilters: (filters: F) => Record<string, string>;
  },
  cases: UrlFilterCases<F>,
): void {
  describe(name, () => {
    it('reads the query; values the API would refuse fall back to the defaults', () => {
      for (const [search, filters] of cases.read) expect(list.filtersFromSearch(search)).toEqual(filters);
    });

    it('writes back only what differs from the defaults (no blanks, no default, no page 1)', () => {
      for (const [filters, search] of cases.written) expect(list.searchOfFilters(filters)).toEqual(search);
    });
  });
}
