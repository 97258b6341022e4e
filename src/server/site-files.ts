import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

// Compression runs on libuv's thread pool: a new build must not stall requests on the main thread.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.map']);

export interface SiteFile {
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  type: string;
  etag: string;
  /** Hashed build assets never change under the same name: cache them for a year. */
  immutable: boolean;
  /** sha256 sources of the inline scripts of an HTML page, for its Content-Security-Policy. */
  scriptHashes: string[];
}

/**
 * One built site held in memory: every file read once, compressed once, its inline scripts
 * hashed once. A new build is a new SiteFiles; swapping the reference is atomic, and requests
 * that hold the old one finish with it.
 */
export class SiteFiles {
  readonly root: string;
  readonly #files: Map<string, SiteFile>;

  private constructor(root: string, files: Map<string, SiteFile>) {
    this.root = root;
    this.#files = files;
  }

  static async load(root: string): Promise<SiteFiles> {
    const entries = await Promise.all(
      (await walk(root)).map(async (path): Promise<[string, SiteFile]> => {
        const urlPath = '/' + relative(root, path).split(sep).join('/');
        const ext = extname(path).toLowerCase();
        const body = await readFile(path);
        const compress = COMPRESSIBLE.has(ext) && body.length > 512;
        const [br, gzipped] = compress
          ? await Promise.all([
              brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
              gzipAsync(body, { level: 9 }),
            ])
          : [null, null];
        return [
          urlPath,
          {
            body,
            br,
            gzip: gzipped,
            type: TYPES[ext] ?? 'application/octet-stream',
            etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
            immutable: urlPath.startsWith('/_astro/'),
            scriptHashes: ext === '.html' ? inlineScriptHashes(body.toString('utf8')) : [],
          },
        ];
      }),
    );
    const files = new Map(entries);
    if (!files.has('/index.html')) throw new Error(`${root} holds no index.html: not a built site`);
    return new SiteFiles(root, files);
  }

  /** The file for a URL path: exact, then `path/index.html`, then `path.html`. */
  resolve(pathname: string): SiteFile | undefined {
    let path: string;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (path.includes('\0') || path.split('/').includes('..')) return undefined;
    const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
    return this.#files.get(path) ?? this.#files.get(`${trimmed}/index.html`) ?? this.#files.get(`${trimmed}.html`);
  }

  get(path: string): SiteFile | undefined {
    return this.#files.get(path);
  }

  get size(): number {
    return this.#files.size;
  }
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.isFile() || (entry.isSymbolicLink() && (await stat(full)).isFile())) out.push(full);
  }
  return out;
}

/** Hashes of the executable inline scripts of a page (JSON and other data blocks do not run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '').digest('base64')}'`);
  }
  return [...hashes];
}
