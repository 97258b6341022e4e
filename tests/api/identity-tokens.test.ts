import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { users } from '../../src/lib/db/schema.ts';
import { WhoamiSchema } from '../../src/lib/identity/schema.ts';
import { createTestContext } from '../support/app.ts';
import { expectError, expectJson } from '../support/assertions.ts';
import { createAccount, createUser, insertUser, signIn, uniqueEmail } from '../support/factories.ts';
import { decodeClaims, nowSeconds, waitPastSignInSecond, withClaims, withoutClaims } from '../support/tokens.ts';
import { deepStrict } from '../support/schemas.ts';
import { userVersion } from '../support/versions.ts';

const StrictWhoami = deepStrict(WhoamiSchema);
const ctx = await createTestContext();
// A second portal whose account lookups last one second, to see a lookup's TTL run out.
const shortTtl = await createTestContext({ env: { AUTH_STATE_TTL_S: '1' } });

const whoami = (token: string, context = ctx) => context.request('/api/whoami', { token });

describe('forged emulator tokens (unsigned, claims edited): 401', () => {
  test('another person’s email, claimed verified, makes nobody the administrator', async () => {
    const boss = await createUser(ctx, { role: 'tuxuri', country: 'TH' });
    const intruder = await createUser(ctx, { role: null, country: 'PH', emailVerified: false });
    await expectJson(await whoami(intruder.token), 200, StrictWhoami);
    const forged = withClaims(intruder.token, { email: boss.email, email_verified: true });
    await expectError(await whoami(forged), 401, { message: /does not match its account \(email\)/ });
    await expectError(await ctx.request('/api/user/list', { token: forged }), 401);
  });

  test('an unverified email claimed verified', async () => {
    const user = await createUser(ctx, { role: 'admin', emailVerified: false });
    const forged = withClaims(user.token, { email_verified: true });
    await expectError(await whoami(forged), 401, { message: /does not match its account \(email_verified\)/ });
    // The genuine token still works, and its email counts as unverified.
    await expectError(await ctx.request('/api/user/list', { token: user.token }), 403, {
      message: /Verify your email/,
    });
  });

  test('a token without exp, or living longer than an hour', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    await expectError(await whoami(withoutClaims(user.token, ['exp'])), 401, { message: /not valid \(exp\)/ });
    const { iat } = decodeClaims(user.token);
    await expectError(await whoami(withClaims(user.token, { exp: iat + 86_400 })), 401, {
      message: /not valid \(exp\)/,
    });
  });

  test('a future iat or auth_time, or none', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    const later = nowSeconds() + 3600;
    await expectError(await whoami(withClaims(user.token, { iat: later, exp: later + 3600 })), 401, {
      message: /\(iat\)/,
    });
    await expectError(await whoami(withClaims(user.token, { auth_time: later })), 401, { message: /\(auth_time\)/ });
    await expectError(await whoami(withoutClaims(user.token, ['iat'])), 401, { message: /\(iat\)/ });
    await expectError(await whoami(withoutClaims(user.token, ['auth_time'])), 401, { message: /\(auth_time\)/ });
  });

  test('a revoked session cannot escape with a later auth_time than its account’s last sign-in', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    await waitPastSignInSecond(user.token);
    await ctx.deps.tokens.revokeSessions(user.uid);
    await expectError(await whoami(user.token), 401, { message: /revoked/ });
    // Within the clock skew tolerated for any token, but after the account's last sign-in.
    const later = nowSeconds() + 2;
    const forged = withClaims(user.token, { auth_time: later, iat: later, exp: later + 3600 });
    await expectError(await whoami(forged), 401, { message: /\(auth_time\)/ });
  });

  test('the wrong audience or issuer', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    await expectError(await whoami(withClaims(user.token, { aud: 'demo-other-project' })), 401, {
      message: /not valid/,
    });
    const iss = 'https://securetoken.google.com/demo-other-project';
    await expectError(await whoami(withClaims(user.token, { iss })), 401, { message: /not valid/ });
  });

  test('an empty or unknown subject', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    await expectError(await whoami(withClaims(user.token, { sub: '', user_id: '' })), 401, { message: /not valid/ });
    const ghost = withClaims(user.token, { sub: 'no-such-account-1234', user_id: 'no-such-account-1234' });
    await expectError(await whoami(ghost), 401, { message: /no longer exists/ });
  });

  test('the genuine tokens still pass, the first and the cached', async () => {
    const user = await createUser(ctx, { role: 'admin' });
    await expectJson(await whoami(user.token), 200, StrictWhoami);
    await expectJson(await whoami(user.token), 200, StrictWhoami);
  });
});

