import { beforeAll, describe, test } from 'vitest';
import type { z } from 'zod';
import type { TestContext } from './app.ts';
import { expectError, expectJson } from './assertions.ts';
import {
  createRoleUsers,
  createUser,
  ROLE_USER_KINDS,
  type RoleUserKind,
  type RoleUsers,
  type TestUser,
} from './factories.ts';
import { expiredToken, revokeSessions } from './tokens.ts';

/** A protected endpoint and the status each kind of user must get from it. */
export interface ProtectedEndpoint {
  method: 'GET' | 'POST' | 'DELETE';
  /** A label such as `/api/user/show/{uuid}`; `path` gives the concrete URL. */
  label: string;
  path: (users: RoleUsers) => string;
  /** A valid body for the request, sent by user `me` (read just before sending: it may look up a version). */
  json?: (me: TestUser, users: RoleUsers) => unknown;
  /** A valid body that is not JSON (e.g. a FormData upload), sent by user `me`. */
  body?: (me: TestUser, users: RoleUsers) => BodyInit;
  expected: Record<RoleUserKind, 200 | 403>;
  /** The success status the allowed users get, when it is not 200 (201 Created, 202 Accepted). */
  status?: 200 | 201 | 202;
  /** The shape of a success body. */
  schema: z.ZodType;
}

/** 200 for the listed kinds of user, 403 for every other. */
export function allow(...kinds: RoleUserKind[]): Record<RoleUserKind, 200 | 403> {
  return Object.fromEntries(ROLE_USER_KINDS.map((kind) => [kind, kinds.includes(kind) ? 200 : 403])) as Record<
    RoleUserKind,
    200 | 403
  >;
}

export const USER_MANAGERS: RoleUserKind[] = ['tuxuri', 'admin', 'stateAdmin'];
export const ADMIN_LEVEL: RoleUserKind[] = ['tuxuri', 'admin'];

/**
 * For every endpoint: the five ways a request without a valid sign-in is refused (401), then
 * each kind of user (tuxuri, admin, state_admin, state_member, inactive admin, no role,
 * unverified email) with the status it must get.
 */
export function describeEndpointAccess(ctx: TestContext, endpoints: readonly ProtectedEndpoint[]): void {
  describe('sign-in and role checks', () => {
    let users: RoleUsers;
    let revoked: string;
    beforeAll(async () => {
      users = await createRoleUsers(ctx);
      // An active administrator: once revoked, nothing but the revocation explains a refusal.
      revoked = await revokeSessions(ctx, await createUser(ctx, { role: 'tuxuri', country: 'TH' }));
    });

    const send = async (endpoint: ProtectedEndpoint, headers: Record<string, string>, me?: TestUser) =>
      ctx.request(endpoint.path(users), {
        method: endpoint.method,
        headers,
        ...(endpoint.json && { json: await endpoint.json(me ?? users.tuxuri, users) }),
        ...(endpoint.body && { body: endpoint.body(me ?? users.tuxuri, users) }),
      });

    for (const endpoint of endpoints) {
      describe(`${endpoint.method} ${endpoint.label}`, () => {
        test('without a token: 401', async () => {
          await expectError(await send(endpoint, {}), 401, { message: /Missing Authorization header/ });
        });
        test('with a malformed Authorization header: 401', async () => {
          await expectError(await send(endpoint, { Authorization: `Token ${users.tuxuri.token}` }), 401, {
            message: /Malformed Authorization header/,
          });
          await expectError(await send(endpoint, { Authorization: 'Bearer two words' }), 401, {
            message: /Malformed Authorization header/,
          });
        });
        test('with a garbage token: 401', async () => {
          await expectError(await send(endpoint, { Authorization: 'Bearer not.a.token' }), 401, {
            message: /token is not valid/,
          });
        });
        test('with an expired token: 401', async () => {
          await expectError(
            await send(endpoint, { Authorization: `Bearer ${expiredToken(users.tuxuri.token)}` }),
            401,
            {
              message: /expired/,
            },
          );
        });
        test('with a revoked token: 401', async () => {
          await expectError(await send(endpoint, { Authorization: `Bearer ${revoked}` }), 401, { message: /revoked/ });
        });
        test.each(ROLE_USER_KINDS)('as %s', async (kind) => {
          const me = users[kind];
          const response = await send(endpoint, { Authorization: `Bearer ${me.token}` }, me);
          if (endpoint.expected[kind] === 200) await expectJson(response, endpoint.status ?? 200, endpoint.schema);
          else await expectError(response, 403);
        });
      });
    }
  });
}
