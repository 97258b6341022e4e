import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import { isRtlParagraph } from '../pdf/shaper.server.ts';
import { ShapedTextWriter } from '../pdf/text.server.ts';
import type { ChoiceTable, FigureSeries, Quote, SynthesisDoc, SynthesisQuestion } from './synthesis-model.ts';
import { synthesisWords, type SynthesisWords } from './synthesis-words.ts';

/**
 * The regional synthesis as an A4 PDF (decision 079): a cover, a contents list with page numbers,
 * then each thrust and its questions — a figure question's horizontal bar chart drawn as vectors
 * with its median and a table, a choice question's counts, the chosen quotations as block quotes.
 * Text is shaped by the report PDF's machinery (src/lib/pdf, decision 031): the portal's words in
 * the chosen language, each quotation in its country's script and direction.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.13, 0.15, 0.18);
const MUTED = rgb(0.38, 0.41, 0.45);
const ACCENT = rgb(0.0, 0.34, 0.55);
const BAR = rgb(0.27, 0.53, 0.72);
const RULE = rgb(0.82, 0.84, 0.87);
const WHITE = rgb(1, 1, 1);

interface Style {
  size?: number;
  bold?: boolean;
  color?: RGB;
  indent?: number;
  width?: number;
  gap?: number;
  lang?: string | null | undefined;
  rtl?: boolean;
}

interface Column {
  width: number;
  align?: 'start' | 'end';
}

class Pages {
  page!: PDFPage;
  y = 0;
  readonly doc: PDFDocument;
  readonly shaped: ShapedTextWriter;
  readonly tag: string;
  constructor(doc: PDFDocument, shaped: ShapedTextWriter, tag: string) {
    this.doc = doc;
    this.shaped = shaped;
    this.tag = tag;
    this.newPage();
  }

  newPage(at?: number) {
    this.page = at === undefined ? this.doc.addPage(A4) : this.doc.insertPage(at, A4);
    this.y = A4[1] - MARGIN;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** The lines `text` wraps into at `width`, paragraph by paragraph. */
  lines(text: string, style: Style, width: number): { line: string; rtl: boolean }[] {
    const s = { size: style.size ?? 10, bold: style.bold, lang: style.lang ?? this.tag };
    return text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .flatMap((paragraph) => {
        const rtl = style.rtl ?? isRtlParagraph(paragraph);
        return this.shaped.wrap(paragraph, s, width).map((line) => ({ line, rtl }));
      });
  }

  /** Draws one line at the current position (the caller keeps `y`). */
  draw(line: string, x: number, width: number, style: Style & { rtl?: boolean }) {
    const size = style.size ?? 10;
    this.shaped.draw(
      this.page,
      line,
      { x, y: this.y - size, width, rtl: style.rtl ?? isRtlParagraph(line) },
      { size, bold: style.bold, color: style.color ?? INK, lang: style.lang ?? this.tag },
    );
  }

  /** Wraps and writes `text`; `onLine` runs beside each line (a quotation's bar). */
  text(text: string, style: Style = {}, onLine?: (top: number, height: number) => void) {
    const size = style.size ?? 10;
    const indent = style.indent ?? 0;
    const width = style.width ?? WIDTH - indent;
    const lineHeight = size * 1.45;
    for (const { line, rtl } of this.lines(text, style, width)) {
      this.ensure(lineHeight);
      onLine?.(this.y, lineHeight);
      this.draw(line, MARGIN + indent, width, { ...style, rtl });
      this.y -= lineHeight;
    }
    this.y -= style.gap ?? 0;
  }

  rule(x = MARGIN, width = WIDTH, color = RULE) {
    this.page.drawLine({ start: { x, y: this.y }, end: { x: x + width, y: this.y }, thickness: 0.5, color });
  }

  /** A table: each cell wrapped to its column, a rule under the header and each row. */
  table(columns: readonly Column[], rows: readonly string[][], style: Style = {}) {
    const size = style.size ?? 8.5;
    const lineHeight = size * 1.4;
    const indent = style.indent ?? 0;
    rows.forEach((cells, r) => {
      const wrapped = cells.map((cell, i) => this.lines(cell, { ...style, size }, columns[i]!.width - 6));
      const height = Math.max(...wrapped.map((w) => w.length)) * lineHeight + 4;
      this.ensure(height);
      let x = MARGIN + indent;
      wrapped.forEach((lines, i) => {
        const column = columns[i]!;
        lines.forEach(({ line, rtl }, l) => {
          const lineWidth = this.shaped.width(line, { size, bold: r === 0, lang: style.lang ?? this.tag });
          const at = column.align === 'end' ? x + column.width - 6 - lineWidth : x;
          const y = this.y;
          this.y -= 2 + l * lineHeight;
          this.draw(line, at, column.align === 'end' ? lineWidth : column.width - 6, { size, bold: r === 0, rtl });
          this.y = y;
        });
        x += column.width;
      });
      this.y -= height;
      this.rule(
        MARGIN + indent,
        columns.reduce((sum, c) => sum + c.width, 0),
      );
    });
    this.y -= 6;
  }
}

