import { useStore } from '@nanostores/react';
import { useMemo, type FocusEvent } from 'react';
import { sidebarFor, type BackofficeRouteName } from '../../../lib/access/permissions.ts';
import type { Whoami } from '../../../lib/identity/schema.ts';
import { pathTo } from '../router.ts';
import { BrandMark } from '../ui/brand-mark.tsx';
import { Icon, type IconName } from '../ui/icons.tsx';
import { m } from './messages.ts';
import {
  $sidebarExpanded,
  closeSidebar,
  foldAfterNavigation,
  setSidebarFocused,
  setSidebarHovered,
  wakeSidebar,
  SIDEBAR_COLLAPSED_PX,
  SIDEBAR_OPEN_PX,
} from './sidebar-store.ts';

export const SIDEBAR_ID = 'sidebar';

const ICONS: Partial<Record<BackofficeRouteName, IconName>> = {
  dashboard: 'dashboard',
  nationalReports: 'report',
  profileOverview: 'layers',
  profileAnalytics: 'chart',
  bestPractices: 'star',
  users: 'users',
  acl: 'shield',
  contactMessages: 'mail',
  countries: 'globe',
  sentMail: 'send',
  cmsBanner: 'image',
  cmsVideo: 'video',
  cmsPartner: 'partners',
};

/** The menu's words in the page's language, by route (src/lib's sidebarFor names them in English). */
const LABELS: Partial<Record<BackofficeRouteName, string>> = {
  dashboard: m('sidebar.dashboard'),
  nationalReports: m('sidebar.nationalReports'),
  profileOverview: m('sidebar.profileOverview'),
  profileAnalytics: m('sidebar.profileAnalytics'),
  bestPractices: m('sidebar.bestPractices'),
  users: m('sidebar.users'),
  acl: m('sidebar.acl'),
  contactMessages: m('sidebar.contactMessages'),
  countries: m('sidebar.countries'),
  sentMail: m('sidebar.sentMail'),
  cmsBanner: m('sidebar.cmsBanner'),
  cmsVideo: m('sidebar.cmsVideo'),
  cmsPartner: m('sidebar.cmsPartner'),
};
const SECTIONS: Record<string, string> = {
  Modules: m('sidebar.modules'),
  Administration: m('sidebar.administration'),
  CMS: m('sidebar.cms'),
};

/** A menu item's name in the page's language (also for the dashboard's list of modules). */
export const menuItemLabel = (item: { route: BackofficeRouteName; label: string }): string =>
  LABELS[item.route] ?? item.label;
/** A menu section's name in the page's language. */
export const menuSectionLabel = (label: string): string => SECTIONS[label] ?? label;

/**
 * The sidebar of spec §2: 240px open, 60px collapsed. Open with labels on wide screens unless
 * collapsed with the top bar's toggle (remembered); collapsed, it opens while hovered or while
 * the keyboard focus is inside. Labels wrap rather than being cut off. Collapsed,
 * the labels stay in the accessibility tree (visually hidden) so every link keeps its name.
 */
export function Sidebar({ identity, activeItem }: { identity: Whoami; activeItem: BackofficeRouteName | null }) {
  const expanded = useStore($sidebarExpanded);
  const sections = useMemo(() => sidebarFor(identity), [identity]);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setSidebarFocused(false);
  };

  return (
    // A plain box, not a landmark: the nav inside is the landmark. Hover and focus only widen
    // it (a convenience); the links and the top bar's toggle button are the controls.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      id={SIDEBAR_ID}
      data-expanded={expanded}
      onMouseEnter={() => setSidebarHovered(true)}
      onMouseLeave={() => setSidebarHovered(false)}
      onFocus={(event) => setSidebarFocused(true, !event.currentTarget.contains(event.relatedTarget as Node | null))}
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === 'Escape') closeSidebar();
        else if (event.key === 'Tab') wakeSidebar();
      }}
      style={{ width: expanded ? SIDEBAR_OPEN_PX : SIDEBAR_COLLAPSED_PX }}
      className={
        'fixed inset-y-0 left-0 z-40 flex flex-col overflow-hidden bg-brand-900 text-white transition-[width] ' +
        'duration-200 motion-reduce:transition-none ' +
        (expanded ? 'shadow-xl' : '')
      }
    >
      {/* The focus ring drawn inside the link: the sidebar's overflow would cut one drawn outside. */}
      <a
        href="/"
        className={
          'flex h-16 shrink-0 items-center gap-3 border-b border-brand-800 px-[12px] text-white ' +
          'focus-visible:-outline-offset-4'
        }
      >
        <BrandMark className="size-9 shrink-0 rounded-[10px] ring-1 ring-brand-700" />
        <span className={expanded ? 'text-[0.9375rem] font-semibold leading-tight' : 'sr-only'}>
          Asia-Pacific <span className="block">Urban Agenda</span>
          <span className="sr-only">{m('sidebar.publicSite')}</span>
        </span>
      </a>
      <nav aria-label={m('sidebar.mainMenu')} className="flex-1 overflow-y-auto overflow-x-hidden pb-4">
        {sections.map((section, index) => {
          const headingId = `sidebar-section-${index}`;
          return (
            <div key={section.label ?? 'main'} className="pt-3">
              {section.label && (
                <h2
                  id={headingId}
                  className={
                    expanded ? 'px-5 pb-1 text-xs font-semibold uppercase tracking-wide text-brand-200' : 'sr-only'
                  }
                >
                  {menuSectionLabel(section.label)}
                </h2>
              )}
              {section.label && !expanded && <hr aria-hidden="true" className="mx-3 mb-2 border-brand-700" />}
              <ul aria-labelledby={section.label ? headingId : undefined}>
                {section.items.map((item) => {
                  const active = item.route === activeItem;
                  return (
                    <li key={item.route}>
                      <a
                        href={pathTo(item.route)}
                        aria-current={active ? 'page' : undefined}
                        onClick={foldAfterNavigation}
                        className={
                          'mx-2 flex min-h-11 items-center gap-3 rounded-md border-l-4 px-2 py-1.5 text-sm ' +
                          'leading-tight ' +
                          (active
                            ? 'border-accent-500 bg-brand-700 font-semibold text-white'
                            : 'border-transparent text-brand-50 hover:bg-brand-800 hover:text-white')
                        }
                      >
                        <Icon name={ICONS[item.route] ?? 'dashboard'} className="size-5 shrink-0" />
                        <span className={expanded ? 'min-w-0' : 'sr-only'}>{menuItemLabel(item)}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </nav>
    </div>
  );
}
