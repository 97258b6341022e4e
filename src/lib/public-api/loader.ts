import type { Loader } from 'astro/loaders';
import type { z } from 'zod';
import { fetchPublic } from './client.ts';

/**
 * A content-collection loader for one list of the public API (`{ data: [...] }` bodies).
 * It reloads on every build, so the site always shows what the API holds now; an empty list
 * gives an empty collection, while an unreachable API fails the build (see fetchPublic).
 */
export function apiListLoader<S extends z.ZodType<{ data: readonly object[] }>>(options: {
  /** Path under /api/, e.g. `public/cms/banner`. */
  path: string;
  response: S;
  /** The entry's id within its collection. */
  idOf: (item: z.output<S>['data'][number]) => string;
}): Loader {
  return {
    name: `portal-api:${options.path}`,
    load: async ({ store, parseData, generateDigest, logger }) => {
      const body = await fetchPublic(options.path, options.response);
      store.clear();
      for (const item of body.data) {
        const id = options.idOf(item);
        const data = await parseData({ id, data: { ...item } as Record<string, unknown> });
        store.set({ id, data, digest: generateDigest(data) });
      }
      logger.info(`${body.data.length} item(s) from /api/${options.path}`);
    },
  };
}
