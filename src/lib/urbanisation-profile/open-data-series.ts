import { percentIndicator, type IndicatorSeed } from './indicator-seed.ts';

/**
 * How the curated open data (data/, issue 18) enter the profile: the indicators the series back
 * that reporting brief §4 did not list, and which indicator each series fills (decision 029).
 * Two sources of one indicator stay two indicators (slums from WDI and from the SDG database);
 * so do the two parts of 11.5.1 and national against urban PM2.5.
 */

const CC_BY = 'CC BY 4.0';
const VIA_SG = 'via Gapminder Systema Globalis';
const VIA_SDG = 'via UN Statistics Division, Global SDG Indicators Database';

const pct = percentIndicator(1, CC_BY);

/** Indicators that exist only because an open series fills them. */
export const OPEN_DATA_INDICATOR_SEED: readonly IndicatorSeed[] = [
  {
    code: 'URB_POP',
    category: 'demography-urbanisation',
    name: 'Urban population',
    unit: 'people',
    type: 'num',
    decimals: 0,
    min: 0,
    max: 5e9,
    source: `UN DESA, World Urbanization Prospects, via World Bank WDI, ${VIA_SG}`,
    sourceSeries: 'SP.URB.TOTL',
    licence: CC_BY,
    sdgRef: null,
  },
  pct(
    'AGGLOMERATION_1M_PCT',
    'demography-urbanisation',
    'Population in urban agglomerations of more than 1 million (% of total population)',
    null,
    `UN DESA, World Urbanization Prospects, via World Bank WDI, ${VIA_SG}`,
    'EN.URB.MCTY.TL.ZS',
  ),
  pct(
    'SLUM_PCT_SDG',
    'housing-slums',
    'Urban population living in slums, as in the UN SDG database (% of urban population)',
    '11.1.1',
    `UN-Habitat, ${VIA_SDG}`,
    'EN_LND_SLUM',
  ),
  pct(
    'CLEAN_COOKING_URBAN_PCT',
    'housing-slums',
    'Urban population with access to clean fuels and technologies for cooking (%)',
    '7.1.2',
    'WHO, Global Household Energy Database, via World Bank WDI, via open-numbers',
    'EG.CFT.ACCS.UR.ZS',
  ),
  pct(
    'BASIC_WATER_URBAN_PCT',
    'basic-services',
    'Urban population using at least basic drinking water services (%)',
    null,
    `WHO/UNICEF Joint Monitoring Programme, via World Bank WDI, ${VIA_SG}`,
    'SH.H2O.BASW.UR.ZS',
  ),
  pct(
    'BASIC_SANITATION_URBAN_PCT',
    'basic-services',
    'Urban population using at least basic sanitation services (%)',
    null,
    `WHO/UNICEF Joint Monitoring Programme, via World Bank WDI, ${VIA_SG}`,
    'SH.STA.BASS.UR.ZS',
  ),
  pct(
    'TRANSPORT_ACCESS_CITIES_PCT',
    'basic-services',
    'Convenient access to public transport: median of the cities measured (% of city population)',
    '11.2.1',
    'UN-Habitat via the UN SDG Data Portal, compiled by 360info',
    'SP_TRN_PUBL',
  ),
  {
    ...pct(
      'GDP_PER_CAPITA_GROWTH',
      'economy-jobs',
      'Growth of real GDP per capita (annual %)',
      '8.1.1',
      `World Bank WDI, ${VIA_SG}`,
      'NY.GDP.PCAP.KD.ZG',
    ),
    min: -100,
    max: 200,
  },
  pct(
    'EMPLOYMENT_RATIO_PCT',
    'economy-jobs',
    'Employment-to-population ratio, people aged 15 and over (%)',
    null,
    `International Labour Organization, ILOSTAT, ${VIA_SG}`,
    'aged_15plus_employment_rate_percent',
  ),
  {
    code: 'CO2_TERRITORIAL',
    category: 'environment-climate',
    name: 'Carbon dioxide emissions within the country',
    unit: 'Mt CO₂ a year',
    type: 'num',
    decimals: 1,
    min: 0,
    max: 100_000,
    source: 'Global Carbon Project, Global Carbon Budget 2020, via open-numbers',
    sourceSeries: 'territorial_emissions',
    licence: CC_BY,
    sdgRef: null,
  },
  {
    code: 'PM25_NATIONAL',
    category: 'environment-climate',
    name: 'Annual mean fine particulate matter (PM2.5), whole country',
    unit: 'µg/m³',
    type: 'num',
    decimals: 1,
    min: 0,
    max: 1000,
    source: 'World Bank WDI, via open-numbers',
    sourceSeries: 'EN.ATM.PM25.MC.M3',
    licence: CC_BY,
    sdgRef: null,
  },
  pct(
    'WASTE_COLLECTED_CITIES_PCT',
    'environment-climate',
    'Municipal solid waste collected: median of the cities measured (%)',
    '11.6.1',
    `UN-Habitat, ${VIA_SDG}`,
    'EN_REF_WASCOL',
  ),
  {
    code: 'DISASTER_DEATHS_100K',
    category: 'disaster-risk',
    name: 'Deaths and missing persons attributed to disasters per 100,000 population',
    unit: 'per 100,000',
    type: 'num',
    decimals: 2,
    min: 0,
    max: 100_000,
    source: `UNDRR, Sendai Framework Monitor, ${VIA_SDG}`,
    sourceSeries: 'VC_DSR_MTMP',
    licence: CC_BY,
    sdgRef: '11.5.1',
  },
  {
    code: 'DISASTER_AFFECTED_100K',
    category: 'disaster-risk',
    name: 'Persons directly affected by disasters per 100,000 population',
    unit: 'per 100,000',
    type: 'num',
    decimals: 1,
    min: 0,
    max: 1_000_000,
    source: `UNDRR, Sendai Framework Monitor, ${VIA_SDG}`,
    sourceSeries: 'VC_DSR_DAFF',
    licence: CC_BY,
    sdgRef: '11.5.1',
  },
  {
    code: 'DISASTER_LOSS_USD',
    category: 'disaster-risk',
    name: 'Direct economic loss attributed to disasters (current US dollars)',
    unit: 'US dollars',
    type: 'num',
    decimals: 0,
    min: 0,
    max: 1e13,
    source: `UNDRR, Sendai Framework Monitor, ${VIA_SDG}`,
    sourceSeries: 'VC_DSR_GDPLS',
    licence: CC_BY,
    sdgRef: '11.5.2',
  },
];

