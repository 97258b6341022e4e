import { describe, expect, it } from 'vitest';
import { REGION_COUNTRIES } from '../db/countries-data.ts';
import { buildRegionMap } from './region-map.ts';
import { groupBySubregion, SUBREGIONS } from './subregions.ts';
import { loadCountriesTopology, regionMap } from './world-atlas.ts';

const coarse = loadCountriesTopology('110m');
const detailed = loadCountriesTopology('50m');
const map = buildRegionMap(coarse, detailed, REGION_COUNTRIES);

describe('buildRegionMap', () => {
  it('draws every country and territory of the region, once', () => {
    expect(map.missing).toEqual([]);
    expect(map.shapes.map((s) => s.code).sort()).toEqual(REGION_COUNTRIES.map((c) => c.code).sort());
  });

  it('draws large countries as paths and small island states as circles inside the view', () => {
    const byCode = new Map(map.shapes.map((s) => [s.code, s]));
    for (const code of ['CN', 'IN', 'AU', 'ID', 'RU', 'TR', 'NZ', 'PG']) expect(byCode.get(code)?.kind).toBe('path');
    for (const code of ['TV', 'NR', 'MV', 'SG', 'PF', 'KI', 'HK']) {
      const shape = byCode.get(code);
      expect(shape?.kind).toBe('circle');
      if (shape?.kind !== 'circle') continue;
      expect(shape.cx).toBeGreaterThan(0);
      expect(shape.cx).toBeLessThan(map.width);
      expect(shape.cy).toBeGreaterThan(0);
      expect(shape.cy).toBeLessThan(map.height);
    }
  });

  it('keeps the Pacific in one piece: French Polynesia lies east of Fiji, Türkiye far west', () => {
    const x = (code: string) => {
      const s = map.shapes.find((shape) => shape.code === code);
      if (s?.kind === 'circle') return s.cx;
      return Number(/M([\d.]+)/.exec(s?.d ?? '')?.[1]);
    };
    expect(x('TR')).toBeLessThan(x('CN'));
    expect(x('FJ')).toBeLessThan(x('PF'));
    expect(x('PF')).toBeLessThan(map.width);
  });

  it('stays small enough to inline in a page', () => {
    const size = map.background.length + map.shapes.reduce((n, s) => n + (s.kind === 'path' ? s.d.length : 30), 0);
    expect(size).toBeLessThan(90_000);
  });
});

describe('groupBySubregion', () => {
  it('places all 58 countries in the five subregions, names sorted', () => {
    const groups = groupBySubregion(REGION_COUNTRIES);
    expect(groups.map((g) => g.name)).toEqual(SUBREGIONS.map((s) => s.name));
    expect(groups.reduce((n, g) => n + g.countries.length, 0)).toBe(58);
    const pacific = groups.find((g) => g.id === 'pacific')?.countries.map((c) => c.name) ?? [];
    expect(pacific).toEqual([...pacific].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('keeps unknown countries under Other', () => {
    expect(groupBySubregion([{ code: 'ZZ', name: 'Elsewhere' }]).map((g) => g.name)).toEqual(['Other']);
  });
});

describe('regionMap', () => {
  it('draws the same map as buildRegionMap, once per list of countries', () => {
    const list = REGION_COUNTRIES.map((c) => ({ code: c.code, name: c.name, numeric: c.numeric }));
    const first = regionMap(list);
    expect(first).toEqual(buildRegionMap(coarse, detailed, list));
    // A new array with the same countries (each page builds its own) gets the map already made.
    expect(regionMap(list.map((c) => ({ ...c })))).toBe(first);
    const fewer = regionMap(list.slice(0, 10));
    expect(fewer).not.toBe(first);
    expect(fewer.shapes.map((s) => s.code).sort()).toEqual(
      list
        .slice(0, 10)
        .map((c) => c.code)
        .sort(),
    );
  });
});
