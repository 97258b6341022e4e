import { describe, expect, test } from 'vitest';
import { clipSegment, layoutProgress } from './progress.ts';

const points = [
  { year: 2015, value: 80 },
  { year: 2016, value: 82 },
  { year: 2017, value: 84 },
  { year: 2018, value: 86 },
];

describe('a progress chart’s geometry', () => {
  test('the figures, the trend to 2030 and the target on one axis from the first year to 2030', () => {
    const layout = layoutProgress({
      points,
      trend: [
        { year: 2015, value: 80 },
        { year: 2030, value: 110 },
      ],
      target: 100,
      domain: [0, 100],
    });
    expect(layout.dots).toHaveLength(4);
    expect(layout.years.map((y) => y.year)).toEqual([2015, 2018, 2030]);
    expect(layout.years.at(-1)!.x).toBe(layout.right);
    // A share is drawn within 0–100: the trend stops where it reaches 100 (in 2025), at the target's height.
    expect(layout.target).not.toBeNull();
    expect(layout.trend!.y2).toBe(layout.target);
    expect(layout.trend!.x2).toBeLessThan(layout.right);
    expect(layout.path.startsWith('M')).toBe(true);
  });

  test('a year not drawn (too few countries) breaks the line and has no dot', () => {
    const layout = layoutProgress({
      points: [
        { year: 2010, value: 50 },
        { year: 2011, value: 51 },
        { year: 2012, value: 90, drawn: false },
        { year: 2013, value: 53 },
        { year: 2014, value: 54 },
      ],
      trend: null,
      target: null,
    });
    expect(layout.dots).toHaveLength(4);
    // Two pieces: a move to each side of the gap.
    expect(layout.path.match(/M/g)).toHaveLength(2);
    expect(layout.trend).toBeNull();
    expect(layout.target).toBeNull();
  });

  test('without a natural range the axis takes in the target and the trend’s end', () => {
    const layout = layoutProgress({
      points: [
        { year: 2015, value: 30 },
        { year: 2018, value: 33 },
      ],
      trend: [
        { year: 2015, value: 30 },
        { year: 2030, value: 45 },
      ],
      target: 5,
    });
    expect(layout.yTicks.at(-1)!.value).toBeGreaterThanOrEqual(45);
    expect(layout.target).toBeLessThan(layout.baseline);
    expect(layout.trend!.x2).toBe(layout.right);
  });

  test('every label is at least 12 units: 11 px or more at a 390 px phone', () => {
    const layout = layoutProgress({ points, trend: null, target: null, domain: [0, 100] });
    // The SVG is 340 units wide and at least 310 px wide on a 390 px screen (its card's padding aside).
    expect(layout.width).toBe(340);
    expect((12 * 310) / layout.width).toBeGreaterThanOrEqual(10.9);
  });
});

describe('the part of a line inside the axis', () => {
  test('cut where it leaves the range, kept whole inside, none outside', () => {
    expect(
      clipSegment(
        [
          { year: 2015, value: 80 },
          { year: 2030, value: 110 },
        ],
        [0, 100],
      ),
    ).toEqual([
      { year: 2015, value: 80 },
      { year: 2025, value: 100 },
    ]);
    expect(
      clipSegment(
        [
          { year: 2015, value: 20 },
          { year: 2030, value: -10 },
        ],
        [0, 100],
      ),
    ).toEqual([
      { year: 2015, value: 20 },
      { year: 2025, value: 0 },
    ]);
    expect(
      clipSegment(
        [
          { year: 2015, value: 120 },
          { year: 2030, value: 130 },
        ],
        [0, 100],
      ),
    ).toBeNull();
  });
});
