/**
 * The script fonts (decision 034): every script of the region has a face whose unicode-range
 * holds its letters and whose woff2 file really draws them; faces never overlap (a character
 * never costs two downloads); a page's rules name only the scripts of its own text, nothing for
 * English, and only the Chinese slices its characters are in.
 */
import { readFile, stat } from 'node:fs/promises';
import * as hb from 'harfbuzzjs';
import { describe, expect, test } from 'vitest';
import { decompress } from 'wawoff2';
import ranges from '@fontsource-variable/source-sans-3/unicode.json';
import { CJK_FONTS, SCRIPT_FONTS } from './script-blocks.ts';
import { inRanges, parseUnicodeRange, unicodeRange } from './unicode-range.ts';
import {
  ScriptFonts,
  allFacesCss,
  scriptCharacters,
  withoutSystemFontText,
  type ServedFace,
  type WebFontManifest,
} from './web-fonts.ts';
import manifestJson from './web-fonts.json';

const manifest = manifestJson as WebFontManifest;
const FILES = new URL('../../assets/script-fonts/', import.meta.url);

/** A word or two of each script the portal draws with its own fonts. */
const SAMPLES: Record<string, string> = {
  armenian: 'Հայաստան',
  georgian: 'საქართველო',
  arabic: 'ایران پاکستان افغانستان ے',
  thaana: 'ދިވެހިރާއްޖެ',
  devanagari: 'भारत नेपाल',
  bengali: 'বাংলাদেশ',
  tamil: 'தமிழ்',
  sinhala: 'ශ්‍රී ලංකාව',
  tibetan: 'འབྲུག་ཡུལ',
  thai: 'ประเทศไทย',
  lao: 'ລາວ',
  khmer: 'កម្ពុជា',
  myanmar: 'မြန်မာ',
  mongolian: 'ᠮᠣᠩᠭᠣᠯ',
  han: '城市们們',
  kana: 'とうきょう カタカナ',
  hangul: '한국어',
};

const brand = (script: keyof typeof ranges): ServedFace => ({
  url: `/_astro/${script}.woff2`,
  script,
  unicodeRange: ranges[script],
  family: 'Source Sans 3 Variable',
  weight: '200 900',
  variable: true,
});
const served: ServedFace[] = [
  ...(['cyrillic', 'vietnamese', 'latin-ext', 'greek'] as const).map(brand),
  ...manifest.faces.map((face) => ({ ...face, url: `/_astro/${face.file}` })),
];
const fonts = new ScriptFonts(served);

async function cmapOf(file: string): Promise<Set<number>> {
  const ttf = await decompress(new Uint8Array(await readFile(new URL(file, FILES))));
  return new Set(new hb.Face(new hb.Blob(ttf)).collectUnicodes());
}

describe('the font files', () => {
  test('every script has faces, and every file listed is a woff2 of the size listed', async () => {
    const scripts = new Set(manifest.faces.map((f) => f.script));
    for (const id of [...SCRIPT_FONTS.map((s) => s.id), ...Object.keys(CJK_FONTS)]) expect(scripts, id).toContain(id);
    for (const face of manifest.faces) {
      const bytes = await readFile(new URL(face.file, FILES));
      expect(bytes.subarray(0, 4).toString('latin1'), face.file).toBe('wOF2');
      expect((await stat(new URL(face.file, FILES))).size, face.file).toBe(face.bytes);
      expect(face.unicodeRange, face.file).toMatch(
        /^U\+[0-9A-F]{4,5}(-[0-9A-F]{4,5})?(,U\+[0-9A-F]{4,5}(-[0-9A-F]{4,5})?)*$/,
      );
      // Chinese in many slices, each small enough to be worth its request.
      expect(face.bytes, face.file).toBeLessThan(200_000);
    }
    expect(manifest.faces.filter((f) => f.script === 'han').length).toBeGreaterThan(40);
  });

  test('each sample is in the unicode-range of its script’s faces, and their files draw it', async () => {
    for (const [script, text] of Object.entries(SAMPLES)) {
      const found = fonts.facesFor(scriptCharacters(text));
      expect(found.length, script).toBeGreaterThan(0);
      expect(new Set(found.map((f) => f.face.script)), script).toEqual(new Set([script]));
      for (const { face, characters } of found) {
        const cmap = await cmapOf(face.url.replace('/_astro/', ''));
        for (const cp of characters) expect(cmap.has(cp), `${script}: U+${cp.toString(16)} in ${face.url}`).toBe(true);
      }
    }
  });

  test('no character is in two faces of the family: a letter never costs two downloads', () => {
    const owner = new Map<string, string>();
    for (const face of manifest.faces) {
      for (const [from, to] of parseUnicodeRange(face.unicodeRange)) {
        for (let cp = from; cp <= to; cp++) {
          const key = `${face.weight}:${cp}`;
          expect(owner.get(key), `U+${cp.toString(16)} in ${face.file}`).toBeUndefined();
          owner.set(key, face.file);
        }
      }
    }
  });
});

