/**
 * `node scripts/data-refresh.ts`: the curated open data under data/ (issue 18, item 1).
 *
 * Refresh: reads the upstream files from repository snapshots and writes one small CSV per
 * series (`iso3,iso2,year,value,note`, the 58 countries of src/lib/db/countries-data.ts only,
 * years 2000 onward), data/manifest.json and data/COVERAGE.md. The same inputs give the same
 * bytes; a file's `taken` date is kept while its commit and checksum stay the same.
 *
 *   node scripts/data-refresh.ts \
 *     --snapshot sg=<git dir> --snapshot sdg=<git dir> --snapshot gcb=<git dir> \
 *     --snapshot megacities=<git dir> --snapshot transport=<git dir> \
 *     --files wdi=<folder holding datapoints/…csv> --commit wdi=<commit the files were taken at> \
 *     [--commit <key>=<sha>] [--taken YYYY-MM-DD] [--data data]
 *
 * A git snapshot is read at `--commit key=…` when given, else at its HEAD. See data/README.md.
 *
 * Check: `node scripts/data-refresh.ts --check [--data data]` verifies every file against the
 * manifest (sha256, rows, countries, years, header, codes, sort order) and exits 1 on a problem.
 * `checkData` does the same for the test (src/lib/urbanisation-profile/open-data-manifest.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { ManifestEntry as PublishedManifestEntry } from '../src/components/open-data/files.ts';
import { REGION_COUNTRIES } from '../src/lib/db/countries-data.ts';

// ---------------------------------------------------------------------------------------------
// Countries

/** ISO 3166-1 alpha-3 of each country of countries-data.ts (which holds alpha-2 and numeric). */
const ISO3_BY_ISO2: Readonly<Record<string, string>> = {
  AF: 'AFG',
  AM: 'ARM',
  AU: 'AUS',
  AZ: 'AZE',
  BD: 'BGD',
  BT: 'BTN',
  BN: 'BRN',
  KH: 'KHM',
  CN: 'CHN',
  KP: 'PRK',
  FJ: 'FJI',
  GE: 'GEO',
  IN: 'IND',
  ID: 'IDN',
  IR: 'IRN',
  JP: 'JPN',
  KZ: 'KAZ',
  KI: 'KIR',
  KG: 'KGZ',
  LA: 'LAO',
  MY: 'MYS',
  MV: 'MDV',
  MH: 'MHL',
  FM: 'FSM',
  MN: 'MNG',
  MM: 'MMR',
  NR: 'NRU',
  NP: 'NPL',
  NZ: 'NZL',
  PK: 'PAK',
  PW: 'PLW',
  PG: 'PNG',
  PH: 'PHL',
  KR: 'KOR',
  RU: 'RUS',
  WS: 'WSM',
  SG: 'SGP',
  SB: 'SLB',
  LK: 'LKA',
  TJ: 'TJK',
  TH: 'THA',
  TL: 'TLS',
  TO: 'TON',
  TR: 'TUR',
  TM: 'TKM',
  TV: 'TUV',
  UZ: 'UZB',
  VU: 'VUT',
  VN: 'VNM',
  AS: 'ASM',
  CK: 'COK',
  PF: 'PYF',
  GU: 'GUM',
  HK: 'HKG',
  MO: 'MAC',
  NC: 'NCL',
  NU: 'NIU',
  MP: 'MNP',
};

export interface Country {
  iso2: string;
  iso3: string;
  /** UN M49 / ISO numeric, as a number (the SDG files write 4, not 004). */
  m49: number;
  name: string;
}

export function regionCountries(): Country[] {
  return REGION_COUNTRIES.map((c) => {
    const iso3 = ISO3_BY_ISO2[c.code];
    if (!iso3) throw new Error(`no ISO3 code for ${c.code} (${c.name}): add it to ISO3_BY_ISO2`);
    return { iso2: c.code, iso3, m49: Number(c.numeric), name: c.name };
  });
}

/** Global Carbon Budget nation slugs (its own names, not ISO codes). */
const GCB_NATION: Readonly<Record<string, string>> = {
  AFG: 'afghanistan',
  ARM: 'armenia',
  AUS: 'australia',
  AZE: 'azerbaijan',
  BGD: 'bangladesh',
  BTN: 'bhutan',
  BRN: 'brunei_darussalam',
  KHM: 'cambodia',
  CHN: 'china_mainland',
  PRK: 'democratic_people_s_republic_of_korea',
  FJI: 'fiji',
  GEO: 'georgia',
  IND: 'india',
  IDN: 'indonesia',
  IRN: 'islamic_republic_of_iran',
  JPN: 'japan',
  KAZ: 'kazakhstan',
  KIR: 'kiribati',
  KGZ: 'kyrgyzstan',
  LAO: 'lao_people_s_democratic_republic',
  MYS: 'malaysia',
  MDV: 'maldives',
  MHL: 'marshall_islands',
  FSM: 'federated_states_of_micronesia',
  MNG: 'mongolia',
  MMR: 'myanmar_formerly_burma',
  NRU: 'nauru',
  NPL: 'nepal',
  NZL: 'new_zealand',
  PAK: 'pakistan',
  PLW: 'palau',
  PNG: 'papua_new_guinea',
  PHL: 'philippines',
  KOR: 'republic_of_korea',
  RUS: 'russian_federation',
  WSM: 'samoa',
  SGP: 'singapore',
  SLB: 'solomon_islands',
  LKA: 'sri_lanka',
  TJK: 'tajikistan',
  THA: 'thailand',
  TLS: 'timor_leste_formerly_east_timor',
  TON: 'tonga',
  TUR: 'turkey',
  TKM: 'turkmenistan',
  TUV: 'tuvalu',
  UZB: 'uzbekistan',
  VUT: 'vanuatu',
  VNM: 'viet_nam',
  COK: 'cook_islands',
  PYF: 'french_polynesia',
  HKG: 'hong_kong_special_adminstrative_region_of_china',
  MAC: 'macau_special_adminstrative_region_of_china',
  NCL: 'new_caledonia',
  NIU: 'niue',
};

/** Country names of UN DESA's World's Cities in 2018 where they differ from countries-data.ts. */
const WUP_COUNTRY: Readonly<Record<string, string>> = {
  'China, Hong Kong SAR': 'HKG',
  'Dem. People’s Republic of Korea': 'PRK',
  Turkey: 'TUR',
};

// ---------------------------------------------------------------------------------------------
// Sources and series

type SourceKey = 'sg' | 'sdg' | 'wdi' | 'gcb' | 'megacities' | 'transport';

const REPOSITORY: Readonly<Record<SourceKey, string>> = {
  sg: 'open-numbers/ddf--gapminder--systema_globalis',
  sdg: 'open-numbers/ddf--unstats--sdg_indicators',
  wdi: 'open-numbers/ddf--open_numbers--world_development_indicators',
  gcb: 'open-numbers/ddf--global_carbon_project--global_carbon_budget',
  megacities: 'dw-data/megacities',
  transport: '360-info/report-transport-under1.5c',
};

const CC_BY = { licence: 'CC BY 4.0', licence_url: 'https://creativecommons.org/licenses/by/4.0/' };
/** DW's repository states no licence; the figures are UN DESA's (credit UN DESA; reuse terms not verified). */
const UN_TERMS = {
  licence:
    'none stated (the repository has no licence); UN DESA publication: credit UN DESA (reuse terms not verified)',
  licence_url: 'https://www.un.org/en/events/citiesday/assets/pdf/the_worlds_cities_in_2018_data_booklet.pdf',
};

/** One row as read from a source, before the CSV is written. */
export interface SeriesRow {
  iso3: string;
  year: number;
  value: string;
  notes: string[];
  /** Several rows a country-year (cities): the row's label, used to sort and never to merge. */
  key?: string;
  /** SDG "nature" of the value (C, E, M …): a change between years is a change of source type. */
  nature?: string;
}

interface Reader {
  read(path: string): string;
}

