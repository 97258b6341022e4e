import { readFile } from 'node:fs/promises';
import * as hb from 'harfbuzzjs';
import { PDF_FONTS } from './font-list.ts';

/**
 * HarfBuzz shaping for the report PDF: text is cut into runs of one font and one direction, and
 * each run is shaped into positioned glyphs (Thai marks stacked, Indic conjuncts, Khmer and
 * Myanmar clusters, Arabic joined), as a browser would.
 */

export interface LoadedFont {
  /** Index in PDF_FONTS × style, unique per file. */
  key: string;
  file: string;
  bytes: Uint8Array;
  font: hb.Font;
  upem: number;
  covers: ReadonlySet<number>;
  /** No bold file: bold is drawn by stroking the regular outline. */
  fakeBold: boolean;
}

export interface Glyph {
  id: number;
  /** In thousandths of the font size, as PDF widths are. */
  advance: number;
  dx: number;
  dy: number;
  /** The glyph's own width in the font, in thousandths of the font size (what the PDF viewer advances by). */
  width: number;
  /** The text of the glyph's cluster for one glyph of each cluster, '' for the others. */
  text: string;
}

export interface ShapedRun {
  font: LoadedFont;
  text: string;
  rtl: boolean;
  /** In visual order (left to right). */
  glyphs: Glyph[];
  /** Sum of the advances, in thousandths of the font size. */
  width: number;
  /** One glyph per character, in reading order: the glyphs' own text says it all. */
  simple: boolean;
}

export interface FontSet {
  regular: LoadedFont[];
  bold: LoadedFont[];
}

const FONT_DIR = new URL('./fonts/', import.meta.url);

async function loadFont(key: string, file: string, fakeBold: boolean): Promise<LoadedFont> {
  const bytes = new Uint8Array(await readFile(new URL(file, FONT_DIR)));
  const face = new hb.Face(new hb.Blob(bytes));
  return {
    key,
    file,
    bytes,
    font: new hb.Font(face),
    upem: face.upem,
    covers: new Set(face.collectUnicodes()),
    fakeBold,
  };
}

let fontSet: Promise<FontSet> | undefined;
/** Every font, read once per process (about 10 MB, most of it Chinese, Japanese and Korean). */
export function loadFontSet(): Promise<FontSet> {
  fontSet ??= (async () => {
    const regular = await Promise.all(PDF_FONTS.map((f, i) => loadFont(`R${i}`, f.regular, false)));
    const bold = await Promise.all(
      PDF_FONTS.map((f, i) => (f.bold ? loadFont(`B${i}`, f.bold, false) : { ...regular[i]!, fakeBold: true })),
    );
    return { regular, bold };
  })();
  return fontSet;
}

const INHERITS = /[\p{Script=Common}\p{Script=Inherited}\p{M}]/u;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thaana}\p{Script=Syriac}\p{Script=Nko}]/u;
const STRONG_LTR = /[\p{L}\p{Nd}]/u;

type Dir = 'L' | 'R' | 'N';
function direction(ch: string): Dir {
  if (RTL_LETTER.test(ch) && !/\p{Nd}/u.test(ch)) return 'R';
  if (STRONG_LTR.test(ch)) return 'L';
  return 'N';
}

/** True when the paragraph's first strong letter is written right to left. */
export function isRtlParagraph(text: string): boolean {
  for (const ch of text) {
    const dir = direction(ch);
    if (dir !== 'N') return dir === 'R';
  }
  return false;
}

/**
 * Each code point's direction; neutrals take their neighbours' when both agree, else the paragraph's; marks their
 * base's.
 */
function resolveDirections(chars: string[], rtlParagraph: boolean): ('L' | 'R')[] {
  const raw = chars.map((ch) => (/\p{M}/u.test(ch) ? 'M' : direction(ch)));
  const out: ('L' | 'R')[] = [];
  const base = rtlParagraph ? 'R' : 'L';
  for (let i = 0; i < raw.length; i++) {
    const d = raw[i];
    if (d === 'L' || d === 'R') out.push(d);
    else if (d === 'M') out.push(out[i - 1] ?? base);
    else {
      const before = out[i - 1] ?? base;
      let j = i + 1;
      while (j < raw.length && (raw[j] === 'N' || raw[j] === 'M')) j++;
      const after = (raw[j] as 'L' | 'R' | undefined) ?? base;
      out.push(before === after ? before : base);
    }
  }
  return out;
}

/** The font for each code point: the current run's when it has the character and the character belongs to no script. */
function pickFonts(chars: string[], fonts: LoadedFont[]): (LoadedFont | undefined)[] {
  const picked: (LoadedFont | undefined)[] = [];
  for (let i = 0; i < chars.length; i++) {
    const code = chars[i]!.codePointAt(0)!;
    const previous = picked[i - 1];
    if (previous && INHERITS.test(chars[i]!) && previous.covers.has(code)) picked.push(previous);
    else picked.push(fonts.find((font) => font.covers.has(code)));
  }
  return picked;
}