interface Printing {
  p: Pages;
  words: SynthesisWords;
  /** Where each contents entry landed: its index among the pages drawn after the cover. */
  landed: number[];
}

function printCover({ p, words }: Printing, doc: SynthesisDoc) {
  p.y -= 120;
  p.text(words.t('platform'), { size: 11, color: MUTED, gap: 18 });
  p.text(doc.title, { size: 26, bold: true, color: ACCENT, gap: 10 });
  p.text(doc.cycle, { size: 16, gap: 24 });
  p.text(doc.reportsLine, { size: 11, gap: 6 });
  p.text(doc.generated, { size: 10, color: MUTED, gap: 18 });
  if (doc.reportCount === 0) p.text(words.t('noReports'), { size: 11, bold: true, gap: 10 });
  p.text(words.t('draftNote'), { size: 9.5, color: MUTED, gap: 6 });
  if (doc.partlyEnglish) p.text(words.t('inEnglish'), { size: 9.5, color: MUTED });
}

/** The contents list's entries in order: each thrust, then its questions. */
function contentsEntries(doc: SynthesisDoc): { level: 1 | 2; text: string; lang: string | null }[] {
  return doc.thrusts.flatMap((thrust) => [
    { level: 1 as const, text: `${thrust.code}  ${thrust.name}`, lang: null },
    ...thrust.questions.map((q) => ({ level: 2 as const, text: `${q.code}. ${q.text}`, lang: null })),
  ]);
}

const CONTENTS_SIZE = 9;
const CONTENTS_LINE = CONTENTS_SIZE * 1.45;
const CONTENTS_TOP = 40;

/** The contents entries' lines, and on which of the contents pages each line falls. */
function contentsLayout(p: Pages, entries: ReturnType<typeof contentsEntries>) {
  const perPage = Math.floor((A4[1] - 2 * MARGIN - CONTENTS_TOP) / CONTENTS_LINE);
  let line = 0;
  const laid = entries.map((entry) => {
    const indent = entry.level === 1 ? 0 : 14;
    const lines = p.lines(entry.text, { size: CONTENTS_SIZE, bold: entry.level === 1 }, WIDTH - indent - 40);
    // An entry is never split between pages.
    if (Math.floor(line / perPage) !== Math.floor((line + lines.length - 1) / perPage))
      line = Math.ceil(line / perPage) * perPage;
    const at = line;
    line += lines.length;
    return { entry, lines, indent, at };
  });
  return { laid, pages: Math.max(1, Math.ceil(line / perPage)), perPage };
}

