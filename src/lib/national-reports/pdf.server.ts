import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Report, ReportGroup } from './schema.ts';

/** The printable national report: an A4 document drawn from the grouped answers. */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.13, 0.15, 0.18);
const MUTED = rgb(0.38, 0.41, 0.45);
const ACCENT = rgb(0.0, 0.34, 0.55);
const RULE = rgb(0.82, 0.84, 0.87);

const STATUS_LABELS: Record<string, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
  submitted: 'Submitted',
  accepted: 'Accepted',
  published: 'Published',
};

/**
 * DejaVu Sans (free licence of Bitstream Vera), embedded as a subset of the glyphs a document
 * uses: Latin with every accent (Vietnamese, Pacific macrons, Turkish), Greek, Cyrillic, Lao,
 * Georgian, Armenian. Read once. (Noto Sans's subsets lose most glyphs in fontkit 1.1.)
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;
const require = createRequire(import.meta.url);
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function loadFonts() {
  fontBytes ??= Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fontBytes;
}

/** Embeds the report's two fonts (regular, bold) in `doc`. */
export async function embedReportFonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  doc.registerFontkit(fontkit);
  const fonts = await loadFonts();
  return { regular: await doc.embedFont(fonts.regular, { subset: true }), bold: await doc.embedFont(fonts.bold, { subset: true }) };
}

/** The code points each embedded font draws (its glyphs), per font. */
const drawable = new WeakMap<PDFFont, ReadonlySet<number>>();

/**
 * Characters the font has no glyph for (Thai, Khmer, Chinese, emoji …) are replaced by "?" so
 * that the document never shows an empty box or breaks; tabs become spaces.
 */
export function printable(font: PDFFont, text: string): string {
  let glyphs = drawable.get(font);
  if (!glyphs) {
    glyphs = new Set(font.getCharacterSet());
    drawable.set(font, glyphs);
  }
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    const code = ch.codePointAt(0)!;
    out += glyphs.has(code) || ch === '\n' ? ch : '?';
  }
  return out;
}

class Writer {
  page: PDFPage;
  y: number;
  readonly doc: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly footer: string;
  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont, footer: string) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.footer = footer;
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }

  newPage(): PDFPage {
    const page = this.doc.addPage(A4);
    page.drawText(printable(this.regular, `${this.footer}  ·  page ${this.doc.getPageCount()}`), {
      x: MARGIN,
      y: 28,
      size: 8,
      font: this.regular,
      color: MUTED,
    });
    return page;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.newPage();
      this.y = A4[1] - MARGIN;
    }
  }

  /** Wraps `text` to the page width and writes it; paragraphs are kept. */
  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    const width = A4[0] - 2 * MARGIN - indent;
    const lineHeight = size * 1.35;
    for (const paragraph of printable(font, text).split('\n')) {
      for (const line of wrap(font, paragraph, size, width)) {
        this.ensure(lineHeight);
        this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color: options.color ?? INK });
        this.y -= lineHeight;
      }
    }
    this.y -= options.gap ?? 0;
  }

  rule() {
    this.ensure(10);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 4 }, end: { x: A4[0] - MARGIN, y: this.y - 4 }, thickness: 0.6, color: RULE });
    this.y -= 12;
  }
}

/** `text` (one paragraph) in lines no wider than `width`, broken at spaces, or inside words too long for a line. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  if (text.trim() === '') return [''];
  // Each word is measured once and the line's width added up: measuring the whole line again for
  // every word made a report of long narratives take seconds of the one server process.
  const space = font.widthOfTextAtSize(' ', size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(/\s+/)) {
    const wordWidth = font.widthOfTextAtSize(word, size);
    const candidateWidth = line ? lineWidth + space + wordWidth : wordWidth;
    if (candidateWidth <= width) {
      line = line ? `${line} ${word}` : word;
      lineWidth = candidateWidth;
      continue;
    }
    if (line) lines.push(line);
    if (wordWidth <= width) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    const pieces = cutWord(font, word, size, width);
    lines.push(...pieces.slice(0, -1).map((piece) => piece.text));
    line = pieces.at(-1)!.text;
    lineWidth = pieces.at(-1)!.width;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A word wider than the line, cut into pieces that fit (the last one may be shorter), measuring
 * each character once: measuring ever shorter prefixes was cubic in the word's length, and one
 * answer of 8,000 letters without a space held the server for over an hour.
 */
