/**
 * Reference data of the urbanisation profile (reporting brief §4): the eight categories after
 * UN-Habitat's Urban Monitoring Framework, their indicators, and the real published figures the
 * brief lists, with their sources and licences. Demo figures live in the demo seed only.
 */

import { percentIndicator, type IndicatorSeed } from './indicator-seed.ts';
import { OPEN_DATA_INDICATOR_SEED } from './open-data-series.ts';

export const WDI = 'World Bank, World Development Indicators';
export const WDI_LICENCE = 'CC BY 4.0';
export const WUP = 'UN DESA, World Urbanization Prospects 2018';
export const WUP_LICENCE = 'CC BY 3.0 IGO';

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  icon: string;
  umfDomain: string;
  body: string;
  keyFacts: { label: string; value: string; unit: string | null; year: number | null; source: string | null }[];
}

export const PROFILE_CATEGORY_SEED: readonly CategorySeed[] = [
  {
    slug: 'demography-urbanisation',
    name: 'Demography and urbanisation',
    description:
      'How many people live in towns and cities, how fast urban populations grow, and the largest cities of ' +
      'the region.',
    icon: 'people',
    umfDomain: 'Society',
    body:
      'Asia and the Pacific is home to more than half of the world’s urban population. The share of people ' +
      'living in urban areas ranges from under a fifth in Sri Lanka and Nepal to the whole population of ' +
      'Singapore.\n\nFigures come from the United Nations *World Urbanization Prospects 2018*, as published in ' +
      'the World Bank’s World Development Indicators.',
    keyFacts: [
      { label: 'Urban population, Japan', value: '91.78', unit: '%', year: 2020, source: `${WUP}, via ${WDI}` },
      { label: 'Urban population, Indonesia', value: '56.64', unit: '%', year: 2020, source: `${WUP}, via ${WDI}` },
      { label: 'Largest city: Tokyo', value: '37,468', unit: 'thousand people', year: 2018, source: WUP },
    ],
  },
  {
    slug: 'housing-slums',
    name: 'Housing and slums',
    description:
      'Adequate housing and secure tenure: the share of urban residents living in slums or informal ' +
      'settlements (SDG 11.1.1, 1.4.2).',
    icon: 'house',
    umfDomain: 'Society',
    body:
      'SDG indicator 11.1.1 measures the proportion of the urban population living in slums, informal ' +
      'settlements or inadequate housing. UN-Habitat is its custodian agency.',
    keyFacts: [
      {
        label: 'Urban population in slums, Myanmar',
        value: '58.3',
        unit: '%',
        year: 2018,
        source: `UN-Habitat, via ${WDI}`,
      },
      {
        label: 'Urban population in slums, Viet Nam',
        value: '5.8',
        unit: '%',
        year: 2018,
        source: `UN-Habitat, via ${WDI}`,
      },
    ],
  },
  {
    slug: 'basic-services',
    name: 'Basic services',
    description:
      'Safe water, sanitation, electricity and public transport in urban areas (SDG 6.1.1, 6.2.1, 7.1.1, 11.2.1).',
    icon: 'tap',
    umfDomain: 'Society',
    body:
      'Urban access to basic services follows the WHO/UNICEF Joint Monitoring Programme for water and ' +
      'sanitation, and SDG 11.2.1 for convenient access to public transport.',
    keyFacts: [],
  },
  {
    slug: 'economy-jobs',
    name: 'Economy and jobs',
    description: 'Productivity, informal work and unemployment (SDG 8.2.1, 8.3.1, 8.5.2).',
    icon: 'briefcase',
    umfDomain: 'Economy',
    body: 'Labour figures follow the International Labour Organization’s definitions.',
    keyFacts: [],
  },
  {
    slug: 'environment-climate',
    name: 'Environment and climate',
    description: 'Land use, waste, air quality and public space (SDG 11.3.1, 11.6.1, 11.6.2, 11.7.1).',
    icon: 'leaf',
    umfDomain: 'Environment',
    body:
      'Environmental indicators of the Urban Monitoring Framework measure how sustainably cities use land and ' +
      'resources.',
    keyFacts: [],
  },
  {
    slug: 'disaster-risk',
    name: 'Disaster risk',
    description: 'Losses from disasters and disaster risk reduction strategies (SDG 11.5.1, 11.5.2, 11.b.1, 11.b.2).',
    icon: 'shield',
    umfDomain: 'Environment',
    body: 'Disaster figures are reported through the Sendai Framework Monitor.',
    keyFacts: [],
  },
  {
    slug: 'culture',
    name: 'Culture',
    description: 'Spending on the preservation of cultural and natural heritage (SDG 11.4.1).',
    icon: 'heritage',
    umfDomain: 'Culture',
    body:
      'SDG 11.4.1 measures total expenditure per capita on the preservation, protection and conservation of all ' +
      'cultural and natural heritage.',
    keyFacts: [],
  },
  {
    slug: 'governance',
    name: 'Governance',
    description: 'National urban policies and participatory planning (SDG 11.a.1, 11.3.2).',
    icon: 'columns',
    umfDomain: 'Governance',
    body: 'National urban policy figures follow OECD and UN-Habitat, *Global State of National Urban Policy 2021*.',
    keyFacts: [],
  },
];

