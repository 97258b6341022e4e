import { useEffect, useState } from 'react';
import { guardPopState, islandLinkClicked, navigate } from '../router.ts';

const here = () => location.pathname + location.search + location.hash;

/**
 * Asks before unsaved changes are left behind. While `dirty`: links to other screens of the
 * island and the browser's back/forward wait for the person's answer (`pending`); reloads,
 * closing the tab and links out of the island get the browser's own question.
 */
export function useLeaveGuard(dirty: boolean) {
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    // The form's address; a navigation (even the one after a first save) mounts the form anew.
    const current = here();

    // Capture phase: runs before the router's own click handler, which skips prevented clicks.
    const onClick = (event: MouseEvent) => {
      const link = islandLinkClicked(event);
      if (!link) return;
      const to = link.pathname + link.search + link.hash;
      if (to === current) return;
      event.preventDefault();
      setPending(to);
    };

    // Back and forward have already changed the URL: keep the router from following (this runs
    // before its listener, see guardPopState), put this form's address back, and ask.
    const onPopState = (event: PopStateEvent) => {
      event.stopImmediatePropagation();
      const to = here();
      history.pushState(null, '', current);
      setPending(to);
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };

    document.addEventListener('click', onClick, true);
    const releasePopState = guardPopState(onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      releasePopState();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);

  return {
    pending,
    stay: () => setPending(null),
    /** Leaves for the address asked for, changes and all. */
    leave: (beforeLeaving: () => void) => {
      const to = pending;
      setPending(null);
      beforeLeaving();
      if (to) navigate(to);
    },
  };
}