describe('account lookups are reused for AUTH_STATE_TTL_S; the portal’s own changes apply at once', () => {
  test('a revocation made in the identity service applies once the lookup’s TTL has run out', async () => {
    const user = await createUser(shortTtl, { role: 'admin' });
    await expectJson(await whoami(user.token, shortTtl), 200, StrictWhoami);
    await waitPastSignInSecond(user.token);
    await shortTtl.auth.revokeRefreshTokens(user.uid);
    await sleep(1100);
    await expectError(await whoami(user.token, shortTtl), 401, { message: /revoked/ });
  });

  test('a revocation, disabling or deletion through the portal applies on the next request', async () => {
    const [revoked, disabled, deleted] = await Promise.all([1, 2, 3].map(() => createUser(ctx, { role: 'admin' })));
    for (const user of [revoked!, disabled!, deleted!]) await expectJson(await whoami(user.token), 200, StrictWhoami);
    await waitPastSignInSecond(revoked!.token);
    await ctx.deps.tokens.revokeSessions(revoked!.uid);
    await ctx.deps.tokens.setDisabled(disabled!.uid, true);
    await ctx.deps.tokens.deleteAccount(deleted!.uid);
    await expectError(await whoami(revoked!.token), 401, { message: /revoked/ });
    await expectError(await whoami(disabled!.token), 401, { message: /disabled/ });
    await expectError(await whoami(deleted!.token), 401, { message: /no longer exists/ });
  });

  test('a deactivation in the user administration applies on the next request', async () => {
    const admin = await createUser(ctx, { role: 'admin', country: 'JP' });
    const manager = await createUser(ctx, { role: 'state_admin', country: 'PH' });
    expect((await ctx.request('/api/user/list', { token: manager.token })).status).toBe(200);
    const edit = await ctx.request(`/api/user/edit/${manager.uuid}`, {
      token: admin.token,
      json: { status: 0, version: await userVersion(ctx, manager.uuid) },
    });
    expect(edit.status).toBe(200);
    expect((await expectJson(await whoami(manager.token), 200, StrictWhoami)).status).toBe(0);
    await expectError(await ctx.request('/api/user/list', { token: manager.token }), 403, {
      message: /awaiting activation/,
    });
  });

  test(
    'an email verified after the lookup counts at once ' + '(the token says so, the record is looked up again)',
    async () => {
      const user = await createUser(ctx, { role: 'admin', emailVerified: false });
      await expectError(await ctx.request('/api/user/list', { token: user.token }), 403, {
        message: /Verify your email/,
      });
      await ctx.auth.updateUser(user.uid, { emailVerified: true });
      const fresh = await signIn(ctx, user.email);
      expect((await ctx.request('/api/user/list', { token: fresh })).status).toBe(200);
    },
  );
});

describe('linking a user row to an account by email', () => {
  /** Signs in with a (fake) Google credential through the emulator, as the browser SDK would. */
  async function signInWithGoogle(email: string): Promise<{ uid: string; token: string }> {
    const idToken = JSON.stringify({ sub: `google-${email}`, email, email_verified: true });
    const response = await fetch(
      `http://${ctx.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          requestUri: 'http://localhost',
          postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
          returnSecureToken: true,
          returnIdpCredential: true,
        }),
      },
    );
    const body = (await response.json()) as { idToken?: string; localId?: string };
    if (!body.idToken || !body.localId) throw new Error(`Google sign-in failed: ${JSON.stringify(body)}`);
    return { uid: body.localId, token: body.idToken };
  }

  test('a row of another account moves to a password account with a verified email, and it is logged', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const email = uniqueEmail('moved');
    const old = await insertUser(ctx, { email, uid: 'replaced-account', role: 'state_member', country: 'VN' });
    const account = await createAccount(ctx, { email });
    const me = await expectJson(await whoami(await signIn(ctx, account.email)), 200, StrictWhoami);
    expect(me.id).toBe(old.id);
    const logged = log.mock.calls.flat().join('\n');
    log.mockRestore();
    expect(logged).toContain(`moved from account replaced-account to account ${account.uid}`);
  });

  test('another provider’s verified email does not take over a row of another account: 409', async () => {
    const email = uniqueEmail('google');
    await insertUser(ctx, { email, uid: 'owner-account', role: 'admin', country: 'JP' });
    const google = await signInWithGoogle(email);
    expect(decodeClaims(google.token)['firebase']).toMatchObject({ sign_in_provider: 'google.com' });
    await expectError(await whoami(google.token), 409, { message: /already belongs to another account/ });
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, email));
    expect(row?.firebaseUid).toBe('owner-account');
  });

  test('a password account whose email the identity service has not verified does not take a row: 409', async () => {
    const email = uniqueEmail('unverified-mover');
    await insertUser(ctx, { email, uid: 'first-owner', role: 'admin', country: 'JP' });
    const account = await createAccount(ctx, { email, emailVerified: false });
    await expectError(await whoami(await signIn(ctx, account.email)), 409, { message: /already belongs/ });
  });

  test('a row with no account yet is linked by any provider, and it is logged', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const email = uniqueEmail('invited');
    const invited = await insertUser(ctx, { email, role: 'state_admin', country: 'PH' });
    const google = await signInWithGoogle(email);
    const me = await expectJson(await whoami(google.token), 200, StrictWhoami);
    expect(me.id).toBe(invited.id);
    const logged = log.mock.calls.flat().join('\n');
    log.mockRestore();
    expect(logged).toContain(`linked to account ${google.uid}`);
  });
});
