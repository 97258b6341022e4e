import { describe, expect, test } from 'vitest';
import { PROGRESS_COLUMNS, progressCsv, progressRow, progressRows } from './rows.ts';
import { assessCountry } from './assess.ts';
import { assessIndicator } from './indicator.ts';
import { METHOD_VERSION, REGION_MEMBERS } from './method.ts';
import type { ProgressPoint } from './series.ts';

const yearly = (values: number[], from = 2015): ProgressPoint[] =>
  values.map((value, i) => ({ year: from + i, value, source: 'test' }));

const HEADER =
  'area,indicator,direction,target,target_kind,base_year,base_value,latest_year,latest_value,csi,' +
  'predicted_2030,class,open_sdg_status,open_sdg_score,points,method_version';

describe('progress.csv', () => {
  test('the header, exactly as the issue names the columns', () => {
    expect(PROGRESS_COLUMNS.join(',')).toBe(HEADER);
    expect(progressCsv([]).split('\r\n')[0]).toBe(HEADER);
  });

  test('example A as a row: decimals with a point, CRLF, the method version', () => {
    const a = assessCountry({
      area: 'TH',
      indicator: 'ELECTRICITY_URBAN_PCT',
      points: yearly([80, 82, 84, 86]),
      direction: 'higher',
      target: { kind: 'fixed', value: 100 },
      selected: true,
    });
    expect(progressCsv([progressRow(a)])).toBe(
      `${HEADER}\r\nTH,ELECTRICITY_URBAN_PCT,higher,100,fixed,2015,80,2018,86,0.3,110,on_track,` +
        `substantial_progress,5,4,${METHOD_VERSION}\r\n`,
    );
  });

  test('example B: a negative score written as a number, to nine significant digits', () => {
    const b = progressRow(
      assessCountry({
        area: 'VN',
        indicator: 'SLUM_PCT',
        points: yearly([40, 39, 38, 37]),
        direction: 'lower',
        target: { kind: 'fixed', value: 0 },
        selected: true,
      }),
    );
    expect(b).toMatchObject({ target: 0, csi: 0.075, predicted_2030: 25, class: 'acceleration' });
    expect(progressCsv([b]).split('\r\n')[1]).toContain(',acceleration,limited_progress,-2.28901464,4,');
  });

  test('cells that do not apply are empty: no target, met at base, nothing to assess', () => {
    const base = { area: 'FJ', indicator: 'X', direction: 'higher', selected: true } as const;
    const noTarget = progressRow(assessCountry({ ...base, points: yearly([10, 12]), target: null }));
    expect(progressCsv([noTarget]).split('\r\n')[1]).toBe(
      `FJ,X,higher,,,2015,10,2016,12,,40,not_assessed,substantial_progress,5,2,${METHOD_VERSION}`,
    );
    const metAtBase = progressRow(
      assessCountry({ ...base, points: yearly([100, 99]), target: { kind: 'fixed', value: 100 } }),
    );
    expect(metAtBase).toMatchObject({ csi: null, class: 'regressing', base_value: 100 });
    const nothing = progressRow(assessCountry({ ...base, points: [], target: null }));
    expect(progressCsv([nothing]).split('\r\n')[1]).toBe(
      `FJ,X,higher,,,,,,,,,not_assessed,not_available,,0,${METHOD_VERSION}`,
    );
  });

  test('no exponent notation, no floating-point noise', () => {
    const row = progressRow({
      ...assessCountry({
        area: 'TV',
        indicator: 'X',
        points: yearly([0.1 + 0.2, 0.0000004]),
        direction: 'lower',
        target: { kind: 'fixed', value: 1.2345678912345e-4 },
        selected: true,
      }),
    });
    expect(row).toMatchObject({ base_value: 0.3, latest_value: 0, target: 0.000123456789 });
    expect(progressCsv([row])).not.toMatch(/e-/);
  });

  test('per indicator: the region, the five subregions, then the 58 countries', () => {
    const series = Object.fromEntries(REGION_MEMBERS.map((code) => [code, yearly([50, 51, 52])]));
    const method = { direction: 'higher', target: { kind: 'fixed', value: 100 } } as const;
    const rows = progressRows([assessIndicator('A', method, series), assessIndicator('B', method, series)]);
    expect(rows).toHaveLength(2 * (1 + 5 + 58));
    expect(rows.slice(0, 7).map((r) => r.area)).toEqual(['region', 'ENEA', 'NCA', 'PACIFIC', 'SEA', 'SSWA', 'AF']);
    expect(rows[64]).toMatchObject({ area: 'region', indicator: 'B', points: 58 * 3, latest_year: 2017 });
  });
});
