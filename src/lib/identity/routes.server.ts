import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../server/context.ts';
import { countries, users } from '../db/schema.ts';
import { ApiError, conflict, readJson, unauthorized } from '../http/errors.server.ts';
import type { GenericResponse } from '../http/schema.ts';
import { bearerToken, requireUser, SESSION_COOKIE } from './middleware.server.ts';
import { ProfileBodySchema, type Whoami } from './schema.ts';

/** Token sync accepts only an ID token from a sign-in at most this old (spec §9). */
export const TOKEN_SYNC_MAX_AGE_SECONDS = 5 * 60;
const SESSION_COOKIE_DAYS = 5;

export const identityRoutes = new Hono<AppEnv>()
  .get('/whoami', requireUser(), (c) => c.json<Whoami>(c.get('auth').identity))

  .post('/user/saved/profile', requireUser(), async (c) => {
    const auth = c.get('auth');
    if (!auth.token.emailVerified) throw new ApiError(403, 'Verify your email address first');
    const body = await readJson(c, ProfileBodySchema);
    const { db, caches } = c.get('deps');
    const [country] = await db.select().from(countries).where(eq(countries.code, body.country_code)).limit(1);
    if (!country || country.status !== 1) {
      throw new ApiError(400, 'Invalid body: check country_code', {
        country_code: ['must be an active country of the region'],
      });
    }
    // Once set, only an administrator changes a user's country: it decides what they may reach.
    if (auth.user.countryCode !== null && auth.user.countryCode !== body.country_code) {
      throw conflict('Your country is already set; ask an administrator to change it');
    }
    await db
      .update(users)
      .set({ name: body.name, phoneNumber: body.phone_number, countryCode: body.country_code, updatedAt: new Date() })
      .where(eq(users.id, auth.user.id));
    caches.invalidate();
    return c.json<GenericResponse>({ status: 200, message: 'Profile saved' });
  })

  // Token sync (spec §7): an HttpOnly session cookie for plain-link downloads of protected files.
  .post('/auth/session', async (c) => {
    const { tokens } = c.get('deps');
    const idToken = bearerToken(c);
    const verified = await tokens.verify(idToken);
    if (Date.now() / 1000 - verified.authTime > TOKEN_SYNC_MAX_AGE_SECONDS) {
      throw unauthorized('Sign in again to start a download session (the sign-in is older than 5 minutes)');
    }
    const expiresIn = SESSION_COOKIE_DAYS * 24 * 60 * 60 * 1000;
    let cookie: string;
    try {
      cookie = await tokens.auth.createSessionCookie(idToken, { expiresIn });
    } catch {
      throw unauthorized('The sign-in token is not valid');
    }
    setCookie(c, SESSION_COOKIE, cookie, {
      httpOnly: true,
      secure: isHttps(c.req.url, c.req.header('x-forwarded-proto')),
      sameSite: 'Lax',
      path: '/',
      maxAge: expiresIn / 1000,
    });
    return c.json<GenericResponse>({ status: 200, message: 'Session started' });
  })
  .delete('/auth/session', (c) => {
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.json<GenericResponse>({ status: 200, message: 'Session ended' });
  })
  .get('/auth/session', requireUser({ allowSessionCookie: true }), (c) => {
    const { identity } = c.get('auth');
    return c.json({ status: 200, message: 'Session active', data: { email: identity.email, uuid: identity.uuid } });
  });

function isHttps(url: string, forwardedProto: string | undefined): boolean {
  return forwardedProto?.split(',')[0]?.trim() === 'https' || url.startsWith('https:');
}