function printContents(printing: Printing, doc: SynthesisDoc, firstContent: number) {
  const { p, words, landed } = printing;
  const { laid, pages, perPage } = contentsLayout(p, contentsEntries(doc));
  for (let i = 0; i < pages; i++) {
    p.newPage(1 + i);
    const top = p.y;
    if (i === 0) p.text(words.t('contents'), { size: 16, bold: true, color: ACCENT });
    for (const [n, { entry, lines, indent, at }] of laid.entries()) {
      if (Math.floor(at / perPage) !== i) continue;
      p.y = top - CONTENTS_TOP - (at % perPage) * CONTENTS_LINE;
      const style = { size: CONTENTS_SIZE, bold: entry.level === 1 };
      lines.forEach(({ line, rtl }) => {
        p.draw(line, MARGIN + indent, WIDTH - indent - 40, { ...style, rtl });
        p.y -= CONTENTS_LINE;
      });
      p.y += CONTENTS_LINE;
      const number = String(firstContent + landed[n]!);
      const numberWidth = p.shaped.width(number, { size: CONTENTS_SIZE });
      p.draw(number, MARGIN + WIDTH - numberWidth, numberWidth, { ...style, rtl: false });
    }
  }
  return pages;
}

/** A figure question's chart: one bar per country, highest first, and the median as a line. */
function printChart(p: Pages, series: FigureSeries) {
  const size = 7.5;
  const row = 11;
  const labelWidth = 130;
  const valueWidth = 64;
  const barWidth = WIDTH - labelWidth - valueWidth - 8;
  const low = Math.min(0, ...series.values.map((v) => v.value));
  const high = Math.max(0, ...series.values.map((v) => v.value));
  const span = high - low || 1;
  const xOf = (v: number) => MARGIN + labelWidth + 4 + ((v - low) / span) * barWidth;
  for (const v of series.values) {
    p.ensure(row);
    const [name] = p.shaped.wrap(v.country, { size, lang: p.tag }, labelWidth - 4);
    const shown = name === v.country ? v.country : `${name}…`;
    const nameWidth = p.shaped.width(shown, { size, lang: p.tag });
    p.draw(shown, MARGIN + labelWidth - nameWidth, nameWidth, { size, rtl: false });
    const from = xOf(Math.min(0, v.value));
    const to = xOf(Math.max(0, v.value));
    p.page.drawRectangle({ x: from, y: p.y - row + 2.5, width: Math.max(to - from, 0.5), height: row - 4, color: BAR });
    if (series.medianValue !== null) {
      const x = xOf(series.medianValue);
      p.page.drawLine({
        start: { x, y: p.y },
        end: { x, y: p.y - row },
        thickness: 0.8,
        color: INK,
        dashArray: [2, 1.5],
      });
    }
    // The value reads over the median's line.
    const shownWidth = p.shaped.width(v.shown, { size, lang: p.tag });
    p.page.drawRectangle({ x: to + 2, y: p.y - row + 1.5, width: shownWidth + 2, height: row - 2, color: WHITE });
    p.draw(v.shown, to + 3, valueWidth, { size, rtl: false });
    p.y -= row;
  }
  p.y -= 6;
}

function printFigures({ p, words }: Printing, q: SynthesisQuestion) {
  for (const series of q.figures) {
    if (series.label) p.text(series.label, { size: 9, bold: true, indent: 8, gap: 2 });
    if (series.values.length === 0) {
      p.text(words.t('answered', { count: 0 }), { size: 9, color: MUTED, indent: 8, gap: 6 });
      continue;
    }
    p.text(words.t('figureChart'), { size: 8, color: MUTED, indent: 8, gap: 2 });
    printChart(p, series);
    const extreme = (v: FigureSeries['min']) => (v ? `${v.shown} (${v.country})` : '–');
    const third = (WIDTH - 8 - 70) / 3;
    p.table(
      [{ width: 70, align: 'end' }, { width: third }, { width: third }, { width: third }],
      [
        [words.t('countries'), words.t('median'), words.t('minimum'), words.t('maximum')],
        [String(series.values.length), series.median ?? '–', extreme(series.min), extreme(series.max)],
      ],
      { indent: 8 },
    );
  }
}

function printChoices({ p, words }: Printing, tables: readonly ChoiceTable[]) {
  for (const table of tables) {
    if (table.label) p.text(table.label, { size: 9, bold: true, indent: 8, gap: 2 });
    p.table(
      [{ width: 260 }, { width: 70, align: 'end' }],
      [[words.t('choice'), words.t('count')], ...table.counts.map((c) => [c.label, String(c.count)])],
      { indent: 8 },
    );
  }
}

