import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { BackofficeRouteName } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { m } from './messages.ts';
import { Sidebar } from './sidebar.tsx';
import { $skipLinks } from './skip-links.ts';
import { $sidebarPinned, toggleSidebar } from './sidebar-store.ts';
import { TopBar } from './top-bar.tsx';

export const MAIN_ID = 'main';

/**
 * The signed-in layout: skip links, sidebar, top bar and the main landmark. "Skip to content" is
 * the first Tab stop of every screen; a screen may add its own right after it (`addSkipLink`).
 */
export function SignedInLayout({
  identity,
  activeItem,
  children,
}: {
  identity: Whoami;
  activeItem: BackofficeRouteName | null;
  children: ReactNode;
}) {
  const pinned = useStore($sidebarPinned);
  const skipLinks = useStore($skipLinks);
  return (
    <div className="min-h-screen bg-slate-50">
      <a href={`#${MAIN_ID}`} className="skip-link">
        {m('layout.skip')}
      </a>
      {skipLinks.map((link) => (
        <a
          key={link.id}
          href={link.href}
          className="skip-link"
          onClick={(event) => {
            event.preventDefault();
            link.go();
          }}
        >
          {link.label}
        </a>
      ))}
      <Sidebar identity={identity} activeItem={activeItem} />
      {pinned && (
        // On narrow screens the open sidebar covers the page: a tap beside it closes it.
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/40 md:hidden" onClick={toggleSidebar} />
      )}
      <div
        className={
          `pl-[60px] transition-[padding] duration-200 ` +
          `motion-reduce:transition-none ${pinned ? 'md:pl-[240px]' : ''}`
        }
      >
        <TopBar identity={identity} />
        <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
