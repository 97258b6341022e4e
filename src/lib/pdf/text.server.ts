import {
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames as Op,
  type PDFDocument,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import { EmbeddedFonts } from './embed.server.ts';
import { linePieces, withoutTrailingSpace } from './line-break.ts';
import {
  isRtlParagraph,
  loadFontSet,
  measure,
  shapeLine,
  type FontSet,
  type LoadedFont,
  type ShapedRun,
} from './shaper.server.ts';

/**
 * Text in any script for a pdf-lib document: wrapped into lines where Unicode's line breaking
 * allows (line-break.ts), or inside a word too long for a line (never inside a character
 * cluster), shaped by HarfBuzz, drawn glyph by glyph with the shaped positions, and
 * marked with its text (ActualText) wherever glyphs and characters do not match one to one.
 */

export interface TextStyle {
  size: number;
  bold?: boolean;
  color: RGB;
  /** The text's language (BCP 47) when it is known: the fonts' forms for it (decision 048). */
  lang?: string | undefined;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `text` without word joiners (U+2060): they only keep a line from ending there, and no font draws them. */
const unjoined = (text: string) => text.replace(/\u2060/gu, '');

export class ShapedTextWriter {
  readonly fonts: FontSet;
  readonly embedded: EmbeddedFonts;

  private constructor(fonts: FontSet, embedded: EmbeddedFonts) {
    this.fonts = fonts;
    this.embedded = embedded;
  }

  static async for(doc: PDFDocument): Promise<ShapedTextWriter> {
    return new ShapedTextWriter(await loadFontSet(), new EmbeddedFonts(doc));
  }

  #fonts(bold?: boolean): LoadedFont[] {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** Width of `text` (one line) in points. */
  width(text: string, style: Pick<TextStyle, 'size' | 'bold' | 'lang'>): number {
    return (measure(unjoined(text), this.#fonts(style.bold), style.lang) * style.size) / 1000;
  }

  /**
   * `paragraph` in lines no wider than `width` points, ended only where Unicode's line breaking
   * allows (line-break.ts); a piece longer than a whole line is cut between grapheme clusters.
   */
  wrap(paragraph: string, style: Pick<TextStyle, 'size' | 'bold' | 'lang'>, width: number): string[] {
    const text = paragraph.replace(/\t/g, ' ');
    if (text.trim() === '') return [''];
    const lines: string[] = [];
    let line = '';
    let lineWidth = 0;
    for (const piece of linePieces(text)) {
      const inked = this.width(withoutTrailingSpace(piece), style);
      if (line && lineWidth + inked > width) {
        lines.push(line.trimEnd());
        line = '';
        lineWidth = 0;
      }
      if (!line && inked > width) {
        // A word (with what is glued to it) longer than a whole line.
        const inkedText = withoutTrailingSpace(piece);
        const cut = this.#cut(inkedText, style, width);
        lines.push(...cut.slice(0, -1));
        line = cut.at(-1)! + piece.slice(inkedText.length);
        lineWidth = this.width(line, style);
        continue;
      }
      line += piece;
      lineWidth += this.width(piece, style);
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines.length ? lines.map(unjoined) : [''];
  }

  /** `text` cut into pieces no wider than `width` (the last may be shorter), between grapheme clusters. */
  #cut(text: string, style: Pick<TextStyle, 'size' | 'bold' | 'lang'>, width: number): string[] {
    const pieces: string[] = [];
    let piece = '';
    let pieceWidth = 0;
    for (const { segment } of graphemes.segment(text)) {
      const w = this.width(segment, style);
      if (piece && pieceWidth + w > width) {
        pieces.push(piece);
        piece = '';
        pieceWidth = 0;
      }
      piece += segment;
      pieceWidth += w;
    }
    return [...pieces, piece];
  }

  /**
   * Draws `line` with its baseline at `y`, from `x` (or ending at `x + width` when the paragraph
   * reads right to left: `rtl`, by default found from its first letter).
   */
  draw(page: PDFPage, line: string, at: { x: number; y: number; width: number; rtl?: boolean }, style: TextStyle) {
    const rtl = at.rtl ?? isRtlParagraph(line);
    const runs = shapeLine(unjoined(line), this.#fonts(style.bold), rtl, style.lang);
    const lineWidth = (runs.reduce((sum, run) => sum + run.width, 0) * style.size) / 1000;
    let x = rtl ? at.x + at.width - lineWidth : at.x;
    const ops: PDFOperator[] = [PDFOperator.of(Op.BeginText)];
    for (const run of runs) {
      ops.push(...this.#runOperators(page, run, x, at.y, style));
      x += (run.width * style.size) / 1000;
    }
    ops.push(PDFOperator.of(Op.EndText));
    page.pushOperators(...ops);
  }

  #runOperators(page: PDFPage, run: ShapedRun, x: number, y: number, style: TextStyle): PDFOperator[] {
    const { size } = style;
    const context = page.doc.context;
    const name = this.embedded.nameOn(page, run.font);
    const color = [style.color.red, style.color.green, style.color.blue].map((c) => PDFNumber.of(c));
    const ops: PDFOperator[] = [];
    if (!run.simple && !run.rtl)
      ops.push(
        PDFOperator.of(Op.BeginMarkedContentSequence, [
          PDFName.of('Span'),
          context.obj({ ActualText: PDFHexString.fromText(run.text) }) as unknown as PDFName,
        ]),
      );
    ops.push(
      PDFOperator.of(Op.SetFontAndSize, [name, PDFNumber.of(size)]),
      PDFOperator.of(Op.NonStrokingColorRgb, color),
    );
    const fakeBold = style.bold && run.font.fakeBold;
    ops.push(PDFOperator.of(Op.SetTextRenderingMode, [PDFNumber.of(fakeBold ? 2 : 0)]));
    if (fakeBold)
      ops.push(
        PDFOperator.of(Op.StrokingColorRgb, color),
        PDFOperator.of(Op.SetLineWidth, [PDFNumber.of(size * 0.04)]),
      );

    let pen = x;
    let lineY: number | undefined;
    let expectedX = 0;
    let items: (PDFHexString | PDFNumber)[] = [];
    const flush = () => {
      if (items.length) ops.push(PDFOperator.of(Op.ShowTextAdjusted, [context.obj(items)]));
      items = [];
    };
    for (const glyph of run.glyphs) {
      this.embedded.use(run.font, glyph.id, glyph.text);
      const gx = pen + (glyph.dx * size) / 1000;
      const gy = y + (glyph.dy * size) / 1000;
      if (gy !== lineY) {
        flush();
        ops.push(
          PDFOperator.of(
            Op.SetTextMatrix,
            [1, 0, 0, 1, gx, gy].map((n) => PDFNumber.of(round(n))),
          ),
        );
        lineY = gy;
        expectedX = gx;
      }
      const shift = round(((expectedX - gx) * 1000) / size);
      if (shift !== 0) items.push(PDFNumber.of(shift));
      items.push(PDFHexString.of(glyph.id.toString(16).padStart(4, '0')));
      expectedX = gx + (glyph.width * size) / 1000;
      pen += (glyph.advance * size) / 1000;
    }
    flush();
    if (!run.simple && !run.rtl) ops.push(PDFOperator.of(Op.EndMarkedContent));
    return ops;
  }

  /** Embeds the fonts used; call once before saving the document. */
  finish(): Promise<void> {
    return this.embedded.finish();
  }
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
