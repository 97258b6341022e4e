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
 * line, which wins. Each line also keeps the page's key when it rendered (PageRecord).
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
  if (open)
    throw new Error(
      `Page ${id} started rendering while ${open.id} was rendering: the site build must render pages one at a ` +
        `time (build.concurrency 1)`,
    );
  open = { id, reads: new Set() };
}

/**
 * What the log keeps of a page's last render: the sources it read and, for its next build's key,
 * the key those reads give (`rendered`) and the key the page had when it rendered (`given`, what
 * Astro's manifest holds for it). They differ on a page's first render (no record yet: its key was
 * "unrecorded …") and when a page starts reading a new source.
 */
export interface PageRecord {
  reads: readonly string[];
  rendered?: string;
  given?: string;
}

/** Closes the page's record and gives what it read (sorted); null if `id` was not the page rendering. */
export function endPage(id: string): readonly string[] | null {
  const record = open;
  open = null;
  if (record?.id !== id) return null;
  return [...record.reads].sort();
}

/** Appends a page's record to the log (`dir`: the cache folder). */
export function recordPage(id: string, record: PageRecord, dir = cacheDir()): void {
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, LOG), line(id, record));
}

function line(id: string, record: PageRecord): string {
  const keys = record.rendered && record.given ? `\t${record.rendered}\t${record.given}` : '';
  return `${id}\t${record.reads.join(',')}${keys}\n`;
}

/**
 * Each page's last record (page id → record), from the log; the log is rewritten with one line
 * per page so that it does not grow with every build. (A page id is JSON: it holds no tab.)
 */
export function previousReads(dir = cacheDir()): Map<string, PageRecord> {
  const records = new Map<string, PageRecord>();
  let text = '';
  try {
    text = readFileSync(join(dir, LOG), 'utf8');
  } catch {
    return records;
  }
  for (const entry of text.split('\n')) {
    const [id, sources, rendered, given] = entry.split('\t');
    if (id === undefined || sources === undefined) continue;
    records.set(id, { reads: sources ? sources.split(',') : [], ...(rendered && given ? { rendered, given } : {}) });
  }
  writeFileSync(join(dir, LOG), [...records].map(([id, record]) => line(id, record)).join(''));
  return records;
}

/**
 * The key to give a page whose reads now give `computed`: the key it had when it last rendered if
 * nothing it read has changed since (Astro's manifest holds that key, so the page is copied), else
 * `computed` (a key the manifest does not hold, so the page renders). Without this a page rendered
 * for the first time, keyed "unrecorded …", would render again in the next build for nothing.
 */
export function keyToGive(record: PageRecord, computed: string): string {
  return record.rendered === computed && record.given ? record.given : computed;
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
      if (typeof v === 'function' || typeof v === 'symbol')
        throw new Error('A page passed a function in its props: its cache key cannot cover it');
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
