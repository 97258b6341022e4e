import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Context } from 'hono';

// Compression runs on libuv's thread pool: making an answer never stalls the requests being served.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli quality of a kept answer: made once per change of its data, in tens of milliseconds for megabytes. */
const BROTLI_QUALITY = 5;

/**
 * A large public answer kept as bytes with its gzip and brotli bodies (e.g. a whole SDMX flow of
 * a few megabytes): made once until its data change, then sent as the client accepts it. The
 * statistical tools that take whole flows (pandas, R, sdmx1, curl --compressed) ask for gzip, and
 * a reader on a slow mobile network gets a tenth of the bytes.
 */
export interface EncodedAnswer {
  etag: string;
  bytes: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export async function encodeAnswer(body: string): Promise<EncodedAnswer> {
  const bytes = Buffer.from(body, 'utf8');
  const [br, gzipped] = await Promise.all([
    brotliAsync(bytes, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzipAsync(bytes, { level: 6 }),
  ]);
  return { etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`, bytes, gzip: gzipped, br };
}

/** The body of `answer` the request accepts (brotli, else gzip, else plain) and its Content-Encoding. */
export function encodedBody(
  c: Context,
  answer: EncodedAnswer,
): { body: Uint8Array<ArrayBuffer>; encoding: string | null } {
  const accept = c.req.header('accept-encoding') ?? '';
  const [body, encoding] = /\bbr\b/.test(accept)
    ? [answer.br, 'br']
    : /\bgzip\b/.test(accept)
      ? [answer.gzip, 'gzip']
      : [answer.bytes, null];
  // A view of the kept bytes, not a copy: a kept answer never changes.
  return { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), encoding };
}
