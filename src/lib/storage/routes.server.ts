import { Hono } from 'hono';
import type { AppEnv } from '../http/context.server.ts';
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
 * is published). Their covers, next to them under `cover/`, stay public.
 */
const PRIVATE_KEYS: readonly RegExp[] = [/^national-reports\/[^/]+\/[^/]+\.pdf$/];

/** Stored files never change under their name (it carries their content hash). */
const UPLOAD_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
};

/** GET and HEAD /uploads/*: stored files, straight from the file store, with no listing. */
export const uploadRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], `${UPLOADS_PATH}*`, async (c) => {
  const key = c.req.path.slice(UPLOADS_PATH.length);
  const type = SERVED_TYPES[/\.([a-z]+)$/.exec(key)?.[1] ?? ''];
  const servable = type && isSafeKey(key) && !PRIVATE_KEYS.some((pattern) => pattern.test(key));
  const body = servable ? await c.get('deps').storage.get(key) : null;
  if (!type || !body) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  const headers: Record<string, string> = { ...UPLOAD_HEADERS, 'Content-Type': type, 'Content-Length': String(body.byteLength) };
  // Documents are downloaded, never shown inside the portal's origin.
  if (type === 'application/pdf') headers['Content-Disposition'] = 'attachment';
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
});
