/**
 * The programme's parts as the public site presents them: its modules, and the themes of the
 * urbanisation profile. Plain typed lists: the pages, the home page and the sitemap read them.
 */

export interface ProgrammeModule {
  id: string;
  title: string;
  /** Its public section. */
  href: string;
  summary: string;
  /** Who produces it and how it reaches the portal. */
  how: string;
}

export const MODULES: readonly ProgrammeModule[] = [
  {
    id: 'national-reports',
    title: 'National reports',
    href: '/national-reports',
    summary:
      'Each country’s report on how it is implementing the New Urban Agenda: policies, laws, plans, programmes ' +
      'and indicators, organised by the Agenda’s themes.',
    how:
      'Prepared by the country’s national focal points in the portal’s questionnaire, reviewed within the ' +
      'country, then submitted and published here.',
  },
  {
    id: 'regional-reports',
    title: 'Regional reports',
    href: '/regional-reports',
    summary:
      'Syntheses of the national reports that show where the region stands, where progress is shared and where ' +
      'support is most needed.',
    how: 'Prepared by the programme after each reporting round, from the published national reports.',
  },
  {
    id: 'urbanisation-profile',
    title: 'Urbanisation profile',
    href: '/urbanisation-profile',
    summary:
      'A small set of comparable indicators for every country — population, housing, services, the urban ' +
      'economy, the environment and governance.',
    how:
      'Compiled from national statistics and the national reports, and checked with each country before ' +
      'publication.',
  },
  {
    id: 'best-practices',
    title: 'Best practices',
    href: '/best-practices',
    summary:
      'Policies, plans and projects from the region’s towns and cities that worked, described so that others ' +
      'can adapt them.',
    how: 'Submitted by governments and partners, and reviewed by the programme before publication.',
  },
  {
    id: 'media-gallery',
    title: 'Media gallery',
    href: '/media-gallery',
    summary: 'Photos and videos from the programme’s workshops, forums and field visits.',
    how: 'Published by the programme’s team after each event.',
  },
];
