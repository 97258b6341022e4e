import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { mapBounded } from '../lib/http/map-bounded.ts';

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
  // Open data and the charts' downloads (national reports).
  '.csv': 'text/csv; charset=utf-8',
  // The open-data catalogue (DCAT-AP), which harvesters ask for by this type.
  '.jsonld': 'application/ld+json; charset=utf-8',
};

/** Files of at most this many bytes are sent as they are: compressing them saves nothing worth a header. */
export const COMPRESS_MIN_BYTES = 512;

const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
  '.csv',
  '.jsonld',
]);

const ARCHIVE_MAGIC = Buffer.from('APUASITE');

/** Brotli quality of a file's served body, and of the quick first pass (about 30 times faster, a fifth larger). */
const BROTLI_FINAL = 11;
const BROTLI_QUICK = 5;

/**
 * How the live site's files are compressed (SITE_COMPRESSION): `full` (the default) serves brotli
 * at quality 11, `quick` at quality 5 only, never refined: about 30 times less CPU per file for
 * bodies a fifth larger, for machines that build often and serve few visitors (the browser tests).
 */
export type SiteCompression = 'full' | 'quick';
/** A build with more new compressible files than this goes live with quick brotli bodies first. */
export const QUICK_COMPRESS_FROM = 200;

const brotliParams = (quality: number, length: number) => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: length },
});

/**
 * How many files are compressed at once. Each compression holds its encoder's state (megabytes for
 * brotli) until it ends, and the thread pool runs four at a time anyway: started all at once, the
 * 9,000 files of a site with every module's data held 11 GB.
 */
const COMPRESS_AT_ONCE = 4;

/** A file read from a build, before compression: `same` is the previous build's file with the same bytes. */
interface ReadFile {
  urlPath: string;
  ext: string;
  body: Buffer;
  etag: string;
  same: SiteFile | null;
  compress: boolean;
}

async function readSiteFile(root: string, path: string, known: Map<string, SiteFile>): Promise<ReadFile> {
  const urlPath = '/' + relative(root, path).split(sep).join('/');
  const ext = extname(path).toLowerCase();
  const body = await readFile(path);
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const candidate = known.get(`${ext} ${etag}`);
  const same = candidate?.body.equals(body) ? candidate : null;
  return { urlPath, ext, body, etag, same, compress: COMPRESSIBLE.has(ext) && body.length > COMPRESS_MIN_BYTES };
}

/**
 * Compresses a file that changed (brotli at `quality`, gzip at 9) or keeps the bodies of the same file in the previous
 * build.
 */
async function finishSiteFile(
  { urlPath, ext, body, etag, same, compress }: ReadFile,
  quality: number,
  final: number,
): Promise<SiteFile> {
  const [br, gzipped] = same
    ? [same.br, same.gzip]
    : compress
      ? await Promise.all([brotliAsync(body, brotliParams(quality, body.length)), gzipAsync(body, { level: 9 })])
      : [null, null];
  const quick = same ? same.quick === true : compress && quality !== final;
  return {
    body,
    br,
    gzip: gzipped,
    type: TYPES[ext] ?? 'application/octet-stream',
    etag,
    immutable: urlPath.startsWith('/_astro/'),
    scriptHashes: same ? same.scriptHashes : ext === '.html' ? inlineScriptHashes(body.toString('utf8')) : [],
    ...(quick && { quick: true }),
  };
}

/**
 * A build read from its folder and not yet compressed (SiteFiles.finish): the check of whether the live build's
 * search index fits it reads these bodies too, so the 500 MB of a large site are read from disk once.
 */
export class BuildRead {
  readonly root: string;
  readonly #known = new Map<string, SiteFile>();
  readonly #files = new Map<string, ReadFile>();

  private constructor(root: string, previous: SiteFiles | null) {
    this.root = root;
    if (previous)
      for (const [path, file] of previous.entries())
        this.#known.set(`${extname(path).toLowerCase()} ${file.etag}`, file);
  }

  /** Reads every file of the build in `root`; `previous` (the build it replaces) lends unchanged files' bodies. */
  static async read(root: string, previous: SiteFiles | null = null): Promise<BuildRead> {
    const build = new BuildRead(root, previous);
    await build.readFolder(root);
    return build;
  }

