import { describe, expect, it } from 'vitest';
import type { UserListItem } from '../../../lib/users/schema.ts';
import { conflictRows, type ConflictNames } from './user-conflict.ts';

const base: UserListItem = {
  id: 7,
  name: 'Dewi Lestari',
  username: 'dewi',
  member_id: 'APUA-0000ABCD',
  email: 'dewi@example.org',
  phone_number: null,
  country_code: 'ID',
  created_at: '2026-01-01T00:00:00.000Z',
  status: 0,
  photo: null,
  uuid: '00000000-0000-4000-8000-000000000007',
  country: { code: 'ID', name: 'Indonesia', flag: '/flags/id.svg', status: 1, continent: 'Asia' },
  roles: [],
  version: 2,
  updated_at: '2026-01-01T00:00:00.000Z',
  updated_by: null,
};

const names: ConflictNames = {
  country: (code) => ({ ID: 'Indonesia', PH: 'Philippines' })[code],
  role: (name) => ({ state_member: 'Country Focal Point', admin: 'Administrator' })[name],
};

describe('conflictRows', () => {
  it('lists the fields where their saved version differs from what the person sends, marking their changes', () => {
    const theirs: UserListItem = {
      ...base,
      status: 1,
      roles: [{ id: 4, name: 'state_member', description: 'Country Focal Point' }],
      version: 3,
      updated_by: { id: 2, name: 'Aiko Tanaka' },
    };
    const yours = {
      name: 'Dewi Lestari',
      phone_number: '+62 21 555 0101',
      status: 0 as const,
      roles: [],
      country_code: 'ID',
    };
    expect(conflictRows(base, theirs, yours, names)).toEqual([
      {
        field: 'phone_number',
        label: 'Phone number',
        theirs: 'Not set',
        yours: '+62 21 555 0101',
        changedByThem: false,
      },
      { field: 'status', label: 'Status', theirs: 'Active', yours: 'Inactive', changedByThem: true },
      { field: 'roles', label: 'Role', theirs: 'Country Focal Point', yours: 'No role', changedByThem: true },
    ]);
  });

  it('leaves out fields that agree, and fields the person does not send', () => {
    const theirs: UserListItem = { ...base, country_code: 'PH', name: 'Dewi L.', version: 3 };
    // A country administrator's form does not send the country.
    expect(conflictRows(base, theirs, { name: '  Dewi L. ', status: 0, roles: [] }, names)).toEqual([]);
    expect(conflictRows(base, theirs, { country_code: 'ID' }, names)).toEqual([
      { field: 'country_code', label: 'Country', theirs: 'Philippines', yours: 'Indonesia', changedByThem: true },
    ]);
  });
});