describe('the rules of a page', () => {
  test('English text, with its quotes, dashes and accents, needs no rule', () => {
    expect(
      fonts.cssFor('<p>The “New Urban Agenda” — Viet Nam, Türkiye, Côte d’Ivoire… 12 × 3 – 4 · naïve café</p>'),
    ).toBe('');
  });

  test('Vietnamese, Russian and Pacific names take the brand typeface’s own subsets', () => {
    const css = fonts.cssFor('Thành phố Hồ Chí Minh; Москва; Māori ʻokina');
    expect(css).toContain('/_astro/vietnamese.woff2');
    expect(css).toContain('/_astro/cyrillic.woff2');
    expect(css).toContain('/_astro/latin-ext.woff2');
    expect(css).not.toContain('Portal Scripts');
    expect(css).toContain("font-family:'Source Sans 3 Variable'");
  });

  test('Thai and Persian take their files in both weights, with the installed font first', () => {
    const css = fonts.cssFor('<p>ประเทศไทย</p><p dir="auto">ایران</p>');
    for (const file of ['thai-400', 'thai-700', 'arabic-400', 'arabic-700'])
      expect(css).toContain(`/_astro/${file}.woff2`);
    expect(css).toContain(
      "src:local('Noto Sans Thai Regular'),local('NotoSansThai-Regular'),url(/_astro/thai-400.woff2) format('woff2')",
    );
    expect(css).not.toContain('han-');
    expect(css.match(/@font-face/g)).toHaveLength(4);
  });

  test('Chinese text names only the slices of its characters, each rule only those characters', () => {
    const text = '城市化进程加快，城市人口比例增长。';
    const css = fonts.cssFor(text);
    const rules = css.match(/@font-face\{[^}]*\}/g)!;
    const named = new Set<number>();
    for (const rule of rules) {
      expect(rule).toMatch(/url\(\/_astro\/han-\d\d\.woff2\)/);
      for (const [from, to] of parseUnicodeRange(rule.match(/unicode-range:([^}]*)/)![1]!))
        for (let cp = from; cp <= to; cp++) named.add(cp);
    }
    expect(named).toEqual(scriptCharacters(text));
    // The most used characters are in the first slices.
    expect(css).toContain('/_astro/han-00.woff2');
    expect(rules.length).toBeLessThan(6);
  });

  test('the whole set lists every face with its whole range', () => {
    const css = allFacesCss(served);
    expect(css.match(/@font-face/g)).toHaveLength(served.length);
    const thai = manifest.faces.find((f) => f.file === 'thai-400.woff2')!;
    expect(css).toContain(`unicode-range:${thai.unicodeRange}}`);
    expect(inRanges(parseUnicodeRange(thai.unicodeRange), 'ก'.codePointAt(0)!)).toBe(true);
    expect(unicodeRange([0x0e01, 0x0e02, 0x0e03, 0x0e10])).toBe('U+0E01-0E03,U+0E10');
  });
});

describe('withoutSystemFontText', () => {
  test('leaves out the text of elements drawn by the system fonts, and only theirs', () => {
    const html =
      '<ul><li><a href="/zh/" lang="zh-Hans" data-system-font>中文</a></li><li><a href="/ru/" ' +
      'data-system-font="">Русский</a></li></ul><p>ประเทศไทย</p>';
    expect(withoutSystemFontText(html)).toBe(
      '<ul><li><a href="/zh/" lang="zh-Hans" data-system-font></a></li><li><a href="/ru/" ' +
        'data-system-font=""></a></li></ul><p>ประเทศไทย</p>',
    );
    expect(withoutSystemFontText('<a href="/zh/">中文</a>')).toBe('<a href="/zh/">中文</a>');
  });
});
