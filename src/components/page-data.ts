/// <reference types="astro/client" />
/**
 * The pages' only way to the build's data (decision 045): the content collections, read through
 * here so that each page's record notes what it read (src/lib/public-api/page-reads.ts), and the
 * cache keys of the pages' paths for Astro's incremental build.
 *
 * A path's key is a digest of: the site's sources (any code, template, catalogue or package
 * change renders every page again), the year (the footer shows it), the path's params and
 * props, and the digests of the collections and translations the page read when it last
 * rendered. Equal keys mean the page would render the same bytes, so Astro copies the previous
 * build's copy; a path never rendered with a record gets a key no build had, so it renders. A
 * page's record also keeps the key it rendered with, which the next build gives it again while
 * nothing it read has changed (keyToGive): its first render is then its only one.
 */
import { randomUUID } from 'node:crypto';
import { getCollection, getEntry, type CollectionKey } from 'astro:content';
import type { Locale } from '../i18n/locales.ts';
import {
  digestOfValue,
  keyToGive,
  noteRead,
  pageId,
  previousReads,
  sha,
  type PageRecord,
} from '../lib/public-api/page-reads.ts';
import { translationsOf } from '../lib/public-api/translations.ts';
import { siteSourceDigest } from '../lib/site/sources.ts';

/** Every entry of a collection (what `getCollection` returns), noted as read by the page rendering. */
export function readCollection<C extends CollectionKey>(collection: C): ReturnType<typeof getCollection<C>> {
  noteRead(`collection:${collection}`);
  return getCollection(collection);
}

/**
 * A value made once per build from `collections` (e.g. the regional picture, costly to compute):
 * every page that asks for it notes those collections as read, as if it had read them itself. A
 * plain module-level memo would note them for the first page only, and the other pages, keyed
 * without them, would be copied stale from the previous build.
 */
export function perBuild<T>(collections: readonly CollectionKey[], make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    for (const collection of collections) noteRead(`collection:${collection}`);
    value ??= make();
    return value;
  };
}

/** One Markdown page of src/content/pages, noted as read by the page rendering. */
export function readPageEntry(id: string) {
  noteRead('collection:pages');
  return getEntry('pages', id);
}

/** A digest per source a page can read, computed once per build. */
const digests = new Map<string, Promise<string>>();

function digestOf(source: string): Promise<string> {
  let digest = digests.get(source);
  if (!digest) {
    const [kind, name] = source.split(':') as [string, string];
    const data =
      kind === 'collection'
        ? getCollection(name as CollectionKey).then((entries) =>
            entries.map((e) => [e.id, e.data]).sort(([a], [b]) => String(a).localeCompare(String(b), 'en')),
          )
        : kind === 'translations'
          ? translationsOf(name as Locale)
          : Promise.reject(new Error(`Unknown source of a page: ${source}`));
    digest = data.then((value) => sha(source, JSON.stringify(value)));
    digests.set(source, digest);
  }
  return digest;
}

let records: Map<string, PageRecord> | null = null;
let sources: string | null = null;
/** What each path was keyed with in this build: the parts of its key before its reads, and its key. */
const pathKeys = new Map<string, { base: readonly string[]; key: string }>();

function readParts(read: readonly string[]): Promise<string[]> {
  return Promise.all(read.map(async (source) => `${source}=${await digestOf(source)}`));
}

/** The key of one path: a key no build had when its page has no record of what it read (it renders). */
async function pathKey(
  routePattern: string,
  params: Record<string, string | undefined>,
  props: Record<string, unknown> | undefined,
): Promise<string> {
  records ??= previousReads();
  sources ??= siteSourceDigest(process.cwd());
  const id = pageId(routePattern, params);
  const propParts = Object.entries(props ?? {})
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([name, value]) => `${name}=${digestOfValue(value)}`);
  const base = [sources, String(new Date().getUTCFullYear()), id, ...propParts];
  const record = records.get(id);
  const key = record
    ? keyToGive(record, sha(...base, '|', ...(await readParts(record.reads))))
    : `unrecorded ${randomUUID()}`;
  pathKeys.set(id, { base, key });
  return key;
}

/**
 * The record of a page that has just rendered, having read `read`: with the key those reads give
 * and the key the page rendered with, so that the next build copies it if nothing it read changes
 * (keyToGive). Without its keys for a page that had none (a route without getStaticPaths renders every build).
 */
export async function renderedRecord(id: string, read: readonly string[]): Promise<PageRecord> {
  const keyed = pathKeys.get(id);
  if (!keyed) return { reads: read };
  return { reads: read, rendered: sha(...keyed.base, '|', ...(await readParts(read))), given: keyed.key };
}

interface StaticPath {
  params: Record<string, string | undefined>;
  props?: Record<string, unknown>;
}

/**
 * A page's getStaticPaths with a cache key on every path. `routePattern` is the page's file under
 * src/pages without its extension (`/[...lang]/national-reports/[year]/[country]`); a test holds
 * every page to it.
 */
export function keyed<P extends StaticPath>(routePattern: string, paths: () => readonly P[] | Promise<readonly P[]>) {
  return async (): Promise<(P & { cacheKey: string })[]> =>
    Promise.all(
      (await paths()).map(async (path) => ({
        ...path,
        cacheKey: await pathKey(routePattern, path.params, path.props),
      })),
    );
}
