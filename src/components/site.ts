/** The programme's identity and the public site's navigation, shared by header and footer. */
import type { MessageKey } from '../i18n/t.ts';
import { PROGRAMME_NAME, PROGRAMME_SHORT_NAME } from '../lib/brand/mark.ts';

export const SITE_NAME = PROGRAMME_NAME;
export const SITE_SHORT_NAME = PROGRAMME_SHORT_NAME;

export interface NavLink {
  href: string;
  label: string;
}

/** A link of the site's navigation: its English path and the message that names it (decision 038). */
export interface SiteLink {
  href: string;
  key: MessageKey;
}

export const ABOUT_LINKS: readonly SiteLink[] = [
  { href: '/module', key: 'nav.module' },
  { href: '/national-urban-agenda', key: 'nav.nationalUrbanAgenda' },
  { href: '/asia-pacific-region', key: 'nav.region' },
  { href: '/privacy-policy', key: 'nav.privacy' },
];

/** The reporting pages: one menu in the header. */
export const REPORT_LINKS: readonly SiteLink[] = [
  { href: '/national-reports', key: 'nav.nationalReports' },
  { href: '/regional-reports', key: 'nav.regionalReports' },
  { href: '/national-reports/status', key: 'nav.reportingStatus' },
  { href: '/open-data', key: 'nav.openData' },
];

/** The header's links beside its two menus (About, Reports). */
export const HEADER_LINKS: readonly SiteLink[] = [
  { href: '/best-practices', key: 'nav.bestPractices' },
  { href: '/urbanisation-profile', key: 'nav.profile' },
  { href: '/media-gallery', key: 'nav.media' },
  { href: '/contact-us', key: 'nav.contact' },
];

/** Every section, as the phone menu lists them. */
export const MAIN_LINKS: readonly SiteLink[] = [...REPORT_LINKS.slice(0, 2), ...HEADER_LINKS];

/** Every public section, for the footer. */
export const EXPLORE_LINKS: readonly SiteLink[] = [
  { href: '/national-reports', key: 'nav.nationalReports' },
  { href: '/regional-reports', key: 'nav.regionalReports' },
  { href: '/urbanisation-profile', key: 'nav.profile' },
  { href: '/best-practices', key: 'nav.bestPractices' },
  { href: '/media-gallery', key: 'nav.media' },
  // The public API's reference, for those who take the figures into their own systems (issue 36).
  { href: '/developers', key: 'nav.developers' },
];

/** Whether `href` is the current page or one of its sub-pages ("/" only matches itself and /home). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (href === '/') return path === '/' || path === '/home';
  return path === href || path.startsWith(`${href}/`);
}
