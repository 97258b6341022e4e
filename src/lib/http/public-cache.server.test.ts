import { describe, expect, test } from 'vitest';
import { matchesEtag, PublicCache } from './public-cache.server.ts';

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('PublicCache', () => {
  test('loads once however many ask at the same time, then answers from memory', async () => {
    const cache = new PublicCache();
    let loads = 0;
    const gate = deferred<void>();
    const load = async () => {
      loads++;
      await gate.promise;
      return { n: 1 };
    };
    const all = Promise.all([cache.get('cms:a', load), cache.get('cms:a', load), cache.get('cms:a', load)]);
    gate.resolve();
    const answers = await all;
    expect(loads).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    expect(answers[0]!.body).toBe('{"n":1}');
    await cache.get('cms:a', load);
    expect(loads).toBe(1);
  });

  test('invalidate(domain) forgets that domain only', async () => {
    const cache = new PublicCache();
    let version = 1;
    const load = async () => ({ version });
    await cache.get('cms:a', load);
    await cache.get('reports:a', load);
    version = 2;
    cache.invalidate('cms');
    expect((await cache.get('cms:a', load)).body).toBe('{"version":2}');
    expect((await cache.get('reports:a', load)).body).toBe('{"version":1}');
  });

  test(
    'a load that overlapped an invalidation is answered ' + 'but not kept, and later requests do not join it',
    async () => {
      const cache = new PublicCache();
      const slow = deferred<{ v: string }>();
      const stale = cache.get('cms:list', () => slow.promise);
      cache.invalidate('cms');
      // Asked after the write: a load of its own, not the one that may predate the write.
      const fresh = cache.get('cms:list', async () => ({ v: 'after' }));
      slow.resolve({ v: 'before' });
      expect((await stale).body).toBe('{"v":"before"}');
      expect((await fresh).body).toBe('{"v":"after"}');
      expect((await cache.get('cms:list', async () => ({ v: 'reloaded' }))).body).toBe('{"v":"after"}');
    },
  );

  test('a failed load is not kept', async () => {
    const cache = new PublicCache();
    await expect(cache.get('cms:x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('cms:x', async () => [1])).body).toBe('[1]');
  });

  test('keys must name their domain', async () => {
    const cache = new PublicCache();
    expect(() => cache.get('nodomain', async () => 1)).toThrow(/domain and a colon/);
    expect(() => cache.shared('nodomain', async () => 1)).toThrow(/domain and a colon/);
  });

  test(
    'a shared value is loaded once, kept as the same object ' + 'until its domain changes, and not kept when it fails',
    async () => {
      const cache = new PublicCache();
      let loads = 0;
      const load = async () => ({ figures: new Map([['POP', ++loads]]) });
      const [a, b] = await Promise.all([
        cache.shared('profile:all-values', load),
        cache.shared('profile:all-values', load),
      ]);
      expect(a).toBe(b);
      expect(await cache.shared('profile:all-values', load)).toBe(a);
      cache.invalidate('cms');
      expect(await cache.shared('profile:all-values', load)).toBe(a);
      cache.invalidate('profile');
      const after = await cache.shared('profile:all-values', load);
      expect(after.figures.get('POP')).toBe(2);
      await expect(cache.shared('profile:broken', () => Promise.reject(new Error('db down')))).rejects.toThrow(
        'db down',
      );
      expect(await cache.shared('profile:broken', async () => 'read')).toBe('read');
    },
  );
});

test('matchesEtag: strong, weak, lists and *', () => {
  expect(matchesEtag('"abc"', '"abc"')).toBe(true);
  expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
  expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
  expect(matchesEtag('*', '"abc"')).toBe(true);
  expect(matchesEtag('"abd"', '"abc"')).toBe(false);
  expect(matchesEtag(undefined, '"abc"')).toBe(false);
});
