import type { APIRoute } from 'astro';
import { heroIllustration } from '../../lib/brand/hero-illustration.ts';
import { REGION_COUNTRIES } from '../../lib/db/countries-data.ts';
import { buildRegionMap } from '../../lib/map/region-map.ts';
import { loadCountriesTopology } from '../../lib/map/world-atlas.ts';

/**
 * /illustrations/region.svg: the home page's hero picture, drawn at build time. A file of its
 * own (not inline) so that it costs the first screen's HTML nothing and is cached once.
 */
export const GET: APIRoute = () => {
  const map = buildRegionMap(loadCountriesTopology('110m'), loadCountriesTopology('50m'), REGION_COUNTRIES, {
    minArea: 40,
  });
  const svg = heroIllustration({
    width: map.width,
    height: map.height,
    background: map.background,
    region: map.shapes.flatMap((shape) => (shape.kind === 'path' ? [shape.d] : [])),
    islands: map.shapes.flatMap((shape) => (shape.kind === 'circle' ? [{ cx: shape.cx, cy: shape.cy }] : [])),
  });
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
};
