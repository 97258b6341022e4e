import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { makeRenditions, toMediaImage } from '../media/images.server.ts';
import type { Db } from '../db/client.server.ts';
import { profileCategories } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.server.ts';
import { uploadUrl } from '../storage/routes.server.ts';
import { categoryFolder } from './hero-service.server.ts';

const W = 1600;
const H = 900;
const GROUND = 640;

interface HeroScene {
  palette: readonly [sky: string, deep: string, accent: string];
  alt: string;
  draw: (deep: string, accent: string) => string;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const skyline = (colour: string, opacity = 0.35) =>
  range(16)
    .map((i) => {
      const h = 140 + ((i * 97) % 230);
      return (
        `<rect x="${i * 102}" y="${GROUND - h}" width="${70 + ((i * 31) % 30)}" height="${h}" fill="${colour}" ` +
        `opacity="${opacity}"/>`
      );
    })
    .join('');
const ground = (colour: string) => `<rect y="${GROUND}" width="${W}" height="${H - GROUND}" fill="${colour}"/>`;
const tree = (x: number, y: number, r: number, colour: string) =>
  `<rect x="${x - 6}" y="${y}" width="12" height="${r * 1.2}" fill="#6b4f2a"/><circle cx="${x}" cy="${y}" ` +
  `r="${r}" fill="${colour}"/>`;

/** One calm illustration per seeded theme (no text, no download), keyed by the theme's slug. */
const SCENES: Record<string, HeroScene> = {
  'demography-urbanisation': {
    palette: ['#dbeafe', '#1e3a8a', '#f59e0b'],
    alt: 'Illustration: a city skyline with crowds of people in the street',
    draw: (deep, accent) =>
      skyline(deep) +
      ground('#cbd5e1') +
      range(34)
        .map((i) => {
          const x = 40 + i * 46;
          const y = GROUND + 70 + ((i * 37) % 120);
          const colour = i % 3 === 0 ? accent : deep;
          return (
            `<circle cx="${x}" cy="${y}" r="13" fill="${colour}"/><rect x="${x - 15}" y="${y + 16}" width="30" ` +
            `height="52" rx="12" fill="${colour}" opacity="0.85"/>`
          );
        })
        .join(''),
  },
  'housing-slums': {
    palette: ['#fef3c7', '#92400e', '#b91c1c'],
    alt: 'Illustration: rows of small houses with red roofs on a hillside',
    draw: (deep, accent) =>
      `<path d="M0 ${GROUND - 60} Q 800 ${GROUND - 220} ${W} ${GROUND - 40} L ${W} ${H} L 0 ${H} Z" fill="#d6d3d1"/>` +
      range(3)
        .map((row) =>
          range(11)
            .map((i) => {
              const x = 30 + i * 145 + (row % 2) * 70;
              const y = GROUND - 110 + row * 95;
              return (
                `<rect x="${x}" y="${y}" width="110" height="80" fill="${deep}" ` +
                `opacity="${0.6 + row * 0.15}"/><path d="M${x - 10} ${y} L${x + 55} ${y - 45} L${x + 120} ${y} Z" ` +
                `fill="${accent}"/><rect x="${x + 42}" y="${y + 36}" width="26" height="44" fill="#fde68a"/>`
              );
            })
            .join(''),
        )
        .join(''),
  },
  'basic-services': {
    palette: ['#e0f2fe', '#0369a1', '#facc15'],
    alt: 'Illustration: a water tower and power lines above a town',
    draw: (deep, accent) =>
      skyline('#64748b', 0.3) +
      ground('#bae6fd') +
      `<rect x="260" y="${GROUND - 260}" width="24" height="260" fill="${deep}"/><rect x="376" ` +
      `y="${GROUND - 260}" width="24" height="260" fill="${deep}"/><ellipse cx="330" cy="${GROUND - 300}" ` +
      `rx="130" ry="80" fill="${deep}"/>` +
      range(4)
        .map(
          (i) =>
            `<rect x="${760 + i * 220}" y="${GROUND - 330}" width="14" height="330" fill="#334155"/><rect ` +
            `x="${720 + i * 220}" y="${GROUND - 320}" width="94" height="10" fill="#334155"/>`,
        )
        .join('') +
      `<path d="M720 ${GROUND - 300} Q 830 ${GROUND - 250} 940 ${GROUND - 300} T 1160 ${GROUND - 300} T ` +
      `1380 ${GROUND - 300}" stroke="#334155" stroke-width="5" fill="none"/>` +
      `<circle cx="${W - 120}" cy="140" r="70" fill="${accent}"/>`,
  },
  'economy-jobs': {
    palette: ['#ede9fe', '#4c1d95', '#10b981'],
    alt: 'Illustration: office towers of a business district and a rising bar chart',
    draw: (deep, accent) =>
      ground('#ddd6fe') +
      range(9)
        .map((i) => {
          const h = 260 + ((i * 71) % 240);
          const x = 80 + i * 165;
          const windows = range(Math.floor(h / 60))
            .map(
              (r) =>
                `<rect x="${x + 18}" y="${GROUND - h + 24 + r * 60}" width="84" height="22" fill="#c4b5fd" ` +
                `opacity="0.7"/>`,
            )
            .join('');
          return (
            `<rect x="${x}" y="${GROUND - h}" width="120" height="${h}" fill="${deep}" ` +
            `opacity="${0.7 + (i % 3) * 0.1}"/>${windows}`
          );
        })
        .join('') +
      range(5)
        .map(
          (i) =>
            `<rect x="${1120 + i * 80}" y="${H - 60 - (i + 1) * 34}" width="56" height="${(i + 1) * 34}" ` +
            `fill="${accent}"/>`,
        )
        .join(''),
  },
  'environment-climate': {
    palette: ['#dcfce7', '#166534', '#0ea5e9'],
    alt: 'Illustration: green hills, trees and a river beside a small town',
    draw: (deep, accent) =>
      skyline('#475569', 0.25) +
      `<path d="M0 ${GROUND - 80} Q 400 ${GROUND - 200} 800 ${GROUND - 90} T ${W} ${GROUND - 120} L ${W} ${H} ` +
      `L 0 ${H} Z" fill="#86efac"/>` +
      `<path d="M0 ${H - 120} C 500 ${H - 220}, 900 ${H - 20}, ${W} ${H - 140} L ${W} ${H} L 0 ${H} Z" ` +
      `fill="${accent}" opacity="0.8"/>` +
      range(12)
        .map((i) => tree(70 + i * 130, GROUND - 40 + ((i * 29) % 60), 40 + (i % 3) * 12, deep))
        .join(''),
  },
  'disaster-risk': {
    palette: ['#e2e8f0', '#1e293b', '#f97316'],
    alt: 'Illustration: a coastal town behind a sea wall, with waves and a storm cloud',
    draw: (deep, accent) =>
      `<ellipse cx="420" cy="160" rx="260" ry="80" fill="#94a3b8"/><ellipse cx="600" cy="190" rx="200" ry="70" ` +
      `fill="#64748b"/>` +
      skyline(deep, 0.45) +
      `<rect y="${GROUND - 20}" width="${W}" height="40" fill="${accent}"/>` +
      `<rect y="${GROUND + 20}" width="${W}" height="${H - GROUND}" fill="#38bdf8"/>` +
      range(5)
        .map(
          (i) =>
            `<path d="M0 ${GROUND + 70 + i * 45} q 100 -30 200 0 t 200 0 t 200 0 t 200 0 t 200 0 t 200 0 t 200 ` +
            `0 t 200 0" stroke="#e0f2fe" stroke-width="6" fill="none"/>`,
        )
        .join(''),
  },
  culture: {
    palette: ['#ffedd5', '#9a3412', '#ca8a04'],
    alt: 'Illustration: a heritage temple with tiered roofs in a city square',
    draw: (deep, accent) =>
      skyline('#78716c', 0.25) +
      ground('#fed7aa') +
      range(4)
        .map((i) => {
          const w = 520 - i * 110;
          const y = GROUND - 90 - i * 110;
          return (
            `<rect x="${800 - w / 2 + 30}" y="${y}" width="${w - 60}" height="90" fill="${deep}" ` +
            `opacity="0.85"/><path d="M${800 - w / 2 - 20} ${y} L800 ${y - 60} L${800 + w / 2 + 20} ${y} Z" ` +
            `fill="${accent}"/>`
          );
        })
        .join('') +
      tree(200, GROUND - 40, 60, '#65a30d') +
      tree(1400, GROUND - 40, 60, '#65a30d'),
  },
  governance: {
    palette: ['#e0e7ff', '#312e81', '#dc2626'],
    alt: 'Illustration: a civic building with columns and a flag, with people arriving',
    draw: (deep, accent) =>
      skyline('#64748b', 0.25) +
      ground('#c7d2fe') +
      `<path d="M420 ${GROUND - 330} L800 ${GROUND - 470} L1180 ${GROUND - 330} Z" fill="${deep}"/><rect ` +
      `x="440" y="${GROUND - 330}" width="720" height="30" fill="${deep}"/>` +
      range(7)
        .map(
          (i) =>
            `<rect x="${470 + i * 100}" y="${GROUND - 300}" width="44" height="260" fill="#eef2ff" ` +
            `stroke="${deep}" stroke-width="4"/>`,
        )
        .join('') +
      `<rect x="420" y="${GROUND - 40}" width="760" height="40" fill="${deep}"/><rect x="796" ` +
      `y="${GROUND - 600}" width="8" height="140" fill="#334155"/><rect x="804" y="${GROUND - 600}" width="90" ` +
      `height="54" fill="${accent}"/>` +
      range(10)
        .map(
          (i) =>
            `<circle cx="${300 + i * 110}" cy="${GROUND + 90}" r="13" fill="${deep}"/><rect ` +
            `x="${285 + i * 110}" y="${GROUND + 106}" width="30" height="52" rx="12" fill="${deep}" ` +
            `opacity="0.8"/>`,
        )
        .join(''),
  },
};

/** The theme's illustration as SVG (exported for the test that checks every seeded theme has one). */
export function heroSvg(slug: string): string | null {
  const scene = SCENES[slug];
  if (!scene) return null;
  const [sky, deep, accent] = scene.palette;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 ` +
    `0 ${W} ${H}"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" ` +
    `stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs><rect width="${W}" ` +
    `height="${H}" fill="url(#sky)"/>${scene.draw(deep, accent)}</svg>`
  );
}

export const heroAltOf = (slug: string): string | null => SCENES[slug]?.alt ?? null;

/**
 * Pictures for the seeded themes (npm start only, like the example practices): drawn here as SVG,
 * rendered by sharp and passed through the upload pipeline. A theme that has a picture keeps it,
 * and one an administrator has saved is left as they made it (a removed picture stays removed).
 */
export async function seedDemoHeroes(db: Db, storage: FileStore): Promise<void> {
  const bare = await db
    .select({ slug: profileCategories.slug })
    .from(profileCategories)
    .where(and(isNull(profileCategories.hero), isNull(profileCategories.updatedBy)));
  for (const { slug } of bare) {
    const svg = heroSvg(slug);
    if (!svg) continue;
    const renditions = await makeRenditions(await sharp(Buffer.from(svg)).png().toBuffer());
    const folder = categoryFolder(slug);
    for (const r of renditions) await storage.put(`${folder}/${r.name}`, r.body);
    const hero = toMediaImage(renditions, (name) => uploadUrl(`${folder}/${name}`));
    await db
      .update(profileCategories)
      .set({ hero, heroAlt: heroAltOf(slug)! })
      .where(eq(profileCategories.slug, slug));
  }
}
