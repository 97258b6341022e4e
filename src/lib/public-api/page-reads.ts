/**
 * What each page of the site build read besides its own props (decision 045): the collections
 * and content translations its components asked for while it rendered. The next build keys the
 * page with the digests of exactly those, so Astro's incremental build copies it only when
 * nothing it showed has changed.
 *
 * Pages render one at a time (astro.config.mjs: build.concurrency 1); the middleware opens a
 * page's record before rendering it and closes it after, and every data accessor of the pages
 * (src/components/page-data.ts, translationsOf) notes what it read into the open record. The
 * records are appended to a log in the build's cache folder; a path rendered again gets a newer
 * line, which wins.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of Astro's cache, as astro.config.mjs names it. */
export function cacheDir(env: Record<string, string | undefined> = process.env): string {
  return env['SITE_CACHE_DIR'] ?? './node_modules/.astro';
}

const LOG = 'page-reads.log';

/** A page's identity in the log: its route pattern and its params (English pages have no `lang`). */
export function pageId(routePattern: string, params: Record<string, string | undefined>): string {
  const entries = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .sort(([a], [b]) => a.localeCompare(b, 'en'));
  return `${routePattern} ${JSON.stringify(entries)}`;
}

let open: { id: string; reads: Set<string> } | null = null;

/** Notes that the page being rendered read `source` (`collection:banners`, `translations:zh`). */
export function noteRead(source: string): void {
  open?.reads.add(source);
}

/** Opens the record of the page about to render; two pages rendering at once is refused. */
export function beginPage(id: string): void {
  if (open) throw new Error(`Page ${id} started rendering while ${open.id} was rendering: the site build must render pages one at a time (build.concurrency 1)`);
  open = { id, reads: new Set() };
}

/** Closes the page's record and appends it to the log (`dir`: the cache folder). */
export function endPage(id: string, dir = cacheDir()): void {
  const record = open;
  open = null;
  if (record?.id !== id) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, LOG), `${id}\t${[...record.reads].sort().join(',')}\n`);
}

/**
 * What each page read when it last rendered (page id → sources), from the log; the log is
 * rewritten with one line per page so that it does not grow with every build.
 */
export function previousReads(dir = cacheDir()): Map<string, readonly string[]> {
  const reads = new Map<string, readonly string[]>();
  let text = '';
  try {
    text = readFileSync(join(dir, LOG), 'utf8');
  } catch {
    return reads;
  }
  for (const line of text.split('\n')) {
    const tab = line.lastIndexOf('\t');
    if (tab < 0) continue;
    const sources = line.slice(tab + 1);
    reads.set(line.slice(0, tab), sources ? sources.split(',') : []);
  }
  writeFileSync(join(dir, LOG), [...reads].map(([id, sources]) => `${id}\t${sources.join(',')}\n`).join(''));
  return reads;
}

/** SHA-256 of the parts, each ended by a NUL. */
export function sha(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/** JSON of props with their Maps and Sets spelt out; a function (what it shows is unknowable) is refused. */
function propsJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (v instanceof Map) return { Map: [...v] };
      if (v instanceof Set) return { Set: [...v] };
      if (typeof v === 'function' || typeof v === 'symbol') throw new Error('A page passed a function in its props: its cache key cannot cover it');
      return v;
    }) ?? 'undefined'
  );
}

/** Props' digests by object: a list every path of a route shares is serialised once per build. */
const propDigests = new WeakMap<object, string>();

/** The digest of one prop of a page (the same object is digested once). */
export function digestOfValue(value: unknown): string {
  if (value === null || typeof value !== 'object') return sha(propsJson(value));
  let digest = propDigests.get(value);
  if (digest === undefined) {
    digest = sha(propsJson(value));
    propDigests.set(value, digest);
  }
  return digest;
}
