import { describe, expect, it } from 'vitest';
import { relationAsShown } from './format.ts';
import { layoutLine, withGaps } from './line.ts';

/** Issue 32: a chart never draws a missing year as zero, and "level with the median" means what the reader sees. */
describe('a line with a year without a value', () => {
  const points = [
    { year: 2016, value: 9, low: 0, high: 72 },
    { year: 2018, value: 8.4, low: 0, high: 73 },
    { year: 2019, value: null },
    { year: 2020, value: 8.4, low: 0, high: 73 },
    { year: 2022, value: 9.4, low: 0, high: 72 },
  ];

  it('breaks the line and the band there instead of dipping to zero', () => {
    const layout = layoutLine(points, { domain: [0, 100] });
    // Two pieces: 2016–2018 and 2020–2022, each its own "M" move; no point on the baseline.
    expect(layout.path.match(/M/g)).toHaveLength(2);
    expect(layout.band?.match(/M/g)).toHaveLength(2);
    expect(layout.points.map((p) => p.year)).toEqual([2016, 2018, 2020, 2022]);
    expect(layout.points.every((p) => p.cy < layout.baseline - 10)).toBe(true);
    expect(layout.gaps).toEqual([2019]);
  });

  it('keeps the gap out of the axis ends, and draws a series without one in one piece', () => {
    const layout = layoutLine([{ year: 2010, value: null }, ...points.slice(0, 2), { year: 2024, value: null }]);
    expect(layout.years.map((y) => y.year)).toEqual([2016, 2018]);
    expect(layout.path.match(/M/g)).toHaveLength(1);
    expect(layout.gaps).toEqual([2010, 2024]);
  });
});

describe('withGaps', () => {
  it('breaks an annual series where a year is missing, and lets a two-yearly one run on', () => {
    const annual = withGaps([2001, 2002, 2003, 2005, 2006].map((year) => ({ year, value: year - 2000 })));
    expect(annual.map((p) => [p.year, p.value])).toEqual([
      [2001, 1],
      [2002, 2],
      [2003, 3],
      [2004, null],
      [2005, 5],
      [2006, 6],
    ]);
    expect(annual.find((p) => p.value === null)?.filler).toBe(true);
    const twoYearly = withGaps([2000, 2002, 2004, 2006].map((year) => ({ year, value: 1 })));
    expect(twoYearly.every((p) => p.value !== null)).toBe(true);
    // A missing filler is never a row of the table.
    expect(layoutLine(annual).gaps).toEqual([]);
    expect(layoutLine(annual).path.match(/M/g)).toHaveLength(2);
  });
});

describe('relationAsShown', () => {
  it('calls two values written alike level, whatever digits the page does not show', () => {
    expect(relationAsShown(1.4199, 1.4178, 2)).toBe('level');
    expect(relationAsShown(1.4199, 1.4178, null)).toBe('level');
    expect(relationAsShown(1.4199, 1.4178, 3)).toBe('above');
    expect(relationAsShown(55.45, 61.79, 2)).toBe('below');
    expect(relationAsShown(13482, 7429, 0)).toBe('above');
    expect(relationAsShown(100, 100, 2)).toBe('level');
  });
});

describe('the dots of a long line', () => {
  it('mark every year of a short series; on a long one only the labelled ends and a year standing alone', () => {
    const short = layoutLine([2000, 2001, 2002].map((year) => ({ year, value: 1 })));
    expect(short.points.every((p) => p.dot)).toBe(true);
    const long = layoutLine([
      ...Array.from({ length: 20 }, (_, i) => ({ year: 2000 + i, value: i })),
      { year: 2020, value: null },
      { year: 2021, value: 30 },
      { year: 2022, value: null },
      { year: 2023, value: 31 },
    ]);
    expect(long.points.filter((p) => p.dot).map((p) => p.year)).toEqual([2000, 2021, 2023]);
  });
});
