import { describe, expect, test } from 'vitest';
import { filtersFromSearch, searchOfFilters } from './list-store.ts';

describe('national report list filters in the URL (shared lib/list.ts)', () => {
  test('read from the query; unknown values fall back to the defaults', () => {
    expect(filtersFromSearch({ year: '2026', status: 'submitted', subregion: 'south-east-asia', q: ' viet ', sort: '-completeness', page: '2' })).toEqual({
      year: 2026,
      status: 'submitted',
      subregion: 'south-east-asia',
      q: 'viet',
      sort: '-completeness',
      page: 2,
    });
    expect(filtersFromSearch({ year: '1999', status: 'lost', subregion: 'Asia!', sort: 'random', page: 'x' })).toEqual({
      year: null,
      status: '',
      subregion: '',
      q: '',
      sort: 'country',
      page: 1,
    });
  });

  test('written back without blanks, the default cycle, the default sort or page 1', () => {
    expect(searchOfFilters(filtersFromSearch({}))).toEqual({});
    expect(searchOfFilters({ year: 2026, status: '', subregion: 'pacific', q: '', sort: 'status', page: 3 })).toEqual({
      year: '2026',
      subregion: 'pacific',
      sort: 'status',
      page: '3',
    });
  });
});
