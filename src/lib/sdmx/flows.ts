import { REGION_COUNTRIES } from '../db/countries-data.ts';
import { SDG_SERIES, unitOf, type UnitCode } from './series.ts';
import type { Attribute, Code, Codelist, Concept, Dataflow, SdmxStructure } from './model.ts';

/**
 * The portal's two dataflows, their codelists and concepts (issue 36). The codelists of the
 * catalogue (indicators, questions, cycles, units) come from the public data of the moment; the
 * others are fixed here.
 */

export const PROFILE_FLOW = 'DF_URBAN_PROFILE';
export const REPORTS_FLOW = 'DF_NATIONAL_REPORTS';

/** An indicator of a published theme, as the public profile lists it. */
export interface IndicatorEntry {
  code: string;
  name: string;
  unit: string | null;
}

/** A numeric answer's question (or one part of it) as a code: its SDMX id, name and unit. */
export interface QuestionEntry {
  id: string;
  name: string;
  unit: string | null;
}

/** What the codelists of the moment are made from. */
export interface SdmxCatalogue {
  indicators: readonly IndicatorEntry[];
  questions: readonly QuestionEntry[];
  cycles: readonly number[];
}

/** REF_AREA: the UN M49 code without leading zeros (as the SDG database writes it: 4 = Afghanistan). */
export function areaCode(alpha2: string): string | null {
  const country = BY_ALPHA2.get(alpha2);
  return country ? String(Number(country.numeric)) : null;
}
const BY_ALPHA2 = new Map(REGION_COUNTRIES.map((c) => [c.code, c]));

const coded = (id: string, name: string, codelist: string, dimensions?: readonly string[]): Attribute => ({
  id,
  name,
  codelist,
  relationship: dimensions ? { dimensions } : { observation: {} },
});
const uncoded = (id: string, name: string, dataType: 'String' | 'Integer' = 'String'): Attribute => ({
  id,
  name,
  dataType,
  relationship: { observation: {} },
});

export const PROFILE_DATAFLOW: Dataflow = {
  id: PROFILE_FLOW,
  name: 'Urbanisation profile',
  description:
    'Every published figure of the urbanisation profile: the figures countries report and the curated open data, ' +
    'one a country, indicator and year (a country’s own figure where both exist), with its source and licence.',
  dsd: { id: 'DSD_URBAN_PROFILE', name: 'Urbanisation profile figures' },
  dimensions: [
    { id: 'FREQ', name: 'Frequency', codelist: 'CL_FREQ' },
    { id: 'REF_AREA', name: 'Reference area', codelist: 'CL_AREA' },
    { id: 'INDICATOR', name: 'Indicator', codelist: 'CL_INDICATOR' },
    { id: 'URBANISATION', name: 'Urbanisation', codelist: 'CL_URBANISATION' },
  ],
  time: { name: 'Year' },
  periodDimension: 'TIME_PERIOD',
  measure: { id: 'OBS_VALUE', name: 'Value' },
  attributes: [
    coded('UNIT_MEASURE', 'Unit of measure', 'CL_UNIT_MEASURE', ['INDICATOR']),
    coded('UNIT_MULT', 'Unit multiplier', 'CL_UNIT_MULT', ['INDICATOR']),
    coded('OBS_STATUS', 'Observation status', 'CL_OBS_STATUS'),
    coded('NATURE', 'Nature of data', 'CL_NATURE'),
    uncoded('SOURCE_DETAIL', 'Source'),
    uncoded('COMMENT_OBS', 'Note'),
    coded('SDG_SERIES', 'SDG series', 'CL_SDG_SERIES', ['INDICATOR']),
    coded('REPORTING_TYPE', 'Reporting type', 'CL_REPORTING_TYPE'),
    uncoded('LICENCE', 'Licence'),
    coded('DEMO', 'Demonstration data', 'CL_DEMO'),
  ],
};

export const REPORTS_DATAFLOW: Dataflow = {
  id: REPORTS_FLOW,
  name: 'National reports: numeric answers',
  description:
    'Every numeric answer of the published national reports, one a country, question (or part of a question) ' +
    'and reporting cycle, with the year it refers to and its source.',
  dsd: { id: 'DSD_NATIONAL_REPORTS', name: 'National reports: numeric answers' },
  dimensions: [
    { id: 'REF_AREA', name: 'Reference area', codelist: 'CL_AREA' },
    { id: 'QUESTION', name: 'Question', codelist: 'CL_QUESTION' },
    { id: 'CYCLE', name: 'Reporting cycle', codelist: 'CL_CYCLE' },
  ],
  time: null,
  // Without a time dimension, the periods of a query select reporting cycles (each is a year).
  periodDimension: 'CYCLE',
  measure: { id: 'OBS_VALUE', name: 'Value' },
  attributes: [
    coded('UNIT_MEASURE', 'Unit of measure', 'CL_UNIT_MEASURE', ['QUESTION']),
    uncoded('REF_PERIOD', 'Reference year', 'Integer'),
    uncoded('SOURCE_DETAIL', 'Source'),
    uncoded('COMMENT_OBS', 'Explanation given with the answer'),
    coded('DEMO', 'Demonstration data', 'CL_DEMO'),
  ],
};

export const DATAFLOWS: readonly Dataflow[] = [PROFILE_DATAFLOW, REPORTS_DATAFLOW];

