import { nanoquery } from '@nanostores/query';
import type { z } from 'zod';
import { api, ApiError } from './api.ts';
import { m } from './messages.ts';

/**
 * The one cache of API state (DESIGN.md §5). Keys are API paths with their query string
 * (`user/list?status=0&per_page=1`), so a mutation can invalidate a family by prefix.
 * Errors are not retried behind the user's back: every error state offers "Try again".
 */
export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  dedupeTime: 10_000,
  onErrorRetry: null,
});

let stopped = false;

/** A fetcher that GETs the store's key and checks the answer against `schema`. */
export function fetchWith<S extends z.ZodType>(schema: S) {
  return async (...keyParts: (string | number | true)[]): Promise<z.output<S>> => {
    if (stopped) throw new ApiError(401, m('signedOut'));
    return api.request('GET', keyParts.join(''), { schema });
  };
}

/**
 * Logout: forgets every cached answer so nothing of this user survives, and refuses new
 * fetches (stores still mounted would otherwise refetch what was just forgotten). The page is
 * left right after, so nothing turns fetching back on.
 */
export function clearApiCache(): void {
  stopped = true;
  invalidateKeys(() => true);
}

/** Invalidates every cached key that starts with one of `prefixes`. */
export function invalidatePrefixes(...prefixes: string[]): void {
  invalidateKeys((key) => prefixes.some((prefix) => key.startsWith(prefix)));
}
