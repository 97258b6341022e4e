/**
 * /sitemap.xml: the public pages search engines should index (their canonical addresses only:
 * not /home, the form's confirmation or the "latest event" alias), each page in every language it
 * exists in (decision 038).
 */
import type { APIRoute } from 'astro';
import { cmsItems } from '../components/cms.ts';
import { groupByEvent } from '../components/media.ts';
import { countryProfiles, profileCategories, profilePaths } from '../components/profile/data.ts';
import { nationalReportPaths } from '../components/national/sitemap.ts';
import { laterPages, practiceLibrary, practicePaths } from '../components/practices/data.ts';
import { isTranslated, LOCALES, localisedPath } from '../i18n/locales.ts';

export const STATIC_PATHS = [
  '/',
  '/module',
  '/national-urban-agenda',
  '/asia-pacific-region',
  '/national-reports',
  '/regional-reports',
  '/national-reports/status',
  '/open-data',
  '/developers',
  '/urbanisation-profile',
  '/urbanisation-profile/view',
  '/urbanisation-profile/progress',
  '/urbanisation-profile/progress/method',
  '/urbanisation-profile/coverage',
  '/best-practices',
  '/best-practices-overview',
  '/media-gallery',
  '/contact-us',
  '/privacy-policy',
];

export const GET: APIRoute = async ({ site }) => {
  const events = groupByEvent(await cmsItems('media')).flatMap((e) =>
    e.slug ? [`/media-gallery/event/${e.slug}`] : [],
  );
  const library = await practiceLibrary();
  const practices = [
    ...laterPages(library.cards.length).map((n) => practicePaths.page(practicePaths.library, n)),
    ...library.lists.flatMap((l) =>
      [1, ...laterPages(l.uuids.length)].map((n) => practicePaths.page(practicePaths.facet(l.facet, l.value), n)),
    ),
    ...library.cards.map((c) => practicePaths.view(c.uuid)),
  ];
  const profiles = [
    ...(await profileCategories()).flatMap((c) => [
      profilePaths.category(c.slug),
      ...c.indicators.filter((i) => i.values.length > 0).map((i) => profilePaths.indicator(c.slug, i.code)),
    ]),
    ...(await countryProfiles()).map((p) => profilePaths.country(p.country_code)),
  ];
  const english = [...STATIC_PATHS, ...practices, ...profiles, ...events, ...(await nationalReportPaths())];
  const paths = english.flatMap((path) => (isTranslated(path) ? LOCALES.map((l) => localisedPath(l, path)) : [path]));
  const base = site ?? new URL('http://localhost:4321');
  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, base).href)}</loc></url>`).join('\n');
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ` +
    `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
