/**
 * The static baseline of the site section: a bare node:http server holding every file of one
 * built site in memory, each compressed once with brotli (quality 11, like the portal), alone
 * in its own process. It does the least a static file server must: find the file (exact path,
 * then `path/index.html`, then `path.html`), send its type, length, ETag and encoding. No
 * security headers, no CSP, no framework. BENCH_STATIC_DIR names the folder.
 * Prints `BENCH_READY {"url", "files"}`.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { announceReady } from '../lib/child.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.json', '.svg', '.txt', '.xml', '.webmanifest']);

interface File {
  body: Buffer;
  br: Buffer | null;
  type: string;
  etag: string;
}

const root = process.env['BENCH_STATIC_DIR'] ?? '';
const files = new Map<string, File>();
const walk = (dir: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.isFile()) {
      const ext = extname(full).toLowerCase();
      const body = readFileSync(full);
      files.set('/' + relative(root, full).split(sep).join('/'), {
        body,
        br:
          COMPRESSIBLE.has(ext) && body.length > 512
            ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
            : null,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      });
    }
  }
};
walk(root);

const server = createServer((req, res) => {
  const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const file = path.includes('..')
    ? undefined
    : (files.get(path) ?? files.get(`${trimmed}/index.html`) ?? files.get(`${trimmed}.html`));
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  const br = file.br !== null && /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
  const body = br ? file.br! : file.body;
  res.writeHead(200, {
    'Content-Type': file.type,
    'Content-Length': body.length,
    ETag: file.etag,
    Vary: 'Accept-Encoding',
    ...(br && { 'Content-Encoding': 'br' }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  announceReady(
    { url: `http://127.0.0.1:${port}`, files: files.size },
    () => new Promise<void>((r) => server.close(() => r())),
  );
});
