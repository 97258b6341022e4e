import { useStore } from '@nanostores/react';
import { isAdminLevel } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { roleLabel } from '../ui/format.ts';
import { Icon } from '../ui/icons.tsx';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { PublishIndicator } from '../publishing/publish-indicator.tsx';
import { countryName } from '../../i18n/countries.ts';
import { AccountMenu } from './account-menu.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { m } from './messages.ts';
import { InactiveUsersBadge } from './inactive-users.tsx';
import { SIDEBAR_ID } from './sidebar.tsx';
import { $sidebarExpanded, SIDEBAR_TOGGLE_ID, toggleSidebar } from './sidebar-store.ts';

/**
 * The top bar of spec §2: welcome and role, the public site's publishing state and the
 * inactive-users badge (admin-level), the notifications bell, country flag, email chip.
 */
export function TopBar({ identity }: { identity: Whoami }) {
  const expanded = useStore($sidebarExpanded);
  const role = identity.roles[0] ? roleLabel(identity.roles[0]) : m('topBar.noRole');
  return (
    // Its height (4rem) is the page's scroll padding at the top (backoffice.css): focus never hides under it.
    <header
      data-top-bar
      className={
        'sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur ' +
        'sm:gap-3 sm:px-6'
      }
    >
      <button
        id={SIDEBAR_TOGGLE_ID}
        type="button"
        onClick={toggleSidebar}
        aria-expanded={expanded}
        aria-controls={SIDEBAR_ID}
        aria-label={m('topBar.toggleSidebar')}
        className={
          'inline-flex size-10 shrink-0 items-center justify-center ' + 'rounded-md text-slate-700 hover:bg-slate-100'
        }
      >
        <Icon name="menu" className="size-6" />
      </button>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900 sm:text-base">
          {/* Phones keep the name whole rather than "Welcome, Sir…". */}
          <span className="max-sm:sr-only">{m('topBar.welcome')}</span>
          {identity.name ?? identity.email}
        </p>
        <p className="truncate text-xs text-slate-600">{role}</p>
      </div>
      {isAdminLevel(identity) && <PublishIndicator />}
      {isAdminLevel(identity) && <InactiveUsersBadge />}
      <LanguageMenu />
      <NotificationBell />
      {identity.country && (
        <img
          src={identity.country.flag}
          alt={m('topBar.flagOf', { country: countryName(identity.country.code, identity.country.name) })}
          width={28}
          height={20}
          className="hidden h-5 w-7 max-w-none shrink-0 rounded-sm object-cover ring-1 ring-slate-200 sm:block"
        />
      )}
      <AccountMenu identity={identity} />
    </header>
  );
}