function cutWord(font: PDFFont, word: string, size: number, width: number): { text: string; width: number }[] {
  const pieces: { text: string; width: number }[] = [];
  let piece = '';
  let pieceWidth = 0;
  // By code point, so a character outside the BMP is never split in two.
  for (const ch of word) {
    const chWidth = font.widthOfTextAtSize(ch, size);
    if (piece && pieceWidth + chWidth > width) {
      pieces.push({ text: piece, width: pieceWidth });
      piece = '';
      pieceWidth = 0;
    }
    piece += ch;
    pieceWidth += chWidth;
  }
  return [...pieces, { text: piece, width: pieceWidth }];
}

/** Draws the report: title, country, cycle, status, then thrust → subcategory → question, answer, year, source. */
export async function reportPdf(report: Report, groups: ReportGroup[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = report.title ?? `National report on the implementation of the New Urban Agenda`;
  doc.setTitle(`${report.country.name} ${report.year}: ${title}`);
  doc.setAuthor(report.country.name);
  doc.setSubject('New Urban Agenda national report');
  doc.setCreator('Asia-Pacific Urban Agenda Platform');
  doc.setCreationDate(new Date(report.updated_at));
  doc.setModificationDate(new Date(report.updated_at));
  const { regular, bold } = await embedReportFonts(doc);
  const w = new Writer(doc, regular, bold, `${report.country.name} · National report ${report.year}`);

  w.text('Asia-Pacific Urban Agenda Platform', { size: 9, color: MUTED, gap: 6 });
  w.text(title, { size: 18, bold: true, gap: 4 });
  w.text(`${report.country.name}  ·  Reporting cycle ${report.year}`, { size: 12, color: ACCENT, gap: 4 });
  const status = `Status: ${STATUS_LABELS[report.status] ?? report.status}  ·  ${report.completeness.answered} of ${report.completeness.total} questions answered (${report.completeness.pct} %)`;
  w.text(status, { size: 9, color: MUTED });
  w.text(`Generated ${new Date().toISOString().slice(0, 10)}${report.demo ? '  ·  Demonstration data' : ''}`, { size: 9, color: MUTED, gap: 6 });
  if (report.contact) w.text(`Contact: ${report.contact.name}, ${report.contact.email}${report.contact.phone ? `, ${report.contact.phone}` : ''}`, { size: 9, gap: 6 });
  if (report.executive_summary) {
    w.text('Executive summary', { size: 12, bold: true, gap: 2 });
    w.text(report.executive_summary, { size: 10, gap: 8 });
  }

  for (const group of groups) {
    w.ensure(60);
    w.rule();
    w.text(`${group.thrust.code}  ${group.thrust.name}`, { size: 13, bold: true, color: ACCENT });
    if (group.thrust.nua_paragraphs) w.text(`New Urban Agenda paragraphs ${group.thrust.nua_paragraphs}`, { size: 8, color: MUTED, gap: 4 });
    for (const sub of group.subcategories) {
      w.ensure(40);
      w.text(`${sub.subcategory.code}  ${sub.subcategory.name}`, { size: 11, bold: true, gap: 3 });
      for (const { question, answer, display } of sub.items) {
        w.ensure(36);
        const refs = question.sdg_refs.length ? `  (SDG ${question.sdg_refs.join(', ')})` : '';
        w.text(`${question.code}. ${question.text}${refs}`, { size: 9.5, bold: true, indent: 8 });
        w.text(display || 'Not answered', { size: 10, indent: 18, color: display ? INK : MUTED });
        if (answer?.text) w.text(answer.text, { size: 9.5, indent: 18 });
        const meta = [answer?.data_year ? `Year: ${answer.data_year}` : null, answer?.source ? `Source: ${answer.source}` : null]
          .filter(Boolean)
          .join('  ·  ');
        if (meta) w.text(meta, { size: 8.5, indent: 18, color: MUTED });
        if (answer?.comment) w.text(`Note: ${answer.comment}`, { size: 8.5, indent: 18, color: MUTED });
        w.y -= 6;
      }
    }
  }
  return doc.save();
}
