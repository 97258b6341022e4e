import type { AppDeps } from '../http/context.server.ts';

/** Public cache domain of the profile: every write invalidates it. */
export const PROFILE_CACHE_DOMAIN = 'profile';

/**
 * After a profile write: the public answers are stale at once, and a change the public site
 * shows (a published theme's text, picture or indicators) queues a rebuild of the site.
 */
export function profileChanged(deps: AppDeps, options: { rebuild: boolean }): void {
  deps.publicCache.invalidate(PROFILE_CACHE_DOMAIN);
  if (options.rebuild) void deps.site.request();
}