export type { IndicatorSeed } from './indicator-seed.ts';

const pct = percentIndicator(2, null);

const BRIEF_INDICATOR_SEED: readonly IndicatorSeed[] = [
  pct(
    'URB_POP_PCT',
    'demography-urbanisation',
    'Urban population (% of total population)',
    null,
    `${WUP}, via ${WDI}`,
    'SP.URB.TOTL.IN.ZS',
    WDI_LICENCE,
  ),
  {
    ...pct(
      'URB_GROWTH',
      'demography-urbanisation',
      'Urban population growth (annual %)',
      null,
      `${WUP}, via ${WDI}`,
      'SP.URB.GROW',
      WDI_LICENCE,
    ),
    min: -20,
    max: 20,
    expectedMin: -2,
    expectedMax: 8,
  },
  {
    code: 'LARGEST_CITY_POP',
    category: 'demography-urbanisation',
    name: 'Population of the largest urban agglomeration',
    unit: 'thousand people',
    type: 'num',
    decimals: 0,
    min: 0,
    max: 100_000,
    source: WUP,
    sourceSeries: 'WUP2018-F12',
    licence: WUP_LICENCE,
    sdgRef: null,
  },
  pct(
    'SLUM_PCT',
    'housing-slums',
    'Urban population living in slums (% of urban population)',
    '11.1.1',
    `UN-Habitat, via ${WDI}`,
    'EN.POP.SLUM.UR.ZS',
    WDI_LICENCE,
  ),
  pct(
    'TENURE_PCT',
    'housing-slums',
    'Adults with legally recognised documentation of tenure (%)',
    '1.4.2',
    'UN-Habitat and World Bank',
    'SP_LGL_LNDDOC',
    null,
  ),
  pct(
    'WATER_URBAN_PCT',
    'basic-services',
    'Urban population using safely managed drinking water (%)',
    '6.1.1',
    'WHO/UNICEF Joint Monitoring Programme',
    'SH.H2O.SMDW.UR.ZS',
    WDI_LICENCE,
  ),
  pct(
    'SANITATION_URBAN_PCT',
    'basic-services',
    'Urban population using safely managed sanitation (%)',
    '6.2.1',
    'WHO/UNICEF Joint Monitoring Programme',
    'SH.STA.SMSS.UR.ZS',
    WDI_LICENCE,
  ),
  pct(
    'ELECTRICITY_URBAN_PCT',
    'basic-services',
    'Urban population with access to electricity (%)',
    '7.1.1',
    WDI,
    'EG.ELC.ACCS.UR.ZS',
    WDI_LICENCE,
  ),
  pct(
    'TRANSPORT_ACCESS_PCT',
    'basic-services',
    'Population with convenient access to public transport (%)',
    '11.2.1',
    'UN-Habitat',
    'SP_TRN_PUBL',
    null,
  ),
  // ±50 was too narrow: the ILO's own estimates reach 59.2 (Afghanistan, 2002) and 64.8 (Timor-Leste, 2004).
  {
    ...pct(
      'GDP_PER_WORKER_GROWTH',
      'economy-jobs',
      'Growth of real GDP per employed person (annual %)',
      '8.2.1',
      'International Labour Organization',
      'SL_EMP_PCAP',
      null,
    ),
    min: -100,
    max: 200,
  },
  pct(
    'INFORMAL_EMPLOYMENT_PCT',
    'economy-jobs',
    'Informal employment in non-agricultural employment (%)',
    '8.3.1',
    'International Labour Organization',
    'SL_ISV_IFRM',
    null,
  ),
  pct(
    'UNEMPLOYMENT_PCT',
    'economy-jobs',
    'Unemployment rate (%)',
    '8.5.2',
    'International Labour Organization',
    'SL.UEM.TOTL.ZS',
    null,
  ),
  {
    code: 'LAND_CONSUMPTION_RATIO',
    category: 'environment-climate',
    name: 'Ratio of land consumption rate to population growth rate',
    unit: null,
    type: 'num',
    decimals: 2,
    min: -100,
    max: 100,
    source: 'UN-Habitat',
    sourceSeries: 'EN_LND_CNSPOP',
    licence: null,
    sdgRef: '11.3.1',
  },
  pct(
    'WASTE_MANAGED_PCT',
    'environment-climate',
    'Municipal solid waste collected and managed in controlled facilities (%)',
    '11.6.1',
    'UN-Habitat',
    'EN_REF_WASCOL',
    null,
  ),
  {
    code: 'PM25_URBAN',
    category: 'environment-climate',
    name: 'Annual mean fine particulate matter (PM2.5) in urban areas',
    unit: 'µg/m³',
    type: 'num',
    decimals: 1,
    min: 0,
    max: 1000,
    expectedMax: 150,
    source: 'World Health Organization',
    sourceSeries: 'EN_ATM_PM25',
    licence: null,
    sdgRef: '11.6.2',
  },
  pct(
    'OPEN_SPACE_PCT',
    'environment-climate',
    'Share of built-up area that is open space for public use (%)',
    '11.7.1',
    'UN-Habitat',
    'EN_URB_OPENSP',
    null,
  ),
  {
    code: 'DISASTER_AFFECTED',
    category: 'disaster-risk',
    name: 'Deaths, missing and directly affected persons attributed to disasters per 100,000 population',
    unit: 'per 100,000',
    type: 'num',
    decimals: 1,
    min: 0,
    max: 100_000,
    source: 'UNDRR, Sendai Framework Monitor',
    sourceSeries: 'VC_DSR_AFFCT',
    licence: null,
    sdgRef: '11.5.1',
  },
  pct(
    'DISASTER_LOSS_GDP_PCT',
    'disaster-risk',
    'Direct economic loss attributed to disasters (% of GDP)',
    '11.5.2',
    'UNDRR, Sendai Framework Monitor',
    'VC_DSR_GDPLS',
    null,
  ),
  {
    code: 'DRR_STRATEGY_SCORE',
    category: 'disaster-risk',
    name: 'Score of adoption of a national disaster risk reduction strategy (0 to 1)',
    unit: null,
    type: 'num',
    decimals: 2,
    min: 0,
    max: 1,
    source: 'UNDRR, Sendai Framework Monitor',
    sourceSeries: 'SG_DSR_LGRGSR',
    licence: null,
    sdgRef: '11.b.1',
  },
  pct(
    'LOCAL_DRR_PCT',
    'disaster-risk',
    'Local governments with disaster risk reduction strategies (%)',
    '11.b.2',
    'UNDRR, Sendai Framework Monitor',
    'SG_DSR_SILS',
    null,
  ),
  {
    code: 'HERITAGE_SPEND',
    category: 'culture',
    name: 'Expenditure per capita on cultural and natural heritage',
    unit: 'USD PPP',
    type: 'num',
    decimals: 2,
    min: 0,
    max: 100_000,
    source: 'UNESCO Institute for Statistics',
    sourceSeries: 'CC_HERI_TOT',
    licence: null,
    sdgRef: '11.4.1',
  },
  {
    code: 'NUP_STAGE',
    category: 'governance',
    name:
      'National urban policy: stage reached (0 none, 1 feasibility, 2 diagnosis, 3 formulation, 4 ' +
      'implementation, 5 monitoring)',
    unit: null,
    type: 'int',
    decimals: 0,
    min: 0,
    max: 5,
    source: 'OECD and UN-Habitat, Global State of National Urban Policy 2021',
    sourceSeries: null,
    licence: null,
    sdgRef: '11.a.1',
  },
  pct(
    'PARTICIPATORY_PLANNING_PCT',
    'governance',
    'Cities with direct participation of civil society in urban planning (%)',
    '11.3.2',
    'UN-Habitat',
    'EN_URB_CIVPART',
    null,
  ),
];

