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
};

describe('aclSaveBody', () => {
  it('sends every rule of every known module, with the edits applied', () => {
    const body = aclSaveBody(acl, { [cellKey('national_report', 3, 'create')]: true });
    expect(body).toEqual({
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