/**
 * The indicator each curated series fills, by its manifest `series_id`. `cities`: the file has one
 * row per city; the figure is the median of the country's cities of that year, and its note names
 * them. A series missing here is not imported (city-population: the largest city stands for it).
 */
export const OPEN_DATA_SERIES: Readonly<Record<string, { indicator: string; cities?: true }>> = {
  'urban-population-pct': { indicator: 'URB_POP_PCT' },
  'urban-population-growth': { indicator: 'URB_GROWTH' },
  'urban-population': { indicator: 'URB_POP' },
  'population-in-agglomerations-over-1m-pct': { indicator: 'AGGLOMERATION_1M_PCT' },
  'largest-city-population': { indicator: 'LARGEST_CITY_POP' },
  'slum-population-pct-wdi': { indicator: 'SLUM_PCT' },
  'slum-population-pct-sdg': { indicator: 'SLUM_PCT_SDG' },
  'clean-cooking-urban-pct': { indicator: 'CLEAN_COOKING_URBAN_PCT' },
  'basic-water-urban-pct': { indicator: 'BASIC_WATER_URBAN_PCT' },
  'basic-sanitation-urban-pct': { indicator: 'BASIC_SANITATION_URBAN_PCT' },
  'electricity-access-urban-pct': { indicator: 'ELECTRICITY_URBAN_PCT' },
  'public-transport-access-pct': { indicator: 'TRANSPORT_ACCESS_CITIES_PCT', cities: true },
  'gdp-per-capita-growth': { indicator: 'GDP_PER_CAPITA_GROWTH' },
  'unemployment-rate-15plus': { indicator: 'UNEMPLOYMENT_PCT' },
  'gdp-per-employed-growth': { indicator: 'GDP_PER_WORKER_GROWTH' },
  'employment-to-population-15plus': { indicator: 'EMPLOYMENT_RATIO_PCT' },
  'co2-territorial': { indicator: 'CO2_TERRITORIAL' },
  'pm25-national-wdi': { indicator: 'PM25_NATIONAL' },
  'pm25-urban-sdg': { indicator: 'PM25_URBAN' },
  'municipal-waste-collection-city-pct': { indicator: 'WASTE_COLLECTED_CITIES_PCT', cities: true },
  'disaster-deaths-missing-per-100k': { indicator: 'DISASTER_DEATHS_100K' },
  'disaster-affected-per-100k': { indicator: 'DISASTER_AFFECTED_100K' },
  'disaster-economic-loss-usd': { indicator: 'DISASTER_LOSS_USD' },
  'drr-strategy-score': { indicator: 'DRR_STRATEGY_SCORE' },
};

/** The series curated but not imported, and why (shown by `npm run data:import`). */
export const OPEN_DATA_SERIES_SKIPPED: Readonly<Record<string, string>> = {
  'city-population': 'one row per city: the profile takes the largest city (largest-city-population)',
};