/**
 * `text` (one line) as shaped runs in visual order, left to right. Characters no font has (emoji)
 * are drawn as "?".
 */
export function shapeLine(
  text: string,
  fonts: LoadedFont[],
  rtlParagraph = isRtlParagraph(text),
  lang?: string,
): ShapedRun[] {
  const chars = [...text];
  const picked = pickFonts(chars, fonts);
  for (let i = 0; i < chars.length; i++) {
    if (!picked[i]) {
      chars[i] = '?';
      picked[i] = fonts[0];
    }
  }
  const dirs = resolveDirections(chars, rtlParagraph);
  const runs: ShapedRun[] = [];
  let start = 0;
  for (let i = 1; i <= chars.length; i++) {
    if (i < chars.length && picked[i] === picked[start] && dirs[i] === dirs[start]) continue;
    runs.push(shapeRun(chars.slice(start, i).join(''), picked[start]!, dirs[start] === 'R', lang));
    start = i;
  }
  return visualOrder(runs, rtlParagraph);
}

/** Runs in reading order → left to right: right-to-left runs swap places with their right-to-left neighbours. */
function visualOrder(runs: ShapedRun[], rtlParagraph: boolean): ShapedRun[] {
  const groups: ShapedRun[][] = [];
  for (const run of runs) {
    const last = groups.at(-1);
    if (last && last[0]!.rtl === run.rtl) last.push(run);
    else groups.push([run]);
  }
  const ordered = rtlParagraph ? groups.reverse() : groups;
  return ordered.flatMap((group) => (group[0]!.rtl ? [...group].reverse() : group));
}

const shapedCache = new Map<string, ShapedRun>();

/**
 * `lang` (BCP 47), when the text's language is known (decision 048), selects the font's forms for
 * that language (OpenType `locl`): Urdu digits, Nepali letters, and Han glyph forms in a font
 * that carries them.
 */
function shapeRun(text: string, font: LoadedFont, rtl: boolean, lang?: string): ShapedRun {
  const cacheKey = `${font.key}${rtl ? 'R' : 'L'}${lang ?? ''}\u0000${text}`;
  const cached = shapedCache.get(cacheKey);
  if (cached) return cached;
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  buffer.setDirection(rtl ? hb.Direction.RTL : hb.Direction.LTR);
  if (lang) buffer.setLanguage(lang);
  hb.shape(font.font, buffer);
  const scale = 1000 / font.upem;
  const positions = buffer.getGlyphPositions();
  const infos = buffer.getGlyphInfos();
  const texts = glyphTexts(text, infos, font, rtl);
  const glyphs = infos.map((info, i) => ({
    id: info.codepoint,
    advance: positions[i]!.xAdvance * scale,
    dx: positions[i]!.xOffset * scale,
    dy: positions[i]!.yOffset * scale,
    width: font.font.glyphHAdvance(info.codepoint) * scale,
    text: texts[i]!,
  }));
  const simple = !rtl && glyphs.length === [...text].length && glyphs.every((g) => [...g.text].length === 1);
  const run = { font, text, rtl, glyphs, simple, width: glyphs.reduce((sum, g) => sum + g.advance, 0) };
  if (shapedCache.size > 20_000) shapedCache.clear();
  shapedCache.set(cacheKey, run);
  return run;
}

/** Width of `text` in thousandths of the font size. */
export function measure(text: string, fonts: LoadedFont[], lang?: string): number {
  return shapeLine(text, fonts, false, lang).reduce((sum, run) => sum + run.width, 0);
}

/**
 * The text each glyph stands for (for copying text out of the PDF): a cluster's only glyph stands
 * for the whole cluster; in a cluster of several glyphs, a glyph that is a character's own glyph
 * stands for it, and the first glyph in reading order for what is left.
 */
function glyphTexts(
  text: string,
  infos: { codepoint: number; cluster: number }[],
  font: LoadedFont,
  rtl: boolean,
): string[] {
  const starts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
  const ends = new Map(starts.map((start, i) => [start, starts[i + 1] ?? text.length]));
  const members = new Map<number, number[]>();
  infos.forEach((info, i) => members.set(info.cluster, [...(members.get(info.cluster) ?? []), i]));
  const out = infos.map(() => '');
  for (const [cluster, indexes] of members) {
    const clusterText = text.slice(cluster, ends.get(cluster));
    if (indexes.length === 1) {
      out[indexes[0]!] = clusterText;
      continue;
    }
    const left: string[] = [];
    for (const ch of clusterText) {
      const own = indexes.find(
        (i) => out[i] === '' && infos[i]!.codepoint === font.font.nominalGlyph(ch.codePointAt(0)!),
      );
      if (own === undefined) left.push(ch);
      else out[own] = ch;
    }
    const first = rtl ? indexes.at(-1)! : indexes[0]!;
    out[first] = left.join('') + out[first];
  }
  return out;
}
