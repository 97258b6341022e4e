/**
 * The home page's illustration, drawn at build time (src/pages/illustrations/region.svg.ts):
 * the Asia-Pacific region as a dot-matrix map under a rising sun, with a city skyline on the
 * water in front. Pure and deterministic (a seeded random generator), so every build draws the
 * same picture and the test can check it.
 */

export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 560;
/** Where the buildings stand and the water begins. */
const WATERLINE = 492;

export interface HeroMap {
  /** The map's own size, for fitting it into the illustration. */
  width: number;
  height: number;
  /** Land outside the region (faint), and the region's countries (brighter). */
  background: string;
  region: readonly string[];
  /** Small island states, drawn as dots. */
  islands: readonly { cx: number; cy: number }[];
}

/** mulberry32: a tiny seeded generator, so the skyline is the same at every build. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number) => Math.round(n);

/** One layer of buildings from x = 0 to the width: flat roofs, setbacks, spires and stepped tops. */
function skylineLayer(
  seed: number,
  minHeight: number,
  maxHeight: number,
  minWidth: number,
  maxWidth: number,
): { d: string; tops: [number, number, number][] } {
  const next = random(seed);
  const parts: string[] = [];
  const tops: [number, number, number][] = [];
  let x = -20;
  while (x < HERO_WIDTH + 20) {
    const w = round(minWidth + next() * (maxWidth - minWidth));
    const h = round(minHeight + next() * (maxHeight - minHeight));
    const top = WATERLINE - h;
    const roof = next();
    let d = `M${x} ${WATERLINE}V${top}`;
    if (roof < 0.18 && w > 24) {
      // A spire on a setback: the tall towers of the region's business districts.
      const mid = x + w / 2;
      d +=
        `H${round(mid - w / 4)}V${top - 14}H${round(mid - 2)}L${round(mid)} ${top - 48}L${round(mid + 2)} ` +
        `${top - 14}H${round(mid + w / 4)}V${top}`;
    } else if (roof < 0.32 && w > 28) {
      // Stepped tiers: a pagoda-like top.
      d += `H${x + 4}V${top - 10}H${x + 8}V${top - 20}H${x + w - 8}V${top - 10}H${x + w - 4}V${top}`;
    } else if (roof < 0.42) {
      // A gentle dome or curved roof.
      d += `Q${round(x + w / 2)} ${top - round(w / 2.5)} ${x + w} ${top}`;
    }
    d += `H${x + w}V${WATERLINE}Z`;
    parts.push(d);
    tops.push([x, top, w]);
    x += w + round(next() * 6);
  }
  return { d: parts.join(''), tops };
}

/** Lit windows on the front buildings: a few rows of small squares, some dark. */
function windows(tops: readonly [number, number, number][], seed: number): string {
  const next = random(seed);
  const parts: string[] = [];
  for (const [x, top, w] of tops) {
    if (w < 22) continue;
    for (let y = top + 10; y < WATERLINE - 12; y += 14) {
      for (let wx = x + 6; wx < x + w - 8; wx += 10) {
        if (next() < 0.22) parts.push(`M${wx} ${y}h4v6h-4z`);
      }
    }
  }
  return parts.join('');
}

/** The whole illustration as an SVG document; `map` null leaves the map out. */
export function heroIllustration(map: HeroMap | null): string {
  const far = skylineLayer(11, 70, 190, 30, 70);
  const mid = skylineLayer(23, 40, 140, 26, 60);
  const near = skylineLayer(37, 20, 90, 22, 54);
  const lit = windows(mid.tops, 41);
  // The map sits on the right two thirds, clear of the headline on the left.
  const scale = map ? Math.min((HERO_WIDTH * 0.7) / map.width, (WATERLINE - 10) / map.height) : 1;
  const mapX = map ? round(HERO_WIDTH - map.width * scale - 20) : 0;
  const sun = { cx: 1190, cy: 340, r: 92 };
  const waves = [0, 1, 2, 3]
    .map((i) => {
      const y = WATERLINE + 14 + i * 14;
      const inset = 60 + i * 40;
      return `M${sun.cx - sun.r + inset} ${y}h${2 * (sun.r - inset) + 40}`;
    })
    .join('');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${HERO_WIDTH} ${HERO_HEIGHT}" ` +
      `preserveAspectRatio="xMidYMax slice">`,
    '<defs>',
    '<pattern id="dots" width="7" height="7" patternUnits="userSpaceOnUse"><circle cx="3.5" cy="3.5" r="1.6" ' +
      'fill="#aed2ea"/></pattern>',
    '<pattern id="dots-region" width="7" height="7" patternUnits="userSpaceOnUse"><circle cx="3.5" cy="3.5" ' +
      'r="2" fill="#f0a05a"/></pattern>',
    '<radialGradient id="glow"><stop offset="0" stop-color="#e07a1f" stop-opacity=".35"/><stop offset="1" ' +
      'stop-color="#e07a1f" stop-opacity="0"/></radialGradient>',
    // The map fades out towards the headline and the top, so its clipped edges never show.
    '<linearGradient id="fade-x" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000"/><stop ' +
      'offset=".3" stop-color="#fff"/></linearGradient>',
    '<linearGradient id="fade-y" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000"/><stop ' +
      'offset=".15" stop-color="#fff"/></linearGradient>',
    `<mask id="fade" maskContentUnits="objectBoundingBox"><rect width="1" height="1" fill="url(#fade-x)"/></mask>`,
    `<mask id="fade-top" maskContentUnits="objectBoundingBox"><rect width="1" height="1" fill="url(#fade-y)"/></mask>`,
    '<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0d3652"/><stop ' +
      'offset="1" stop-color="#061b2a"/></linearGradient>',
    '</defs>',
    map
      ? `<g mask="url(#fade-top)"><g mask="url(#fade)"><g transform="translate(${mapX} 6) ` +
        `scale(${scale.toFixed(4)})"><path d="${map.background}" fill="url(#dots)" opacity=".22"/>` +
        `<path d="${map.region.join('')}" fill="url(#dots-region)" opacity=".5"/>` +
        map.islands
          .map((i) => `<circle cx="${round(i.cx)}" cy="${round(i.cy)}" r="4" fill="#f0a05a" opacity=".6"/>`)
          .join('') +
        '</g></g></g>'
      : '',
    `<circle cx="${sun.cx}" cy="${sun.cy}" r="${sun.r * 2.4}" fill="url(#glow)"/>`,
    `<circle cx="${sun.cx}" cy="${sun.cy}" r="${sun.r}" fill="#e07a1f"/>`,
    `<path d="${far.d}" fill="#1f6fa3" opacity=".28"/>`,
    `<path d="${mid.d}" fill="#0d3652"/>`,
    `<path d="${lit}" fill="#f0a05a" opacity=".75"/>`,
    `<path d="${near.d}" fill="#061b2a"/>`,
    `<rect y="${WATERLINE}" width="${HERO_WIDTH}" height="${HERO_HEIGHT - WATERLINE}" fill="url(#water)"/>`,
    `<path d="${waves}" stroke="#f0a05a" stroke-width="3" stroke-linecap="round" opacity=".55"/>`,
    `<path d="M0 ${WATERLINE + 1}H${HERO_WIDTH}" stroke="#1f6fa3" stroke-width="2" opacity=".6"/>`,
    '</svg>',
  ].join('');
}
