/**
 * A small least-recently-used map. The server runs as one process that owns the database
 * (DESIGN.md §2), so caches of derived data stay correct when every write clears them.
 */
export class LruCache<K, V> {
  readonly #max: number;
  readonly #entries = new Map<K, V>();
  /** Lookups that found a value and that did not (for the server's metrics). */
  hits = 0;
  misses = 0;

  constructor(max: number) {
    this.#max = max;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value as K;
      this.#entries.delete(oldest);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Deletes every entry whose key `drop` accepts. */
  deleteWhere(drop: (key: K) => boolean): void {
    for (const key of this.#entries.keys()) if (drop(key)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
