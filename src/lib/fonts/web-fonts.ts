/**
 * The @font-face rules of the portal's script fonts (decision 034): one family, every file a
 * `unicode-range` subset, so a browser downloads a file only for characters a page holds. A
 * public page carries inline only the rules of the scripts in its own text; the back-office and
 * the site search, whose text comes later, link the whole set.
 */
import { inRanges, parseUnicodeRange, unicodeRange, type Range } from './unicode-range.ts';

/** One woff2 file of src/assets/script-fonts, as scripts/build-web-fonts.ts lists it. */
export interface WebFontFace {
  file: string;
  /** `thai`, `han` … (script-blocks.ts); Chinese and Korean come in several slices. */
  script: string;
  weight: 400 | 700;
  /** Names of the same font installed on a device, used instead of downloading it. */
  local: string[];
  unicodeRange: string;
  bytes: number;
}

export interface WebFontManifest {
  source: string;
  faces: WebFontFace[];
}

/** A face with the URL its file is served at; the brand typeface's subsets name their family. */
export interface ServedFace {
  url: string;
  script: string;
  unicodeRange: string;
  family?: string;
  /** A number, or a range for a variable font (`200 900`). */
  weight: number | string;
  variable?: boolean;
  local?: readonly string[];
}

/** The family name the stacks of global.css put after the brand typeface. */
export const SCRIPT_FONT_FAMILY = 'Portal Scripts';

/** What the brand typeface's Latin file (BrandFont.astro, on every page) draws. */
export const BRAND_LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,' +
  'U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const BRAND_LATIN = parseUnicodeRange(BRAND_LATIN_RANGE);

/** Scripts cut into many slices: a page's rule names only the characters it holds. */
const SLICED = new Set(['han', 'hangul']);

function rule(face: ServedFace, range: string): string {
  const src = [
    ...(face.local ?? []).map((name) => `local('${name}')`),
    `url(${face.url}) format('${face.variable ? 'woff2-variations' : 'woff2'}')`,
  ].join(',');
  return (
    `@font-face{font-family:'${face.family ?? SCRIPT_FONT_FAMILY}';font-style:normal;font-weight:${face.weight};` +
    `font-display:swap;src:${src};unicode-range:${range}}`
  );
}

/** Every rule, each with the whole range of its file. */
export function allFacesCss(faces: readonly ServedFace[]): string {
  return faces.map((face) => rule(face, face.unicodeRange)).join('\n');
}

/** The characters of `text` that the brand typeface's Latin file does not draw. */
export function scriptCharacters(text: string): Set<number> {
  const found = new Set<number>();
  for (const match of text.matchAll(/[^\t-\u00ff\u2000-\u206f]/gu)) {
    const cp = match[0].codePointAt(0)!;
    if (!inRanges(BRAND_LATIN, cp)) found.add(cp);
  }
  return found;
}

export class ScriptFonts {
  private readonly faces: readonly { face: ServedFace; ranges: Range[] }[];

  constructor(faces: readonly ServedFace[]) {
    this.faces = faces.map((face) => ({ face, ranges: parseUnicodeRange(face.unicodeRange) }));
  }

  /** The faces whose files hold characters of `characters`, with those characters. */
  facesFor(characters: ReadonlySet<number>): { face: ServedFace; characters: number[] }[] {
    const out: { face: ServedFace; characters: number[] }[] = [];
    for (const { face, ranges } of this.faces) {
      const own = [...characters].filter((cp) => inRanges(ranges, cp));
      if (own.length > 0) out.push({ face, characters: own });
    }
    return out;
  }

  /** The rules a page with this text needs; empty for text the brand typeface's Latin file draws. */
  cssFor(text: string): string {
    const characters = scriptCharacters(text);
    if (characters.size === 0) return '';
    return this.facesFor(characters)
      .map(({ face, characters: own }) => rule(face, SLICED.has(face.script) ? unicodeRange(own) : face.unicodeRange))
      .join('');
  }
}

/**
 * The page without the text of elements marked `data-system-font` (the language switch's names of
 * the other languages): the system's fonts draw it, so it asks for no file. Such an element holds
 * text only.
 */
export function withoutSystemFontText(html: string): string {
  return html.replace(/(<(\w+)\b[^>]*\bdata-system-font\b[^>]*>)[^<]*(<\/\2>)/g, '$1$3');
}

/** Where the whole set is served (src/pages/fonts/scripts.css.ts). */
export const ALL_FACES_CSS_PATH = '/fonts/scripts.css';

/**
 * Links the whole set into a page whose text arrives after it loads (the back-office, search
 * results), once, without holding up its first paint: the browser still downloads only the files
 * of characters shown.
 */
export function loadAllScriptFonts(doc: Document = document): void {
  if (doc.querySelector(`link[href="${ALL_FACES_CSS_PATH}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = ALL_FACES_CSS_PATH;
  doc.head.append(link);
}