const list = (id: string, name: string, codes: readonly Code[]): Codelist => ({ id, name, codes });

const FIXED_CODELISTS: readonly Codelist[] = [
  list('CL_FREQ', 'Frequency', [{ id: 'A', name: 'Annual' }]),
  list(
    'CL_AREA',
    'Areas of the Asia-Pacific region (UN M49)',
    REGION_COUNTRIES.map((c) => ({ id: String(Number(c.numeric)), name: c.name })),
  ),
  list('CL_URBANISATION', 'Urbanisation', [
    { id: 'U', name: 'Urban' },
    { id: '_T', name: 'Total (urban and rural)' },
  ]),
  list('CL_UNIT_MULT', 'Unit multiplier', [
    { id: '0', name: 'Units' },
    { id: '3', name: 'Thousands' },
    { id: '6', name: 'Millions' },
  ]),
  list('CL_OBS_STATUS', 'Observation status', [
    { id: 'A', name: 'Normal value' },
    { id: 'E', name: 'Estimated value' },
  ]),
  list('CL_NATURE', 'Nature of data (as the SDG database codes it)', [
    { id: 'C', name: 'Country data' },
    { id: 'E', name: 'Estimated' },
    { id: 'M', name: 'Modelled' },
    { id: 'N', name: 'Non-relevant' },
  ]),
  list('CL_REPORTING_TYPE', 'Reporting type', [
    { id: 'G', name: 'Global: curated open data from international sources' },
    { id: 'N', name: 'National: reported by the country' },
  ]),
  list(
    'CL_SDG_SERIES',
    'UN SDG series',
    Object.values(SDG_SERIES).map((s) => ({ id: s.series, name: s.name })),
  ),
  list('CL_DEMO', 'Demonstration data', [{ id: 'Y', name: 'Demonstration data, not an official figure' }]),
];

const CONCEPTS: readonly Concept[] = [
  ['FREQ', 'Frequency', 'The time interval at which observations occur.'],
  ['REF_AREA', 'Reference area', 'The country or area the figure describes, by its UN M49 code.'],
  ['INDICATOR', 'Indicator', 'The indicator of the urbanisation profile, by the code its theme’s CSV file uses.'],
  ['URBANISATION', 'Urbanisation', 'Whether the figure describes the urban population or areas, or the whole area.'],
  ['TIME_PERIOD', 'Time period', 'The year the figure refers to.'],
  ['OBS_VALUE', 'Observation value', 'The figure.'],
  ['UNIT_MEASURE', 'Unit of measure', 'The unit the figure is expressed in.'],
  ['UNIT_MULT', 'Unit multiplier', 'The power of ten the figure is to be multiplied by.'],
  ['OBS_STATUS', 'Observation status', 'Whether the figure is an estimate.'],
  ['NATURE', 'Nature of data', 'How the figure was produced, as the UN SDG database says it.'],
  ['SOURCE_DETAIL', 'Source', 'Who produced the figure and the route it took.'],
  ['COMMENT_OBS', 'Observation comment', 'The note published with the figure.'],
  ['SDG_SERIES', 'SDG series', 'The UN SDG database series the figure belongs to, where it belongs to one.'],
  ['REPORTING_TYPE', 'Reporting type', 'Whether the country reported the figure or it comes from curated open data.'],
  ['LICENCE', 'Licence', 'The licence the figure may be reused under.'],
  ['DEMO', 'Demonstration data', 'Set on demonstration figures, which are not official.'],
  ['QUESTION', 'Question', 'The question of the national report (and its part), by its code.'],
  ['CYCLE', 'Reporting cycle', 'The year of the national reporting cycle.'],
  ['REF_PERIOD', 'Reference period', 'The year the answer refers to, as the country gives it.'],
].map(([id, name, description]) => ({ id: id!, name: name!, description: description! }));

/** The unit codes of the catalogue, one code each (the first name given to a code names it). */
function unitCodes(catalogue: SdmxCatalogue): Code[] {
  const units: UnitCode[] = [
    ...catalogue.indicators.map((i) => unitOf(i.unit, i.code)),
    ...catalogue.questions.map((q) => unitOf(q.unit)),
  ];
  const codes = new Map<string, Code>();
  for (const unit of units) if (!codes.has(unit.code)) codes.set(unit.code, { id: unit.code, name: unit.name });
  return [...codes.values()].sort((a, b) => a.id.localeCompare(b.id, 'en'));
}

/** The whole structure: both dataflows, every codelist and the concept scheme. */
export function sdmxStructure(catalogue: SdmxCatalogue): SdmxStructure {
  const codelists: Codelist[] = [
    ...FIXED_CODELISTS,
    list(
      'CL_INDICATOR',
      'Indicators of the urbanisation profile',
      catalogue.indicators.map((i) => ({ id: i.code, name: i.name })),
    ),
    list('CL_UNIT_MEASURE', 'Units of measure', unitCodes(catalogue)),
    list(
      'CL_QUESTION',
      'Numeric questions of the national reports',
      catalogue.questions.map((q) => ({ id: q.id, name: q.name })),
    ),
    list(
      'CL_CYCLE',
      'Reporting cycles of the national reports',
      [...catalogue.cycles].sort((a, b) => a - b).map((year) => ({ id: String(year), name: String(year) })),
    ),
  ];
  return { flows: DATAFLOWS, codelists: new Map(codelists.map((c) => [c.id, c])), concepts: CONCEPTS };
}
