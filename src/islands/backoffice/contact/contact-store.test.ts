import { describe, expect, it } from 'vitest';
import { formatReceivedShort } from './contact-format.ts';
import { filtersFromSearch, searchOfFilters } from './contact-store.ts';

describe('message list filters in the URL', () => {
  it('reads the query, dropping values the API would refuse', () => {
    expect(filtersFromSearch({ q: ' visa ', status: 'unread', page: '2', message: '17' })).toEqual({
      q: 'visa',
      status: 'unread',
      page: 2,
      message: 17,
    });
    expect(filtersFromSearch({ status: 'archived', page: 'x', message: '1e3' })).toEqual({
      q: '',
      status: 'archived',
      page: 1,
      message: null,
    });
    expect(filtersFromSearch({ status: 'spam' })).toEqual({ q: '', status: '', page: 1, message: null });
  });

  it('writes only what differs from the defaults', () => {
    expect(searchOfFilters({ q: '', status: '', page: 1, message: null })).toEqual({});
    expect(searchOfFilters({ q: 'a', status: 'read', page: 3, message: 5 })).toEqual({
      q: 'a',
      status: 'read',
      page: '3',
      message: '5',
    });
  });
});

describe('received times in the list', () => {
  const now = new Date(2026, 2, 10, 18, 0);
  it('shows the time today, the day this year, the full date before', () => {
    expect(formatReceivedShort(new Date(2026, 2, 10, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatReceivedShort(new Date(2026, 0, 3, 9, 5).toISOString(), now)).toBe('3 Jan');
    expect(formatReceivedShort(new Date(2025, 11, 24, 9, 5).toISOString(), now)).toBe('24 Dec 2025');
  });
});
