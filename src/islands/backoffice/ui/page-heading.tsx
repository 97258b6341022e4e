import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { $focusHeadingPending } from '../page-effects.ts';

export const MAIN_HEADING_ID = 'main-heading';

/** The screen's h1; after a navigation it takes the focus so the new screen is announced. */
export function PageHeading({ children, description }: { children: ReactNode; description?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const pending = useStore($focusHeadingPending);
  useEffect(() => {
    if (pending && ref.current) {
      ref.current.focus({ preventScroll: true });
      $focusHeadingPending.set(false);
    }
  }, [pending]);
  return (
    <div className="mb-6">
      <h1
        id={MAIN_HEADING_ID}
        ref={ref}
        tabIndex={-1}
        dir="auto"
        className="text-2xl font-semibold text-slate-900 outline-none focus-visible:outline-3"
      >
        {children}
      </h1>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
    </div>
  );
}
