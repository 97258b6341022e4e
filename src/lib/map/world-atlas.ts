import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { buildRegionMap, type MapCountry, type RegionMap, type RegionMapOptions } from './region-map.ts';

/**
 * Reads a world-atlas countries topology at build time. Read from disk rather than imported,
 * so that the 50m file never passes through the bundler or the type checker.
 */
export function loadCountriesTopology(resolution: '110m' | '50m'): Topology<{ countries: GeometryCollection }> {
  const require = createRequire(join(process.cwd(), 'package.json'));
  return JSON.parse(readFileSync(require.resolve(`world-atlas/countries-${resolution}.json`), 'utf8'));
}

const topologies = new Map<string, Topology<{ countries: GeometryCollection }>>();
const maps = new Map<string, RegionMap>();

/**
 * The region map of `countries` (buildRegionMap on the 110m and 50m topologies), made once per
 * build for each list of countries: hundreds of pages draw the same map, and reading and
 * projecting the topologies costs about a tenth of a second each time. Callers never change it.
 */
export function regionMap(countries: readonly MapCountry[], options: RegionMapOptions = {}): RegionMap {
  const key = JSON.stringify([countries, options]);
  let map = maps.get(key);
  if (!map) {
    const topology = (resolution: '110m' | '50m') => {
      let t = topologies.get(resolution);
      if (!t) topologies.set(resolution, (t = loadCountriesTopology(resolution)));
      return t;
    };
    map = buildRegionMap(topology('110m'), topology('50m'), countries, options);
    maps.set(key, map);
  }
  return map;
}
