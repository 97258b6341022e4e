import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Reads a world-atlas countries topology at build time. Read from disk rather than imported,
 * so that the 50m file never passes through the bundler or the type checker.
 */
export function loadCountriesTopology(resolution: '110m' | '50m'): Topology<{ countries: GeometryCollection }> {
  const require = createRequire(join(process.cwd(), 'package.json'));
  return JSON.parse(readFileSync(require.resolve(`world-atlas/countries-${resolution}.json`), 'utf8'));
}
