/**
 * Draws the programme's region as SVG at build time: a pure function from TopoJSON (world-atlas)
 * to path strings, so the page ships a plain <svg> and no map library. Countries too small to
 * see or to tap at this scale (and those the coarse topology leaves out) become circles.
 */
import { geoArea, geoCentroid, geoEqualEarth, geoPath, type GeoProjection, type GeoStream } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, MultiPoint, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface MapCountry {
  code: string;
  name: string;
  /** ISO 3166-1 numeric code: world-atlas's feature id. */
  numeric: string;
}

export type MapShape =
  | { code: string; name: string; kind: 'path'; d: string }
  | { code: string; name: string; kind: 'circle'; cx: number; cy: number; r: number };

export interface RegionMap {
  width: number;
  height: number;
  /** Every other country's land, as one path, for context. */
  background: string;
  shapes: MapShape[];
  /** Region countries found in neither topology nor the fallback positions. */
  missing: string[];
}

export interface RegionMapOptions {
  width?: number;
  /** Longitude at the centre; about 130°E keeps Türkiye and French Polynesia on one map. */
  centreLongitude?: number;
  /** [west, south, east, north] in degrees; east may exceed 180 to cross the antimeridian. */
  extent?: [number, number, number, number];
  /** Below this projected area (in px² of the viewBox) a country is drawn as a circle. */
  minArea?: number;
  circleRadius?: number;
}

/** Where to put countries that even the 1:50m topology leaves out (longitude, latitude). */
export const FALLBACK_POSITIONS: Readonly<Record<string, [number, number]>> = {
  '798': [179.2, -8.5], // Tuvalu (Funafuti)
};

type CountriesTopology = Topology<{ countries: GeometryCollection }>;

function countryFeatures(topology: CountriesTopology): Map<string, Feature<Geometry>> {
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
  return new Map(collection.features.map((f) => [String(f.id), f]));
}

/** Snaps projected points to a grid of `step` units and drops repeats: compact output, no visible loss. */
function snapping(projection: GeoProjection, step: number): { stream(out: GeoStream): GeoStream } {
  return {
    stream(out) {
      let lastX = NaN;
      let lastY = NaN;
      const inner: GeoStream = {
        point(x, y) {
          const sx = Math.round(x / step) * step;
          const sy = Math.round(y / step) * step;
          if (sx === lastX && sy === lastY) return;
          lastX = sx;
          lastY = sy;
          out.point(sx, sy);
        },
        lineStart() {
          lastX = lastY = NaN;
          out.lineStart();
        },
        lineEnd: () => out.lineEnd(),
        polygonStart: () => out.polygonStart(),
        polygonEnd: () => out.polygonEnd(),
        sphere: () => out.sphere?.(),
      };
      return projection.stream(inner);
    },
  };
}

/** The centroid of a feature's largest part (Kiribati's islands span 4,000 km of ocean). */
function mainCentroid(f: Feature<Geometry>): [number, number] {
  if (f.geometry.type !== 'MultiPolygon') return geoCentroid(f);
  let best: Polygon | null = null;
  let bestArea = -1;
  for (const coordinates of f.geometry.coordinates) {
    const polygon: Polygon = { type: 'Polygon', coordinates };
    const area = geoArea(polygon);
    if (area > bestArea) [best, bestArea] = [polygon, area];
  }
  return best ? geoCentroid(best) : geoCentroid(f);
}

function extentOutline([west, south, east, north]: [number, number, number, number]): MultiPoint {
  const points: [number, number][] = [];
  for (let lon = west; lon <= east; lon += 5) points.push([lon, south], [lon, north]);
  for (let lat = south; lat <= north; lat += 5) points.push([west, lat], [east, lat]);
  return { type: 'MultiPoint', coordinates: points.map(([lon, lat]) => [lon > 180 ? lon - 360 : lon, lat]) };
}

/**
 * Projects the region: `coarse` (countries-110m) gives the shapes, `detailed` (countries-50m)
 * the positions of small island states that the coarse one leaves out.
 */
export function buildRegionMap(
  coarse: CountriesTopology,
  detailed: CountriesTopology,
  countries: readonly MapCountry[],
  options: RegionMapOptions = {},
): RegionMap {
  const { width = 1000, centreLongitude = 130, extent = [25, -49, 226, 72], minArea = 100, circleRadius = 6 } = options;
  const outline = extentOutline(extent);
  const projection = geoEqualEarth().rotate([-centreLongitude, 0]).fitWidth(width, outline);
  const [[, top], [, bottom]] = geoPath(projection).bounds(outline);
  const height = Math.ceil(bottom - top);
  projection.translate([projection.translate()[0], projection.translate()[1] - top]).clipExtent([
    [0, 0],
    [width, height],
  ]);
  const path = geoPath(snapping(projection, 1));
  const roughPath = geoPath(snapping(projection, 2));
  const exactPath = geoPath(projection);

  const coarseById = countryFeatures(coarse);
  const detailedById = countryFeatures(detailed);
  const regionIds = new Set(countries.map((c) => c.numeric));

  const shapes: MapShape[] = [];
  const missing: string[] = [];
  const circleAt = (c: MapCountry, lonLat: [number, number]) => {
    const point = projection(lonLat);
    if (!point) {
      missing.push(c.code);
      return;
    }
    shapes.push({
      code: c.code,
      name: c.name,
      kind: 'circle',
      cx: round1(point[0]),
      cy: round1(point[1]),
      r: circleRadius,
    });
  };
  for (const c of countries) {
    const shape = coarseById.get(c.numeric);
    const d = shape ? path(shape) : null;
    if (shape && d && exactPath.area(shape) >= minArea) {
      shapes.push({ code: c.code, name: c.name, kind: 'path', d });
      continue;
    }
    const small = detailedById.get(c.numeric) ?? shape;
    const fallback = FALLBACK_POSITIONS[c.numeric];
    if (small) circleAt(c, mainCentroid(small));
    else if (fallback) circleAt(c, fallback);
    else missing.push(c.code);
  }
  // Circles last, so that islands next to a large neighbour stay on top and clickable.
  shapes.sort((a, b) => Number(a.kind === 'circle') - Number(b.kind === 'circle'));

  const background = [...coarseById.values()]
    .filter((f) => !regionIds.has(String(f.id)))
    .map((f) => roughPath(f) ?? '')
    .join('');
  return { width, height, background, shapes, missing };
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
