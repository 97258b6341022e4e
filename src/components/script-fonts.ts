/**
 * The portal's fonts beyond the brand typeface's Latin file, with the URLs the build serves them
 * at (hashed under /_astro/, cached for good): the brand typeface's other subsets (Latin with
 * more accents, Vietnamese, Cyrillic, Greek) and the Noto subsets of scripts/build-web-fonts.ts.
 * Decision 034.
 */
import cyrillicExt from '@fontsource-variable/source-sans-3/files/source-sans-3-cyrillic-ext-wght-normal.woff2?url';
import cyrillic from '@fontsource-variable/source-sans-3/files/source-sans-3-cyrillic-wght-normal.woff2?url';
import greekExt from '@fontsource-variable/source-sans-3/files/source-sans-3-greek-ext-wght-normal.woff2?url';
import greek from '@fontsource-variable/source-sans-3/files/source-sans-3-greek-wght-normal.woff2?url';
import latinExt from '@fontsource-variable/source-sans-3/files/source-sans-3-latin-ext-wght-normal.woff2?url';
import vietnamese from '@fontsource-variable/source-sans-3/files/source-sans-3-vietnamese-wght-normal.woff2?url';
import ranges from '@fontsource-variable/source-sans-3/unicode.json';
import { ScriptFonts, allFacesCss, type ServedFace, type WebFontManifest } from '../lib/fonts/web-fonts.ts';
import manifest from '../lib/fonts/web-fonts.json';

const files = import.meta.glob<string>('../assets/script-fonts/*.woff2', {
  query: '?url',
  import: 'default',
  eager: true,
});

const brand = (script: keyof typeof ranges, url: string): ServedFace => ({
  url,
  script,
  unicodeRange: ranges[script],
  family: 'Source Sans 3 Variable',
  weight: '200 900',
  variable: true,
});

/** Every face, the brand typeface's subsets first. */
export const SERVED_FACES: readonly ServedFace[] = [
  brand('cyrillic-ext', cyrillicExt),
  brand('cyrillic', cyrillic),
  brand('greek-ext', greekExt),
  brand('greek', greek),
  brand('vietnamese', vietnamese),
  brand('latin-ext', latinExt),
  ...(manifest as WebFontManifest).faces.map((face) => {
    const url = files[`../assets/script-fonts/${face.file}`];
    if (!url)
      throw new Error(`Font file missing: src/assets/script-fonts/${face.file} (run node scripts/build-web-fonts.ts)`);
    return { ...face, url };
  }),
];

export const scriptFonts = new ScriptFonts(SERVED_FACES);

/** The whole set, for pages whose text arrives after load (back-office, site search). */
export const ALL_FACES_CSS = allFacesCss(SERVED_FACES);