interface SeriesDef {
  id: string;
  theme: string;
  title: string;
  unit: string;
  sdg_indicator: string | null;
  /** The portal indicator (seed-data.ts PROFILE_INDICATOR_SEED code) this series backs, if any. */
  portal_indicator: string | null;
  /** Indicator concept, to count distinct indicators per theme (two sources of one concept count once). */
  concept: string;
  source: string;
  licence: string;
  licence_url: string;
  repo: SourceKey;
  path: string;
  disaggregation: string | null;
  conversion: string | null;
  /** 'factor5': a change by more than ×5 between a country's consecutive years is noted. */
  breaks: 'factor5' | 'none';
  remarks: string[];
  rows: (text: string, ctx: Context) => SeriesRow[];
  /** Another series of the same concept: country-years where the two differ by > 20% are noted. */
  compareWith?: string;
}

interface Context {
  byIso3: Map<string, Country>;
  byM49: Map<number, Country>;
  reader: Reader;
  /** What a reader did that a manifest entry must say (rows dropped, and why). */
  log: string[];
}

const MIN_YEAR = 2000;
const MIN_COUNTRIES = 20;
const CO2_PER_C = 3.664;

const NATURE: Readonly<Record<string, string>> = {
  c: 'country data',
  ca: 'country adjusted',
  e: 'estimated',
  g: 'global monitoring data',
  m: 'modelled',
  n: 'non-relevant',
  notspec: 'not specified',
};

function csvRecords(text: string, delimiter = ','): Record<string, string>[] {
  return parse(text, {
    columns: true,
    delimiter,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    trim: false,
  }) as Record<string, string>[];
}

/** A decimal with a dot and no exponent; `null` for an empty or non-numeric cell. */
export function plainDecimal(raw: string): string | null {
  const s = raw.trim();
  if (s === '' || s.toUpperCase() === 'NA' || s === '..') return null;
  if (/^-?\d+(\.\d+)?$/.test(s)) return s;
  const n = Number(s);
  if (!Number.isFinite(n)) return null;
  return formatNumber(n, 10);
}

