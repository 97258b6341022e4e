import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { GenericResponseSchema } from '../../src/lib/http/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { allow, describeEndpointAccess } from '../support/endpoint-access.ts';
import { createUser } from '../support/factories.ts';
import { deepStrict } from '../support/schemas.ts';
import { backdateAccount, revokeSessions, tokenSignedInAgo } from '../support/tokens.ts';

const StrictGeneric = deepStrict(GenericResponseSchema);
const StrictSession = deepStrict(
  GenericResponseSchema.extend({ data: z.object({ email: z.string(), uuid: z.string() }) }),
);

const ctx = await createTestContext();

const EVERYONE = allow('tuxuri', 'admin', 'stateAdmin', 'stateMember', 'inactive', 'noRole', 'unverified');

describeEndpointAccess(ctx, [
  {
    method: 'POST',
    label: '/api/auth/session',
    path: () => '/api/auth/session',
    expected: EVERYONE,
    schema: StrictGeneric,
  },
  {
    method: 'GET',
    label: '/api/auth/session',
    path: () => '/api/auth/session',
    expected: EVERYONE,
    schema: StrictSession,
  },
]);

/** The `__session` cookie of a response: its value and attributes. */
function sessionCookie(response: Response) {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('__session='));
  if (!header) throw new Error(`no __session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair!.slice('__session='.length), attributes: attributes.map((a) => a.toLowerCase()) };
}

async function startSession(token: string, headers: Record<string, string> = {}) {
  const response = await ctx.request('/api/auth/session', { method: 'POST', token, headers });
  const body = await expectJson(response.clone(), 200, StrictGeneric);
  expect(body).toEqual({ status: 200, message: 'Session started' });
  return sessionCookie(response);
}

describe('POST /api/auth/session', () => {
  test('sets an HttpOnly, SameSite session cookie for a fresh sign-in', async () => {
    const user = await createUser(ctx, { role: 'state_member' });
    const cookie = await startSession(user.token);
    expect(cookie.value.length).toBeGreaterThan(20);
    expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'max-age=432000']));
    // Plain http (local mode): a Secure cookie would never come back.
    expect(cookie.attributes).not.toContain('secure');
  });

  test('marks the cookie Secure behind an https proxy', async () => {
    const user = await createUser(ctx, { role: 'state_member' });
    const cookie = await startSession(user.token, { 'X-Forwarded-Proto': 'https' });
    expect(cookie.attributes).toContain('secure');
  });

  test('refuses a sign-in older than 5 minutes (401) and sets no cookie', async () => {
    const user = await createUser(ctx, { role: 'state_member' });
    await backdateAccount(ctx, user.uid, 3600);
    const response = await ctx.request('/api/auth/session', {
      method: 'POST',
      token: tokenSignedInAgo(user.token, 5 * 60 + 5),
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    await expectError(response, 401, { message: /older than 5 minutes/ });
  });

  test('accepts a refreshed token whose sign-in is under 5 minutes old', async () => {
    const user = await createUser(ctx, { role: 'state_member' });
    await backdateAccount(ctx, user.uid, 3600);
    const cookie = await startSession(tokenSignedInAgo(user.token, 4 * 60));
    expect(cookie.value).not.toBe('');
  });
});

describe('GET /api/auth/session', () => {
  test('accepts the session cookie without a bearer token', async () => {
    const user = await createUser(ctx, { role: 'state_admin' });
    const cookie = await startSession(user.token);
    const response = await ctx.request('/api/auth/session', { headers: { Cookie: `__session=${cookie.value}` } });
    const body = await expectJson(response, 200, StrictSession);
    expect(body).toEqual({ status: 200, message: 'Session active', data: { email: user.email, uuid: user.uuid } });
  });

  test('refuses a forged cookie (401)', async () => {
    await expectError(await ctx.request('/api/auth/session', { headers: { Cookie: '__session=forged' } }), 401, {
      message: /session has expired/,
    });
  });

  test('refuses the cookie once the sessions are revoked (401)', async () => {
    const user = await createUser(ctx, { role: 'state_member' });
    const cookie = await startSession(user.token);
    await revokeSessions(ctx, user);
    await expectError(
      await ctx.request('/api/auth/session', { headers: { Cookie: `__session=${cookie.value}` } }),
      401,
      { message: /session has expired/ },
    );
  });

  test('the cookie does not authenticate other endpoints (401)', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    const cookie = await startSession(user.token);
    for (const path of ['/api/whoami', '/api/user/list', '/api/administration/acl']) {
      await expectError(await ctx.request(path, { headers: { Cookie: `__session=${cookie.value}` } }), 401, {
        message: /Missing Authorization header/,
      });
    }
  });
});

describe('DELETE /api/auth/session', () => {
  test('clears the cookie, signed in or not', async () => {
    for (const token of [null, (await createUser(ctx)).token]) {
      const response = await ctx.request('/api/auth/session', { method: 'DELETE', token });
      const cookie = sessionCookie(response);
      expect(await expectJson(response, 200, StrictGeneric)).toEqual({ status: 200, message: 'Session ended' });
      expect(cookie.value).toBe('');
      expect(cookie.attributes).toEqual(expect.arrayContaining(['max-age=0', 'path=/']));
    }
  });
});
