import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { USER_STATUS } from '../access/permissions.ts';
import type { AppEnv } from '../deps.server.ts';
import { ApiError } from '../http/errors.server.ts';
import { requireUser, SESSION_COOKIE } from '../identity/middleware.server.ts';
import type { FileRecord } from './file-access.server.ts';
import { isSafeKey } from './file-store.server.ts';

/** Uploaded files are served under this path; a stored key `k` is at `/uploads/k`. */
export const UPLOADS_PATH = '/uploads/';

export function uploadUrl(key: string): string {
  return `${UPLOADS_PATH}${key}`;
}

/**
 * The only kinds of file served, by the extension of the names the server itself gives them.
 * Anything else under /uploads/ is a 404, so nothing stored there is ever served as HTML or
 * script, whatever its bytes are.
 */
const SERVED_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/**
 * Stored files that /uploads/ never serves, because who may read them depends on the record:
 * the signed national-report PDFs (`national-reports/{uuid}/{time}-{hash}.pdf`) are served only
 * by GET …/{uuid}/report/file, which checks the reader's role and country (or that the report
 * is published). Their covers, under `cover/`, are read as their report allows (its FileOwner).
 */
const PRIVATE_KEYS: readonly RegExp[] = [/^national-reports\/[^/]+\/[^/]+\.pdf$/];

/**
 * How long each kind of answer may be kept (decision 035). Files of no record never change under
 * their name (it carries their content hash); a record's public files may become private again
 * (an archived practice), so caches keep them an hour and then ask again (a 304 by their ETag);
 * private files are kept by nobody.
 */
const CACHE = {
  forever: 'public, max-age=31536000, immutable',
  record: 'public, max-age=3600',
  private: 'private, no-store',
} as const;

const SAFE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Whether the reader may see a record's private file: signed in (bearer token, or the session
 * cookie that plain links and pictures carry), active, with a verified email, and allowed by the
 * record. Anything less is the same "no" as a file that does not exist.
 */
async function mayReadPrivate(c: Context<AppEnv>, record: FileRecord): Promise<boolean> {
  if (!c.req.header('authorization') && !getCookie(c, SESSION_COOKIE)) return false;
  try {
    await requireUser({ allowSessionCookie: true })(c, async () => {});
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
  const { token, identity } = c.get('auth');
  return token.emailVerified && identity.status === USER_STATUS.active && record.mayRead(identity);
}

/** 404 for missing files and for files the reader may not see alike: nothing says which it is. */
const notFound = (c: Context<AppEnv>) => c.text('Not found', 404, { 'Cache-Control': 'no-store' });

/** GET and HEAD /uploads/*: stored files, straight from the file store, with no listing. */
export const uploadRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], `${UPLOADS_PATH}*`, async (c) => {
  const key = c.req.path.slice(UPLOADS_PATH.length);
  const type = SERVED_TYPES[/\.([a-z]+)$/.exec(key)?.[1] ?? ''];
  if (!type || !isSafeKey(key) || PRIVATE_KEYS.some((pattern) => pattern.test(key))) return notFound(c);
  const deps = c.get('deps');
  const record = await deps.fileAccess.recordOf(deps.db, key);
  let cache: string = CACHE.forever;
  if (record) {
    if (record.isPublic(key)) cache = CACHE.record;
    else if (await mayReadPrivate(c, record)) cache = CACHE.private;
    else return notFound(c);
  }
  const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
  const headers: Record<string, string> = { ...SAFE_HEADERS, 'Cache-Control': cache, ETag: etag, 'Content-Type': type };
  // Documents are downloaded, never shown inside the portal's origin.
  if (type === 'application/pdf') headers['Content-Disposition'] = 'attachment';
  const body = await deps.storage.get(key);
  if (!body) return notFound(c);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  headers['Content-Length'] = String(body.byteLength);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
});