/** A number rounded to `decimals` places, without trailing zeros. */
export function formatNumber(n: number, decimals: number): string {
  let s = n.toFixed(decimals);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/** Systema Globalis / WDI layout: `geo,time,<concept>`, geo a lower-case ISO3 code. */
function ddfGeoTime(column: string) {
  return (text: string, ctx: Context): SeriesRow[] =>
    csvRecords(text).flatMap((r) => {
      const iso3 = (r['geo'] ?? '').toUpperCase();
      const value = plainDecimal(r[column] ?? '');
      if (!ctx.byIso3.has(iso3) || value === null) return [];
      return [{ iso3, year: Number(r['time']), value, notes: [] }];
    });
}

/**
 * As ddfGeoTime, without the years after `lastYear` (projections in a file updated before they ended); the manifest
 * says how many went.
 */
function ddfGeoTimeUntil(column: string, lastYear: number, why: string) {
  return (text: string, ctx: Context): SeriesRow[] => {
    const rows = ddfGeoTime(column)(text, ctx);
    const later = rows.filter((r) => r.year > lastYear);
    if (later.length > 0) {
      const years = later.map((r) => r.year);
      ctx.log.push(`dropped: ${later.length} rows for ${Math.min(...years)}–${Math.max(...years)} (${why})`);
    }
    return rows.filter((r) => r.year <= lastYear);
  };
}

/**
 * UNSD SDG layout: `geo_area` (M49 number) plus disaggregation columns. `keep` names the value
 * each disaggregation column must have; a row with another value is not this series.
 */
function sdgRows(
  column: string,
  keep: Record<string, string>,
  label: (r: Record<string, string>) => string[] = () => [],
) {
  return (text: string, ctx: Context): SeriesRow[] =>
    csvRecords(text).flatMap((r) => {
      const country = ctx.byM49.get(Number(r['geo_area']));
      const value = plainDecimal(r[column] ?? '');
      if (!country || value === null) return [];
      if (!Object.entries(keep).every(([k, v]) => r[k] === v)) return [];
      const nature = r['nature'] ?? '';
      if (nature === '' || nature === 'notspec')
        return [{ iso3: country.iso3, year: Number(r['year']), value, notes: label(r) }];
      return [
        {
          iso3: country.iso3,
          year: Number(r['year']),
          value,
          nature,
          notes: [...label(r), `nature: ${NATURE[nature] ?? nature}`],
        },
      ];
    });
}

function cityNames(ctx: Context): Map<string, string> {
  return new Map(
    csvRecords(ctx.reader.read('ddf--entities--cities.csv')).map((r) => [r['cities'] ?? '', r['name'] ?? '']),
  );
}

/** SDG 11.6.1 waste collection, by city. One row is a known error of the source and is dropped. */
function wasteByCity(text: string, ctx: Context): SeriesRow[] {
  const names = cityNames(ctx);
  return csvRecords(text).flatMap((r) => {
    const country = ctx.byM49.get(Number(r['geo_area']));
    const value = plainDecimal(r['en_ref_wascol'] ?? '');
    if (!country || value === null) return [];
    const city = r['cities'] ?? '';
    if (country.iso3 === 'PHL' && city === 'lahore') {
      ctx.log.push(
        `dropped: PHL ${r['year']} city LAHORE ${value} (Lahore is in Pakistan; the same figure is listed under PAK)`,
      );
      return [];
    }
    const cityLabel =
      city === 'nociti' ? 'city: not named (NOCITI: a national figure)' : `city: ${names.get(city) ?? city}`;
    const nature = r['nature'] ?? '';
    return [
      {
        iso3: country.iso3,
        year: Number(r['year']),
        value,
        key: city,
        notes: [cityLabel, `nature: ${NATURE[nature] ?? nature}`],
      },
    ];
  });
}

/** Global Carbon Budget territorial emissions (MtC a year) by nation slug, converted to Mt CO₂. */
function gcbTerritorial(text: string, ctx: Context): SeriesRow[] {
  const isoBySlug = new Map(Object.entries(GCB_NATION).map(([iso3, slug]) => [slug, iso3]));
  return csvRecords(text).flatMap((r) => {
    const iso3 = isoBySlug.get(r['nation'] ?? '');
    const raw = plainDecimal(r['territorial_emissions'] ?? '');
    if (!iso3 || !ctx.byIso3.has(iso3) || raw === null) return [];
    return [{ iso3, year: Number(r['year']), value: formatNumber(Number(raw) * CO2_PER_C, 6), notes: [] }];
  });
}

interface WupCity {
  iso3: string;
  city: string;
  concept: string;
  pop2018: string;
  pop2030: string;
}

/** UN DESA World's Cities in 2018 (DW's copy): `;`-separated, CR line ends, decimal commas. */
function wupCities(text: string, ctx: Context): WupCity[] {
  const byName = new Map<string, string>();
  for (const c of ctx.byIso3.values()) byName.set(c.name, c.iso3);
  for (const [name, iso3] of Object.entries(WUP_COUNTRY)) byName.set(name, iso3);
  const records = csvRecords(text.replace(/\r\n?/g, '\n'), ';');
  return records.flatMap((r) => {
    const iso3 = byName.get(r['Country or area'] ?? '');
    if (!iso3) return [];
    const num = (s: string | undefined) => plainDecimal((s ?? '').replace(',', '.'));
    const pop2018 = num(r['City_population1k_in2018']);
    const pop2030 = num(r['City_population1k_in2030']);
    if (pop2018 === null || pop2030 === null) throw new Error(`no population for ${r['City']} in the cities file`);
    return [{ iso3, city: r['City'] ?? '', concept: r['Statistical concept'] ?? '', pop2018, pop2030 }];
  });
}

function cityPopulation(text: string, ctx: Context): SeriesRow[] {
  return wupCities(text, ctx).flatMap((c) => [
    { iso3: c.iso3, year: 2018, value: c.pop2018, key: c.city, notes: [`city: ${c.city}`, c.concept] },
    { iso3: c.iso3, year: 2030, value: c.pop2030, key: c.city, notes: [`city: ${c.city}`, c.concept, 'projection'] },
  ]);
}

function largestCity(text: string, ctx: Context): SeriesRow[] {
  const best = new Map<string, WupCity>();
  for (const c of wupCities(text, ctx)) {
    const b = best.get(c.iso3);
    if (!b || Number(c.pop2018) > Number(b.pop2018)) best.set(c.iso3, c);
  }
  return [...best.values()].map((c) => ({
    iso3: c.iso3,
    year: 2018,
    value: c.pop2018,
    notes: [`city: ${c.city}`, c.concept],
  }));
}

/** 360info's SDG 11.2.1 by city; rows repeated by its city matching are kept once. */
function transportAccess(text: string, ctx: Context): SeriesRow[] {
  const iso3ByIso2 = new Map([...ctx.byIso3.values()].map((c) => [c.iso2, c.iso3]));
  const seen = new Set<string>();
  let repeated = 0;
  const rows = csvRecords(text).flatMap((r) => {
    const iso3 = iso3ByIso2.get(r['country_iso2'] ?? '');
    const value = plainDecimal(r['pct_pt_access'] ?? '');
    if (!iso3 || value === null) return [];
    const city = r['city'] ?? '';
    const id = [iso3, city, r['year'], value].join('|');
    if (seen.has(id)) {
      repeated += 1;
      return [];
    }
    seen.add(id);
    return [{ iso3, year: Number(r['year']), value, key: city, notes: [`city: ${city}`] }];
  });
  if (repeated > 0)
    ctx.log.push(
      `dropped: ${repeated} exact repeats of a city row (same country, city name, year and value; left by the ` +
        `repository's matching of cities to GeoNames)`,
    );
  return rows;
}

const SG_PATH = (x: string) => `countries-etc-datapoints/ddf--datapoints--${x}--by--geo--time.csv`;
const WDI_PATH = (x: string) => `datapoints/ddf--datapoints--${x}--by--geo--time.csv`;
const SDG_PATH = (x: string, dims: string) => `ddf--datapoints--${x}--by--${dims}--year.csv`;
const WDI_VIA_SG = 'World Bank WDI via Gapminder Systema Globalis';
const SDG_DB = 'UN Statistics Division, SDG Global Database (via open-numbers)';
const SENDAI = 'UNDRR Sendai Framework Monitor, via the UN SDG Global Database (open-numbers copy)';

/**
 * What every series of the Sendai Framework monitor shares: its source, licence, file and rows (no parts, no
 * conversion, no break).
 */
function sendaiSeries(code: string) {
  return {
    source: `${SENDAI} (${code.toUpperCase()})`,
    ...CC_BY,
    repo: 'sdg',
    path: SDG_PATH(code, 'geo_area--nature--units'),
    disaggregation: null,
    conversion: null,
    breaks: 'none',
    rows: sdgRows(code, {}),
  } as const;
}
const EVENT_DRIVEN = 'no ×5 rule: disaster figures vary by orders of magnitude from year to year by nature';

export const SERIES: readonly SeriesDef[] = [
  // Demography and urbanisation
  {
    id: 'urban-population-pct',
    theme: 'demography-urbanisation',
    title: 'Urban population (% of total population)',
    unit: '% of total population',
    sdg_indicator: null,
    portal_indicator: 'URB_POP_PCT',
    concept: 'SP.URB.TOTL.IN.ZS',
    source: `UN DESA World Urbanization Prospects, ${WDI_VIA_SG} (SP.URB.TOTL.IN.ZS)`,
    ...CC_BY,
    repo: 'sg',
    path: SG_PATH('urban_population_percent_of_total'),
    disaggregation: null,
    conversion: null,
    breaks: 'factor5',
    remarks: [],
    rows: ddfGeoTime('urban_population_percent_of_total'),
  },
  {
    id: 'urban-population',
    theme: 'demography-urbanisation',
    title: 'Urban population',
    unit: 'people',
    sdg_indicator: null,
    portal_indicator: null,
    concept: 'SP.URB.TOTL',
    source: `${WDI_VIA_SG} (SP.URB.TOTL)`,
    ...CC_BY,
    repo: 'sg',
    path: SG_PATH('urban_population'),
    disaggregation: null,
    conversion: null,
    breaks: 'factor5',
    remarks: [],
    rows: ddfGeoTime('urban_population'),
  },
  {
    id: 'urban-population-growth',
    theme: 'demography-urbanisation',
    title: 'Urban population growth (annual %)',
    unit: '% per year',
    sdg_indicator: null,
    portal_indicator: 'URB_GROWTH',
    concept: 'SP.URB.GROW',
    source: `${WDI_VIA_SG} (SP.URB.GROW)`,
    ...CC_BY,
    repo: 'sg',
    path: SG_PATH('urban_population_growth_annual_percent'),
    disaggregation: null,
    conversion: null,
    breaks: 'none',
    remarks: ['no ×5 rule: a growth rate changes sign and crosses zero'],
    rows: ddfGeoTime('urban_population_growth_annual_percent'),
  },
  {
    id: 'population-in-agglomerations-over-1m-pct',
    theme: 'demography-urbanisation',
    title: 'Population in urban agglomerations of more than 1 million (% of total population)',
    unit: '% of total population',
    sdg_indicator: null,
    portal_indicator: null,
    concept: 'EN.URB.MCTY.TL.ZS',
    source: `${WDI_VIA_SG} (EN.URB.MCTY.TL.ZS)`,
    ...CC_BY,
    repo: 'sg',
    path: SG_PATH('population_in_urban_agglomerations_m_1_million_percent_of_total'),
    disaggregation: null,
    conversion: null,
    breaks: 'factor5',
    remarks: ['only countries with an agglomeration of more than 1 million in 2000'],
    rows: ddfGeoTime('population_in_urban_agglomerations_m_1_million_percent_of_total'),
  },
  {
    id: 'city-population',
    theme: 'demography-urbanisation',
    title: 'Population of cities of 1 million or more (2018, and 2030 projected)',
    unit: 'thousand people',
    sdg_indicator: null,
    portal_indicator: null,
    concept: 'city population',
    source:
      "UN DESA, The World's Cities in 2018 data booklet (World Urbanization Prospects 2018), as transcribed by DW",
    ...UN_TERMS,
    repo: 'megacities',
    path: 'data/UN_WorldCities_2018.csv',
    disaggregation: 'one row per city and year; note names the city and its statistical concept',
    conversion: null,
    breaks: 'none',
    remarks: [
      'several rows per country and year (one per city); 2030 rows are UN DESA projections (note: projection)',
      'statistical concept differs between cities (city proper, urban agglomeration, metropolitan area): ' +
        'compare with care',
      'DW transcribed the figures from the UN PDF; the repository has no licence of its own',
    ],
    rows: cityPopulation,
  },
  {
    id: 'largest-city-population',
    theme: 'demography-urbanisation',
    title: 'Population of the largest city (2018)',
    unit: 'thousand people',
    sdg_indicator: null,
    portal_indicator: 'LARGEST_CITY_POP',
    concept: 'city population',
    source:
      "UN DESA, The World's Cities in 2018 data booklet (World Urbanization Prospects 2018), as transcribed by DW",
    ...UN_TERMS,
    repo: 'megacities',
    path: 'data/UN_WorldCities_2018.csv',
    disaggregation: 'the largest of the country’s cities in the file (cities of 1 million or more only)',
    conversion: null,
    breaks: 'none',
    remarks: [
      'derived: for each country the city of largest 2018 population in the same file as city-population; ' +
        'countries with no city of 1 million are absent',
    ],
    rows: largestCity,
  },
  // Housing and slums: two sources, two series, never merged
  {
    id: 'slum-population-pct-wdi',
    theme: 'housing-slums',
    title: 'Urban population living in slums (% of urban population), World Bank WDI',
    unit: '% of urban population',
    sdg_indicator: '11.1.1',
    portal_indicator: 'SLUM_PCT',
    concept: '11.1.1',
    source: 'UN-Habitat, via World Bank WDI (EN.POP.SLUM.UR.ZS), open-numbers WDI copy',
    ...CC_BY,
    repo: 'wdi',
    path: WDI_PATH('en_pop_slum_ur_zs'),
    disaggregation: null,
    conversion: null,
    breaks: 'factor5',
    remarks: [
      'every 2 years mostly; values between surveys are interpolated upstream',
      'some countries carry identical values (a regional estimate, not a national figure): noted on their rows',
      'the 2022 edition breaks several series (e.g. Tuvalu, Samoa, Viet Nam): noted on the rows',
      'not merged with slum-population-pct-sdg: rows where the two differ by more than 20% say so',
    ],
    rows: ddfGeoTime('en_pop_slum_ur_zs'),
    compareWith: 'slum-population-pct-sdg',
  },
  {
    id: 'slum-population-pct-sdg',
    theme: 'housing-slums',
    title: 'Urban population living in slums (% of urban population), UN SDG database',
    unit: '% of urban population',
    sdg_indicator: '11.1.1',
    portal_indicator: 'SLUM_PCT',
    concept: '11.1.1',
    source: `UN-Habitat, ${SDG_DB} (EN_LND_SLUM)`,
    ...CC_BY,
    repo: 'sdg',
    path: SDG_PATH('en_lnd_slum', 'geo_area--nature--units'),
    disaggregation: 'none in the source (nature: not specified)',
    conversion: null,
    breaks: 'factor5',
    remarks: [
      'data stop in 2018 (snapshot of 2020)',
      'not merged with slum-population-pct-wdi: rows where the two differ by more than 20% say so',
    ],
    rows: sdgRows('en_lnd_slum', {}),
    compareWith: 'slum-population-pct-wdi',
  },
  {
    id: 'clean-cooking-urban-pct',
    theme: 'housing-slums',
    title: 'Urban population with access to clean fuels and technologies for cooking (%)',
    unit: '% of urban population',
    sdg_indicator: '7.1.2',
    portal_indicator: null,
    concept: 'EG.CFT.ACCS.UR.ZS',
    source: 'WHO, Global Household Energy Database, via World Bank WDI (EG.CFT.ACCS.UR.ZS), open-numbers WDI copy',
    ...CC_BY,
    repo: 'wdi',
    path: WDI_PATH('eg_cft_accs_ur_zs'),
    disaggregation: 'urban',
    conversion: null,
    breaks: 'factor5',
    remarks: [
      'counted in housing, not in basic services: how a household cooks is a condition of the dwelling (the ' +
        'kitchen, the air inside the home), a topic of the UN housing census recommendations (cooking facilities, ' +
        'fuel) and part of adequate housing; the networked services (water, sanitation, electricity, transport) ' +
        'stay in basic services',
      'not a component of the slum definition of 11.1.1 (water, sanitation, living area, durable housing, ' +
        'tenure): shown beside it, never combined with it',
      'WHO model estimates for every year (surveys are sparse): a smooth line is not a yearly measurement',
      'the 49 member States only: the nine associate members (territories) are not in the file',
    ],
    rows: ddfGeoTime('eg_cft_accs_ur_zs'),
  },
  // Basic services
  {
    id: 'basic-water-urban-pct',
    theme: 'basic-services',
    title: 'People using at least basic drinking water services, urban (%)',
    unit: '% of urban population',
    sdg_indicator: null,
    portal_indicator: null,
    concept: 'basic water urban',
    source: `WHO/UNICEF JMP, ${WDI_VIA_SG} (SH.H2O.BASW.UR.ZS)`,
    ...CC_BY,
    repo: 'sg',
    path: SG_PATH('at_least_basic_water_source_urban_access_percent'),
    disaggregation: 'urban',
    conversion: null,
    breaks: 'factor5',
    remarks: [
      '"at least basic" service, not the "safely managed" service of SDG 6.1.1 (portal indicator ' +
        'WATER_URBAN_PCT): do not show it as 6.1.1',
    ],
    rows: ddfGeoTime('at_least_basic_water_source_urban_access_percent'),
  },
  {
    id: 'basic-sanitation-urban-pct',
    theme: 'basic-services',
    title: 'People using at least basic sanitation services, urban (%)',
    unit: '% of urban population',
    sdg_indicator: null,
    portal_indicator: null,
    concept: 'basic sanitation urban',
    source: `WHO/UNICEF JMP, ${WDI_VIA_SG} (SH.STA.BASS.UR.ZS)`,
    ...CC_BY,
    repo: 'sg',
    path: SG_PATH('at_least_basic_sanitation_urban_access_percent'),
    disaggregation: 'urban',
    conversion: null,
    breaks: 'factor5',
    remarks: [
      '"at least basic" service, not the "safely managed" service of SDG 6.2.1 (portal indicator ' +
        'SANITATION_URBAN_PCT): do not show it as 6.2.1',
    ],
    rows: ddfGeoTime('at_least_basic_sanitation_urban_access_percent'),
  },
  {
    id: 'safely-managed-water-urban-pct',
    theme: 'basic-services',
    title: 'Population using safely managed drinking water services, urban (%)',
    unit: '% of urban population',
    sdg_indicator: '6.1.1',
    portal_indicator: 'WATER_URBAN_PCT',
    concept: '6.1.1',
    source: `WHO/UNICEF JMP, ${SDG_DB} (SH_H2O_SAFE)`,
    ...CC_BY,
    repo: 'sdg',
    path: SDG_PATH('sh_h2o_safe', 'geo_area--location--nature--units'),
    disaggregation: 'location: urban',
    conversion: null,
    breaks: 'factor5',
    remarks: [],
    rows: sdgRows('sh_h2o_safe', { location: 'urban' }, () => ['location: urban']),
  },
  {
    id: 'safely-managed-sanitation-urban-pct',
    theme: 'basic-services',
    title: 'Population using safely managed sanitation services, urban (%)',
    unit: '% of urban population',
    sdg_indicator: '6.2.1',
    portal_indicator: 'SANITATION_URBAN_PCT',
    concept: '6.2.1',
    source: `WHO/UNICEF JMP, ${SDG_DB} (SH_SAN_SAFE)`,
    ...CC_BY,
    repo: 'sdg',
    path: SDG_PATH('sh_san_safe', 'geo_area--location--nature--units'),
    disaggregation: 'location: urban',
    conversion: null,
    breaks: 'factor5',
    remarks: [],
    rows: sdgRows('sh_san_safe', { location: 'urban' }, () => ['location: urban']),
  },
  {
    id: 'electricity-access-urban-pct',
    theme: 'basic-services',
    title: 'Population with access to electricity, urban (%)',
    unit: '% of urban population',
    sdg_indicator: '7.1.1',
    portal_indicator: 'ELECTRICITY_URBAN_PCT',
    concept: '7.1.1',
    source: `World Bank (SE4ALL), ${SDG_DB} (EG_ELC_ACCS)`,
    ...CC_BY,
    repo: 'sdg',
    path: SDG_PATH('eg_elc_accs', 'geo_area--location--nature--units'),
    disaggregation: 'location: urban',
    conversion: null,
    breaks: 'factor5',
    remarks: [
      'data stop in 2017 (snapshot of 2020)',
      'survey years (nature: country data) alternate with modelled years: each change is noted as a change of ' +
        'source type',
    ],
    rows: sdgRows('eg_elc_accs', { location: 'urban' }, () => ['location: urban']),
  },
  {
    id: 'public-transport-access-pct',
    theme: 'basic-services',
    title: 'Population with convenient access to public transport, by city (%)',
    unit: '% of city population',
    sdg_indicator: '11.2.1',
    portal_indicator: 'TRANSPORT_ACCESS_PCT',
    concept: '11.2.1',
    source: 'UN-Habitat, via the UN SDG Data Portal, compiled by 360info (report-transport-under1.5c)',
    ...CC_BY,
    repo: 'transport',
    path: 'data/pt-access.csv',
    disaggregation: 'one row per city (note: city, as named in the UN data); the city is not a national figure',
    conversion: null,
    breaks: 'none',
    remarks: [
      'several rows per country and year (one per city); mostly 2020, a few 2022–2023',
      'city population and coordinates of the file (GeoNames matches) are not taken',
    ],
    rows: transportAccess,
  },
  // Economy and jobs
  {
    id: 'gdp-per-capita-growth',
    theme: 'economy-jobs',
    title: 'GDP per capita growth (annual %)',
    unit: '% per year',
    sdg_indicator: '8.1.1',
    portal_indicator: null,
    concept: '8.1.1',
    source: `${WDI_VIA_SG} (NY.GDP.PCAP.KD.ZG)`,
    ...CC_BY,
    repo: 'sg',
    path: SG_PATH('gdppercapita_growth_percent_per_year'),
    disaggregation: null,
    conversion: null,
    breaks: 'none',
    remarks: [
      'no ×5 rule: a growth rate changes sign and crosses zero',
      'per capita, not per employed person: not the portal indicator GDP_PER_WORKER_GROWTH (8.2.1)',
    ],
    rows: ddfGeoTime('gdppercapita_growth_percent_per_year'),
  },
  {
    id: 'unemployment-rate-15plus',
    theme: 'economy-jobs',
    title: 'Unemployment rate, aged 15+ (%)',
    unit: '% of labour force aged 15+',
    sdg_indicator: '8.5.2',
    portal_indicator: 'UNEMPLOYMENT_PCT',
    concept: '8.5.2',
    source: 'ILOSTAT, via Gapminder Systema Globalis',
    ...CC_BY,
    repo: 'sg',
    path: SG_PATH('aged_15plus_unemployment_rate_percent'),
    disaggregation: 'both sexes, aged 15+, national (not urban)',
    conversion: null,
    breaks: 'factor5',
    remarks: ['national rate: the portal question asks for the urban rate'],
    rows: ddfGeoTime('aged_15plus_unemployment_rate_percent'),
  },
  {
    id: 'gdp-per-employed-growth',
    theme: 'economy-jobs',
    title: 'Annual growth rate of real GDP per employed person (%)',
    unit: '% per year',
    sdg_indicator: '8.2.1',
    portal_indicator: 'GDP_PER_WORKER_GROWTH',
    concept: '8.2.1',
    source: `ILO modelled estimates, ${SDG_DB} (SL_EMP_PCAP)`,
    ...CC_BY,
    repo: 'sdg',
    path: SDG_PATH('sl_emp_pcap', 'geo_area--nature--units'),
    disaggregation: 'none in the source',
    conversion: null,
    breaks: 'none',
    remarks: [
      'no ×5 rule: a growth rate changes sign and crosses zero',
      'data stop in 2019 (snapshot of 2020)',
      'every value is an ILO modelled estimate (nature: modelled), shown as an estimate',
      'per employed person, not per capita: not merged with gdp-per-capita-growth (8.1.1)',
    ],
    rows: sdgRows('sl_emp_pcap', {}),
  },
  {
    id: 'employment-to-population-15plus',
    theme: 'economy-jobs',
    title: 'Employment-to-population ratio, aged 15+ (%)',
    unit: '% of population aged 15+',
    sdg_indicator: null,
    portal_indicator: null,
    concept: 'employment-to-population 15+',
    source: 'ILOSTAT, via Gapminder Systema Globalis',
    ...CC_BY,
    repo: 'sg',
    path: SG_PATH('aged_15plus_employment_rate_percent'),
    disaggregation: 'both sexes, aged 15+, national (not urban)',
    conversion: null,
    breaks: 'factor5',
    remarks: [
      'national ratio, not urban',
      'ILO modelled estimates by every sign (a value for every country and year up to 2026): imputed where a ' +
        'country has no labour force survey',
      'not in the file: Kiribati, the Marshall Islands, Micronesia, Nauru, Palau, Tuvalu, American Samoa, the ' +
        'Cook Islands, Niue and the Northern Mariana Islands',
    ],
    rows: ddfGeoTimeUntil(
      'aged_15plus_employment_rate_percent',
      2024,
      'the file was updated in December 2025, so its 2025 and 2026 values are ILO projections, not estimates',
    ),
  },
  {
    id: 'informal-employment-pct',
    theme: 'economy-jobs',
    title: 'Informal employment, total (%)',
    unit: '% of total employment',
    sdg_indicator: '8.3.1',
    portal_indicator: 'INFORMAL_EMPLOYMENT_PCT',
    concept: '8.3.1',
    source: `ILO, ${SDG_DB} (SL_ISV_IFEM)`,
    ...CC_BY,
    repo: 'sdg',
    path: SDG_PATH('sl_isv_ifem', 'activity--geo_area--nature--sex--units'),
    disaggregation: 'activity: total; sex: both sexes',
    conversion: null,
    breaks: 'factor5',
    remarks: [],
    rows: sdgRows('sl_isv_ifem', { activity: 'total', sex: 'bothsex' }, () => ['activity: total', 'sex: both']),
  },
  // Environment and climate
  {
    id: 'pm25-urban-sdg',
    theme: 'environment-climate',
    title: 'Annual mean PM2.5 in cities, urban population (µg/m³)',
    unit: 'µg/m³',
    sdg_indicator: '11.6.2',
    portal_indicator: 'PM25_URBAN',
    concept: 'PM2.5',
    source: `WHO, ${SDG_DB} (EN_ATM_PM25)`,
    ...CC_BY,
    repo: 'sdg',
    path: SDG_PATH('en_atm_pm25', 'geo_area--location--nature--units'),
    disaggregation: 'location: urban',
    conversion: null,
    breaks: 'factor5',
    remarks: ['one year only (2016)'],
    rows: sdgRows('en_atm_pm25', { location: 'urban' }, () => ['location: urban']),
  },
  {
    id: 'pm25-national-wdi',
    theme: 'environment-climate',
    title: 'PM2.5 air pollution, mean annual exposure, national (µg/m³)',
    unit: 'µg/m³',
    sdg_indicator: null,
    portal_indicator: null,
    concept: 'PM2.5',
    source: 'Global Burden of Disease / Brauer et al., via World Bank WDI (EN.ATM.PM25.MC.M3), open-numbers WDI copy',
    ...CC_BY,
    repo: 'wdi',
    path: WDI_PATH('en_atm_pm25_mc_m3'),
    disaggregation: 'whole country (population-weighted), not urban',
    conversion: null,
    breaks: 'factor5',
    remarks: ['national exposure, not the urban 11.6.2 figure of pm25-urban-sdg: not merged with it'],
    rows: ddfGeoTime('en_atm_pm25_mc_m3'),
  },
  {
    id: 'co2-territorial',
    theme: 'environment-climate',
    title: 'Territorial CO₂ emissions from fossil fuels and cement',
    unit: 'Mt CO₂ per year',
    sdg_indicator: null,
    portal_indicator: null,
    concept: 'CO2',
    source:
      'Global Carbon Project, Global Carbon Budget 2020 (Friedlingstein et al. 2020, ' +
      'doi:10.5194/essd-12-3269-2020), open-numbers copy',
    ...CC_BY,
    repo: 'gcb',
    path: 'ddf--datapoints--territorial_emissions--by--nation--year.csv',
    disaggregation: null,
    conversion: `source in MtC a year; value = MtC × ${CO2_PER_C} (44/12), rounded to 6 decimals`,
    breaks: 'factor5',
    remarks: [
      'data stop in 2019',
      'China is China mainland: Hong Kong and Macao are separate rows of the source',
      'the repository’s datapackage.json says 2019 edition, its README the 2020 edition',
    ],
    rows: gcbTerritorial,
  },
  {
    id: 'municipal-waste-collection-city-pct',
    theme: 'environment-climate',
    title: 'Municipal solid waste collection coverage, by city (%)',
    unit: '% of municipal solid waste collected',
    sdg_indicator: '11.6.1',
    portal_indicator: null,
    concept: '11.6.1',
    source: `UN-Habitat, ${SDG_DB} (EN_REF_WASCOL)`,
    ...CC_BY,
    repo: 'sdg',
    path: SDG_PATH('en_ref_wascol', 'cities--geo_area--nature--units'),
    disaggregation: 'one row per city (note: city)',
    conversion: null,
    breaks: 'none',
    remarks: [
      'collection coverage only: not "collected and managed in controlled facilities" (portal indicator ' +
        'WASTE_MANAGED_PCT)',
      'several rows per country and year (one per city); one or two cities per country, single years 2003–2018',
      'What a Waste copies found elsewhere have no licence and are not used',
    ],
    rows: wasteByCity,
  },
  // Disaster risk
  {
    id: 'disaster-deaths-missing-per-100k',
    theme: 'disaster-risk',
    title: 'Deaths and missing persons attributed to disasters per 100,000 population',
    unit: 'per 100,000 population',
    sdg_indicator: '11.5.1',
    portal_indicator: null,
    concept: '11.5.1',
    ...sendaiSeries('vc_dsr_mtmp'),
    remarks: [
      EVENT_DRIVEN,
      'a missing year is not a zero',
      'one part of 11.5.1 (DISASTER_AFFECTED adds the affected): not added together here',
    ],
  },
  {
    id: 'disaster-affected-per-100k',
    theme: 'disaster-risk',
    title: 'Directly affected persons attributed to disasters per 100,000 population',
    unit: 'per 100,000 population',
    sdg_indicator: '11.5.1',
    portal_indicator: null,
    concept: '11.5.1',
    ...sendaiSeries('vc_dsr_daff'),
    remarks: [
      EVENT_DRIVEN,
      'a missing year is not a zero',
      'one part of 11.5.1 (DISASTER_AFFECTED adds deaths and missing): not added together here',
    ],
  },
  {
    id: 'disaster-economic-loss-usd',
    theme: 'disaster-risk',
    title: 'Direct economic loss attributed to disasters (current US$)',
    unit: 'current US dollars',
    sdg_indicator: '11.5.2',
    portal_indicator: null,
    concept: '11.5.2',
    ...sendaiSeries('vc_dsr_gdpls'),
    remarks: [
      EVENT_DRIVEN,
      'a missing year is not a zero',
      'in US dollars, not as a share of GDP (portal indicator DISASTER_LOSS_GDP_PCT): not converted',
    ],
  },
  {
    id: 'drr-strategy-score',
    theme: 'disaster-risk',
    title: 'Score of adoption and implementation of national DRR strategies in line with the Sendai Framework',
    unit: 'score from 0 to 1',
    sdg_indicator: '11.b.1',
    portal_indicator: 'DRR_STRATEGY_SCORE',
    concept: '11.b.1',
    ...sendaiSeries('sg_dsr_lgrgsr'),
    remarks: ['no ×5 rule: a self-assessed score that starts from 0'],
  },
];

export const THEMES = [
  'demography-urbanisation',
  'housing-slums',
  'basic-services',
  'economy-jobs',
  'environment-climate',
  'disaster-risk',
  'culture',
  'governance',
] as const;

// ---------------------------------------------------------------------------------------------
// Building a series

export const HEADER = 'iso3,iso2,year,value,note';

export interface BuiltSeries {
  def: SeriesDef;
  rows: SeriesRow[];
  countries: number;
  log: string[];
}

function byRow(a: SeriesRow, b: SeriesRow): number {
  if (a.iso3 !== b.iso3) return a.iso3 < b.iso3 ? -1 : 1;
  if (a.year !== b.year) return a.year - b.year;
  const ka = a.key ?? '';
  const kb = b.key ?? '';
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function groupByCountry(rows: SeriesRow[]): Map<string, SeriesRow[]> {
  const out = new Map<string, SeriesRow[]>();
  for (const r of rows) {
    const list = out.get(r.iso3) ?? [];
    list.push(r);
    out.set(r.iso3, list);
  }
  return out;
}

/** Notes a change by more than ×5 (or from zero) between a country's consecutive years. */
function noteBreaks(rows: SeriesRow[]): void {
  for (const list of groupByCountry(rows).values()) {
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const cur = list[i]!;
      const a = Number(prev.value);
      const b = Number(cur.value);
      if (a < 0 || b < 0 || a === b) continue;
      const lo = Math.min(a, b);
      const hi = Math.max(a, b);
      if (lo === 0 ? hi > 0 : hi / lo > 5) {
        cur.notes.push(
          `series break: source value ${b > a ? 'jumps' : 'drops'} from ${prev.value} (${prev.year}) ` +
            `to ${cur.value} (${cur.year})`,
        );
      }
    }
  }
}

/** SDG "nature": a change from one year to the next is a change of source type. */
function noteNatureChanges(rows: SeriesRow[]): void {
  for (const list of groupByCountry(rows).values()) {
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const cur = list[i]!;
      if (prev.nature !== undefined && cur.nature !== undefined && prev.nature !== cur.nature) {
        cur.notes.push(
          `change of source type: ${NATURE[prev.nature] ?? prev.nature} (${prev.year}) ` +
            `to ${NATURE[cur.nature] ?? cur.nature}`,
        );
      }
    }
  }
}

