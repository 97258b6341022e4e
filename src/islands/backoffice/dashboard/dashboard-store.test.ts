import { describe, expect, it } from 'vitest';
import type { UserListItem } from '../../../lib/users/schema.ts';
import { countByCountry } from './dashboard-store.ts';

const country = (code: string, name: string) => ({ code, name, flag: `/flags/${code}.svg`, status: 1, continent: 'Asia' });
const user = (code: string | null, name = ''): UserListItem =>
  ({ country_code: code, country: code ? country(code, name) : null }) as UserListItem;

describe('countByCountry', () => {
  it('counts per country, most first, users without a country last', () => {
    const rows = countByCountry([user(null), user('TH', 'Thailand'), user('PH', 'Philippines'), user('PH', 'Philippines')]);
    expect(rows.map((row) => [row.code, row.count])).toEqual([
      ['PH', 2],
      ['TH', 1],
      [null, 1],
    ]);
  });
});
