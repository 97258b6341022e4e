/**
 * What SDMX says about a profile indicator beyond the catalogue: the UN SDG series it matches,
 * the population it measures (URBANISATION) and its unit as a code. The SDG series follow the
 * mapping of ../shared/domain/sdmx-and-open-data-out.md §4 (which series of the curated open data
 * are the SDG database's own); an indicator without one carries none, so figures are matched with
 * the UN SDG database only where they truly are the same series.
 */

/** The SDG series of the indicators that have one, with the SDG database's name and disaggregation. */
export const SDG_SERIES: Readonly<Record<string, { series: string; name: string }>> = {
  ELECTRICITY_URBAN_PCT: { series: 'EG_ELC_ACCS', name: 'Proportion of population with access to electricity' },
  CLEAN_COOKING_URBAN_PCT: {
    series: 'EG_EGY_CLEAN',
    name: 'Proportion of population with primary reliance on clean fuels and technology',
  },
  SLUM_PCT_SDG: { series: 'EN_LND_SLUM', name: 'Proportion of urban population living in slums' },
  PM25_URBAN: { series: 'EN_ATM_PM25', name: 'Annual mean levels of fine particulate matter (PM2.5)' },
  DISASTER_DEATHS_100K: {
    series: 'VC_DSR_MTMP',
    name: 'Number of deaths and missing persons attributed to disasters per 100,000 population',
  },
  DISASTER_AFFECTED_100K: {
    series: 'VC_DSR_DAFF',
    name: 'Number of directly affected persons attributed to disasters per 100,000 population',
  },
  DISASTER_LOSS_USD: { series: 'VC_DSR_GDPLS', name: 'Direct economic loss attributed to disasters' },
  DRR_STRATEGY_SCORE: {
    series: 'SG_DSR_LGRGSR',
    name: 'Score of adoption and implementation of national DRR strategies in line with the Sendai Framework',
  },
  GDP_PER_CAPITA_GROWTH: { series: 'NY_GDP_PCAP', name: 'Annual growth rate of real GDP per capita' },
  GDP_PER_WORKER_GROWTH: { series: 'SL_EMP_PCAP', name: 'Annual growth rate of real GDP per employed person' },
  UNEMPLOYMENT_PCT: { series: 'SL_TLF_UEM', name: 'Unemployment rate, aged 15 and over (AGE Y_GE15)' },
};

/** Indicators of the urban population or urban areas that their code does not name as such. */
const URBAN_INDICATORS: ReadonlySet<string> = new Set(['URB_POP', 'URB_GROWTH', 'SLUM_PCT', 'SLUM_PCT_SDG']);

/**
 * `U` for a figure about the urban population or urban areas (as the SDG database disaggregates
 * them), `_T` for one about the whole country. City medians are `_T`: the key has no city.
 */
export function urbanisationOf(indicator: string): 'U' | '_T' {
  return URBAN_INDICATORS.has(indicator) || /(^|_)URBAN(_|$)/.test(indicator) ? 'U' : '_T';
}

export interface UnitCode {
  code: string;
  name: string;
  /** UNIT_MULT: the power of ten the figures are given in (3: thousands). */
  multiplier: number;
}

/** The units the catalogues use, as codes (the SDG database's where it has one). */
const KNOWN_UNITS: Readonly<Record<string, UnitCode>> = {
  '%': { code: 'PT', name: 'Percent', multiplier: 0 },
  people: { code: 'PS', name: 'Persons', multiplier: 0 },
  'thousand people': { code: 'PS', name: 'Persons', multiplier: 3 },
  'Mt CO₂ a year': { code: 'T_CO2_YR', name: 'Tonnes of carbon dioxide a year', multiplier: 6 },
  // The SDG database's code for EN_ATM_PM25 (domain doc §4).
  'µg/m³': { code: 'GPERM3', name: 'Micrograms per cubic metre', multiplier: 0 },
  'per 100,000': { code: 'PER_100000_POP', name: 'Per 100,000 population', multiplier: 0 },
  'per 100,000 people': { code: 'PER_100000_POP', name: 'Per 100,000 population', multiplier: 0 },
  'US dollars': { code: 'USD', name: 'US dollars', multiplier: 0 },
  'USD PPP': { code: 'USD_PPP', name: 'US dollars at purchasing power parity', multiplier: 0 },
};

/** Indicators whose catalogue entry has no unit but whose SDG series names one. */
const UNIT_OF_INDICATOR: Readonly<Record<string, UnitCode>> = {
  DRR_STRATEGY_SCORE: { code: 'IX', name: 'Index', multiplier: 0 },
};

const NO_UNIT: UnitCode = { code: '_Z', name: 'Not applicable (a number without unit)', multiplier: 0 };

/**
 * The unit of a catalogue entry as a code. A unit the table does not know (an administrator's new
 * indicator or question) gets a code made from its own words, `U_` first, and keeps them as name.
 */
export function unitOf(unit: string | null, indicator?: string): UnitCode {
  const own = indicator === undefined ? undefined : UNIT_OF_INDICATOR[indicator];
  if (own) return own;
  const text = unit?.trim() ?? '';
  if (!text) return NO_UNIT;
  const known = KNOWN_UNITS[text];
  if (known) return known;
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return { code: `U_${words || hashOf(text)}`, name: text, multiplier: 0 };
}

/** A short stable tag of text that has no letters or digits to make a code from. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash.toString(36).toUpperCase();
}

/**
 * The SDG `nature` of an open-data figure, from its note (`nature: modelled`, data/README.md), as
 * a code of the SDG database's CL_NATURE; null when the note does not say.
 */
export function natureOfNote(note: string | null): 'C' | 'E' | 'M' | 'N' | null {
  const nature = /nature: (country data|estimated|modelled|non-relevant)/.exec(note ?? '')?.[1];
  if (nature === 'country data') return 'C';
  if (nature === 'estimated') return 'E';
  if (nature === 'modelled') return 'M';
  if (nature === 'non-relevant') return 'N';
  return null;
}
