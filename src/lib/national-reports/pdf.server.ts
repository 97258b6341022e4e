import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import { isRtlParagraph } from '../pdf/shaper.server.ts';
import { ShapedTextWriter } from '../pdf/text.server.ts';
import type { Report, ReportGroup } from './schema.ts';
import { REPORT_STATUS_LABELS } from './workflow.ts';

/** The printable national report: an A4 document drawn from the grouped answers. */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.13, 0.15, 0.18);
const MUTED = rgb(0.38, 0.41, 0.45);
const ACCENT = rgb(0.0, 0.34, 0.55);
const RULE = rgb(0.82, 0.84, 0.87);

/**
 * Text in every script of the region (Latin with its accents, Cyrillic, Armenian, Georgian,
 * Arabic script right to left, the Indic scripts, Sinhala, Tibetan, Thaana, Thai, Lao, Khmer,
 * Myanmar, Mongolian, Chinese, Kana, Hangul) is shaped by HarfBuzz and drawn with Noto fonts
 * subset into the file: see src/lib/pdf and decision 031.
 */
class Writer {
  page: PDFPage;
  y: number;
  readonly doc: PDFDocument;
  readonly shaped: ShapedTextWriter;
  readonly footer: string;
  constructor(doc: PDFDocument, shaped: ShapedTextWriter, footer: string) {
    this.doc = doc;
    this.shaped = shaped;
    this.footer = footer;
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }

  newPage(): PDFPage {
    const page = this.doc.addPage(A4);
    const footer = `${this.footer}  ·  page ${this.doc.getPageCount()}`;
    this.shaped.draw(page, footer, { x: MARGIN, y: 28, width: A4[0] - 2 * MARGIN, rtl: false }, { size: 8, color: MUTED });
    return page;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.newPage();
      this.y = A4[1] - MARGIN;
    }
  }

  /** Wraps `text` to the page width and writes it; paragraphs are kept, and each reads in its own direction. */
  text(text: string, options: { size?: number; bold?: boolean; color?: RGB; indent?: number; gap?: number; lang?: string | undefined } = {}) {
    const style = { size: options.size ?? 10, bold: options.bold, color: options.color ?? INK, lang: options.lang };
    const indent = options.indent ?? 0;
    const width = A4[0] - 2 * MARGIN - indent;
    const lineHeight = style.size * 1.45;
    for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
      const rtl = isRtlParagraph(paragraph);
      for (const line of this.shaped.wrap(paragraph, style, width)) {
        this.ensure(lineHeight);
        this.shaped.draw(this.page, line, { x: MARGIN + indent, y: this.y - style.size, width, rtl }, style);
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
  const shaped = await ShapedTextWriter.for(doc);
  const w = new Writer(doc, shaped, `${report.country.name} · National report ${report.year}`);

  w.text('Asia-Pacific Urban Agenda Platform', { size: 9, color: MUTED, gap: 6 });
  // What the country wrote is shaped in the language it was written in (decision 048): the fonts' forms for it.
  const written = report.written_in ?? undefined;
  w.text(title, { size: 18, bold: true, gap: 4, lang: report.title ? written : undefined });
  w.text(`${report.country.name}  ·  Reporting cycle ${report.year}`, { size: 12, color: ACCENT, gap: 4 });
  const status = `Status: ${REPORT_STATUS_LABELS[report.status]}  ·  ${report.completeness.answered} of ${report.completeness.total} questions answered (${report.completeness.pct} %)`;
  w.text(status, { size: 9, color: MUTED });
  w.text(`Generated ${new Date().toISOString().slice(0, 10)}${report.demo ? '  ·  Demonstration data' : ''}`, { size: 9, color: MUTED, gap: 6 });
  if (report.contact) w.text(`Contact: ${report.contact.name}, ${report.contact.email}${report.contact.phone ? `, ${report.contact.phone}` : ''}`, { size: 9, gap: 6 });
  if (report.executive_summary) {
    w.text('Executive summary', { size: 12, bold: true, gap: 2 });
    w.text(report.executive_summary, { size: 10, gap: 8, lang: written });
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
        w.text(display || 'Not answered', { size: 10, indent: 18, color: display ? INK : MUTED, lang: question.answer_type === 'txt' && display ? written : undefined });
        if (answer?.text) w.text(answer.text, { size: 9.5, indent: 18, lang: written });
        const meta = [answer?.data_year ? `Year: ${answer.data_year}` : null, answer?.source ? `Source: ${answer.source}` : null]
          .filter(Boolean)
          .join('  ·  ');
        if (meta) w.text(meta, { size: 8.5, indent: 18, color: MUTED });
        if (answer?.comment) w.text(`Note: ${answer.comment}`, { size: 8.5, indent: 18, color: MUTED });
        w.y -= 6;
      }
    }
  }
  await shaped.finish();
  return doc.save();
}