function printQuote(p: Pages, quote: Quote) {
  const indent = 22;
  const width = WIDTH - indent - 8;
  const bar = (top: number, height: number) => {
    const x = quote.rtl ? MARGIN + indent + width + 6 : MARGIN + indent - 8;
    p.page.drawRectangle({ x, y: top - height, width: 2, height, color: ACCENT });
  };
  p.text(quote.text, { size: 9.5, indent, width, lang: quote.lang ?? '', rtl: quote.rtl }, bar);
  // Who said it, on the side the quotation starts from (read left to right: it is in the document's language).
  const source = `— ${quote.country}`;
  const size = 8.5;
  const sourceWidth = Math.min(width, p.shaped.width(source, { size, lang: p.tag }));
  p.ensure(size * 1.45);
  p.draw(source, MARGIN + indent + (quote.rtl ? width - sourceWidth : 0), width, { size, color: MUTED, rtl: false });
  p.y -= size * 1.45 + 8;
}

function printQuestion(printing: Printing, q: SynthesisQuestion) {
  const { p, words } = printing;
  p.ensure(60);
  p.text(`${q.code}. ${q.text}`, { size: 10, bold: true, gap: 2 });
  p.text(words.t('answered', { count: q.answered }), { size: 8.5, color: MUTED, indent: 8, gap: 4 });
  if (q.answered === 0 && q.quotes.length === 0) {
    p.y -= 8;
    return;
  }
  if (q.kind === 'figures') printFigures(printing, q);
  if (q.kind === 'choices') printChoices(printing, q.choices);
  if (q.kind === 'narrative' || q.quotes.length > 0) {
    p.text(words.t('quotes'), { size: 9, bold: true, indent: 8, gap: 4 });
    if (q.quotes.length === 0) p.text(words.t('noQuotes'), { size: 9, color: MUTED, indent: 8, gap: 4 });
    for (const quote of q.quotes) printQuote(p, quote);
  }
  p.y -= 8;
}

function printBody(printing: Printing, doc: SynthesisDoc) {
  const { p, landed } = printing;
  const contentIndex = () => p.doc.getPageCount() - 1;
  doc.thrusts.forEach((thrust, t) => {
    if (t > 0) p.newPage();
    landed.push(contentIndex());
    p.text(`${thrust.code}  ${thrust.name}`, { size: 15, bold: true, color: ACCENT, gap: 4 });
    p.rule();
    p.y -= 10;
    for (const q of thrust.questions) {
      p.ensure(60);
      landed.push(contentIndex());
      printQuestion(printing, q);
    }
  });
}

/** The synthesis document as PDF bytes. */
export async function synthesisPdf(doc: SynthesisDoc): Promise<Uint8Array> {
  const words = synthesisWords(doc.locale);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} · ${doc.cycle}`);
  pdf.setSubject(words.t('subject'));
  pdf.setAuthor(words.t('platform'));
  pdf.setLanguage(doc.tag);
  pdf.setCreator('Asia-Pacific Urban Agenda Platform');
  const shaped = await ShapedTextWriter.for(pdf);
  const p = new Pages(pdf, shaped, doc.tag);
  const printing: Printing = { p, words, landed: [] };
  printCover(printing, doc);
  if (doc.thrusts.length > 0) {
    p.newPage();
    printBody(printing, doc);
    // The contents go after the cover, once the body's pages are known (a body page's number: its index + contents).
    const contentsPages = contentsLayout(p, contentsEntries(doc)).pages;
    printContents(printing, doc, 1 + contentsPages);
  }
  pdf.getPages().forEach((page, i) => {
    if (i === 0) return;
    shaped.draw(
      page,
      words.t('footer', { year: String(doc.year), page: i + 1 }),
      { x: MARGIN, y: 28, width: WIDTH, rtl: false },
      { size: 8, color: MUTED, lang: doc.tag },
    );
  });
  await shaped.finish();
  return pdf.save();
}