/** Countries whose whole series is the same as another's (≥ 3 distinct values): a regional estimate. */
function noteIdenticalCountries(rows: SeriesRow[]): void {
  const signature = new Map<string, string[]>();
  for (const [iso3, list] of groupByCountry(rows)) {
    if (new Set(list.map((r) => r.value)).size < 3) continue;
    const sig = list.map((r) => `${r.year}=${r.value}`).join(';');
    signature.set(sig, [...(signature.get(sig) ?? []), iso3]);
  }
  for (const group of signature.values()) {
    if (group.length < 2) continue;
    for (const r of rows) {
      if (!group.includes(r.iso3)) continue;
      const others = group.filter((g) => g !== r.iso3).join(' ');
      r.notes.push(
        `same values as ${others} for every year (likely a regional estimate rather than a national figure)`,
      );
    }
  }
}

function noteDifferences(rows: SeriesRow[], other: BuiltSeries | undefined, otherId: string): void {
  if (!other) return;
  const theirs = new Map(other.rows.map((r) => [`${r.iso3}|${r.year}`, r.value]));
  for (const r of rows) {
    const v = theirs.get(`${r.iso3}|${r.year}`);
    if (v === undefined) continue;
    const a = Number(r.value);
    const b = Number(v);
    if (Math.abs(a - b) > 1 && Math.abs(a - b) > 0.2 * Math.max(Math.abs(a), Math.abs(b))) {
      r.notes.push(`differs from ${otherId}: ${v} for the same year`);
    }
  }
}

