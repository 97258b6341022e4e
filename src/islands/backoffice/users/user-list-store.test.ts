import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchOfFilters } from './user-list-store.ts';

describe('user list filters in the URL', () => {
  it('reads the query, dropping values the API would refuse', () => {
    expect(filtersFromSearch({ q: ' ana ', status: '0', country_code: 'ph', page: '3' }, true)).toEqual({
      q: 'ana',
      status: '0',
      country_code: 'PH',
      page: 3,
    });
    expect(filtersFromSearch({ status: '7', country_code: 'PHL', page: '-1' }, true)).toEqual({
      q: '',
      status: '',
      country_code: '',
      page: 1,
    });
  });

  it('ignores the country filter for users confined to their own country', () => {
    expect(filtersFromSearch({ country_code: 'JP' }, false).country_code).toBe('');
  });

  it('writes only what differs from the defaults', () => {
    expect(searchOfFilters({ q: '', status: '', country_code: '', page: 1 })).toEqual({});
    expect(searchOfFilters({ q: 'x', status: '1', country_code: 'TH', page: 2 })).toEqual({
      q: 'x',
      status: '1',
      country_code: 'TH',
      page: '2',
    });
  });
});
