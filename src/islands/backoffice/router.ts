import { createRouter, getPagePath, type Page } from '@nanostores/router';
import { onMount } from 'nanostores';
import { BACKOFFICE_ROUTES, type BackofficeRouteName } from '../../lib/access/permissions.ts';

type RoutePaths = { [K in BackofficeRouteName]: (typeof BACKOFFICE_ROUTES)[K]['path'] } & {
  profileCompletion: '/profile/completion';
  myProfile: '/profile';
};

const ROUTE_PATHS = {
  ...Object.fromEntries(Object.entries(BACKOFFICE_ROUTES).map(([name, route]) => [name, route.path])),
  profileCompletion: '/profile/completion',
  myProfile: '/profile',
} as RoutePaths;

export type AppRoute = keyof RoutePaths;
export type AppPage = Page<RoutePaths, AppRoute>;

/**
 * The island's router: every route of the permission module plus profile completion.
 * Link interception is ours (below), because the router's own would also swallow links to
 * the separate static pages (/, /login, the error pages).
 */
export const $router = createRouter(ROUTE_PATHS, { links: false });

/** Paths the server answers with the shell page; mirrors isBackofficePath in src/server/backoffice-paths.ts. */
export function isIslandPath(pathname: string): boolean {
  return (
    /^\/(dashboard|admin|content-management)(\/|$)/.test(pathname) ||
    /^\/module\/.+/.test(pathname) ||
    /^\/profile(\/completion)?\/?$/.test(pathname)
  );
}

/** Goes to a path of the island without reloading; `replace` keeps it out of the history. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  $router.open(path, options.replace);
}

export function pathTo<R extends AppRoute>(
  route: R,
  params: Record<string, string | number> = {},
  search?: Record<string, string | number>,
): string {
  // getPagePath's overloads need the literal route name; the generic form is checked by tests.
  return (getPagePath as (...args: unknown[]) => string)($router, route, params, search);
}

/**
 * The same-origin link to an island path that a plain left-click (no modifier, not prevented)
 * followed, or null: the clicks the router, and a form guarding unsaved changes, take over.
 */
export function islandLinkClicked(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  if (link.origin !== location.origin || !isIslandPath(link.pathname)) return null;
  return link;
}

/** Sends plain left-clicks on same-origin links to island paths through the router. */
function interceptIslandLinks(): () => void {
  const onClick = (event: MouseEvent) => {
    const link = islandLinkClicked(event);
    if (!link) return;
    // In-page anchors (the skip link) are the browser's business.
    if (link.hash && link.pathname === location.pathname && link.search === location.search) return;
    event.preventDefault();
    navigate(link.pathname + link.search + link.hash);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}

if (typeof document !== 'undefined') onMount($router, interceptIslandLinks);

let popStateGuard: ((event: PopStateEvent) => void) | null = null;

/**
 * Lets a screen see back/forward before the router follows them, to keep unsaved changes
 * (`event.stopImmediatePropagation()` keeps the router where it is). Chromium calls a window's
 * listeners in the order they were added, capture or not, so ours is added first, below,
 * before anything mounts the router. Returns the release.
 */
export function guardPopState(guard: (event: PopStateEvent) => void): () => void {
  popStateGuard = guard;
  return () => {
    if (popStateGuard === guard) popStateGuard = null;
  };
}

if (typeof window !== 'undefined') window.addEventListener('popstate', (event) => popStateGuard?.(event));

/** The current location as `next` for the login page: path and query. */
export function currentPathForNext(): string {
  return typeof location === 'undefined' ? '/dashboard' : location.pathname + location.search;
}