export function buildSeries(
  readers: Partial<Record<SourceKey, Reader>>,
  countries: Country[],
): { built: BuiltSeries[]; skipped: BuiltSeries[] } {
  const byIso3 = new Map(countries.map((c) => [c.iso3, c]));
  const byM49 = new Map(countries.map((c) => [c.m49, c]));
  const all: BuiltSeries[] = SERIES.map((def) => {
    const reader = readers[def.repo];
    if (!reader) throw new Error(`no snapshot given for ${def.repo} (${REPOSITORY[def.repo]})`);
    const ctx: Context = { byIso3, byM49, reader, log: [] };
    const rows = def.rows(reader.read(def.path), ctx).filter((r) => r.year >= MIN_YEAR);
    rows.sort(byRow);
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      if (a.iso3 === b.iso3 && a.year === b.year && (a.key ?? '') === (b.key ?? '')) {
        throw new Error(
          `${def.id}: two values for ${a.iso3} ${a.year}${a.key ? ` ${a.key}` : ''}: the reader must tell them apart`,
        );
      }
    }
    return { def, rows, countries: new Set(rows.map((r) => r.iso3)).size, log: ctx.log };
  });
  const byId = new Map(all.map((s) => [s.def.id, s]));
  // Cross-source notes compare the source values, before any note is added.
  const pending = all.map((s) => ({ s, other: s.def.compareWith ? byId.get(s.def.compareWith) : undefined }));
  const snapshots = new Map(
    pending.map(({ s }) => [s.def.id, { ...s, rows: s.rows.map((r) => ({ ...r, notes: [...r.notes] })) }]),
  );
  for (const { s } of pending) {
    const single = s.rows.every((r) => r.key === undefined);
    if (single) noteIdenticalCountries(s.rows);
    noteNatureChanges(s.rows);
    if (s.def.breaks === 'factor5' && single) noteBreaks(s.rows);
    if (s.def.compareWith) noteDifferences(s.rows, snapshots.get(s.def.compareWith), s.def.compareWith);
  }
  return {
    built: all.filter((s) => s.countries >= MIN_COUNTRIES),
    skipped: all.filter((s) => s.countries < MIN_COUNTRIES),
  };
}

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function seriesCsv(s: BuiltSeries, countries: Country[]): string {
  const iso2 = new Map(countries.map((c) => [c.iso3, c.iso2]));
  const lines = s.rows.map((r) =>
    [r.iso3, iso2.get(r.iso3) ?? '', String(r.year), r.value, csvField(r.notes.join('; '))].join(','),
  );
  return `${HEADER}\n${lines.join('\n')}\n`;
}

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Manifest

