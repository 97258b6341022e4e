import { setTimeout as sleep } from 'node:timers/promises';
import type { TestContext } from './app.ts';

interface IdTokenClaims {
  iat: number;
  exp: number;
  auth_time: number;
  [claim: string]: unknown;
}

/** The claims of an ID token (no verification). */
export function decodeClaims(token: string): IdTokenClaims {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as IdTokenClaims;
}

/**
 * The same emulator-issued token with some claims changed. The Auth emulator issues unsigned
 * tokens (alg "none") and firebase-admin, talking to an emulator, accepts exactly those, so this
 * is a token the emulator could have issued at another moment: the only way to get an expired
 * token or a sign-in older than 5 minutes without waiting an hour.
 */
export function withClaims(token: string, claims: Partial<IdTokenClaims>): string {
  const [header] = token.split('.');
  const alg = (JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')) as { alg?: string }).alg;
  if (alg !== 'none') throw new Error(`withClaims works on emulator tokens only (alg ${alg})`);
  const payload = Buffer.from(JSON.stringify({ ...decodeClaims(token), ...claims })).toString('base64url');
  return `${header}.${payload}.`;
}

/** The same emulator-issued token without the named claims. */
export function withoutClaims(token: string, names: string[]): string {
  const [header] = token.split('.');
  const claims: Record<string, unknown> = decodeClaims(token);
  for (const name of names) delete claims[name];
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token that expired a minute ago (signed in and issued an hour before). */
export function expiredToken(token: string): string {
  const now = nowSeconds();
  return withClaims(token, { auth_time: now - 3660, iat: now - 3660, exp: now - 60 });
}

/**
 * Makes the emulator account's sessions valid since `seconds` ago, as for an account that old
 * (a new account's sessions are valid only from its creation, so a back-dated sign-in would
 * otherwise read as revoked). Uses the emulator's privileged REST API, as firebase-admin does.
 */
export async function backdateAccount(ctx: TestContext, uid: string, seconds: number): Promise<void> {
  const response = await fetch(`http://${ctx.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, validSince: String(nowSeconds() - seconds) }),
  });
  if (!response.ok) throw new Error(`accounts:update failed: ${response.status} ${await response.text()}`);
}

/** A token whose sign-in was `seconds` ago, itself freshly issued (as after a token refresh). */
export function tokenSignedInAgo(token: string, seconds: number): string {
  const now = nowSeconds();
  return withClaims(token, { auth_time: now - seconds, iat: now - 1, exp: now + 3599 });
}

/**
 * Revokes every session of `user` through the portal's own path (which applies at once; a
 * revocation made directly in the identity service applies within AUTH_STATE_TTL_S) and returns
 * the token it held, now refused. Revocation times have one-second resolution: a token from the
 * same second as the revocation would still pass, so this waits until the sign-in is more than a
 * second old.
 */
export async function revokeSessions(ctx: TestContext, user: { uid: string; token: string }): Promise<string> {
  await waitPastSignInSecond(user.token);
  await ctx.deps.tokens.revokeSessions(user.uid);
  return user.token;
}

/** Waits until the token's sign-in is more than a second old (see revokeSessions). */
export async function waitPastSignInSecond(token: string): Promise<void> {
  const signedInAt = decodeClaims(token).auth_time * 1000;
  const wait = signedInAt + 1100 - Date.now();
  if (wait > 0) await sleep(wait);
}
