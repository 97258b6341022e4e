/**
 * The programme's mark, drawn once and used by the public site, the sign-in pages and the
 * back-office: a city skyline on a bay of the Pacific under a rising sun, inside the rounded
 * square of the app icon. Plain data so that Astro components, React and the favicon build
 * draw exactly the same shapes.
 */

export const PROGRAMME_NAME = 'Asia-Pacific Urban Agenda';
export const PROGRAMME_SHORT_NAME = 'APUA';

export const MARK_VIEWBOX = '0 0 48 48';

export const MARK_COLOURS = {
  ground: '#0d3652',
  sun: '#e07a1f',
  city: '#ffffff',
  sea: '#aed2ea',
  windows: '#0d3652',
} as const;

/** The rounded square behind everything. */
export const MARK_GROUND = { width: 48, height: 48, rx: 11 } as const;
/** The rising sun, behind the towers. */
export const MARK_SUN = { cx: 30.5, cy: 15.5, r: 7 } as const;
/** The skyline: a low block, a tower with a spire, a mid-rise, a slim tower and a pavilion. */
export const MARK_CITY =
  'M8 35V24.5h5V35zM14 35V16.5l3.5-4.5 3.5 4.5V35zM22 35V25h5v10zM28 35V19.5l2.5-2 2.5 2V35zM34 ' +
  '35v-7.5l3.5-2.5 3.5 2.5V35z';
/** A few lit windows, so the towers read as buildings at large sizes. */
export const MARK_WINDOWS = 'M16 20h3v1.6h-3zM16 24h3v1.6h-3zM16 28h3v1.6h-3zM29.5 23h2v1.6h-2zM29.5 27h2v1.6h-2z';
/** Two waves of the bay in front of the city. */
export const MARK_SEA =
  'M7 38.5c2.8 0 2.8-1.6 5.6-1.6s2.8 1.6 5.6 1.6 2.8-1.6 5.6-1.6 2.8 1.6 5.6 1.6 2.8-1.6 5.6-1.6 2.8 1.6 5.6 ' +
  '1.6M12 42.2c2.4 0 2.4-1.3 4.8-1.3s2.4 1.3 4.8 1.3 2.4-1.3 4.8-1.3 2.4 1.3 4.8 1.3 2.4-1.3 4.8-1.3';

/** The mark's shapes as SVG markup, to go inside an `<svg>` of viewBox MARK_VIEWBOX (the public site's BrandMark). */
export const MARK_SHAPES =
  `<rect width="${MARK_GROUND.width}" height="${MARK_GROUND.height}" rx="${MARK_GROUND.rx}" ` +
  `fill="${MARK_COLOURS.ground}"></rect>` +
  `<circle cx="${MARK_SUN.cx}" cy="${MARK_SUN.cy}" r="${MARK_SUN.r}" fill="${MARK_COLOURS.sun}"></circle>` +
  `<path fill="${MARK_COLOURS.city}" d="${MARK_CITY}"></path>` +
  `<path fill="${MARK_COLOURS.windows}" d="${MARK_WINDOWS}"></path>` +
  `<path fill="none" stroke="${MARK_COLOURS.sea}" stroke-width="1.8" stroke-linecap="round" d="${MARK_SEA}"></path>`;
