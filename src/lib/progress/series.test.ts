import { describe, expect, test } from 'vitest';
import { countedPoints, firstFrom, pickSeries, startsNewSeries, usedSeries, type ProgressPoint } from './series.ts';

const point = (year: number, value: number, note: string | null = null): ProgressPoint => ({
  year,
  value,
  source: 'WDI',
  note,
});

describe('usedSeries', () => {
  test('sorts by year and leaves out years before 2000 and projections', () => {
    const used = usedSeries([
      point(2010, 3),
      point(1995, 1),
      point(2005, 2),
      point(2030, 9, 'City Proper; projection'),
    ]);
    expect(used.points.map((p) => p.year)).toEqual([2005, 2010]);
    expect(used.breakYear).toBeNull();
  });

  test('keeps only the segment after the last series break, which starts at the break’s own point', () => {
    const used = usedSeries([
      point(2000, 1),
      point(2002, 6, 'series break: source value jumps from 1 (2000) to 6 (2002)'),
      point(2010, 5),
      point(2020, 0.8),
      point(2022, 50.9, 'nature: estimated; series break: source value jumps from 0.8 (2020) to 50.9 (2022)'),
      point(2023, 49),
    ]);
    expect(used.points.map((p) => p.year)).toEqual([2022, 2023]);
    expect(used.breakYear).toBe(2022);
    expect(used.beforeBreak).toBe(4);
  });

  test('a change of source type is not a break: the SDG files change nature from year to year', () => {
    const note = 'location: urban; nature: modelled; change of source type: country data (2005) to modelled';
    expect(usedSeries([point(2005, 80), point(2006, 79.9, note)]).points).toHaveLength(2);
    expect(startsNewSeries(point(2006, 1, note))).toBe(false);
    expect(startsNewSeries(point(2006, 1, 'series break: source value drops from 8 (2011) to 0.7 (2016)'))).toBe(true);
  });

  test('two figures for one year are a mistake of the caller', () => {
    expect(() => usedSeries([point(2015, 1), point(2016, 2), point(2015, 3)])).toThrow(/2015/);
  });

  test('counted points follow the same rules', () => {
    expect(countedPoints([point(1999, 1), point(2001, 2), point(2030, 3, 'projection'), point(2002, NaN)])).toBe(1);
  });
});

describe('pickSeries: one origin, never joined', () => {
  const own = [point(2016, 10), point(2020, 12)];
  const open = [point(2000, 8), point(2010, 9), point(2020, 11)];

  test('the country’s own published figures when it has two or more', () => {
    expect(pickSeries(own, open)).toEqual({ origin: 'country', points: own });
  });

  test('the open data when the country has fewer: one figure of its own carries no trend', () => {
    expect(pickSeries([point(2021, 12)], open)).toEqual({ origin: 'open_data', points: open });
    expect(pickSeries([], open)).toEqual({ origin: 'open_data', points: open });
  });

  test('a single own figure when there is nothing else, and nothing from nothing', () => {
    expect(pickSeries([point(2021, 12)], [])).toEqual({ origin: 'country', points: [point(2021, 12)] });
    expect(pickSeries([], [])).toEqual({ origin: null, points: [] });
  });
});

test('Open SDG’s base: 2015, else the first later year, else none', () => {
  expect(firstFrom([point(2014, 1), point(2015, 2), point(2016, 3)])?.year).toBe(2015);
  expect(firstFrom([point(2014, 1), point(2018, 2), point(2020, 3)])?.year).toBe(2018);
  expect(firstFrom([point(2010, 1), point(2014, 2)])).toBeNull();
});
