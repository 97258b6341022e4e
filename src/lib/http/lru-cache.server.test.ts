import { expect, test } from 'vitest';
import { LruCache } from './lru-cache.server.ts';

test('evicts the least recently used entry; reading an entry makes it recent', () => {
  const cache = new LruCache<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  expect(cache.get('a')).toBe(1);
  cache.set('c', 3);
  expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  expect(cache.size).toBe(2);
});

test('setting an existing key replaces it without growing; clear empties it', () => {
  const cache = new LruCache<string, number>(2);
  cache.set('a', 1);
  cache.set('a', 2);
  expect(cache.size).toBe(1);
  expect(cache.get('a')).toBe(2);
  cache.clear();
  expect(cache.size).toBe(0);
  expect(cache.get('a')).toBeUndefined();
});
