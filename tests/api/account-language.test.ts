import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { auditEvents, users } from '../../src/lib/db/schema.ts';
import { WhoamiSchema } from '../../src/lib/identity/schema.ts';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';

const ctx = await createTestContext();
const StrictGeneric = deepStrict(GenericResponseSchema);

// Everyone signed in has a language, inactive and unverified people included (issue 17).
describeEndpointAccess(ctx, [
  {
    method: 'POST',
    label: '/api/user/saved/language',
    path: () => '/api/user/saved/language',
    json: () => ({ language: 'fr' }),
    expected: allow('tuxuri', 'admin', 'stateAdmin', 'stateMember', 'inactive', 'noRole', 'unverified'),
    schema: StrictGeneric,
  },
]);

let member: TestUser;
beforeAll(async () => {
  member = await createUser(ctx, { role: 'state_member', country: 'TH' });
});

const whoami = async () => expectJson(await ctx.request('/api/whoami', { token: member.token }), 200, WhoamiSchema);
const save = (json: unknown) => ctx.request('/api/user/saved/language', { method: 'POST', token: member.token, json });

describe('the account language', () => {
  test('is null until chosen, then whoami gives it; the record keeps its version', async () => {
    const before = await whoami();
    expect(before.language).toBeNull();
    await expectJson(await save({ language: 'ru' }), 200, StrictGeneric);
    const after = await whoami();
    expect(after.language).toBe('ru');
    expect(after.version).toBe(before.version);
    const audit = await ctx.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, member.uuid), eq(auditEvents.action, 'language')));
    expect(audit.map((row) => row.after)).toEqual([{ language: 'ru' }]);
    // Saving the same language again changes nothing and records nothing.
    await expectJson(await save({ language: 'ru' }), 200, StrictGeneric);
    expect(
      (
        await ctx.deps.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.entityId, member.uuid), eq(auditEvents.action, 'language')))
      ).length,
    ).toBe(1);
  });

  test('refuses a language the portal does not speak, and other bodies, with a 400', async () => {
    for (const body of [{ language: 'th' }, { language: 'FR' }, { language: '' }, {}, { language: null }]) {
      await expectError(await save(body), 400, { fields: ['language'] });
    }
    for (const body of ['fr', [{ language: 'fr' }]]) await expectError(await save(body), 400, { fields: ['_'] });
    const [row] = await ctx.deps.db.select({ language: users.language }).from(users).where(eq(users.id, member.id));
    expect(row!.language).toBe('ru');
  });
});
