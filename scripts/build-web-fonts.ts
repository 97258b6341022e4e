/**
 * Makes the web fonts of the scripts beyond the brand typeface: woff2 subsets of the Noto fonts
 * in src/lib/pdf/fonts (SIL OFL 1.1), one file per script and weight, and Chinese and Korean cut
 * into slices of characters used together, most used first (as Google Fonts serves CJK). Writes
 * the files to src/assets/script-fonts/ and their list with each file's unicode-range to
 * src/lib/fonts/web-fonts.json; both are committed. Run again after changing the fonts, the
 * scripts (src/lib/fonts/script-blocks.ts) or the slicing, on a machine with Debian's
 * `unicode-data` (Unihan, for the order of characters):
 *   node scripts/build-web-fonts.ts
 * See decision 034.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as hb from 'harfbuzzjs';
import { compress } from 'wawoff2';
import { SubsetFlag, subsetFont } from '../src/lib/pdf/hb-subset.server.ts';
import { CJK_FONTS, SCRIPT_FONTS, SHAPING_EXTRAS } from '../src/lib/fonts/script-blocks.ts';
import { inRanges, unicodeRange } from '../src/lib/fonts/unicode-range.ts';
import type { WebFontFace, WebFontManifest } from '../src/lib/fonts/web-fonts.ts';
import { hangulByUse, hanByUse } from './web-fonts/cjk-order.ts';

const FONTS = new URL('../src/lib/pdf/fonts/', import.meta.url);
const OUT = new URL('../src/assets/script-fonts/', import.meta.url);
const MANIFEST = new URL('../src/lib/fonts/web-fonts.json', import.meta.url);

/** Characters per slice, by position in the order of use: small where every page needs them. */
const HAN_SLICES: readonly [upTo: number, size: number][] = [
  [4000, 200],
  [9000, 350],
  [Infinity, 700],
];
const HANGUL_SLICES: readonly [upTo: number, size: number][] = [
  [2350, 400],
  [Infinity, 1500],
];

const fontCache = new Map<string, { bytes: Uint8Array; cmap: Set<number> }>();
async function font(file: string) {
  let entry = fontCache.get(file);
  if (!entry) {
    const bytes = new Uint8Array(await readFile(new URL(file, FONTS)));
    entry = { bytes, cmap: new Set(new hb.Face(new hb.Blob(bytes)).collectUnicodes()) };
    fontCache.set(file, entry);
  }
  return entry;
}

function inBlocks(cmap: Set<number>, blocks: readonly (readonly [number, number])[]): number[] {
  return [...cmap].filter((cp) =>
    inRanges(
      [...blocks].sort((a, b) => a[0] - b[0]),
      cp,
    ),
  );
}

/** One woff2 file: the font cut to `codePoints` (layout closure kept, so shaping still works). */
async function face(
  source: string,
  out: string,
  codePoints: number[],
  meta: Omit<WebFontFace, 'file' | 'unicodeRange' | 'bytes'>,
): Promise<WebFontFace> {
  const { bytes, cmap } = await font(source);
  const extras = SHAPING_EXTRAS.filter((cp) => cmap.has(cp));
  // The PDF's Han file keeps the regional forms (locl, decision 048); the site's slices, drawn for
  // the interface's Simplified Chinese, leave them out as they always have (a slice stays small).
  const dropTables = meta.script === 'han' ? ['GSUB', 'GDEF'] : [];
  const subset = await subsetFont(bytes, {
    unicodes: [...codePoints, ...extras],
    flags: SubsetFlag.noHinting,
    dropTables,
  });
  const woff2 = await compress(subset);
  await writeFile(new URL(out, OUT), woff2);
  console.log(`${out}\t${codePoints.length} characters\t${woff2.byteLength} bytes`);
  return { ...meta, file: out, unicodeRange: unicodeRange(codePoints), bytes: woff2.byteLength };
}

