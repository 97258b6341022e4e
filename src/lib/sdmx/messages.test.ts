import { describe, expect, it } from 'vitest';
import {
  decodeDataMessage,
  expectValid,
  parseCsv,
  sortedRows,
  validSdmxData,
  validSdmxStructure,
} from '../../../tests/support/sdmx.ts';
import { sdmxCsv } from './csv.ts';
import { flowData } from './flow-data.ts';
import { PROFILE_DATAFLOW, REPORTS_DATAFLOW, sdmxStructure } from './flows.ts';
import { dataMessage } from './json-data.ts';
import { structureMessage } from './json-structure.ts';
import { urn, type Observation } from './model.ts';
import { ALL_DIMENSIONS, observationDimensions } from './query.ts';
import { natureOfNote, unitOf, urbanisationOf } from './series.ts';

const meta = { id: 'TEST-1', prepared: '2026-12-01T00:00:00Z', baseUrl: 'https://portal.example' };
const structure = sdmxStructure({
  indicators: [
    { code: 'SLUM_PCT_SDG', name: 'Slums (SDG)', unit: '%' },
    { code: 'LARGEST_CITY_POP', name: 'Largest city', unit: 'thousand people' },
  ],
  questions: [{ id: 'Q12_female', name: 'Urban unemployment rate, by sex: Women', unit: '%' }],
  cycles: [2026],
});

const figure = (
  area: string,
  indicator: string,
  year: string,
  value: number,
  attributes: Observation['attributes'],
) => ({
  key: { FREQ: 'A', REF_AREA: area, INDICATOR: indicator, URBANISATION: urbanisationOf(indicator), TIME_PERIOD: year },
  value,
  attributes,
});
const slums = {
  UNIT_MEASURE: 'PT',
  UNIT_MULT: '0',
  OBS_STATUS: 'A',
  NATURE: 'E',
  SOURCE_DETAIL: 'UN-Habitat, via UN Statistics Division',
  COMMENT_OBS: 'location: urban; nature: estimated',
  SDG_SERIES: 'EN_LND_SLUM',
  REPORTING_TYPE: 'G',
  LICENCE: 'CC BY 4.0',
  DEMO: null,
};
const data = flowData(structure, PROFILE_DATAFLOW, [
  figure('4', 'SLUM_PCT_SDG', '2016', 71.3, slums),
  figure('4', 'SLUM_PCT_SDG', '2014', 62.7, { ...slums, COMMENT_OBS: '=formula, "quoted"' }),
  figure('50', 'LARGEST_CITY_POP', '2018', 19578, {
    ...slums,
    UNIT_MEASURE: 'PS',
    UNIT_MULT: '3',
    OBS_STATUS: 'E',
    NATURE: 'C',
    SOURCE_DETAIL: 'BBS',
    COMMENT_OBS: 'Dhaka',
    SDG_SERIES: null,
    REPORTING_TYPE: 'N',
    LICENCE: null,
    DEMO: 'Y',
  }),
]);
const COLUMNS = ['REF_AREA', 'INDICATOR', 'TIME_PERIOD'];

describe('the observations of a flow', () => {
  it('are in codelist order, then time; those with a code the codelists lack are left out', () => {
    expect(data.observations.map((o) => `${o.key['REF_AREA']} ${o.key['TIME_PERIOD']}`)).toEqual([
      '4 2014',
      '4 2016',
      '50 2018',
    ]);
    const unknown = figure('9999', 'SLUM_PCT_SDG', '2016', 1, slums);
    expect(flowData(structure, PROFILE_DATAFLOW, [unknown]).observations).toEqual([]);
  });
});

