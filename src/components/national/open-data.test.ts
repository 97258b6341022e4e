import { describe, expect, it } from 'vitest';
import type { PublicAnswerRow } from '../../lib/national-reports/public-schema.ts';
import { toCsv } from '../../lib/open-data/csv.ts';
import { csvValue, OPEN_DATA_COLUMNS, sortRows } from './open-data.ts';

const row = (over: Partial<PublicAnswerRow>): PublicAnswerRow => ({
  country_code: 'MM',
  country: 'Myanmar',
  subregion: 'south-east-asia',
  year: 2022,
  question_code: 'Q04',
  question: 'Urban population living in slums, informal settlements or inadequate housing',
  thrust: 'TC1',
  subcategory: '1.2',
  question_tier: 1,
  answer_type: 'pct',
  unit: null,
  sdg_refs: ['11.1.1'],
  value: 58.3,
  display: '58.3 %',
  text: null,
  data_year: 2018,
  source: 'UN-Habitat',
  demo: true,
  ...over,
});

describe('open data', () => {
  it('writes each kind of value in one cell', () => {
    expect(csvValue(58.3)).toBe(58.3);
    expect(csvValue(true)).toBe(true);
    expect(csvValue(['plan', 'law'])).toBe('plan; law');
    expect(csvValue({ documented: 40, perceived: null })).toBe('{"documented":40,"perceived":null}');
    expect(csvValue(null)).toBeNull();
  });

  it('one row per country and question, in a stable order, with subregion names and units', () => {
    const rows = sortRows([
      row({ country_code: 'VN', country: 'Viet Nam', value: 5.8, display: '5.8 %' }),
      row({ question_code: 'Q21', answer_type: 'yn', value: true, display: 'Yes' }),
      row({}),
    ]);
    const csv = toCsv(OPEN_DATA_COLUMNS, rows).split('\r\n');
    expect(csv[0]).toBe(
      'cycle,country_code,country,subregion,thrust,subcategory,question_code,question,question_tier,answer_type,' +
        'unit,sdg_refs,value,value_text,narrative,data_year,source,demo',
    );
    expect(csv[1]).toBe(
      '2022,MM,Myanmar,South-East Asia,TC1,1.2,Q04,"Urban population living in slums, informal settlements or ' +
        'inadequate housing",1,pct,%,11.1.1,58.3,58.3 %,,2018,UN-Habitat,true',
    );
    expect(csv[2]).toMatch(/^2022,MM,Myanmar,.*,Q21,.*,yn,,11\.1\.1,true,Yes,/);
    expect(csv[3]).toMatch(/^2022,VN,Viet Nam,/);
    expect(csv).toHaveLength(5);
  });
});
