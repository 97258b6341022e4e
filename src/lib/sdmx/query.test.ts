import { describe, expect, it } from 'vitest';
import { expectCases } from '../../../tests/support/cases.ts';
import { PROFILE_DATAFLOW, REPORTS_DATAFLOW, sdmxStructure } from './flows.ts';
import type { Observation } from './model.ts';
import {
  observationDimensions,
  parseDataQuery,
  parseKey,
  periodYear,
  resolveFlow,
  SdmxQueryError,
  selectObservations,
} from './query.ts';

const structure = sdmxStructure({
  indicators: [
    { code: 'URB_POP_PCT', name: 'Urban population', unit: '%' },
    { code: 'ELECTRICITY_URBAN_PCT', name: 'Electricity', unit: '%' },
  ],
  questions: [{ id: 'Q01', name: 'Slums', unit: '%' }],
  cycles: [2024, 2026],
});
const { codelists } = structure;

/** The message a query is refused with. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SdmxQueryError);
    return String((error as SdmxQueryError).said);
  }
  throw new Error('the query was not refused');
}

describe('the flow reference', () => {
  it('is the flow id, or agency,id[,version] with all or latest', () => {
    const id = (ref: string) => resolveFlow(ref)?.id ?? null;
    expectCases(id, [
      ['DF_URBAN_PROFILE', 'DF_URBAN_PROFILE'],
      ['APUA,DF_URBAN_PROFILE', 'DF_URBAN_PROFILE'],
      ['APUA,DF_NATIONAL_REPORTS,1.0.0', 'DF_NATIONAL_REPORTS'],
      ['all,DF_URBAN_PROFILE,latest', 'DF_URBAN_PROFILE'],
      ['APUA,DF_URBAN_PROFILE,2.0.0', null],
      ['ESTAT,DF_URBAN_PROFILE', null],
      ['df_urban_profile', null],
      ['DF_SDG_GLH', null],
      ['APUA,DF_URBAN_PROFILE,1.0.0,x', null],
    ]);
  });
});

describe('the key', () => {
  it('has one part a dimension: empty or * for every code, + between codes; all or nothing for the whole flow', () => {
    const asLists = (key: string | undefined) =>
      JSON.stringify(parseKey(PROFILE_DATAFLOW, codelists, key).map((codes) => (codes ? [...codes] : null)));
    expectCases(asLists, [
      [undefined, '[null,null,null,null]'],
      ['', '[null,null,null,null]'],
      ['all', '[null,null,null,null]'],
      ['ALL', '[null,null,null,null]'],
      ['...', '[null,null,null,null]'],
      ['A.4+50..U', '[["A"],["4","50"],null,["U"]]'],
      ['*.360.URB_POP_PCT+ELECTRICITY_URBAN_PCT.', '[null,["360"],["URB_POP_PCT","ELECTRICITY_URBAN_PCT"],null]'],
    ]);
    expect(parseKey(REPORTS_DATAFLOW, codelists, '360.Q01.2026').map((c) => c && [...c])).toEqual([
      ['360'],
      ['Q01'],
      ['2026'],
    ]);
  });

  it('with a wrong number of parts is refused, naming the dimensions in order', () => {
    expect(refusal(() => parseKey(PROFILE_DATAFLOW, codelists, 'A.4'))).toBe(
      'The key must have 4 parts separated by dots, one for each of FREQ, REF_AREA, INDICATOR, URBANISATION, or be all',
    );
    expect(refusal(() => parseKey(REPORTS_DATAFLOW, codelists, '360.Q01.2026.A'))).toContain(
      '3 parts separated by dots, one for each of REF_AREA, QUESTION, CYCLE',
    );
  });

  it('with a code its codelist lacks is refused, naming the code and the dimension', () => {
    expect(refusal(() => parseKey(PROFILE_DATAFLOW, codelists, 'A.AF..'))).toBe(
      'AF is not a code of REF_AREA: the codelists are at /api/sdmx/dataflow',
    );
    // Codes are case-sensitive, as in SDMX.
    expect(refusal(() => parseKey(PROFILE_DATAFLOW, codelists, 'a...'))).toContain('a is not a code of FREQ');
    expect(refusal(() => parseKey(REPORTS_DATAFLOW, codelists, '..2025'))).toContain('2025 is not a code of CYCLE');
    const long = 'X'.repeat(300);
    expect(refusal(() => parseKey(PROFILE_DATAFLOW, codelists, `A..${long}.`))).toContain(`${'X'.repeat(40)}…`);
  });
});

describe('the periods', () => {
  it('are years, months, days or reporting periods; each selects its year', () => {
    expectCases(
      (period: string | undefined) => periodYear('startPeriod', period),
      [
        [undefined, null],
        ['', null],
        ['2015', 2015],
        ['2015-06', 2015],
        ['2016-02-29', 2016],
        ['2015-Q3', 2015],
        ['2015-S2', 2015],
        ['2015-M06', 2015],
        ['2015-W53', 2015],
        ['2015-D100', 2015],
        ['2015-A1', 2015],
      ],
    );
  });

  it('refuse anything else, and a start after the end', () => {
    for (const bad of ['15', '2015-13', '2015-02-30', 'last', '2015-Q5', '2015-D400', '2015-06-01T00:00']) {
      expect(refusal(() => periodYear('endPeriod', bad))).toBe(
        'endPeriod must be a period such as 2015, 2015-06 or 2015-06-30',
      );
    }
    expect(refusal(() => parseDataQuery(PROFILE_DATAFLOW, codelists, { startPeriod: '2020', endPeriod: '2019' }))).toBe(
      'startPeriod must not be after endPeriod',
    );
  });
});

describe('the dimensions at observation level', () => {
  it('are the time dimension by default, every one for AllDimensions or a flow without time, or the one named', () => {
    expect(observationDimensions(PROFILE_DATAFLOW, undefined)).toEqual(['TIME_PERIOD']);
    expect(observationDimensions(PROFILE_DATAFLOW, 'AllDimensions')).toEqual([
      'FREQ',
      'REF_AREA',
      'INDICATOR',
      'URBANISATION',
      'TIME_PERIOD',
    ]);
    expect(observationDimensions(PROFILE_DATAFLOW, 'REF_AREA')).toEqual(['REF_AREA']);
    expect(observationDimensions(REPORTS_DATAFLOW, undefined)).toEqual(['REF_AREA', 'QUESTION', 'CYCLE']);
    expect(observationDimensions(REPORTS_DATAFLOW, 'CYCLE')).toEqual(['CYCLE']);
    expect(refusal(() => observationDimensions(REPORTS_DATAFLOW, 'TIME_PERIOD'))).toBe(
      'dimensionAtObservation must be AllDimensions or one of the dimensions REF_AREA, QUESTION, CYCLE',
    );
  });
});

describe('the observations a query selects', () => {
  const observation = (area: string, indicator: string, year: number): Observation => ({
    key: { FREQ: 'A', REF_AREA: area, INDICATOR: indicator, URBANISATION: '_T', TIME_PERIOD: String(year) },
    value: year,
    attributes: {},
  });
  const all = [
    observation('4', 'URB_POP_PCT', 2014),
    observation('4', 'URB_POP_PCT', 2016),
    observation('50', 'URB_POP_PCT', 2016),
    observation('50', 'ELECTRICITY_URBAN_PCT', 2020),
  ];
  const select = (input: Parameters<typeof parseDataQuery>[2]) =>
    selectObservations(PROFILE_DATAFLOW, parseDataQuery(PROFILE_DATAFLOW, codelists, input), all).map(
      (o) => `${o.key['REF_AREA']}:${o.key['INDICATOR']}:${o.value}`,
    );

  it('are those of its codes and years, in the order given', () => {
    expect(select({ key: 'all' })).toHaveLength(4);
    expect(select({ key: '.4+50.URB_POP_PCT.' })).toEqual([
      '4:URB_POP_PCT:2014',
      '4:URB_POP_PCT:2016',
      '50:URB_POP_PCT:2016',
    ]);
    expect(select({ key: '.50..', startPeriod: '2016-07', endPeriod: '2016' })).toEqual(['50:URB_POP_PCT:2016']);
    expect(select({ startPeriod: '2017' })).toEqual(['50:ELECTRICITY_URBAN_PCT:2020']);
    expect(select({ endPeriod: '2013-12-31' })).toEqual([]);
  });

  it('of national reports: the periods select reporting cycles', () => {
    const answer = (cycle: string): Observation => ({
      key: { REF_AREA: '360', QUESTION: 'Q01', CYCLE: cycle },
      value: 1,
      attributes: {},
    });
    const query = parseDataQuery(REPORTS_DATAFLOW, codelists, { startPeriod: '2025' });
    expect(selectObservations(REPORTS_DATAFLOW, query, [answer('2024'), answer('2026')])).toEqual([answer('2026')]);
  });
});
