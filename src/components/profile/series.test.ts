import { describe, expect, it } from 'vitest';
import { countriesNeeded, countrySeries, hasTrend, regionalSeries } from './series.ts';

const countries = (year: number, values: number[]) =>
  values.map((value, i) => ({ year, value, country_code: `C${i}` }));

describe('the regional trend of a theme page', () => {
  it('leaves out a year of two countries among years of forty (the slum share of 2019), as a gap', () => {
    const many = Array.from({ length: 41 }, (_, i) => i * 1.8);
    const { points, thin } = regionalSeries([
      ...countries(2018, many),
      ...countries(2019, [2, 5.41]),
      ...countries(2020, many),
    ]);
    expect(thin).toEqual([{ year: 2019, count: 2 }]);
    expect(points.map((p) => p.value)).toEqual([36, null, 36]);
    expect(points[0]).toMatchObject({ low: 0, high: 72 });
  });

  it('asks a third of the best-covered year, at least three countries, fewer when no year has three', () => {
    expect(countriesNeeded([47, 2, 36])).toBe(16);
    expect(countriesNeeded([24, 10])).toBe(8);
    expect(countriesNeeded([5, 4])).toBe(3);
    expect(countriesNeeded([2, 1])).toBe(2);
    expect(countriesNeeded([1])).toBe(1);
  });

  it('is a trend only with two years drawn', () => {
    expect(hasTrend(regionalSeries([...countries(2015, [46.3]), ...countries(2020, [47.41, 91.78, 100])]).points)).toBe(
      false,
    );
    expect(hasTrend(regionalSeries([...countries(2015, [1, 2, 3]), ...countries(2020, [2, 3, 4])]).points)).toBe(true);
  });
});

describe('a country’s own trend', () => {
  it('takes the country’s values in year order, with a gap where a year of its rhythm is missing', () => {
    const values = [
      { country_code: 'PH', year: 2012, value: 3 },
      { country_code: 'PH', year: 2010, value: 1 },
      { country_code: 'ID', year: 2011, value: 9 },
      { country_code: 'PH', year: 2011, value: 2 },
      { country_code: 'PH', year: 2014, value: 4 },
    ];
    expect(countrySeries(values, 'PH').map((p) => [p.year, p.value])).toEqual([
      [2010, 1],
      [2011, 2],
      [2012, 3],
      [2013, null],
      [2014, 4],
    ]);
    expect(countrySeries(values, 'VN')).toEqual([]);
  });
});
