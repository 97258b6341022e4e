import { describe, expect, it } from 'vitest';
import { AclSaveBodySchema, type AclResponse } from '../../../lib/access/schema.ts';
import { aclSaveBody, cellKey } from './acl-store.ts';

const rules = [
  { label: 'View', action: 'view' },
  { label: 'Create', action: 'create' },
];

const acl: AclResponse = {
  roles: [{ id: 3, name: 'state_admin', description: 'Country Administrator' }],
  modules: [
    {
      label: 'National Reports',
      module: 'national_report',
      rules,
      permissions: [
        {
          id: 3,
          name: 'state_admin',
          description: 'Country Administrator',
          enabled: true,
          rules: [
            { label: 'View', action: 'view', enabled: true },
            { label: 'Create', action: 'create', enabled: false },
          ],
        },
      ],
    },
    { label: 'Unknown', module: 'not-a-module', rules, permissions: [] },
  ],
  version: 4,
  updated_at: '2026-11-23T10:42:00.000Z',
  updated_by: { id: 9, name: 'Aiko Tanaka' },
};

describe('aclSaveBody', () => {
  it('sends every rule of every known module, with the edits applied, on top of the version shown', () => {
    const body = aclSaveBody(acl, { [cellKey('national_report', 3, 'create')]: true });
    expect(body).toEqual({
      version: 4,
      modules: [
        {
          module: 'national_report',
          permissions: [
            {
              id: 3,
              rules: [
                { action: 'view', enabled: true },
                { action: 'create', enabled: true },
              ],
            },
          ],
        },
      ],
    });
    expect(AclSaveBodySchema.safeParse(body).success).toBe(true);
  });
});
