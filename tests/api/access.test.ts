import { beforeAll, describe, expect, test } from 'vitest';
import { MODULE_NAMES, RULE_ACTIONS, type ModuleName, type RoleName } from '../../src/lib/access/permissions.ts';
import { AclResponseSchema, type AclResponse, type AclSaveBody } from '../../src/lib/access/schema.ts';
import { DEFAULT_GRANTS } from '../../src/lib/db/seed.server.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { WhoamiSchema } from '../../src/lib/identity/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { ADMIN_LEVEL, allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { aclVersion, withVersion } from '../support/versions.ts';

const StrictAcl = deepStrict(AclResponseSchema);
const StrictAclSaved = deepStrict(AclResponseSchema.extend(GenericResponseSchema.shape));
const StrictWhoami = deepStrict(WhoamiSchema);

const ctx = await createTestContext();

/** The role ids of the seeded roles, by name (ids differ between databases only in theory). */
let roleIds: Record<RoleName, number>;
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(ctx, { role: 'tuxuri', country: 'TH' });
  const acl = await expectJson(await ctx.request('/api/administration/acl', { token: admin.token }), 200, StrictAcl);
  roleIds = Object.fromEntries(acl.roles.map((r) => [r.name, r.id])) as Record<RoleName, number>;
});

/** A save body that sets exactly `actions` for `role` on `module`. */
function cell(module: ModuleName, role: RoleName, actions: readonly string[]): AclSaveBody {
  return {
    modules: [
      {
        module,
        permissions: [
          { id: roleIds[role], rules: RULE_ACTIONS.map((action) => ({ action, enabled: actions.includes(action) })) },
        ],
      },
    ],
  };
}

describeEndpointAccess(ctx, [
  {
    method: 'GET',
    label: '/api/administration/acl',
    path: () => '/api/administration/acl',
    expected: allow(...ADMIN_LEVEL),
    schema: StrictAcl,
  },
  {
    method: 'POST',
    label: '/api/administration/acl/saved',
    path: () => '/api/administration/acl/saved',
    // Re-saves a cell as the defaults have it: no change, whoever wins.
    json: async () =>
      withVersion(
        cell('national_report', 'state_member', DEFAULT_GRANTS.state_member.national_report!),
        await aclVersion(ctx),
      ),
    expected: allow(...ADMIN_LEVEL),
    schema: StrictAclSaved,
  },
]);

describe('GET /api/administration/acl', () => {
  test('lists roles, modules with their rules, and the default matrix', async () => {
    const acl = await expectJson(await ctx.request('/api/administration/acl', { token: admin.token }), 200, StrictAcl);
    expect(acl.roles.map((r) => [r.name, r.description])).toEqual([
      ['tuxuri', 'Super Administrator'],
      ['admin', 'Administrator'],
      ['state_admin', 'Country Administrator'],
      ['state_member', 'Country Focal Point'],
    ]);
    expect(acl.modules.map((m) => [m.module, m.label])).toEqual([
      ['national_report', 'National Reports'],
      ['urban-profile-overview', 'Urbanisation Profile: Overview'],
      ['urban-profile-analytics', 'Urbanisation Profile: Analytics'],
      ['best-practice', 'Best Practices'],
    ]);
    for (const module of acl.modules) {
      expect(module.rules).toEqual([
        { label: 'View', action: 'view' },
        { label: 'Create', action: 'create' },
        { label: 'Update', action: 'update' },
      ]);
      expect(module.permissions.map((p) => p.name)).toEqual(['tuxuri', 'admin', 'state_admin', 'state_member']);
      for (const permission of module.permissions) {
        const granted = DEFAULT_GRANTS[permission.name as RoleName][module.module as ModuleName] ?? [];
        expect(permission.rules.map((r) => [r.action, r.enabled])).toEqual(
          RULE_ACTIONS.map((action) => [action, granted.includes(action)]),
        );
        expect(permission.enabled).toBe(granted.length > 0);
      }
    }
  });
});

/** A save based on the matrix's current version (the stale ones are in versions.test.ts). */
const saveAcl = async (init: { token: string; json: object }) =>
  ctx.request('/api/administration/acl/saved', {
    token: init.token,
    json: withVersion(init.json, await aclVersion(ctx)),
  });

