import { describe, expect, test } from 'vitest';
import { assessCountry, type CountryInput } from './assess.ts';
import { PROGRESS_CLASSES, csiBar, currentStatusIndex } from './escap.ts';
import type { ProgressPoint } from './series.ts';

const pts = (...pairs: [number, number, string?][]): ProgressPoint[] =>
  pairs.map(([year, value, note]) => ({ year, value, source: 'test', note: note ?? null }));

const input = (points: ProgressPoint[], more: Partial<CountryInput> = {}): CountryInput => ({
  area: 'VN',
  indicator: 'ELECTRICITY_URBAN_PCT',
  points,
  direction: 'higher',
  target: { kind: 'fixed', value: 100 },
  selected: true,
  ...more,
});

describe('the base year', () => {
  test('no 2015 figure: ESCAP takes the fitted 2015 value a (marked fitted), Open SDG the first later year', () => {
    // 60 + 2·(year − 2015) exactly: the fitted 2015 value is 60.
    const a = assessCountry(input(pts([2011, 52], [2013, 56], [2017, 64], [2019, 68])));
    expect(a.base).toEqual({ year: 2015, value: expect.closeTo(60, 9), fitted: true });
    expect(a.csi).toEqual({ kind: 'ratio', value: expect.closeTo((68 - 60) / (100 - 60), 9) });
    expect(a.anticipated!.gap).toBeCloseTo((100 - 90) / (100 - 60), 9);
    expect(a.openSdg.base).toEqual({ year: 2017, value: 64 });
    expect(a.class).toBe('acceleration');
  });

  test('an observed 2015 figure is the base even where the fitted line passes elsewhere', () => {
    const a = assessCountry(input(pts([2010, 50], [2015, 70], [2020, 60])));
    expect(a.base).toEqual({ year: 2015, value: 70, fitted: false });
    expect(a.fit!.a).not.toBeCloseTo(70, 3);
  });
});

describe('the Current Status Index at and beyond the target', () => {
  test('met at base: "achieved", no ratio', () => {
    expect(currentStatusIndex(100, 99, 100, 'higher')).toEqual({ kind: 'achieved_at_base' });
    expect(currentStatusIndex(4, 6, 5, 'lower')).toEqual({ kind: 'achieved_at_base' });
  });

  test('met or passed now: 1', () => {
    expect(currentStatusIndex(80, 100, 100, 'higher')).toEqual({ kind: 'reached', value: 1 });
    expect(currentStatusIndex(10, 3, 5, 'lower')).toEqual({ kind: 'reached', value: 1 });
  });

  test('a regression keeps its raw value; only the bar is clipped', () => {
    expect(currentStatusIndex(50, 20, 60, 'higher')).toEqual({ kind: 'ratio', value: -3 });
    expect(csiBar(-3)).toBe(-1);
    expect(csiBar(0.4)).toBe(0.4);
    expect(csiBar(7)).toBe(1);
  });

  test('a series that ends before 2015 has a trend and a class but no index of progress since 2015', () => {
    const a = assessCountry(input(pts([2008, 70], [2010, 74], [2012, 78])));
    expect(a.csi).toBeNull();
    expect(a.base).toEqual({ year: 2015, value: expect.closeTo(84, 9), fitted: true });
    expect(a.class).toBe('on_track');
  });
});

describe('why a country cannot be assessed', () => {
  test('no direction: nothing is scored', () => {
    const a = assessCountry(input(pts([2015, 1], [2020, 2]), { direction: null, target: null }));
    expect(a).toMatchObject({ class: 'not_assessed', reason: 'no_direction', fit: null, predicted2030: null });
    expect(a.openSdg.status).toBe('not_available');
  });

  test('the indicator failed the coverage rule: nothing is scored, the figures are still there', () => {
    const a = assessCountry(input(pts([2015, 1], [2020, 2]), { selected: false }));
    expect(a).toMatchObject({ class: 'not_assessed', reason: 'coverage', fit: null, points: 2 });
    expect(a.latest).toEqual({ year: 2020, value: 2 });
    expect(a.openSdg.status).toBe('not_available');
  });

  test('no target: the trend and Open SDG’s growth-only status, no class', () => {
    const a = assessCountry(input(pts([2015, 100], [2020, 110]), { target: null }));
    expect(a).toMatchObject({ class: 'not_assessed', reason: 'no_target', csi: null, anticipated: null });
    expect(a.predicted2030).toBeCloseTo(130, 9);
    expect(a.openSdg.status).toBe('substantial_progress');
  });

  test('one point: too few', () => {
    const a = assessCountry(input(pts([2019, 50])));
    expect(a).toMatchObject({ class: 'not_assessed', reason: 'too_few_points', points: 1, fit: null });
    expect(assessCountry(input([]))).toMatchObject({ reason: 'too_few_points', points: 0, latest: null });
  });

  test('a series break that leaves one point: the reason is the break, never a fit across it', () => {
    const broken = pts([2016, 5], [2018, 6], [2022, 40, 'series break: source value jumps from 6 (2018) to 40 (2022)']);
    const a = assessCountry(input(broken, { direction: 'lower', target: { kind: 'fixed', value: 0 } }));
    expect(a).toMatchObject({ class: 'not_assessed', reason: 'series_break', points: 1 });
    expect(a.series.breakYear).toBe(2022);
  });

  test('after a break with two points or more, only those are fitted', () => {
    const note = 'series break: source value drops from 8.15 (2011) to 0.786 (2016)';
    const a = assessCountry(
      input(pts([2005, 9], [2011, 8.15], [2016, 0.786, note], [2019, 0.7]), {
        direction: 'lower',
        target: { kind: 'fixed', value: 0.5 },
      }),
    );
    expect(a.points).toBe(2);
    expect(a.fit!.b).toBeCloseTo((0.7 - 0.786) / 3, 12);
    expect(a.base!.fitted).toBe(true);
  });
});

describe('a better latest value never gives a worse class (property)', () => {
  const rank = (c: string) => PROGRESS_CLASSES.indexOf(c as (typeof PROGRESS_CLASSES)[number]);
  const order = (c: string) => ['regressing', 'acceleration', 'on_track'].indexOf(c);
  // A small deterministic generator, so a failure is the same on every run.
  let seed = 35;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

  test('over 2,000 random series, both directions, with and without a 2015 figure', () => {
    for (let i = 0; i < 2000; i++) {
      const direction = random() < 0.5 ? 'higher' : 'lower';
      const years = [2000, 2005, 2010, 2014, 2015, 2017, 2019, 2021, 2023].filter(() => random() < 0.6);
      if (years.length < 2) continue;
      const points = pts(...years.map((year): [number, number] => [year, 100 * random()]));
      const target = { kind: 'fixed' as const, value: 100 * random() };
      const before = assessCountry(input(points, { direction, target }));
      const better = points.map((p, j) =>
        j === points.length - 1 ? { ...p, value: p.value + (direction === 'higher' ? 1 : -1) * 20 * random() } : p,
      );
      const after = assessCountry(input(better, { direction, target }));
      expect(rank(after.class)).toBeLessThan(3);
      expect(order(after.class), JSON.stringify({ points, better, direction, target })).toBeGreaterThanOrEqual(
        order(before.class),
      );
    }
  });
});