describe('SDMX-CSV 2.0', () => {
  it('has the header of the standard, then one row an observation, quoted as the portal’s other CSVs', () => {
    const lines = sdmxCsv(PROFILE_DATAFLOW, data.observations).split('\r\n');
    expect(lines[0]).toBe(
      'STRUCTURE,STRUCTURE_ID,ACTION,FREQ,REF_AREA,INDICATOR,URBANISATION,TIME_PERIOD,OBS_VALUE,UNIT_MEASURE,' +
        'UNIT_MULT,OBS_STATUS,NATURE,SOURCE_DETAIL,COMMENT_OBS,SDG_SERIES,REPORTING_TYPE,LICENCE,DEMO',
    );
    expect(lines[1]).toBe(
      'dataflow,APUA:DF_URBAN_PROFILE(1.0.0),I,A,4,SLUM_PCT_SDG,U,2014,62.7,PT,0,A,E,' +
        '"UN-Habitat, via UN Statistics Division","\'=formula, ""quoted""",EN_LND_SLUM,G,CC BY 4.0,',
    );
    expect(lines[3]).toBe(
      'dataflow,APUA:DF_URBAN_PROFILE(1.0.0),I,A,50,LARGEST_CITY_POP,_T,2018,19578,PS,3,E,C,BBS,Dhaka,,N,,Y',
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });
});

describe('the SDMX-JSON 2.0 data message', () => {
  const csvRows = sortedRows(parseCsv(sdmxCsv(PROFILE_DATAFLOW, data.observations)), COLUMNS);
  const layouts = [undefined, ALL_DIMENSIONS, 'REF_AREA', 'INDICATOR', 'FREQ'];

  it.each(layouts)('passes the schema and holds what the CSV holds (dimensionAtObservation %s)', (layout) => {
    const message = dataMessage(data, data.observations, observationDimensions(PROFILE_DATAFLOW, layout), meta);
    expectValid(validSdmxData, message);
    const decoded = decodeDataMessage(message).map((row) => ({
      STRUCTURE: 'dataflow',
      STRUCTURE_ID: 'APUA:DF_URBAN_PROFILE(1.0.0)',
      ACTION: 'I',
      ...row,
    }));
    expect(sortedRows(decoded, COLUMNS)).toEqual(csvRows);
  });

  it('gives per series what varies only with series dimensions, coded values by index, free text as it is', () => {
    const message = dataMessage(data, data.observations, ['TIME_PERIOD'], meta) as {
      data: { structures: { attributes: { series: { id: string }[]; observation: { id: string }[] } }[] };
    } & Record<string, unknown>;
    const attributes = message.data.structures[0]!.attributes;
    expect(attributes.series.map((a) => a.id)).toEqual(['UNIT_MEASURE', 'UNIT_MULT', 'SDG_SERIES']);
    expect(attributes.observation.map((a) => a.id)).toEqual([
      'OBS_STATUS',
      'NATURE',
      'SOURCE_DETAIL',
      'COMMENT_OBS',
      'REPORTING_TYPE',
      'LICENCE',
      'DEMO',
    ]);
    expect(message).toMatchObject({
      meta: { id: 'TEST-1', prepared: '2026-12-01T00:00:00Z', sender: { id: 'APUA' } },
      data: {
        structures: [{ links: [{ rel: 'dataflow', urn: urn.dataflow('DF_URBAN_PROFILE') }] }],
        dataSets: [
          {
            action: 'Information',
            series: {
              // REF_AREA 4, SLUM_PCT_SDG: FREQ, REF_AREA, INDICATOR, URBANISATION indexes.
              '0:0:0:0': {
                // UNIT_MEASURE PT is the second unit of the message (PS, PT), as in its codelist.
                attributes: [1, 0, 0],
                observations: {
                  '0': [62.7, 0, 1, 'UN-Habitat, via UN Statistics Division', '=formula, "quoted"', 0, 'CC BY 4.0'],
                  '1': [
                    71.3,
                    0,
                    1,
                    'UN-Habitat, via UN Statistics Division',
                    'location: urban; nature: estimated',
                    0,
                    'CC BY 4.0',
                  ],
                },
              },
              '0:1:1:1': { attributes: [0, 1, null], observations: { '2': [19578, 1, 0, 'BBS', 'Dhaka', 1, null, 0] } },
            },
          },
        ],
      },
    });
  });

  it('of a flow without time dimension is a flat list by default', () => {
    const reports = flowData(structure, REPORTS_DATAFLOW, [
      {
        key: { REF_AREA: '360', QUESTION: 'Q12_female', CYCLE: '2026' },
        value: 5.2,
        attributes: { UNIT_MEASURE: 'PT', REF_PERIOD: 2024, SOURCE_DETAIL: 'BPS', COMMENT_OBS: null, DEMO: null },
      },
    ]);
    const message = dataMessage(
      reports,
      reports.observations,
      observationDimensions(REPORTS_DATAFLOW, undefined),
      meta,
    );
    expectValid(validSdmxData, message);
    expect(message['data']).toMatchObject({ dataSets: [{ observations: { '0:0:0': [5.2, 0, 2024, 'BPS'] } }] });
  });
});

describe('the SDMX-JSON 2.0 structure message', () => {
  it('passes the schema, with both flows, their DSDs in key order, every codelist and concept', () => {
    const message = structureMessage(structure, meta);
    expectValid(validSdmxStructure, message);
    const { data: body } = message;
    expect(body.dataflows.map((f) => [f.id, f.structure])).toEqual([
      ['DF_URBAN_PROFILE', urn.dsd('DSD_URBAN_PROFILE')],
      ['DF_NATIONAL_REPORTS', urn.dsd('DSD_NATIONAL_REPORTS')],
    ]);
    const dimensions = body.dataStructures.map((d) =>
      d.dataStructureComponents.dimensionList.dimensions.map((x) => x.id),
    );
    expect(dimensions).toEqual([
      ['FREQ', 'REF_AREA', 'INDICATOR', 'URBANISATION'],
      ['REF_AREA', 'QUESTION', 'CYCLE'],
    ]);
    const codelist = (id: string) => body.codelists.find((c) => c.id === id)!;
    expect(codelist('CL_AREA').codes).toContainEqual({ id: '4', name: 'Afghanistan' });
    expect(codelist('CL_AREA').codes).toHaveLength(58);
    expect(codelist('CL_UNIT_MEASURE').codes).toEqual([
      { id: 'PS', name: 'Persons' },
      { id: 'PT', name: 'Percent' },
    ]);
    // Every codelist and concept a DSD refers to is in the message.
    const referred = JSON.stringify(body.dataStructures).match(/urn:sdmx:[^"]+/g)!;
    const given = new Set([
      ...body.codelists.map((c) => urn.codelist(c.id)),
      ...body.conceptSchemes[0]!.concepts.map((c) => urn.concept(c.id)),
    ]);
    expect(referred.filter((ref) => !given.has(ref))).toEqual([]);
  });

  it('lists no codes for an empty codelist (no published cycle yet)', () => {
    const empty = structureMessage(sdmxStructure({ indicators: [], questions: [], cycles: [] }), meta);
    expectValid(validSdmxStructure, empty);
    expect(empty.data.codelists.find((c) => c.id === 'CL_CYCLE')).not.toHaveProperty('codes');
  });
});

describe('the portal’s own SDMX-JSON schema', () => {
  const U = urn.dataflow('DF_URBAN_PROFILE').replace('APUA:', 'APUAP:');
  // The minimal message of ../shared/domain/sdmx-and-open-data-out.md §2, U written out.
  const sample = {
    meta: { id: 'M1', prepared: '2026-12-01T00:00:00Z', sender: { id: 'APUAP' } },
    data: {
      structures: [
        {
          name: 'Profile',
          links: [{ urn: U, rel: 'dataflow' }],
          dimensions: {
            series: [
              { id: 'REF_AREA', name: 'Area', keyPosition: 0, values: [{ id: '4', name: 'Afghanistan' }] },
              { id: 'INDICATOR', name: 'Ind', keyPosition: 1, values: [{ id: 'SLUM_PCT_SDG', name: 'Slums' }] },
            ],
            observation: [
              {
                id: 'TIME_PERIOD',
                name: 'Year',
                keyPosition: 2,
                values: [
                  { id: '2014', name: '2014' },
                  { id: '2016', name: '2016' },
                ],
              },
            ],
          },
          measures: { observation: [{ id: 'OBS_VALUE', name: 'Value' }] },
          attributes: {
            series: [
              {
                id: 'UNIT_MEASURE',
                name: 'Unit',
                relationship: { dimensions: ['INDICATOR'] },
                values: [{ id: 'PT', name: '%' }],
              },
            ],
          },
        },
      ],
      dataSets: [
        {
          structure: 0,
          action: 'Information',
          links: [{ urn: U, rel: 'dataflow' }],
          series: { '0:0': { attributes: [0], observations: { '0': [62.7], '1': [71.3] } } },
        },
      ],
    },
  };

  it('accepts the minimal sample of the domain notes, and it decodes to its two observations', () => {
    expectValid(validSdmxData, sample);
    expect(decodeDataMessage(sample)).toEqual([
      { REF_AREA: '4', INDICATOR: 'SLUM_PCT_SDG', UNIT_MEASURE: 'PT', TIME_PERIOD: '2014', OBS_VALUE: '62.7' },
      { REF_AREA: '4', INDICATOR: 'SLUM_PCT_SDG', UNIT_MEASURE: 'PT', TIME_PERIOD: '2016', OBS_VALUE: '71.3' },
    ]);
  });

  /** Sets (or, with undefined, removes) the value at `path` of a copy of the sample. */
  function changed(path: readonly (string | number)[], value: unknown): unknown {
    const copy = structuredClone(sample) as unknown as Record<string | number, unknown>;
    let node = copy;
    for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
    if (value === undefined) delete node[path.at(-1)!];
    else node[path.at(-1)!] = value;
    return copy;
  }
  const series0 = ['data', 'structures', 0, 'dimensions', 'series', 0];
  const dataSet = ['data', 'dataSets', 0];

  it.each([
    ['data and errors together', ['errors'], [{ code: 500 }]],
    ['no sender', ['meta', 'sender'], undefined],
    ['a time without zone', ['meta', 'prepared'], 'yesterday'],
    ['a dimension without key position', [...series0, 'keyPosition'], undefined],
    ['a dimension without values', [...series0, 'values'], []],
    ['a code with a space', [...series0, 'values', 0, 'id'], 'Sri Lanka'],
    [
      'an attribute without relationship',
      ['data', 'structures', 0, 'attributes', 'series', 0, 'relationship'],
      undefined,
    ],
    ['a data set without links', [...dataSet, 'links'], undefined],
    ['an unknown action', [...dataSet, 'action'], 'Upsert'],
    ['a series key that is no index', [...dataSet, 'series'], { 'A:4': { observations: {} } }],
    ['series and a flat list together', [...dataSet, 'observations'], {}],
  ] as const)('refuses %s', (_, path, value) => {
    expect(validSdmxData(changed(path, value))).toBe(false);
  });
});

describe('what SDMX says of an indicator', () => {
  it('its unit as a code, its population and the nature of an open-data figure', () => {
    expect(unitOf('%')).toEqual({ code: 'PT', name: 'Percent', multiplier: 0 });
    expect(unitOf('thousand people').multiplier).toBe(3);
    expect(unitOf(null, 'DRR_STRATEGY_SCORE').code).toBe('IX');
    expect(unitOf(null).code).toBe('_Z');
    expect(unitOf('USD per person')).toEqual({ code: 'U_USD_PER_PERSON', name: 'USD per person', multiplier: 0 });
    expect(unitOf('日')).toMatchObject({ code: expect.stringMatching(/^U_[0-9A-Z]+$/), name: '日' });
    expect(
      ['ELECTRICITY_URBAN_PCT', 'URB_POP', 'PM25_URBAN', 'URB_POP_PCT', 'PM25_NATIONAL'].map(urbanisationOf),
    ).toEqual(['U', 'U', 'U', '_T', '_T']);
    expect(natureOfNote('location: urban; nature: modelled')).toBe('M');
    expect(natureOfNote('nature: country data; change of source type: modelled (2004) to country data')).toBe('C');
    expect(natureOfNote('nature: not specified')).toBeNull();
    expect(natureOfNote(null)).toBeNull();
  });
});
