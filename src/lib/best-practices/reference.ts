/**
 * Reference data of best practices. The categories are seeded into `best_practice_categories`
 * (administrators may rename them); the NUA thrusts are the Quito Implementation Plan's
 * headings (reporting brief §1). The list below is only the seed: the API serves the table.
 */
export const CATEGORY_SEED = [
  { slug: 'housing-slum-upgrading', name: 'Housing and slum upgrading' },
  { slug: 'basic-services', name: 'Basic services' },
  { slug: 'transport-mobility', name: 'Transport and mobility' },
  { slug: 'planning-design-public-space', name: 'Planning, design and public space' },
  { slug: 'climate-drr-resilience', name: 'Climate, disaster risk reduction and resilience' },
  { slug: 'environment-waste', name: 'Environment and waste' },
  { slug: 'local-economy', name: 'Local economy' },
  { slug: 'governance-participation-legislation', name: 'Governance, participation and legislation' },
  { slug: 'municipal-finance', name: 'Municipal finance' },
  { slug: 'smart-city-data', name: 'Smart city and data' },
  { slug: 'culture-heritage', name: 'Culture and heritage' },
  { slug: 'social-inclusion', name: 'Social inclusion' },
] as const;

/** The New Urban Agenda's thrusts (codes as in the reporting brief). */
export const NUA_THRUSTS = [
  { code: 'TC1', name: 'Sustainable urban development for social inclusion and ending poverty' },
  { code: 'TC2', name: 'Sustainable and inclusive urban prosperity and opportunities for all' },
  { code: 'TC3', name: 'Environmentally sustainable and resilient urban development' },
  { code: 'EI1', name: 'Building the urban governance structure: establishing a supportive framework' },
  { code: 'EI2', name: 'Planning and managing urban spatial development' },
  { code: 'EI3', name: 'Means of implementation' },
  { code: 'FR', name: 'Follow-up and review' },
] as const;
export const NUA_THRUST_CODES = NUA_THRUSTS.map((t) => t.code) as [string, ...string[]];

/** The 17 Sustainable Development Goals, for labels and the public facet. */
export const SDG_GOALS = [
  'No poverty',
  'Zero hunger',
  'Good health and well-being',
  'Quality education',
  'Gender equality',
  'Clean water and sanitation',
  'Affordable and clean energy',
  'Decent work and economic growth',
  'Industry, innovation and infrastructure',
  'Reduced inequalities',
  'Sustainable cities and communities',
  'Responsible consumption and production',
  'Climate action',
  'Life below water',
  'Life on land',
  'Peace, justice and strong institutions',
  'Partnerships for the goals',
] as const;

/** An SDG target code such as `11.1` or `11.b`: goal 1–17, then a number or a letter. */
export const SDG_TARGET_PATTERN = /^(?:[1-9]|1[0-7])\.(?:[1-9]|1[0-9]|[a-d])$/;

/** The goal number of a target code (`11.b` → 11). */
export const sdgGoalOf = (target: string): number => Number(target.split('.')[0]);