describe('POST /api/administration/acl/saved', () => {
  test("a change shows in the answer, the next GET, and the affected users' whoami", async () => {
    const member = await createUser(ctx, { role: 'state_member', country: 'PH' });
    const modulesOf = async () =>
      (await expectJson(await ctx.request('/api/whoami', { token: member.token }), 200, StrictWhoami)).roles[0]!
        .permissions;
    expect(await modulesOf()).toContainEqual({ module: 'best-practice', rules: ['view', 'create'] });

    const saved = await expectJson(
      await saveAcl({
        token: admin.token,
        json: {
          modules: [
            cell('best-practice', 'state_member', ['view']).modules[0],
            cell('urban-profile-overview', 'state_member', ['view', 'update']).modules[0],
          ],
        },
      }),
      200,
      StrictAclSaved,
    );
    expect(saved).toMatchObject({ status: 200, message: 'Access control saved' });
    const row = (acl: AclResponse, module: ModuleName) =>
      acl.modules.find((m) => m.module === module)!.permissions.find((p) => p.name === 'state_member')!;
    expect(row(saved, 'best-practice').rules.map((r) => r.enabled)).toEqual([true, false, false]);

    const again = await expectJson(
      await ctx.request('/api/administration/acl', { token: admin.token }),
      200,
      StrictAcl,
    );
    expect(again.modules).toEqual(saved.modules);
    expect(row(again, 'urban-profile-overview')).toMatchObject({ enabled: true });
    expect(row(again, 'urban-profile-overview').rules.map((r) => r.enabled)).toEqual([true, false, true]);

    expect(await modulesOf()).toEqual([
      { module: 'national_report', rules: ['view', 'create', 'update'] },
      { module: 'urban-profile-overview', rules: ['view', 'update'] },
      { module: 'urban-profile-analytics', rules: ['view'] },
      { module: 'best-practice', rules: ['view'] },
    ]);

    // Turning every rule off removes the module from the role.
    await expectJson(
      await saveAcl({
        token: admin.token,
        json: cell('urban-profile-overview', 'state_member', []),
      }),
      200,
      StrictAclSaved,
    );
    expect((await modulesOf()).map((p) => p.module)).not.toContain('urban-profile-overview');
  });

  test('leaves cells that are not listed as they were', async () => {
    const before = await expectJson(
      await ctx.request('/api/administration/acl', { token: admin.token }),
      200,
      StrictAcl,
    );
    const body = cell('national_report', 'state_admin', ['view']);
    body.modules[0]!.permissions[0]!.rules = [{ action: 'create', enabled: false }];
    const after = await expectJson(await saveAcl({ token: admin.token, json: body }), 200, StrictAclSaved);
    const rules = (acl: typeof before) =>
      acl.modules.find((m) => m.module === 'national_report')!.permissions.find((p) => p.name === 'state_admin')!.rules;
    expect(rules(before).map((r) => r.enabled)).toEqual([true, true, true]);
    expect(rules(after).map((r) => r.enabled)).toEqual([true, false, true]);
    expect(after.modules.filter((m) => m.module !== 'national_report')).toEqual(
      before.modules.filter((m) => m.module !== 'national_report'),
    );
  });

  test.each([
    ['an unknown module', { modules: [{ module: 'payroll', permissions: [] }] }, ['modules.0.module']],
    [
      'an unknown action',
      {
        modules: [
          { module: 'national_report', permissions: [{ id: 1, rules: [{ action: 'delete', enabled: true }] }] },
        ],
      },
      ['modules.0.permissions.0.rules.0.action'],
    ],
    [
      'a non-boolean flag',
      {
        modules: [{ module: 'national_report', permissions: [{ id: 1, rules: [{ action: 'view', enabled: 'yes' }] }] }],
      },
      ['modules.0.permissions.0.rules.0.enabled'],
    ],
    ['no modules', { modules: [] }, ['modules']],
    ['no body fields', {}, ['modules']],
  ])('%s: 400 naming the field', async (_what, json, fields) => {
    await expectError(await saveAcl({ token: admin.token, json }), 400, { fields });
  });

  test('an unknown role id: 400, and nothing is saved', async () => {
    const before = await expectJson(
      await ctx.request('/api/administration/acl', { token: admin.token }),
      200,
      StrictAcl,
    );
    const body = cell('best-practice', 'state_member', ['view', 'create', 'update']);
    body.modules[0]!.permissions.push({ id: 987654, rules: [{ action: 'view', enabled: true }] });
    await expectError(await saveAcl({ token: admin.token, json: body }), 400, {
      fields: ['modules.permissions.id'],
    });
    const after = await expectJson(
      await ctx.request('/api/administration/acl', { token: admin.token }),
      200,
      StrictAcl,
    );
    expect(after).toEqual(before);
  });

  test('every module name the API accepts is one the ACL lists', async () => {
    const acl = await expectJson(await ctx.request('/api/administration/acl', { token: admin.token }), 200, StrictAcl);
    expect(acl.modules.map((m) => m.module)).toEqual([...MODULE_NAMES]);
  });
});
