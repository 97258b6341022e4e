import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv, AuthedUser } from '../deps.server.ts';
import { ApiError, unauthorized } from '../http/errors.server.ts';
import { EmailTakenError, findOrCreateUser, loadIdentity } from './queries.server.ts';
import type { VerifiedToken } from './token-verifier.server.ts';

export const SESSION_COOKIE = '__session';

/** Reads `Authorization: Bearer <token>`; anything else is a 401 that says what was wrong. */
export function bearerToken(c: Context): string {
  const header = c.req.header('authorization');
  if (!header) throw unauthorized('Missing Authorization header: send "Bearer <ID token>"');
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  if (!match) throw unauthorized('Malformed Authorization header: send "Bearer <ID token>"');
  return match[1]!;
}

/** Loads (and on first sight creates) the user behind a verified token; cached per uid. */
export async function authenticateToken(c: Context<AppEnv>, token: VerifiedToken): Promise<AuthedUser> {
  const deps = c.get('deps');
  const { db, env, caches } = deps;
  const cached = caches.identities.get(token.uid);
  if (cached) return { token, ...cached };
  if (!token.email) throw unauthorized('This account has no email address; sign in with email');
  try {
    // Cached only if no write cleared the caches while it was being loaded (it could predate it).
    let generation = caches.generation;
    const { user, created, linked } = await findOrCreateUser(
      deps,
      {
        uid: token.uid,
        email: token.email,
        // emailVerified holds only when the identity service's record says so too.
        canRelink: token.provider === 'password' && token.emailVerified,
      },
      env.ADMIN_EMAILS,
    );
    if (created || linked) {
      // Creating or linking a row is a write like any other: its change event cleared the caches
      // (lists and counts change). That clearing does not make what was just written stale;
      // anyone else's would.
      if (caches.generation === generation + 1) generation = caches.generation;
    }
    const identity = await loadIdentity(db, user);
    caches.setIfCurrent(caches.identities, generation, token.uid, { user, identity });
    return { token, user, identity };
  } catch (error) {
    if (error instanceof EmailTakenError) throw new ApiError(409, error.message);
    throw error;
  }
}

/**
 * Requires a signed-in user: a valid, unrevoked Firebase ID token in the bearer header, or,
 * with `allowSessionCookie` (plain-link downloads), the session cookie set by token sync.
 */
export function requireUser(options: { allowSessionCookie?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { tokens } = c.get('deps');
    let verified: VerifiedToken;
    const cookie = options.allowSessionCookie ? getCookie(c, SESSION_COOKIE) : undefined;
    if (cookie && !c.req.header('authorization')) {
      try {
        verified = await tokens.verifySessionCookie(cookie);
      } catch (error) {
        // Whatever the reason, the person's next step is the same: sign in again.
        if (error instanceof ApiError && error.status === 401)
          throw unauthorized('Your session has expired: sign in again');
        throw error;
      }
    } else {
      verified = await tokens.verify(bearerToken(c));
    }
    c.set('auth', await authenticateToken(c, verified));
    await next();
  };
}