/** An entry of data/manifest.json: what the site's open-data metadata reads of it, and the rest the refresh writes. */
export interface ManifestEntry extends PublishedManifestEntry {
  file: string;
  title: string;
  unit: string;
  theme: string;
  sdg_indicator: string | null;
  portal_indicator: string | null;
  concept: string;
  years: [number, number];
  countries: number;
  rows: number;
  sha256: string;
  disaggregation: string | null;
  conversion: string | null;
  break_rule: string;
  remarks: string[];
}

const BREAK_RULE = {
  factor5:
    'note "series break" where a value changes by more than ×5 (or from zero) between a country’s consecutive ' +
    'available years',
  none: 'no ×5 rule for this series (see remarks)',
};

function readManifest(dataDir: string): ManifestEntry[] {
  const file = join(dataDir, 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ManifestEntry[]) : [];
}

// ---------------------------------------------------------------------------------------------
// Coverage

function coverageMarkdown(
  entries: ManifestEntry[],
  skipped: BuiltSeries[],
  countries: Country[],
  dataDir: string,
): string {
  const countriesOf = new Map<string, Set<string>>();
  for (const e of entries) {
    const text = readFileSync(join(dataDir, e.file), 'utf8');
    countriesOf.set(
      e.file,
      new Set(
        text
          .trim()
          .split('\n')
          .slice(1)
          .map((l) => l.slice(0, 3)),
      ),
    );
  }
  const out: string[] = [];
  out.push('# Coverage of the curated open data', '');
  out.push('Generated by `node scripts/data-refresh.ts` from data/manifest.json: do not edit by hand.', '');
  out.push(
    `Out of the portal's ${countries.length} countries (src/lib/db/countries-data.ts), years ${MIN_YEAR} ` +
      `onward. A series covering fewer than ${MIN_COUNTRIES} countries is not taken.`,
    '',
  );
  out.push('## Series', '');
  out.push('| Theme | Series | SDG | Portal indicator | Countries | Years | Rows |', '|---|---|---|---|---|---|---|');
  for (const e of entries) {
    out.push(
      `| ${e.theme} | [${e.series_id}](${e.file}) | ${e.sdg_indicator ?? '–'} | ${e.portal_indicator ?? '–'} ` +
        `| ${e.countries} | ${e.years[0]}–${e.years[1]} | ${e.rows} |`,
    );
  }
  out.push('', '## Themes', '');
  out.push(
    'Indicators are counted by concept: two sources or two parts of one indicator count once (slums from WDI ' +
      'and from the SDG database; PM2.5 urban and national; the two parts of 11.5.1; all cities and the largest ' +
      'city).',
    '',
  );
  out.push(
    '| Theme | Series | Distinct indicators | Countries with at least one series | ≥ 3 indicators | ≥ 40 countries |',
    '|---|---|---|---|---|---|',
  );
  const themeCountries = new Map<string, Set<string>>();
  let themesOk = 0;
  for (const theme of THEMES) {
    const es = entries.filter((e) => e.theme === theme);
    const cs = new Set<string>();
    for (const e of es) for (const c of countriesOf.get(e.file) ?? []) cs.add(c);
    themeCountries.set(theme, cs);
    const concepts = new Set(es.map((e) => e.concept)).size;
    const ok3 = concepts >= 3;
    const ok40 = cs.size >= 40;
    if (ok3 && ok40) themesOk += 1;
    out.push(`| ${theme} | ${es.length} | ${concepts} | ${cs.size} | ${ok3 ? 'yes' : 'no'} | ${ok40 ? 'yes' : 'no'} |`);
  }
  out.push(
    '',
    `Themes with at least 3 indicators backed by open data and figures for at least 40 countries: ` +
      `**${themesOk} of ${THEMES.length}** (target: 6).`,
    '',
  );
  out.push('## Countries', '');
  out.push('Themes (of the 8) in which each country has at least one series:', '');
  out.push('| Country | ISO3 | Themes | Missing themes |', '|---|---|---|---|');
  let countriesOk = 0;
  for (const c of [...countries].sort((a, b) => (a.iso3 < b.iso3 ? -1 : 1))) {
    const has = THEMES.filter((t) => themeCountries.get(t)?.has(c.iso3));
    if (has.length >= 5) countriesOk += 1;
    out.push(`| ${c.name} | ${c.iso3} | ${has.length} | ${THEMES.filter((t) => !has.includes(t)).join(', ')} |`);
  }
  out.push(
    '',
    `Countries with figures in at least 5 themes: **${countriesOk} of ${countries.length}** (target: all).`,
    '',
  );
  out.push('## Series not taken (fewer than 20 countries)', '');
  out.push('| Series | Source file | Countries |', '|---|---|---|');
  for (const s of skipped)
    out.push(
      `| ${s.def.id} (${s.def.sdg_indicator ?? '–'}) | ${REPOSITORY[s.def.repo]} \`${s.def.path}\` | ${s.countries} |`,
    );
  out.push('');
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Refresh

interface RefreshOptions {
  dataDir: string;
  snapshots: Partial<Record<SourceKey, string>>;
  files: Partial<Record<SourceKey, string>>;
  commits: Partial<Record<SourceKey, string>>;
  taken: string;
}

function gitReader(gitDir: string, commit: string): Reader {
  return {
    read: (path) =>
      execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${path}`], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      }),
  };
}

function filesReader(dir: string): Reader {
  return { read: (path) => readFileSync(join(dir, path), 'utf8') };
}

export function refresh(opts: RefreshOptions): { entries: ManifestEntry[]; skipped: BuiltSeries[] } {
  const countries = regionCountries();
  const readers: Partial<Record<SourceKey, Reader>> = {};
  const commits: Partial<Record<SourceKey, string>> = {};
  for (const key of Object.keys(REPOSITORY) as SourceKey[]) {
    const snap = opts.snapshots[key];
    const files = opts.files[key];
    if (snap) {
      const commit =
        opts.commits[key] ?? execFileSync('git', ['--git-dir', snap, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      readers[key] = gitReader(snap, commit);
      commits[key] = execFileSync('git', ['--git-dir', snap, 'rev-parse', commit], { encoding: 'utf8' }).trim();
    } else if (files) {
      const commit = opts.commits[key];
      if (!commit || !/^[0-9a-f]{40}$/.test(commit))
        throw new Error(`--files ${key}=… needs --commit ${key}=<40-hex commit the files were taken at>`);
      readers[key] = filesReader(files);
      commits[key] = commit;
    }
  }
  const missing = (Object.keys(REPOSITORY) as SourceKey[]).filter((k) => !readers[k]);
  if (missing.length > 0)
    throw new Error(`no snapshot for: ${missing.map((k) => `${k} (${REPOSITORY[k]})`).join(', ')}`);

  const { built, skipped } = buildSeries(readers, countries);
  const previous = new Map(readManifest(opts.dataDir).map((e) => [e.file, e]));
  // Files written by an earlier run and no longer produced go.
  for (const theme of THEMES) {
    const dir = join(opts.dataDir, theme);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) if (f.endsWith('.csv')) rmSync(join(dir, f));
  }
  const entries: ManifestEntry[] = [];
  for (const s of built) {
    const file = `${s.def.theme}/${s.def.id}.csv`;
    const text = seriesCsv(s, countries);
    mkdirSync(join(opts.dataDir, s.def.theme), { recursive: true });
    writeFileSync(join(opts.dataDir, file), text);
    const hash = sha256(text);
    const commit = commits[s.def.repo]!;
    const before = previous.get(file);
    const years = s.rows.map((r) => r.year);
    entries.push({
      file,
      series_id: s.def.id,
      title: s.def.title,
      unit: s.def.unit,
      theme: s.def.theme,
      sdg_indicator: s.def.sdg_indicator,
      portal_indicator: s.def.portal_indicator,
      concept: s.def.concept,
      source: s.def.source,
      licence: s.def.licence,
      licence_url: s.def.licence_url,
      repository: REPOSITORY[s.def.repo],
      path: s.def.path,
      commit,
      taken: before && before.commit === commit && before.sha256 === hash ? before.taken : opts.taken,
      years: [Math.min(...years), Math.max(...years)],
      countries: s.countries,
      rows: s.rows.length,
      sha256: hash,
      disaggregation: s.def.disaggregation,
      conversion: s.def.conversion,
      break_rule: BREAK_RULE[s.def.breaks],
      remarks: [...s.def.remarks, ...s.log],
    });
  }
  entries.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  writeFileSync(join(opts.dataDir, 'manifest.json'), `${JSON.stringify(entries, null, 2)}\n`);
  writeFileSync(join(opts.dataDir, 'COVERAGE.md'), coverageMarkdown(entries, skipped, countries, opts.dataDir));
  return { entries, skipped };
}

// ---------------------------------------------------------------------------------------------
// Check

export interface CheckReport {
  files: number;
  problems: string[];
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function csvFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...csvFilesUnder(p));
    else if (name.endsWith('.csv')) out.push(p);
  }
  return out;
}

/** Every file of the manifest is there, unchanged, and well-formed; every CSV is in the manifest. */
export function checkData(dataDir: string): CheckReport {
  const problems: string[] = [];
  const countries = regionCountries();
  const iso2Of = new Map(countries.map((c) => [c.iso3, c.iso2]));
  let entries: ManifestEntry[];
  try {
    entries = readManifest(dataDir);
  } catch (e) {
    return { files: 0, problems: [`manifest.json: ${(e as Error).message}`] };
  }
  if (entries.length === 0) problems.push('manifest.json: missing or empty');
  const listed = new Set<string>();
  const ids = new Set<string>();
  for (const e of entries) {
    const where = e.file;
    listed.add(e.file);
    if (ids.has(e.series_id)) problems.push(`${where}: series_id ${e.series_id} listed twice`);
    ids.add(e.series_id);
    if (e.file !== `${e.theme}/${e.series_id}.csv`) problems.push(`${where}: file is not <theme>/<series_id>.csv`);
    if (!(THEMES as readonly string[]).includes(e.theme)) problems.push(`${where}: unknown theme ${e.theme}`);
    if (!/^[0-9a-f]{40}$/.test(e.commit)) problems.push(`${where}: commit is not a 40-hex commit`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(e.taken)) problems.push(`${where}: taken is not an ISO date`);
    for (const k of ['source', 'licence', 'licence_url', 'repository', 'path'] as const)
      if (!e[k]) problems.push(`${where}: no ${k}`);
    const path = join(dataDir, e.file);
    if (!existsSync(path)) {
      problems.push(`${where}: file missing`);
      continue;
    }
    const bytes = readFileSync(path);
    if (sha256(bytes) !== e.sha256)
      problems.push(`${where}: sha256 differs from the manifest (edited by hand? run the refresh instead)`);
    const text = bytes.toString('utf8');
    if (!text.startsWith(`${HEADER}\n`)) problems.push(`${where}: header is not ${HEADER}`);
    if (!text.endsWith('\n') || text.includes('\r')) problems.push(`${where}: line ends are not \\n`);
    let records: string[][];
    try {
      records = parse(text, { from_line: 2, relax_column_count: false }) as string[][];
    } catch (err) {
      problems.push(`${where}: not valid CSV (${(err as Error).message})`);
      continue;
    }
    if (records.length !== e.rows) problems.push(`${where}: ${records.length} rows, manifest says ${e.rows}`);
    const seen = new Set<string>();
    let prev: [string, number] | null = null;
    let minYear = Infinity;
    let maxYear = -Infinity;
    records.forEach((rec, i) => {
      const line = i + 2;
      const [iso3 = '', iso2 = '', yearText = '', value = ''] = rec;
      if (rec.length !== 5) problems.push(`${where}:${line}: ${rec.length} fields, not 5`);
      if (!iso2Of.has(iso3)) problems.push(`${where}:${line}: ${iso3} is not one of the ${countries.length} countries`);
      else if (iso2Of.get(iso3) !== iso2) problems.push(`${where}:${line}: iso2 ${iso2} does not match ${iso3}`);
      const year = Number(yearText);
      if (!/^\d{4}$/.test(yearText) || year < MIN_YEAR) problems.push(`${where}:${line}: year ${yearText}`);
      if (!DECIMAL.test(value)) problems.push(`${where}:${line}: value ${value} is not a plain decimal`);
      if (prev && (iso3 < prev[0] || (iso3 === prev[0] && year < prev[1])))
        problems.push(`${where}:${line}: not sorted by iso3, year`);
      prev = [iso3, year];
      seen.add(iso3);
      minYear = Math.min(minYear, year);
      maxYear = Math.max(maxYear, year);
    });
    if (seen.size !== e.countries) problems.push(`${where}: ${seen.size} countries, manifest says ${e.countries}`);
    if (seen.size < MIN_COUNTRIES) problems.push(`${where}: ${seen.size} countries, fewer than ${MIN_COUNTRIES}`);
    if (records.length > 0 && (e.years?.[0] !== minYear || e.years?.[1] !== maxYear))
      problems.push(`${where}: years ${minYear}–${maxYear}, manifest says ${e.years?.join('–')}`);
  }
  for (const p of csvFilesUnder(dataDir)) {
    const rel = relative(dataDir, p).split(sep).join('/');
    if (!listed.has(rel)) problems.push(`${rel}: not in manifest.json`);
  }
  return { files: entries.length, problems };
}

// ---------------------------------------------------------------------------------------------
// Command line

function keyValues(args: string[], flag: string): Partial<Record<SourceKey, string>> {
  const out: Partial<Record<SourceKey, string>> = {};
  args.forEach((a, i) => {
    if (a !== flag) return;
    const kv = args[i + 1] ?? '';
    const eq = kv.indexOf('=');
    const key = kv.slice(0, eq) as SourceKey;
    if (eq < 1 || !(key in REPOSITORY))
      throw new Error(`${flag} takes <key>=<value>, key one of ${Object.keys(REPOSITORY).join(', ')}`);
    out[key] = kv.slice(eq + 1);
  });
  return out;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--data');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = at >= 0 ? args[at + 1]! : join(root, 'data');
  if (args.includes('--check')) {
    const report = checkData(dataDir);
    if (report.problems.length > 0) {
      console.error(`${report.problems.length} problem(s) in ${dataDir}:\n  ${report.problems.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`${report.files} files in ${dataDir} match the manifest.`);
  } else {
    const takenAt = args.indexOf('--taken');
    const taken = takenAt >= 0 ? args[takenAt + 1]! : new Date().toISOString().slice(0, 10);
    const { entries, skipped } = refresh({
      dataDir,
      snapshots: keyValues(args, '--snapshot'),
      files: keyValues(args, '--files'),
      commits: keyValues(args, '--commit'),
      taken,
    });
    for (const e of entries) console.log(`${e.file}: ${e.countries} countries, ${e.years.join('–')}, ${e.rows} rows`);
    for (const s of skipped)
      console.log(`not taken: ${s.def.id} (${s.countries} countries, fewer than ${MIN_COUNTRIES})`);
    const report = checkData(dataDir);
    if (report.problems.length > 0) {
      console.error(report.problems.join('\n'));
      process.exit(1);
    }
  }
}
