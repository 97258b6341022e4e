import { useStore } from '@nanostores/react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Translate } from '../../i18n/messages.ts';
import { $focusHeadingPending } from '../page-effects.ts';
import { unreadIntro } from './format.ts';
import { ui } from './styles.ts';

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

/** A link under the screen's heading to the screen that goes with this one. */
export function HeadingLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="-mt-2 mb-4 text-sm">
      <a href={href} className={ui.link}>
        {children}
      </a>
    </p>
  );
}

/**
 * The h1 of an inbox (contact messages, notifications): its module's `title`, and an introduction that counts what
 * is unread (`intro` until the count is known, then `introAllRead` or `introUnread`).
 */
export function InboxHeading({
  unread,
  m,
}: {
  unread: number | undefined;
  m: Translate<'title' | 'intro' | 'introAllRead' | 'introUnread'>;
}) {
  return (
    <PageHeading
      description={unreadIntro(unread, {
        intro: m('intro'),
        allRead: m('introAllRead'),
        unread: (count) => m('introUnread', { count }),
      })}
    >
      {m('title')}
    </PageHeading>
  );
}
