import { atom } from 'nanostores';
import { $guard } from './guards.ts';
import { documentTitle, NOT_FOUND_TITLE, ROUTE_META } from './route-meta.ts';

/** Set on navigation: the next main heading to mount takes the focus (then clears it). */
export const $focusHeadingPending = atom(false);

/**
 * What every navigation does besides rendering: the document title names the screen, and,
 * after a route change (not the first load, not a query change), the page scrolls to the top
 * and the focus moves to the new screen's heading so screen readers announce it.
 */
export function startPageEffects(): () => void {
  let lastPath: string | null = null;
  return $guard.subscribe((decision) => {
    if (decision.kind !== 'render' && decision.kind !== 'notFound') return;
    document.title = documentTitle(
      decision.kind === 'render' ? ROUTE_META[decision.page.route].title : NOT_FOUND_TITLE,
    );
    // The router updates its store before it pushes the history entry: read the path after.
    queueMicrotask(() => {
      const path = location.pathname;
      if (lastPath !== null && path !== lastPath) {
        $focusHeadingPending.set(true);
        window.scrollTo(0, 0);
      }
      lastPath = path;
    });
  });
}