/** Every indicator of the catalogue: those of reporting brief §4, then those the open data fill. */
export const PROFILE_INDICATOR_SEED: readonly IndicatorSeed[] = [...BRIEF_INDICATOR_SEED, ...OPEN_DATA_INDICATOR_SEED];

export interface FigureSeed {
  indicator: string;
  country: string;
  year: number;
  value: number;
  source: string;
  note?: string;
}

const urban = (country: string, value: number): FigureSeed => ({
  indicator: 'URB_POP_PCT',
  country,
  year: 2020,
  value,
  source: `${WUP}, via ${WDI} (SP.URB.TOTL.IN.ZS), ${WDI_LICENCE}`,
});
const city = (country: string, value: number, name: string): FigureSeed => ({
  indicator: 'LARGEST_CITY_POP',
  country,
  year: 2018,
  value,
  source: `${WUP} (UN_WorldCities_2018), ${WUP_LICENCE}`,
  note: name,
});
const slum = (country: string, value: number): FigureSeed => ({
  indicator: 'SLUM_PCT',
  country,
  year: 2018,
  value,
  source: `UN-Habitat, via ${WDI} (EN.POP.SLUM.UR.ZS), ${WDI_LICENCE}`,
});

/** The real figures of reporting brief §4, published. */
export const PROFILE_FIGURE_SEED: readonly FigureSeed[] = [
  urban('SG', 100),
  urban('JP', 91.78),
  urban('KR', 81.41),
  urban('MY', 77.16),
  urban('MN', 68.66),
  urban('CN', 61.43),
  urban('ID', 56.64),
  urban('TH', 51.43),
  urban('PH', 47.41),
  urban('BD', 38.18),
  urban('VN', 37.34),
  urban('PK', 37.17),
  urban('LA', 36.29),
  urban('IN', 34.93),
  urban('MM', 31.14),
  urban('KH', 24.23),
  urban('NP', 20.58),
  urban('LK', 18.71),
  city('JP', 37468, 'Tokyo'),
  city('CN', 25582, 'Shanghai'),
  city('ID', 10517, 'Jakarta'),
  city('TH', 10156, 'Bangkok'),
  slum('MM', 58.3),
  slum('VN', 5.8),
];

/**
 * Illustrative earlier years of % urban for a few countries (npm start only, marked demo and
 * estimate on the public site): 2010 and 2015, interpolated towards the real 2020 figure.
 */
export const PROFILE_DEMO_SERIES: Readonly<Record<string, readonly [y2010: number, y2015: number]>> = {
  PH: [45.3, 46.3],
  ID: [49.9, 53.3],
  TH: [43.9, 47.7],
  VN: [30.4, 33.8],
  IN: [30.9, 32.8],
};

/** The demo figures as seeded: one per country and year. */
export function demoFigures(): FigureSeed[] {
  return Object.entries(PROFILE_DEMO_SERIES).flatMap(([country, [y2010, y2015]]) =>
    (
      [
        [2010, y2010],
        [2015, y2015],
      ] as const
    ).map(([year, value]) => ({
      indicator: 'URB_POP_PCT',
      country,
      year,
      value,
      source: `Demonstration figure (not official), after ${WDI} (${WDI_LICENCE})`,
      note: 'Demonstration data',
    })),
  );
}
