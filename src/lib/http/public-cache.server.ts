import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { LruCache } from './lru-cache.server.ts';

/**
 * What the API's language middleware (src/lib/i18n/request-language.server.ts) leaves in the
 * request's context under `BODY_LANGUAGE` when the request asks for another language than English.
 */
export interface BodyLanguage {
  locale: string;
  localise(body: unknown): unknown;
}
export const BODY_LANGUAGE = 'bodyLanguage';

/** A cached answer: the JSON text as sent and its entity tag. */
export interface CachedAnswer {
  body: string;
  etag: string;
}

/**
 * Answers of public endpoints that read the database (no sign-in: anyone may flood them), kept
 * in memory until a write of their domain invalidates them, and sent with an ETag so a client
 * that has the answer gets a 304.
 *
 * How a module uses it (see src/lib/cms/public-routes.server.ts):
 * - every key starts with the module's domain and a colon, e.g. `cms:list:banner`;
 * - the public route answers `deps.publicCache.json(c, key, () => query(...))` (through
 *   `publicAnswer` of src/lib/deps.server.ts), where the loader returns the response body (an
 *   object, serialised once per fill);
 * - every write of the domain calls `deps.publicCache.invalidate('cms')` after it is committed
 *   (before its response), whatever it changed: one rule, nothing to forget.
 *
 * Concurrent misses of one key share one load. A load that overlapped an invalidation of its
 * domain is answered but not kept (it may predate the write), and requests arriving after the
 * invalidation do not join it. Correct for the one-process server (DESIGN.md §2), like the
 * other in-memory caches (decision 002).
 */
export class PublicCache {
  readonly #entries: LruCache<string, CachedAnswer>;
  readonly #loads = new Map<string, { generation: number; promise: Promise<CachedAnswer> }>();
  readonly #generations = new Map<string, number>();
  readonly #shared = new Map<string, Promise<unknown>>();

  constructor(maxEntries = 2_000) {
    this.#entries = new LruCache(maxEntries);
  }

  /** Lookups answered from memory and those that had to load (for the server's metrics). */
  get counts(): { hits: number; misses: number } {
    return { hits: this.#entries.hits, misses: this.#entries.misses };
  }

  /** The answer under `key`, loaded (once, however many ask at the same time) when not cached. */
  get(key: string, load: () => Promise<unknown>): Promise<CachedAnswer> {
    const cached = this.#entries.get(key);
    if (cached) return Promise.resolve(cached);
    const domain = domainOf(key);
    const generation = this.#generation(domain);
    const pending = this.#loads.get(key);
    if (pending && pending.generation === generation) return pending.promise;
    const promise = load()
      .then(jsonAnswer)
      .then((answer) => {
        if (this.#generation(domain) === generation) this.#entries.set(key, answer);
        return answer;
      })
      .finally(() => {
        if (this.#loads.get(key)?.promise === promise) this.#loads.delete(key);
      });
    this.#loads.set(key, { generation, promise });
    return promise;
  }

  /**
   * A JSON response of the answer under `key`: 304 when the client's If-None-Match names it. A
   * request in another language than English (the API's language middleware says which, see
   * `BODY_LANGUAGE`) has its own entry, with the body's `message` translated once per fill.
   */
  async json(c: Context, key: string, load: () => Promise<unknown>): Promise<Response> {
    const language = c.get(BODY_LANGUAGE) as BodyLanguage | undefined;
    const answer = language
      ? await this.get(`${key}@${language.locale}`, async () => language.localise(await load()))
      : await this.get(key, load);
    return sendJsonAnswer(c, answer);
  }

  /**
   * A value several answers of a domain are drawn from (every country's profile reads all the
   * published figures), loaded once and kept as it is (not serialised) until a write of its
   * domain invalidates it. A load that fails is not kept. Keys follow the answers' rule.
   */
  shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    domainOf(key);
    const held = this.#shared.get(key) as Promise<T> | undefined;
    if (held) return held;
    const promise = load();
    this.#shared.set(key, promise);
    promise.catch(() => {
      if (this.#shared.get(key) === promise) this.#shared.delete(key);
    });
    return promise;
  }

  /** Forgets every answer and shared value of `domain` (the part of the key before the first colon). */
  invalidate(domain: string): void {
    this.#generations.set(domain, this.#generation(domain) + 1);
    const prefix = `${domain}:`;
    this.#entries.deleteWhere((key) => key.startsWith(prefix));
    for (const key of this.#loads.keys()) if (key.startsWith(prefix)) this.#loads.delete(key);
    for (const key of this.#shared.keys()) if (key.startsWith(prefix)) this.#shared.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  #generation(domain: string): number {
    return this.#generations.get(domain) ?? 0;
  }
}

/** The JSON text of `value` and its entity tag. */
function jsonAnswer(value: unknown): CachedAnswer {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

function sendJsonAnswer(c: Context, answer: CachedAnswer): Response {
  // no-cache: clients and proxies may keep it but must ask again; the ETag makes that cheap.
  const headers = { ETag: answer.etag, 'Cache-Control': 'no-cache' };
  if (matchesEtag(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
  return c.body(answer.body, 200, { ...headers, 'Content-Type': 'application/json' });
}

/**
 * A public JSON answer that is not kept (read anew each time), sent as the cache sends its
 * answers: with an ETag (304 on If-None-Match) and no-cache, its `message` in the request's language.
 */
export function etaggedJson(c: Context, value: unknown): Response {
  const language = c.get(BODY_LANGUAGE) as BodyLanguage | undefined;
  return sendJsonAnswer(c, jsonAnswer(language ? language.localise(value) : value));
}

function domainOf(key: string): string {
  const colon = key.indexOf(':');
  if (colon <= 0)
    throw new Error(`A public cache key starts with its domain and a colon, e.g. "cms:list": got "${key}"`);
  return key.slice(0, colon);
}

/** Whether an If-None-Match header names `etag` (weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}