  /** Reads (again) the files of a folder of the build, written after it was read (the search index). */
  async readFolder(dir: string): Promise<void> {
    for (const file of await Promise.all((await walk(dir)).map((path) => readSiteFile(this.root, path, this.#known))))
      this.#files.set(file.urlPath, file);
  }

  /** Takes `file` of another build as the file at `urlPath` (written there with the same bytes). */
  adopt(urlPath: string, file: SiteFile): void {
    const ext = extname(urlPath).toLowerCase();
    this.#files.set(urlPath, {
      urlPath,
      ext,
      body: file.body,
      etag: file.etag,
      same: file,
      compress: COMPRESSIBLE.has(ext) && file.body.length > COMPRESS_MIN_BYTES,
    });
  }

  /** The HTML pages read: path and bytes. */
  *pages(): IterableIterator<[string, Buffer]> {
    for (const file of this.#files.values()) if (file.ext === '.html') yield [file.urlPath, file.body];
  }

  /** Every file read. */
  files(): IterableIterator<ReadFile> {
    return this.#files.values();
  }
}

/**
 * One file in an archive's index: path, type, ETag, immutable, script hashes, the lengths of its
 * body, brotli and gzip bodies (-1: none), then whether its brotli body is a quick one (see load).
 */
type ArchiveEntry = [string, string, string, boolean, string[], number, number, number, boolean?];

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
  /** Its brotli body is a quick one, not yet brought to quality 11 (SiteFiles.load, refine). */
  quick?: boolean;
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

  /**
   * Reads a built site. With `previous` (the build it replaces), a file whose bytes did not
   * change keeps its compressed bodies and script hashes: brotli at quality 11 costs about a
   * second of CPU per megabyte, and a publish changes a few pages of a site of a thousand.
   * When more than QUICK_COMPRESS_FROM files are new (a first build, a start-up, a change seen on
   * every page), they get quick brotli bodies so the build goes live in seconds rather than
   * minutes; `refine()` then brings them to quality 11 in the background.
   */
  static async load(
    root: string,
    previous: SiteFiles | null = null,
    compression: SiteCompression = 'full',
  ): Promise<SiteFiles> {
    return SiteFiles.finish(await BuildRead.read(root, previous), compression);
  }

  /** The build read in `build`, its changed files compressed (see load). */
  static async finish(build: BuildRead, compression: SiteCompression = 'full'): Promise<SiteFiles> {
    const read = [...build.files()];
    const fresh = read.filter((file) => file.compress && !file.same).length;
    const final = compression === 'full' ? BROTLI_FINAL : BROTLI_QUICK;
    const quality = fresh > QUICK_COMPRESS_FROM ? BROTLI_QUICK : final;
    const entries = await mapBounded(read, COMPRESS_AT_ONCE, async (file): Promise<[string, SiteFile]> => [
      file.urlPath,
      await finishSiteFile(file, quality, final),
    ]);
    const files = new Map(entries);
    if (!files.has('/index.html')) throw new Error(`${build.root} holds no index.html: not a built site`);
    return new SiteFiles(build.root, files);
  }

  /** How many files still have a quick brotli body (see load). */
  get unrefined(): number {
    let count = 0;
    for (const file of this.#files.values()) if (file.quick) count++;
    return count;
  }

  /**
   * Brings the quick brotli bodies to quality 11, one file at a time on the thread pool, so
   * serving keeps a core; a file's new body replaces the old at once (same bytes once
   * decompressed, same ETag). Stops early when `wanted()` turns false (a newer build went live).
   */
  async refine(wanted: () => boolean = () => true): Promise<number> {
    let done = 0;
    for (const file of this.#files.values()) {
      if (!file.quick) continue;
      if (!wanted()) break;
      file.br = await brotliAsync(file.body, brotliParams(BROTLI_FINAL, file.body.length));
      file.quick = false;
      done++;
    }
    return done;
  }

  /**
   * The whole build as one file, compressed bodies and script hashes included, for instances that
   * load it instead of building it (decision 035): "APUASITE", the index's length (4 bytes), the
   * index as JSON, then every file's bytes in the index's order.
   */
  toArchive(): Buffer {
    const index: ArchiveEntry[] = [];
    const parts: Buffer[] = [];
    for (const [path, file] of this.#files) {
      index.push([
        path,
        file.type,
        file.etag,
        file.immutable,
        file.scriptHashes,
        file.body.length,
        file.br?.length ?? -1,
        file.gzip?.length ?? -1,
        file.quick === true,
      ]);
      parts.push(file.body, ...(file.br ? [file.br] : []), ...(file.gzip ? [file.gzip] : []));
    }
    const head = Buffer.from(JSON.stringify(index));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(head.length);
    return Buffer.concat([ARCHIVE_MAGIC, length, head, ...parts]);
  }

  /** A build read back from toArchive's bytes (its files are views of `bytes`, not copies). */
  static fromArchive(root: string, bytes: Uint8Array): SiteFiles {
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (!data.subarray(0, ARCHIVE_MAGIC.length).equals(ARCHIVE_MAGIC)) throw new Error(`${root} is not a site archive`);
    const headLength = data.readUInt32BE(ARCHIVE_MAGIC.length);
    let at = ARCHIVE_MAGIC.length + 4;
    const index = JSON.parse(data.subarray(at, at + headLength).toString('utf8')) as ArchiveEntry[];
    at += headLength;
    const take = (length: number) => {
      if (length < 0) return null;
      if (at + length > data.length) throw new Error(`${root} is cut short`);
      const part = data.subarray(at, at + length);
      at += length;
      return part;
    };
    const files = new Map<string, SiteFile>();
    for (const [path, type, etag, immutable, scriptHashes, body, br, gzip, quick] of index) {
      files.set(path, {
        body: take(body)!,
        br: take(br),
        gzip: take(gzip),
        type,
        etag,
        immutable,
        scriptHashes,
        ...(quick && { quick: true }),
      });
    }
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

  /** Every file by its URL path. */
  entries(): IterableIterator<[string, SiteFile]> {
    return this.#files.entries();
  }

  readonly #holding = new Map<string, Set<string>>();

  /** The HTML pages whose bytes hold `mark` (found once per build: its pages never change). */
  pagesHolding(mark: Buffer): Set<string> {
    const key = mark.toString('latin1');
    let pages = this.#holding.get(key);
    if (!pages) {
      pages = new Set();
      for (const [path, file] of this.#files) if (path.endsWith('.html') && file.body.includes(mark)) pages.add(path);
      this.#holding.set(key, pages);
    }
    return pages;
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

/** `type` values that make a script run (HTML's JavaScript MIME types, plus `module`). */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * Hashes of the executable inline scripts of a page, for its `script-src`. The page is parsed
 * as a browser parses it (parse5 implements the HTML standard's tokenizer and tree builder), so
 * only real `<script>` elements count: script text inside an attribute (a CMS title in
 * `data-title`), a comment, a `<textarea>` or `<noscript>` is no script and adds no hash, so
 * content cannot widen the page's CSP. Each script is hashed as the browser hashes it: its text
 * after parsing (line breaks normalised to LF). External scripts and data blocks (JSON, import
 * maps) are skipped.
 */
export function inlineScriptHashes(html: string): string[] {
  // No script element without its start tag in the text: most pages are not parsed at all.
  if (!/<script/i.test(html)) return [];
  const hashes = new Set<string>();
  const visit = (node: Node) => {
    if ('tagName' in node) {
      if (node.tagName === 'script' && isExecutableInline(node)) {
        const source = node.childNodes
          .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
          .join('');
        hashes.add(`'sha256-${createHash('sha256').update(source).digest('base64')}'`);
      }
      // A template's scripts run once its content is put in the page.
      if (node.tagName === 'template') visit((node as DefaultTreeAdapterTypes.Template).content);
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return [...hashes];
}

function isExecutableInline(script: Element): boolean {
  if (script.attrs.some((attr) => attr.name === 'src')) return false;
  const type = script.attrs.find((attr) => attr.name === 'type');
  return type === undefined || EXECUTABLE_TYPES.has(type.value.trim().toLowerCase());
}