function slices(order: number[], sizes: readonly [number, number][]): number[][] {
  const out: number[][] = [];
  for (let at = 0; at < order.length;) {
    const size = sizes.find(([upTo]) => at < upTo)![1];
    out.push(order.slice(at, at + size));
    at += size;
  }
  return out;
}

/** Installed fonts used before a download: Noto's own CJK, and the ones each platform ships for the language. */
const CJK_LOCAL = {
  han: [
    'Noto Sans CJK SC',
    'NotoSansCJKsc-Regular',
    'Source Han Sans SC',
    'SourceHanSansSC-Regular',
    'Microsoft YaHei',
    'PingFang SC',
  ],
  kana: [
    'Noto Sans CJK JP',
    'NotoSansCJKjp-Regular',
    'Source Han Sans JP',
    'SourceHanSansJP-Regular',
    'Meiryo',
    'Hiragino Sans W3',
  ],
  hangul: [
    'Noto Sans CJK KR',
    'NotoSansCJKkr-Regular',
    'Source Han Sans KR',
    'SourceHanSansKR-Regular',
    'Malgun Gothic',
    'Apple SD Gothic Neo',
  ],
};

async function cjkFaces(): Promise<WebFontFace[]> {
  const faces: WebFontFace[] = [];
  const local = CJK_LOCAL.han;
  const han = await font(CJK_FONTS.han.file);
  const punctuation = inBlocks(han.cmap, [
    [0x3000, 0x303f],
    [0xff00, 0xffef],
  ]);
  const hanSlices = slices(
    hanByUse().filter((cp) => han.cmap.has(cp)),
    HAN_SLICES,
  );
  hanSlices[0]!.unshift(...punctuation);
  for (const [i, codePoints] of hanSlices.entries()) {
    faces.push(
      await face(CJK_FONTS.han.file, `han-${String(i).padStart(2, '0')}.woff2`, codePoints, {
        script: 'han',
        weight: 400,
        local,
      }),
    );
  }
  const kana = await font(CJK_FONTS.kana.file);
  faces.push(
    await face(CJK_FONTS.kana.file, 'kana.woff2', inBlocks(kana.cmap, CJK_FONTS.kana.blocks), {
      script: 'kana',
      weight: 400,
      local: CJK_LOCAL.kana,
    }),
  );
  const jamo = inBlocks(kana.cmap, [
    [0x1100, 0x11ff],
    [0x3130, 0x318f],
  ]);
  const hangulSlices = slices(
    hangulByUse().filter((cp) => kana.cmap.has(cp)),
    HANGUL_SLICES,
  );
  hangulSlices[0]!.unshift(...jamo);
  for (const [i, codePoints] of hangulSlices.entries()) {
    faces.push(
      await face(CJK_FONTS.hangul.file, `hangul-${String(i).padStart(2, '0')}.woff2`, codePoints, {
        script: 'hangul',
        weight: 400,
        local: CJK_LOCAL.hangul,
      }),
    );
  }
  return faces;
}

async function main() {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const faces: WebFontFace[] = [];
  for (const script of SCRIPT_FONTS) {
    for (const [weight, file] of [
      [400, script.regular],
      [700, script.bold],
    ] as const) {
      if (!file) continue;
      const { cmap } = await font(file);
      const name = file.replace(/\.ttf$/, '');
      const full = name.replace(/-/, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
      faces.push(
        await face(file, `${script.id}-${weight}.woff2`, inBlocks(cmap, script.blocks), {
          script: script.id,
          weight,
          local: [full, name],
        }),
      );
    }
  }
  faces.push(...(await cjkFaces()));
  const manifest: WebFontManifest = {
    source: 'scripts/build-web-fonts.ts from src/lib/pdf/fonts (SIL OFL 1.1)',
    faces,
  };
  await writeFile(MANIFEST, `${JSON.stringify(manifest, null, 1)}\n`);
  const total = faces.reduce((sum, f) => sum + f.bytes, 0);
  console.log(`${faces.length} files, ${total} bytes`);
}

await main();
