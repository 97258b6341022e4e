import { describe, expect, test } from 'vitest';
import { openSdgMean, openSdgProgress, openSdgStatusFromScore } from './open-sdg.ts';
import type { ProgressPoint } from './series.ts';

const series = (...pairs: [number, number][]): ProgressPoint[] =>
  pairs.map(([year, value]) => ({ year, value, source: 'test' }));

describe('openSdgProgress, as sdg-build computes it', () => {
  test('a target met now is target_achieved with a score of 5, whatever the growth', () => {
    const r = openSdgProgress(series([2015, 90], [2020, 100]), { direction: 'higher', target: 100 });
    expect(r).toMatchObject({ status: 'target_achieved', score: 5 });
    expect(openSdgProgress(series([2020, 3]), { direction: 'lower', target: 5 })).toMatchObject({
      status: 'target_achieved',
      score: 5,
      progress: null,
    });
  });

  test('no 2015 figure: the base is the first later year; the years before 2015 are not read', () => {
    const r = openSdgProgress(series([2010, 10], [2017, 40], [2019, 50]), { direction: 'higher', target: 100 });
    expect(r.base).toEqual({ year: 2017, value: 40 });
    expect(r.cagrObserved).toBeCloseTo(Math.sqrt(50 / 40) - 1, 12);
    expect(r.cagrRequired).toBeCloseTo((100 / 40) ** (1 / 13) - 1, 12);
  });

  test('a base of 0 is computed as 0.001; a target of 0 too', () => {
    const r = openSdgProgress(series([2015, 0], [2020, 2]), { direction: 'higher', target: 10 });
    expect(r.cagrObserved).toBeCloseTo((2 / 0.001) ** (1 / 5) - 1, 9);
    expect(r.base).toEqual({ year: 2015, value: 0 });
    const zero = openSdgProgress(series([2015, 4], [2020, 2]), { direction: 'lower', target: 0 });
    expect(zero.target).toBe(0.001);
    expect(zero.cagrRequired).toBeCloseTo((0.001 / 4) ** (1 / 15) - 1, 12);
  });

  test('base and current of opposite signs, one year only, or no year from 2015: no result', () => {
    const opposite = openSdgProgress(series([2015, -2], [2020, 3]), { direction: 'higher', target: 10 });
    expect(opposite).toMatchObject({ status: 'not_available', score: null, progress: null });
    expect(openSdgProgress(series([2016, 3]), { direction: 'higher', target: 10 }).status).toBe('not_available');
    expect(openSdgProgress(series([2010, 3], [2014, 4]), { direction: 'higher', target: 10 })).toMatchObject({
      status: 'not_available',
      base: null,
    });
    expect(openSdgProgress([], { direction: 'higher', target: 10 }).status).toBe('not_available');
  });

  test('negative values: the sign of the base turns the ratio', () => {
    const r = openSdgProgress(series([2015, -10], [2020, -5]), { direction: 'higher', target: -1 });
    const cagrO = (5 / 10) ** (1 / 5) - 1;
    const cagrR = (1 / 10) ** (1 / 15) - 1;
    expect(r.progress).toBeCloseTo((-1 * cagrO) / Math.abs(cagrR), 12);
    expect(r.progress).toBeCloseTo(0.9097, 4);
    expect(r.status).toBe('moderate_progress');
  });

  test('the thresholds of R: 0.95 and 0.6 and 0, and the two score lines', () => {
    // Base 100 and target 200 by 2030: the growth needed is g a year; a current value after
    // n years at g·R a year gives R (to rounding).
    const g = 2 ** (1 / 15) - 1;
    const at = (ratio: number) =>
      openSdgProgress(series([2015, 100], [2020, 100 * (1 + ratio * g) ** 5]), { direction: 'higher', target: 200 });
    expect(at(0.8).progress).toBeCloseTo(0.8, 12);
    expect(at(0.96).status).toBe('substantial_progress');
    expect(at(0.94).status).toBe('moderate_progress');
    expect(at(0.61).status).toBe('moderate_progress');
    expect(at(0.59).status).toBe('limited_progress');
    expect(at(0.01).status).toBe('limited_progress');
    expect(at(-0.01).status).toBe('deterioration');
    expect(at(0.8).score).toBeCloseTo(7.1429 * 0.8 - 4.2857, 6);
    expect(at(0.3).score).toBeCloseTo(4.1667 * 0.3 - 2.5, 6);
    expect(at(-3).score).toBe(-5);
    expect(at(2).score).toBe(5);
  });

  test('without a target: observed growth against 1.5 %, 0.5 % and 0', () => {
    const at = (rate: number) =>
      openSdgProgress(series([2015, 100], [2020, 100 * (1 + rate) ** 5]), { direction: 'higher', target: null });
    expect(at(0.02)).toMatchObject({ status: 'substantial_progress', score: 5, cagrRequired: null });
    expect(at(0.01).status).toBe('moderate_progress');
    expect(at(0.01).score).toBeCloseTo(250 * 0.01 - 1.25, 9);
    expect(at(0.003).score).toBeCloseTo(500 * 0.003 - 2.5, 9);
    expect(at(0.003).status).toBe('limited_progress');
    expect(at(-0.01).score).toBeCloseTo(125 * -0.01 - 2.5, 9);
    expect(at(-0.01).status).toBe('deterioration');
  });

  test('without a target, near a limit the thresholds shrink by C = 1 − (y0/lim)^4.44', () => {
    const c = 1 - (80 / 100) ** 4.44;
    const r = openSdgProgress(series([2015, 80], [2020, 80 * 1.01 ** 5]), {
      direction: 'higher',
      target: null,
      limit: 100,
    });
    // 1 % a year is below 1.5 % but above 1.5 % × C (C ≈ 0.63).
    expect(0.015 * c).toBeLessThan(0.01);
    expect(r.status).toBe('substantial_progress');
    expect(r.score).toBeCloseTo(500 * (0.01 / c) - 5, 9);
  });
});

describe('an indicator’s (or an area’s) status from its mean score', () => {
  test('the bands of the score', () => {
    expect(openSdgStatusFromScore(2.5, false)).toBe('substantial_progress');
    expect(openSdgStatusFromScore(2.49, false)).toBe('moderate_progress');
    expect(openSdgStatusFromScore(0, false)).toBe('moderate_progress');
    expect(openSdgStatusFromScore(-0.01, false)).toBe('limited_progress');
    expect(openSdgStatusFromScore(-2.5, false)).toBe('limited_progress');
    expect(openSdgStatusFromScore(-2.51, false)).toBe('deterioration');
    expect(openSdgStatusFromScore(null, false)).toBe('not_available');
    expect(openSdgStatusFromScore(1, true)).toBe('target_achieved');
  });

  test('the mean of the scores given; target_achieved only when every one met it', () => {
    const met = { score: 5, status: 'target_achieved' } as const;
    expect(
      openSdgMean([met, { score: -1, status: 'limited_progress' }, { score: null, status: 'not_available' }]),
    ).toEqual({ score: 2, status: 'moderate_progress' });
    expect(openSdgMean([met, met])).toEqual({ score: 5, status: 'target_achieved' });
    expect(openSdgMean([])).toEqual({ score: null, status: 'not_available' });
  });
});
