/**
 * /sitemap.xml: the public pages search engines should index (their canonical addresses only:
 * not /home, the form's confirmation or the "latest event" alias).
 */
import type { APIRoute } from 'astro';
import { cmsItems } from '../components/cms.ts';
import { groupByEvent } from '../components/media.ts';
import { PROFILE_CATEGORIES } from '../components/programme.ts';

export const STATIC_PATHS = [
  '/',
  '/module',
  '/national-urban-agenda',
  '/asia-pacific-region',
  '/national-reports',
  '/regional-reports',
  '/urbanisation-profile',
  '/urbanisation-profile/view',
  '/best-practices',
  '/best-practices-overview',
  '/media-gallery',
  '/contact-us',
  '/privacy-policy',
];

export const GET: APIRoute = async ({ site }) => {
  const events = groupByEvent(await cmsItems('media')).flatMap((e) => (e.slug ? [`/media-gallery/event/${e.slug}`] : []));
  const paths = [...STATIC_PATHS, ...PROFILE_CATEGORIES.map((c) => `/urbanisation-profile/${c.slug}`), ...events];
  const base = site ?? new URL('http://localhost:4321');
  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, base).href)}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
