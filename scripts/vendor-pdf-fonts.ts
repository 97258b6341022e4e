/**
 * Copies the Noto fonts the report PDF draws with into src/lib/pdf/fonts, without their hinting
 * (a PDF viewer does not use it) and, for Chinese, Japanese and Korean, cut down to the blocks in
 * use. Run once on a machine with Debian's fonts-noto-core, fonts-noto-cjk and libharfbuzz-bin:
 *   node scripts/vendor-pdf-fonts.ts
 * The Han file keeps the font's `locl` forms (Traditional Chinese, Hong Kong, Japanese and Korean
 * designs of the shared ideographs, decision 048): it is cut by HarfBuzz's own hb-subset, since
 * its WebAssembly build runs out of memory on that closure.
 * The portal itself never reads system fonts: it reads the files this writes (SIL OFL 1.1).
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { SubsetFlag, subsetFont } from '../src/lib/pdf/hb-subset.server.ts';
import { PDF_FONTS } from '../src/lib/pdf/font-list.ts';

const CORE = '/usr/share/fonts/truetype/noto';
const CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/** Face 2 of the collection is Noto Sans CJK SC; its glyphs cover Traditional Chinese, Kana and Hangul too. */
const CJK_SC_FACE = 2;
const OUT = new URL('../src/lib/pdf/fonts/', import.meta.url);

function ranges(...pairs: [number, number][]): number[] {
  return pairs.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

const CJK_SETS: Record<string, number[]> = {
  // Kana, Bopomofo, Hangul jamo and all 11,172 Hangul syllables, enclosed and compatibility signs.
  'NotoSansCJKsc-KanaHangul.otf': ranges(
    [0x3040, 0x30ff],
    [0x31f0, 0x31ff],
    [0x3100, 0x312f],
    [0x1100, 0x11ff],
    [0x3130, 0x318f],
    [0xac00, 0xd7af],
    [0x3200, 0x33ff],
    [0x3000, 0x303f],
    [0xff00, 0xffef],
  ),
};

const HAN = 'NotoSansCJKsc-Han.otf';

/** The Han blocks of Noto Sans CJK SC with the `locl` feature and every regional form it reaches. */
function hanWithLocalForms(out: string): void {
  const blocks = '4E00-9FFF,F900-FAFF,3000-303F,FF00-FFEF';
  execFileSync('hb-subset', [
    `--face-index=${CJK_SC_FACE}`,
    `--unicodes=${blocks}`,
    '--layout-features=locl',
    '--drop-tables+=GPOS,BASE,vhea,vmtx,VORG',
    '--no-hinting',
    `--output-file=${out}`,
    CJK,
  ]);
  console.log(`${HAN}\t(with its locl forms)`);
}

async function main() {
  const cjk = await readFile(CJK);
  for (const font of PDF_FONTS) {
    for (const file of [font.regular, font.bold]) {
      if (!file) continue;
      if (file === HAN) {
        hanWithLocalForms(fileURLToPath(new URL(file, OUT)));
        continue;
      }
      const set = CJK_SETS[file];
      const bytes = set
        ? // Layout tables dropped: these blocks need none to be drawn (and the subsetter runs out of memory with them).
          await subsetFont(cjk, {
            faceIndex: CJK_SC_FACE,
            unicodes: set,
            flags: SubsetFlag.noHinting,
            dropTables: ['GSUB', 'GPOS', 'GDEF', 'BASE', 'vhea', 'vmtx', 'VORG'],
          })
        : await subsetFont(await readFile(join(CORE, file)), {
            unicodes: ranges([0, 0x10ffff]),
            flags: SubsetFlag.noHinting,
          });
      await writeFile(new URL(file, OUT), bytes);
      console.log(`${file}\t${bytes.byteLength}`);
    }
  }
}

await main();
