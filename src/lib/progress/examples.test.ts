import { describe, expect, test } from 'vitest';
import { assessCountry, type CountryInput } from './assess.ts';
import { fitSeries, weightedFit } from './regression.ts';
import { yearTargetMet } from './escap.ts';
import type { Direction } from './method.ts';
import type { ProgressPoint } from './series.ts';

/**
 * The worked examples of the domain brief (§3), every intermediate figure: three series of four
 * years with linear data (any weighting gives the same line), and the weighted fit alone.
 */

const yearly = (values: number[]): ProgressPoint[] =>
  values.map((value, i) => ({ year: 2015 + i, value, source: 'worked example' }));

const example = (direction: Direction, target: number, values: number[]): CountryInput => ({
  area: 'TH',
  indicator: 'EXAMPLE',
  points: yearly(values),
  direction,
  target: { kind: 'fixed', value: target },
  selected: true,
});

const EXAMPLES = {
  'A: urban electricity (7.1.1)': {
    input: example('higher', 100, [80, 82, 84, 86]),
    csi: 0.3,
    b: 2,
    predicted: 110,
    gap: -0.5,
    achievement: 1.5,
    class: 'on_track',
    cagrObserved: 0.0244,
    cagrRequired: 0.014987,
    target: 100,
    progress: 1.628017,
    score: 5,
    status: 'substantial_progress',
  },
  'B: slum share (11.1.1)': {
    input: example('lower', 0, [40, 39, 38, 37]),
    csi: 0.075,
    b: -1,
    predicted: 25,
    gap: 0.625,
    achievement: 0.375,
    class: 'acceleration',
    cagrObserved: -0.025652,
    cagrRequired: -0.506604,
    target: 0.001,
    progress: 0.050636,
    score: -2.289,
    status: 'limited_progress',
  },
  'C: urban PM2.5 (11.6.2)': {
    input: example('lower', 5, [30, 31, 32, 33]),
    csi: -0.12,
    b: 1,
    predicted: 45,
    gap: 1.6,
    achievement: -0.6,
    class: 'regressing',
    cagrObserved: 0.03228,
    cagrRequired: -0.112592,
    target: 5,
    progress: -0.286699,
    score: -3.6946,
    status: 'deterioration',
  },
} as const;

describe('the worked examples of the brief', () => {
  for (const [name, x] of Object.entries(EXAMPLES)) {
    test(`${name}: ESCAP's index, trend and class`, () => {
      const a = assessCountry(x.input);
      expect(a.base).toEqual({ year: 2015, value: x.input.points[0]!.value, fitted: false });
      expect(a.latest).toEqual({ year: 2018, value: x.input.points[3]!.value });
      expect(a.csi).toEqual({ kind: 'ratio', value: expect.closeTo(x.csi, 10) });
      expect(a.fit!.b).toBeCloseTo(x.b, 10);
      expect(a.predicted2030).toBeCloseTo(x.predicted, 10);
      expect(a.anticipated!.gap).toBeCloseTo(x.gap, 10);
      expect(1 - a.anticipated!.gap!).toBeCloseTo(x.achievement, 10);
      expect(a.class).toBe(x.class);
      expect(a.reason).toBeNull();
      expect(a.points).toBe(4);
    });

    test(`${name}: Open SDG's growth rates, ratio, score and status`, () => {
      const { openSdg } = assessCountry(x.input);
      expect(openSdg.base).toEqual({ year: 2015, value: x.input.points[0]!.value });
      expect(openSdg.current).toEqual({ year: 2018, value: x.input.points[3]!.value });
      expect(openSdg.target).toBe(x.target);
      expect(openSdg.cagrObserved).toBeCloseTo(x.cagrObserved, 6);
      expect(openSdg.cagrRequired).toBeCloseTo(x.cagrRequired, 6);
      expect(openSdg.progress).toBeCloseTo(x.progress, 6);
      expect(openSdg.score).toBeCloseTo(x.score, 4);
      expect(openSdg.status).toBe(x.status);
    });
  }

  test('A reaches its target on the fitted line in 2025', () => {
    const fit = fitSeries(EXAMPLES['A: urban electricity (7.1.1)'].input.points);
    expect(yearTargetMet(fit!, 100)).toBeCloseTo(2025, 10);
    expect(yearTargetMet({ a: 5, b: 0 }, 100)).toBeNull();
  });

  test('linear data give the same line whatever the weights (1,1,1,1; 1,2,3,4; the method’s)', () => {
    const points = yearly([80, 82, 84, 86]);
    for (const weight of [() => 1, (year: number) => year - 2014, undefined]) {
      const fit = fitSeries(points, weight);
      expect(fit!.a).toBeCloseTo(80, 10);
      expect(fit!.b).toBeCloseTo(2, 10);
    }
  });
});

describe('the weighted fit alone', () => {
  test('(0,10), (1,10), (2,13) weighted 1, 2, 3: a = 9.1, b = 1.8, ŷ(15) = 36.1', () => {
    const fit = weightedFit([
      { x: 0, y: 10, w: 1 },
      { x: 1, y: 10, w: 2 },
      { x: 2, y: 13, w: 3 },
    ]);
    expect(fit!.a).toBeCloseTo(9.1, 10);
    expect(fit!.b).toBeCloseTo(1.8, 10);
    expect(fit!.a + 15 * fit!.b).toBeCloseTo(36.1, 10);
  });

  test('unweighted, the same points give a = 9.5, b = 1.5, ŷ(15) = 32', () => {
    const fit = weightedFit([10, 10, 13].map((y, x) => ({ x, y, w: 1 })));
    expect(fit).toEqual({ a: expect.closeTo(9.5, 10), b: expect.closeTo(1.5, 10) });
    expect(fit!.a + 15 * fit!.b).toBeCloseTo(32, 10);
  });

  test('no line through one year, or through no weight', () => {
    expect(weightedFit([{ x: 3, y: 1, w: 1 }])).toBeNull();
    expect(
      weightedFit([
        { x: 3, y: 1, w: 1 },
        { x: 3, y: 2, w: 2 },
      ]),
    ).toBeNull();
    expect(weightedFit([])).toBeNull();
  });
});
