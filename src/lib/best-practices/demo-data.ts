import type { NarrativeKey, PracticeStatus } from './schema.ts';

/** One example practice for `npm start` (marked demo: never a real submission). */
export interface DemoPractice {
  title: string;
  country: string;
  city: string;
  lat: number;
  lng: number;
  lead: string;
  orgType: string;
  partners: { name: string; type: string; support: string[] }[];
  start: string;
  end: string | null;
  categories: string[];
  sdg: string[];
  thrusts: string[];
  summary: string;
  narrative: Partial<Record<NarrativeKey, string>>;
  figures: { label: string; value: string; unit: string | null }[];
  status: PracticeStatus;
  featured?: boolean;
  /** Which demo account wrote it: the Philippine focal point, else the administrator. */
  author: 'member' | 'admin';
  /** Picture: palette and scene of the generated cover. */
  palette: [string, string, string];
  scene: 'river' | 'skyline' | 'market' | 'green' | 'coast' | 'transit';
}

const ctx = (text: string) => `${text} (Example content for demonstration.)`;

export const DEMO_PRACTICES: readonly DemoPractice[] = [
  {
    title: 'River esplanade and resettlement in Iloilo City',
    country: 'PH',
    city: 'Iloilo City',
    lat: 10.7202,
    lng: 122.5621,
    lead: 'Iloilo City Government',
    orgType: 'local_government',
    partners: [
      { name: 'National Housing Authority', type: 'national_government', support: ['financial', 'administrative'] },
      { name: 'Iloilo River Development Council', type: 'civil_society', support: ['technical', 'political'] },
    ],
    start: '2012-03-01',
    end: null,
    categories: ['planning-design-public-space', 'housing-slum-upgrading'],
    sdg: ['11.1', '11.7', '6.3'],
    thrusts: ['TC1', 'EI2'],
    summary:
      'Families living on the flood-prone riverbank were resettled within the city, and the bank was rebuilt ' +
      'as a continuous public esplanade with walkways, mangroves and places to sit.',
    narrative: {
      context: ctx(
        'Informal houses lined both banks of the river and were flooded most years; the water was polluted and ' +
          'there was no public access to it.',
      ),
      objectives: 'Give the families safe homes nearby, clean the river and return the banks to the public.',
      implementation:
        'A council of city offices, national agencies and residents planned the work in phases, resettling ' +
        'families before each stretch of bank was rebuilt.',
      results:
        'A continuous esplanade on both banks, used every day for walking and exercise, and fewer ' +
        'flood-related evacuations.',
      lessons: 'Resettling close to jobs and schools made people agree to move.',
    },
    figures: [
      { label: 'Families resettled', value: '1,800', unit: 'households' },
      { label: 'Esplanade built', value: '9', unit: 'km' },
    ],
    status: 'published',
    featured: true,
    author: 'member',
    palette: ['#0e7490', '#a5f3fc', '#166534'],
    scene: 'river',
  },
  {
    title: 'Participatory budgeting for barangay public spaces',
    country: 'PH',
    city: 'Quezon City',
    lat: 14.676,
    lng: 121.0437,
    lead: 'Quezon City Government',
    orgType: 'local_government',
    partners: [{ name: 'Community associations', type: 'community', support: ['political'] }],
    start: '2019-01-15',
    end: null,
    categories: ['governance-participation-legislation', 'planning-design-public-space'],
    sdg: ['11.3', '16.7'],
    thrusts: ['EI1'],
    summary:
      'Residents of each barangay choose and follow the small public-space works paid from a share of the city budget.',
    narrative: {
      context: ctx('Small neighbourhood works were chosen far from the people who used them.'),
      implementation:
        'Assemblies in each barangay rank proposals; the city engineers cost them and report on progress.',
      results: 'Playgrounds, covered courts and footpaths chosen by residents.',
    },
    figures: [{ label: 'Barangays taking part', value: '42', unit: null }],
    status: 'submitted',
    author: 'member',
    palette: ['#7c3aed', '#ddd6fe', '#f59e0b'],
    scene: 'market',
  },
  {
    title: 'Community-led drainage in informal settlements',
    country: 'PH',
    city: 'Davao City',
    lat: 7.1907,
    lng: 125.4553,
    lead: 'Davao City Disaster Risk Reduction Office',
    orgType: 'local_government',
    partners: [],
    start: '2022-06-01',
    end: null,
    categories: ['climate-drr-resilience', 'basic-services'],
    sdg: ['11.5', '6.2'],
    thrusts: ['TC3'],
    summary: 'Residents map blocked drains and clear them with city crews before the rainy season.',
    narrative: { context: ctx('Flash floods in low-lying settlements after heavy rain.') },
    figures: [],
    status: 'changes_requested',
    author: 'member',
    palette: ['#1d4ed8', '#bfdbfe', '#0f766e'],
    scene: 'river',
  },
  {
    title: 'Green corridors along Ha Noi’s ring roads',
    country: 'VN',
    city: 'Ha Noi',
    lat: 21.0278,
    lng: 105.8342,
    lead: 'Ha Noi Department of Construction',
    orgType: 'local_government',
    partners: [{ name: 'Urban greenery company', type: 'private_sector', support: ['technical'] }],
    start: '2017-05-01',
    end: '2023-12-31',
    categories: ['environment-waste', 'planning-design-public-space'],
    sdg: ['11.7', '13.1', '15.1'],
    thrusts: ['TC3', 'EI2'],
    summary:
      'Tree-lined corridors and pocket parks planted along the ring roads cool the streets and connect existing parks.',
    narrative: {
      context: ctx('Dense districts with little green space and hot summers.'),
      implementation: 'Planting in phases along road reserves, with maintenance contracts.',
      results: 'Shaded walking routes linking several parks.',
    },
    figures: [{ label: 'Trees planted', value: '25,000', unit: null }],
    status: 'published',
    author: 'admin',
    palette: ['#15803d', '#bbf7d0', '#0f172a'],
    scene: 'green',
  },
  {
    title: 'Bus rapid transit feeder network',
    country: 'ID',
    city: 'Jakarta',
    lat: -6.2088,
    lng: 106.8456,
    lead: 'Provincial Government of DKI Jakarta',
    orgType: 'local_government',
    partners: [{ name: 'Transport operator cooperative', type: 'private_sector', support: ['administrative'] }],
    start: '2016-01-01',
    end: null,
    categories: ['transport-mobility'],
    sdg: ['11.2', '9.1'],
    thrusts: ['EI2'],
    summary:
      'Minibus operators joined one integrated network with the bus rapid transit system, one fare card and ' +
      'set routes.',
    narrative: {
      context: ctx('Many small operators competed for passengers on overlapping routes.'),
      implementation:
        'Operators were paid per kilometre instead of per passenger, on routes planned with the main network.',
      results: 'More neighbourhoods within walking distance of a stop, and one fare across the network.',
    },
    figures: [{ label: 'Feeder routes', value: '200', unit: null }],
    status: 'published',
    featured: true,
    author: 'admin',
    palette: ['#b91c1c', '#fecaca', '#1e293b'],
    scene: 'transit',
  },
  {
    title: 'Waste banks run by neighbourhood groups',
    country: 'ID',
    city: 'Surabaya',
    lat: -7.2575,
    lng: 112.7521,
    lead: 'Surabaya City Government',
    orgType: 'local_government',
    partners: [{ name: 'Women’s neighbourhood groups', type: 'community', support: ['administrative'] }],
    start: '2010-01-01',
    end: null,
    categories: ['environment-waste', 'local-economy'],
    sdg: ['11.6', '12.5'],
    thrusts: ['TC3'],
    summary: 'Households bring sorted recyclables to neighbourhood waste banks and are credited for them.',
    narrative: {
      context: ctx('Waste reaching the landfill was growing each year.'),
      results: 'Less waste to landfill and a small income for households.',
    },
    figures: [],
    status: 'published',
    author: 'admin',
    palette: ['#a16207', '#fef08a', '#14532d'],
    scene: 'market',
  },
  {
    title: 'Heritage shophouse conservation grants',
    country: 'MY',
    city: 'George Town',
    lat: 5.4141,
    lng: 100.3288,
    lead: 'George Town World Heritage Incorporated',
    orgType: 'local_government',
    partners: [{ name: 'State Government of Penang', type: 'national_government', support: ['financial'] }],
    start: '2011-07-01',
    end: null,
    categories: ['culture-heritage', 'local-economy'],
    sdg: ['11.4'],
    thrusts: ['EI2'],
    summary:
      'Small grants and free technical advice help owners repair historic shophouses with traditional materials.',
    narrative: {
      context: ctx('Historic buildings were decaying or being replaced.'),
      results: 'Repaired shophouses back in use for homes and small businesses.',
    },
    figures: [],
    status: 'published',
    author: 'admin',
    palette: ['#9a3412', '#fed7aa', '#1e3a8a'],
    scene: 'skyline',
  },
  {
    title: 'Flood early warning by text message',
    country: 'BD',
    city: 'Sylhet',
    lat: 24.8949,
    lng: 91.8687,
    lead: 'Sylhet City Corporation',
    orgType: 'local_government',
    partners: [{ name: 'Mobile network operators', type: 'private_sector', support: ['technical'] }],
    start: '2020-04-01',
    end: null,
    categories: ['climate-drr-resilience', 'smart-city-data'],
    sdg: ['11.5', '13.1'],
    thrusts: ['TC3', 'EI3'],
    summary: 'River gauges feed a warning service that sends text messages to residents of low-lying wards.',
    narrative: {
      context: ctx('Sudden river floods with little warning.'),
      results: 'Earlier evacuations in the wards covered.',
    },
    figures: [],
    status: 'submitted',
    author: 'admin',
    palette: ['#0369a1', '#e0f2fe', '#334155'],
    scene: 'coast',
  },
  {
    title: 'Municipal green bonds for cycling lanes',
    country: 'JP',
    city: 'Kyoto',
    lat: 35.0116,
    lng: 135.7681,
    lead: 'Kyoto City',
    orgType: 'local_government',
    partners: [],
    start: '2021-04-01',
    end: null,
    categories: ['municipal-finance', 'transport-mobility'],
    sdg: ['11.2', '13.2'],
    thrusts: ['EI3'],
    summary: 'Proceeds of a municipal green bond pay for protected cycling lanes and bicycle parking.',
    narrative: {},
    figures: [],
    status: 'draft',
    author: 'admin',
    palette: ['#4d7c0f', '#ecfccb', '#1f2937'],
    scene: 'transit',
  },
  {
    title: 'Open data portal for building permits',
    country: 'MN',
    city: 'Ulaanbaatar',
    lat: 47.8864,
    lng: 106.9057,
    lead: 'Ulaanbaatar City Governor’s Office',
    orgType: 'local_government',
    partners: [],
    start: '2018-09-01',
    end: '2022-06-30',
    categories: ['smart-city-data', 'governance-participation-legislation'],
    sdg: ['16.6', '11.3'],
    thrusts: ['EI1', 'EI3'],
    summary: 'Permit applications and decisions are published online so that residents can follow them.',
    narrative: { context: ctx('Applicants could not see where their permits stood.') },
    figures: [],
    status: 'archived',
    author: 'admin',
    palette: ['#334155', '#e2e8f0', '#0ea5e9'],
    scene: 'skyline',
  },
  {
    title: 'Inclusive housing for older people',
    country: 'TH',
    city: 'Bangkok',
    lat: 13.7563,
    lng: 100.5018,
    lead: 'Community Organizations Development Institute',
    orgType: 'national_government',
    partners: [{ name: 'Community savings groups', type: 'community', support: ['financial'] }],
    start: '2015-01-01',
    end: null,
    categories: ['housing-slum-upgrading', 'social-inclusion'],
    sdg: ['11.1', '10.2'],
    thrusts: ['TC1'],
    summary: 'Community savings groups and a national fund rebuild homes with step-free access for older residents.',
    narrative: {
      context: ctx('Ageing residents in crowded, unsafe housing.'),
      results: 'Homes rebuilt with ramps, wider doors and shared spaces.',
    },
    figures: [],
    status: 'published',
    author: 'admin',
    palette: ['#be185d', '#fce7f3', '#065f46'],
    scene: 'skyline',
  },
  {
    title: 'Coastal mangrove belt restoration',
    country: 'FJ',
    city: 'Suva',
    lat: -18.1248,
    lng: 178.4501,
    lead: 'Suva City Council',
    orgType: 'local_government',
    partners: [{ name: 'University of the South Pacific', type: 'academia', support: ['technical'] }],
    start: '2019-02-01',
    end: null,
    categories: ['climate-drr-resilience', 'environment-waste'],
    sdg: ['13.1', '14.2'],
    thrusts: ['TC3'],
    summary: 'Schools and community groups replant mangroves along the city’s shoreline to soften storm surges.',
    narrative: {},
    figures: [],
    status: 'draft',
    author: 'admin',
    palette: ['#047857', '#a7f3d0', '#1e40af'],
    scene: 'coast',
  },
];
