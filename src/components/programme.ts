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

export interface ProfileCategory {
  /** The category's URL segment: /urbanisation-profile/{slug}. */
  slug: string;
  title: string;
  summary: string;
  /** The kinds of indicator the category brings together. */
  covers: readonly string[];
  /** The New Urban Agenda commitment it relates to most. */
  agenda: string;
}

export const PROFILE_CATEGORIES: readonly ProfileCategory[] = [
  {
    slug: 'demography',
    title: 'Demography and urbanisation',
    summary:
      'How many people live in towns and cities, how fast that number grows, and how the urban population is changing.',
    covers: [
      'Urban population and its share of the national population',
      'Annual rate of urban population growth',
      'Number and size of cities, from small towns to megacities',
      'Age structure, migration to cities and urban density',
    ],
    agenda: 'Planning and managing urban spatial development',
  },
  {
    slug: 'housing',
    title: 'Housing and land',
    summary: 'Whether people can find a safe, decent and affordable home, and whether they are secure in it.',
    covers: [
      'Share of the urban population living in slums, informal settlements or inadequate housing',
      'Housing affordability: house prices and rents against household income',
      'Security of tenure and access to land',
      'National housing policies and programmes',
    ],
    agenda: 'Social inclusion and ending poverty',
  },
  {
    slug: 'urban-economy',
    title: 'Urban economy',
    summary: 'What cities contribute to national prosperity, and whether their growth brings decent work for all.',
    covers: [
      'Cities’ share of national output and employment',
      'Urban unemployment and informal employment',
      'Urban poverty and inequality',
      'Municipal finance: local revenue and investment',
    ],
    agenda: 'Sustainable and inclusive urban prosperity and opportunities for all',
  },
  {
    slug: 'environment',
    title: 'Environment and resilience',
    summary:
      'The quality of the urban environment and how well cities are prepared for disasters and a changing climate.',
    covers: [
      'Air quality in cities (fine particulate matter)',
      'Green and public open space per resident',
      'People affected by disasters, and local disaster risk reduction strategies',
      'Urban land use efficiency and sprawl',
    ],
    agenda: 'Environmentally sustainable and resilient urban development',
  },
  {
    slug: 'basic-services',
    title: 'Basic services and mobility',
    summary: 'Access to the services a decent urban life depends on, and how people get around.',
    covers: [
      'Safely managed drinking water and sanitation',
      'Municipal solid waste collected and managed in controlled facilities',
      'Access to electricity and clean cooking',
      'Convenient access to public transport',
    ],
    agenda: 'Social inclusion and ending poverty',
  },
  {
    slug: 'governance',
    title: 'Urban governance',
    summary: 'How cities are planned, financed and governed, and how residents take part in decisions.',
    covers: [
      'National urban policy: whether one exists and how it is carried out',
      'Decentralisation: the responsibilities and revenues of local governments',
      'Urban and regional plans that take population growth into account',
      'Participation of civil society in urban planning and management',
    ],
    agenda: 'Building the urban governance structure',
  },
];
