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

/** Bytes with their compressed bodies, where made (a site file below its size floor has none). */
export interface Encodable {
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/**
 * The body an `Accept-Encoding` asks for, of those there are: brotli, else gzip, else the plain
 * bytes, with its Content-Encoding (null: none). The site's files and the kept answers choose so.
 */
export function acceptedBody(
  acceptEncoding: string | undefined,
  bodies: Encodable,
): { body: Buffer; encoding: string | null } {
  const accept = acceptEncoding ?? '';
  if (bodies.br && /\bbr\b/.test(accept)) return { body: bodies.br, encoding: 'br' };
  if (bodies.gzip && /\bgzip\b/.test(accept)) return { body: bodies.gzip, encoding: 'gzip' };
  return { body: bodies.body, encoding: null };
}

/** The body of `answer` the request accepts, as a view of the kept bytes (a kept answer never changes). */
export function encodedBody(
  c: Context,
  answer: EncodedAnswer,
): { body: Uint8Array<ArrayBuffer>; encoding: string | null } {
  const { body, encoding } = acceptedBody(c.req.header('accept-encoding'), { ...answer, body: answer.bytes });
  return { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), encoding };
}
