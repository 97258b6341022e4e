import type { Db } from '../db/client.server.ts';
import { LruCache } from '../http/lru-cache.server.ts';
import { filterUserListIndex, loadUserListIndex, type UserListIndex } from './list-index.server.ts';
import { countInactiveUsers, findUsersByIds } from './queries.server.ts';
import type { UserListItem, UserListQuery, UserListResponse } from './schema.ts';

/** At most this many list items are kept in memory (about 1.3 KB each); past it they start over. */
const MAX_ITEMS = 250_000;

/** Items loaded per query while warming: small enough that a chunk never holds other requests up long. */
const WARM_CHUNK = 500;

const NO_ITEMS: ReadonlyMap<number, UserListItem> = new Map();

/**
 * What the user list keeps in memory (decision 008): per search, the order of the matching users
 * (list-index.server.ts); per search and filters, the matching ids; each user's list item, the
 * shape user/show answers; and the inactive counts. A page is then a slice of ids and their
 * items, with no database call once they are loaded.
 *
 * Every write to users, roles, permissions or countries clears it, through
 * AccessCaches.invalidate (src/lib/deps.server.ts). A value computed while it was cleared may
 * predate the write: each read takes `generation` first and keeps what it computed only if that
 * is still current.
 */
export class UserListCache {
  /** The list's order per search ('' for none). */
  readonly indexes = new LruCache<string, UserListIndex>(32);
  /** The matching ids per search, scope, status and country. */
  readonly ids = new LruCache<string, Int32Array>(1_000);
  /** The list items by user id. */
  readonly items = new Map<number, UserListItem>();
  /** Users awaiting activation, per scope ('' for all countries). */
  readonly inactiveCounts = new LruCache<string, number>(1_000);
  /** Loads of `indexes` under way, per generation and search: concurrent misses share one. */
  readonly #loads = new Map<string, Promise<UserListIndex>>();
  /** The generation whose items are being loaded in the background, if any. */
  #warming: number | null = null;
  #generation = 0;

  /** Changes on every clear(). */
  get generation(): number {
    return this.#generation;
  }

  clear(): void {
    this.#generation++;
    this.indexes.clear();
    this.ids.clear();
    this.items.clear();
    this.inactiveCounts.clear();
    this.#warming = null;
  }

  /** One page of the user list in the manager's scope (`scopeCountry`, null for every country). */
  async list(db: Db, query: UserListQuery, scopeCountry: string | null): Promise<UserListResponse> {
    const generation = this.#generation;
    const ids = await this.#matchingIds(db, generation, query, scopeCountry);
    const start = (query.page - 1) * query.per_page;
    const data = await this.itemsOf(db, generation, [...ids.subarray(start, start + query.per_page)]);
    return { data, per_page: query.per_page, page: query.page, total: ids.length };
  }

  /** How many users in the scope await activation. */
  async inactiveCount(db: Db, scopeCountry: string | null): Promise<number> {
    const key = scopeCountry ?? '';
    const cached = this.inactiveCounts.get(key);
    if (cached !== undefined) return cached;
    const generation = this.#generation;
    const total = await countInactiveUsers(db, scopeCountry);
    if (generation === this.#generation) this.inactiveCounts.set(key, total);
    return total;
  }

  /** The list items of `ids` in their order, from memory where it has them. */
  async itemsOf(db: Db, generation: number, ids: readonly number[]): Promise<UserListItem[]> {
    // The kept items are taken before the query: a write meanwhile clears them, and an item must
    // not drop out of the page for that.
    const kept = new Map<number, UserListItem>();
    const missing: number[] = [];
    for (const id of ids) {
      const item = this.items.get(id);
      if (item === undefined) missing.push(id);
      else kept.set(id, item);
    }
    const loaded = missing.length > 0 ? await findUsersByIds(db, missing) : NO_ITEMS;
    this.#keepItems(generation, loaded);
    return ids.flatMap((id) => {
      const item = kept.get(id) ?? loaded.get(id);
      return item === undefined ? [] : [item];
    });
  }

  /** The ids a list query matches, newest first: per search its order, then per filters a slice. */
  async #matchingIds(
    db: Db,
    generation: number,
    query: UserListQuery,
    scopeCountry: string | null,
  ): Promise<Int32Array> {
    const q = query.q || undefined;
    const filterKey = JSON.stringify([q ?? '', scopeCountry, query.status ?? null, query.country_code ?? null]);
    const cachedIds = this.ids.get(filterKey);
    if (cachedIds) return cachedIds;
    let index = this.indexes.get(q ?? '');
    if (!index) {
      // Requests that miss together share one load (a burst after a write costs one query).
      const loadKey = `${generation}:${q ?? ''}`;
      let load = this.#loads.get(loadKey);
      if (!load) {
        load = loadUserListIndex(db, q).finally(() => this.#loads.delete(loadKey));
        this.#loads.set(loadKey, load);
      }
      index = await load;
      if (generation === this.#generation) {
        this.indexes.set(q ?? '', index);
        // The whole list's order is known: its items follow in the background.
        if (q === undefined) this.#warm(db, generation, index.ids);
      }
    }
    const ids = filterUserListIndex(index, query, scopeCountry);
    if (generation === this.#generation) this.ids.set(filterKey, ids);
    return ids;
  }

  /** Adds loaded items unless the cache was cleared since `generation` was read. */
  #keepItems(generation: number, items: ReadonlyMap<number, UserListItem>): void {
    if (generation !== this.#generation || items.size === 0) return;
    // A bound on memory: far more users than any programme has.
    if (this.items.size + items.size > MAX_ITEMS) this.items.clear();
    for (const [id, item] of items) this.items.set(id, item);
  }

  /**
   * Loads the items of every listed user in the background, a chunk at a time with other
   * requests served in between, so that any page is answered from memory afterwards. Stops when
   * the cache is cleared (the next load of the list starts it again).
   */
  #warm(db: Db, generation: number, ids: Int32Array): void {
    if (this.#warming === generation) return;
    this.#warming = generation;
    void (async () => {
      for (let start = 0; start < ids.length && this.#generation === generation; start += WARM_CHUNK) {
        const chunk = [...ids.subarray(start, start + WARM_CHUNK)].filter((id) => !this.items.has(id));
        if (chunk.length > 0) this.#keepItems(generation, await findUsersByIds(db, chunk));
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().catch((error: unknown) => {
      // Only a cache: the list still answers from the database page by page.
      console.warn(`Warming the user list items stopped: ${(error as Error).message}`);
    });
  }
}
