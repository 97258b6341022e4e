/** The programme's identity and the public site's navigation, shared by header and footer. */
import { PROGRAMME_NAME, PROGRAMME_SHORT_NAME } from '../lib/brand/mark.ts';

export const SITE_NAME = PROGRAMME_NAME;
export const SITE_SHORT_NAME = PROGRAMME_SHORT_NAME;

export interface NavLink {
  href: string;
  label: string;
}

export const ABOUT_LINKS: readonly NavLink[] = [
  { href: '/module', label: 'About the programme' },
  { href: '/national-urban-agenda', label: 'National urban agenda' },
  { href: '/asia-pacific-region', label: 'Asia-Pacific region' },
  { href: '/privacy-policy', label: 'Privacy policy' },
];

/** The reporting pages: one menu in the header. */
export const REPORT_LINKS: readonly NavLink[] = [
  { href: '/national-reports', label: 'National reports' },
  { href: '/regional-reports', label: 'Regional reports' },
  { href: '/national-reports/status', label: 'Reporting status' },
  { href: '/open-data', label: 'Open data' },
];

/** The header's links beside its two menus (About, Reports). */
export const HEADER_LINKS: readonly NavLink[] = [
  { href: '/best-practices', label: 'Best practices' },
  { href: '/urbanisation-profile', label: 'Urbanisation profile' },
  { href: '/media-gallery', label: 'Media gallery' },
  { href: '/contact-us', label: 'Contact us' },
];

/** Every section, as the phone menu lists them. */
export const MAIN_LINKS: readonly NavLink[] = [...REPORT_LINKS.slice(0, 2), ...HEADER_LINKS];

/** Every public section, for the footer. */
export const EXPLORE_LINKS: readonly NavLink[] = [
  { href: '/national-reports', label: 'National reports' },
  { href: '/regional-reports', label: 'Regional reports' },
  { href: '/urbanisation-profile', label: 'Urbanisation profile' },
  { href: '/best-practices', label: 'Best practices' },
  { href: '/media-gallery', label: 'Media gallery' },
];

/** Whether `href` is the current page or one of its sub-pages ("/" only matches itself and /home). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (href === '/') return path === '/' || path === '/home';
  return path === href || path.startsWith(`${href}/`);
}
