import type { PDFName } from 'pdf-lib';
import { PDFString, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import { SubsetFlag, subsetFont } from './hb-subset.server.ts';
import type { LoadedFont } from './shaper.server.ts';

/**
 * The fonts of one PDF document: each font that drew something is embedded once, as a subset of
 * the glyphs drawn (glyph ids kept, so the shaped ids are written as they are: Identity-H), with a
 * ToUnicode map so that text can be copied and searched.
 */

interface UsedFont {
  font: LoadedFont;
  ref: PDFRef;
  /** Glyph id → the text it stands for (when a glyph stands for a whole cluster). */
  glyphs: Map<number, string>;
}

/** Tables a PDF viewer does not read: the text is already shaped. */
const DROP = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'DSIG', 'vhea', 'vmtx', 'VORG', 'kern', 'morx', 'feat'];

export class EmbeddedFonts {
  readonly #doc: PDFDocument;
  readonly #used = new Map<string, UsedFont>();
  readonly #names = new WeakMap<PDFPage, Map<string, PDFName>>();

  constructor(doc: PDFDocument) {
    this.#doc = doc;
  }

  /** The resource name of `font` on `page` (registered on first use). */
  nameOn(page: PDFPage, font: LoadedFont): PDFName {
    let used = this.#used.get(font.key);
    if (!used) {
      used = { font, ref: this.#doc.context.nextRef(), glyphs: new Map() };
      this.#used.set(font.key, used);
    }
    let names = this.#names.get(page);
    if (!names) {
      names = new Map();
      this.#names.set(page, names);
    }
    let name = names.get(font.key);
    if (!name) {
      name = page.node.newFontDictionary('Hb', used.ref);
      names.set(font.key, name);
    }
    return name;
  }

  /**
   * Records that `glyph` of `font` is drawn, standing for `text` ('' when another glyph of its cluster carries the
   * text).
   */
  use(font: LoadedFont, glyph: number, text: string) {
    const glyphs = this.#used.get(font.key)!.glyphs;
    if (!glyphs.get(glyph)) glyphs.set(glyph, text);
  }

  /** Writes every used font into the document; call once, before saving. */
  async finish(): Promise<void> {
    for (const used of this.#used.values()) await this.#write(used);
  }

  async #write({ font, ref, glyphs }: UsedFont) {
    const context = this.#doc.context;
    const ids = [...glyphs.keys()].sort((a, b) => a - b);
    const bytes = await subsetFont(font.bytes, {
      glyphs: [0, ...ids],
      dropTables: DROP,
      flags: SubsetFlag.retainGids | SubsetFlag.noLayoutClosure | SubsetFlag.noHinting,
    });
    const cff = isCff(bytes);
    const base = `${subsetTag(ids)}+${font.file.replace(/\.(ttf|otf)$/, '').replace(/[^A-Za-z0-9-]/g, '')}`;
    const head = font.font.face.referenceTable('head');
    const view = head ? new DataView(head.buffer, head.byteOffset, head.byteLength) : undefined;
    const scale = 1000 / font.upem;
    const bbox = view
      ? [view.getInt16(36), view.getInt16(38), view.getInt16(40), view.getInt16(42)].map((v) => Math.round(v * scale))
      : [-1000, -500, 2000, 1500];
    const extents = font.font.hExtents();
    const fontFile = context.flateStream(bytes, cff ? { Subtype: 'OpenType' } : { Length1: bytes.byteLength });
    const descriptor = context.obj({
      Type: 'FontDescriptor',
      FontName: base,
      Flags: 4,
      FontBBox: bbox,
      ItalicAngle: 0,
      Ascent: Math.round(extents.ascender * scale),
      Descent: Math.round(extents.descender * scale),
      CapHeight: Math.round(extents.ascender * scale * 0.7),
      StemV: 80,
      [cff ? 'FontFile3' : 'FontFile2']: context.register(fontFile),
    });
    const widths = ids.flatMap((id) => [id, [Math.round(font.font.glyphHAdvance(id) * scale)]]);
    const cidFont = context.obj({
      Type: 'Font',
      Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: base,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      W: widths,
      ...(cff ? {} : { CIDToGIDMap: 'Identity' }),
    });
    context.assign(
      ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: base,
        Encoding: 'Identity-H',
        DescendantFonts: [context.register(cidFont)],
        ToUnicode: context.register(context.flateStream(toUnicodeCMap(glyphs))),
      }),
    );
  }
}

function isCff(bytes: Uint8Array): boolean {
  return bytes[0] === 0x4f && bytes[1] === 0x54 && bytes[2] === 0x54 && bytes[3] === 0x4f; // 'OTTO'
}

/** Six capital letters that differ between subsets of one font (PDF 9.6.4). */
function subsetTag(ids: number[]): string {
  let hash = 2166136261;
  for (const id of ids) hash = Math.imul(hash ^ id, 16777619) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + i * 7919;
  }
  return tag;
}

function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return out;
}

function toUnicodeCMap(glyphs: Map<number, string>): string {
  const entries = [...glyphs].filter(([, text]) => text !== '');
  const lines: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    for (const [id, text] of chunk)
      lines.push(`<${id.toString(16).padStart(4, '0').toUpperCase()}> <${utf16Hex(text)}>`);
    lines.push('endbfchar');
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...lines,
    'endcmap',
    'CMapName currentdict /DefineResource exec pop',
    'end',
    'end',
  ].join('\n');
}
