import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../deps.server.ts';
import { forbidden, readJson, sentVersion, unauthorized } from '../http/errors.server.ts';
import type { GenericResponse } from '../http/schema.ts';
import { saveLanguage, saveProfile } from '../users/service.server.ts';
import { bearerToken, requireUser, SESSION_COOKIE } from './middleware.server.ts';
import { requireActiveUser } from '../access/guards.server.ts';
import { readUploadedFile } from '../storage/multipart.server.ts';
import { replaceUserPhoto } from './photo.server.ts';
import {
  LanguageBodySchema,
  PHOTO_MAX_BYTES,
  ProfileBodySchema,
  type PhotoResponse,
  type SessionResponse,
  type Whoami,
} from './schema.ts';

/** The path of the photo upload, which reads its body with its own size limit. */
export const USER_PHOTO_PATH = /^\/api\/user\/photo$/;

/** Token sync accepts only an ID token from a sign-in at most this old (spec §9). */
export const TOKEN_SYNC_MAX_AGE_SECONDS = 5 * 60;
const SESSION_COOKIE_DAYS = 5;

export const identityRoutes = new Hono<AppEnv>()
  .get('/whoami', requireUser(), (c) => c.json<Whoami>(c.get('auth').identity))

  // The signed-in person's own photo (My profile): one square WebP made from the upload.
  .post('/user/photo', requireUser(), async (c) => {
    const { user } = requireActiveUser(c);
    const file = await readUploadedFile(c, { field: 'file', maxBytes: PHOTO_MAX_BYTES });
    const photo = await replaceUserPhoto(c.get('deps'), user, file.bytes);
    return c.json<PhotoResponse>({ status: 200, message: 'Photo saved', data: { photo } });
  })

  .delete('/user/photo', requireUser(), async (c) => {
    const { user } = requireActiveUser(c);
    await replaceUserPhoto(c.get('deps'), user, null);
    return c.json<PhotoResponse>({ status: 200, message: 'Photo removed', data: { photo: null } });
  })

  .post('/user/saved/profile', requireUser(), async (c) => {
    const auth = c.get('auth');
    // Inactive users complete their profile too (it is how they ask for activation): no role guard.
    if (!auth.token.emailVerified) throw forbidden('Verify your email address first');
    const profile = await readJson(c, ProfileBodySchema);
    // The first completion creates the profile (spec §7 sends no version); later changes need one.
    await saveProfile(c.get('deps'), { me: auth, profile, version: sentVersion(c, profile.version) });
    return c.json<GenericResponse>({ status: 200, message: 'Profile saved' });
  })

  // The language of the person's back-office and emails (issue 17); the first sign-in sets it
  // from the browser's language. Inactive and unverified people have a language too.
  .post('/user/saved/language', requireUser(), async (c) => {
    const { language } = await readJson(c, LanguageBodySchema);
    await saveLanguage(c.get('deps'), { me: c.get('auth'), language });
    return c.json<GenericResponse>({ status: 200, message: 'Language saved' });
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
    return c.json<SessionResponse>({
      status: 200,
      message: 'Session active',
      data: { email: identity.email, uuid: identity.uuid },
    });
  });

function isHttps(url: string, forwardedProto: string | undefined): boolean {
  return forwardedProto?.split(',')[0]?.trim() === 'https' || url.startsWith('https:');
}
