import { describe, expect, it } from 'vitest';
import type { UserStats } from '../../../lib/users/schema.ts';
import { countryRows, countsByStatus } from './dashboard-store.ts';

const country = (code: string, name: string) => ({
  code,
  name,
  flag: `/flags/${code}.svg`,
  status: 1,
  continent: 'Asia',
});
const stats: UserStats = {
  total: 7,
  by_status: [
    { status: 0, count: 2 },
    { status: 1, count: 5 },
  ],
  by_country: [
    { country_code: null, count: 3 },
    { country_code: 'TH', count: 1 },
    { country_code: 'PH', count: 3 },
  ],
};

describe('dashboard counts', () => {
  it('lists every dashboard status, zero where the server has none', () => {
    expect(countsByStatus(stats)).toEqual([
      { status: 1, count: 5 },
      { status: 0, count: 2 },
      { status: 2, count: 0 },
    ]);
  });

  it('orders countries by users, most first, users without a country last', () => {
    const rows = countryRows(stats, [country('TH', 'Thailand'), country('PH', 'Philippines')]);
    expect(rows.map((row) => [row.code, row.country?.name ?? null, row.count])).toEqual([
      ['PH', 'Philippines', 3],
      ['TH', 'Thailand', 1],
      [null, null, 3],
    ]);
  });
});
