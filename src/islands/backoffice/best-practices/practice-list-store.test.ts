import { describe, expect, test } from 'vitest';
import { filtersFromSearch, searchOfFilters } from './practice-list-store.ts';

describe('best-practice list filters in the URL (shared lib/list.ts)', () => {
  test('read from the query; unknown values fall back to the defaults', () => {
    expect(filtersFromSearch({ q: ' river ', status: 'submitted', category: 'municipal-finance', country_code: 'PH', order: 'title', page: '3' })).toEqual({
      q: 'river',
      status: 'submitted',
      category: 'municipal-finance',
      country_code: 'PH',
      order: 'title',
      page: 3,
    });
    expect(filtersFromSearch({ status: 'lost', category: 'Bad Slug', country_code: 'ph', order: 'random', page: '-2' })).toEqual({
      q: '',
      status: '',
      category: '',
      country_code: '',
      order: '-updated_at',
      page: 1,
    });
  });

  test('written back without blanks, the default order or page 1', () => {
    expect(searchOfFilters(filtersFromSearch({}))).toEqual({});
    expect(searchOfFilters({ q: 'x', status: 'draft', category: '', country_code: 'VN', order: 'title', page: 2 })).toEqual({
      q: 'x',
      status: 'draft',
      country_code: 'VN',
      order: 'title',
      page: '2',
    });
  });
});
