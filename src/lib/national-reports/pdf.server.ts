import { PDFDocument, rgb, type PDFPage, type RGB } from 'pdf-lib';
import { isRtlParagraph } from '../pdf/shaper.server.ts';
import { ShapedTextWriter } from '../pdf/text.server.ts';
import type { Locale } from '../../i18n/locales.ts';
import { pdfWords, type PdfWords } from './pdf-words.ts';
import { printedAnswer } from './printed-answer.ts';
import type { Report, ReportGroup } from './schema.ts';

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
  readonly footer: (page: number) => string;
  readonly lang: string;
  constructor(doc: PDFDocument, shaped: ShapedTextWriter, footer: (page: number) => string, lang: string) {
    this.doc = doc;
    this.shaped = shaped;
    this.footer = footer;
    this.lang = lang;
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }

  newPage(): PDFPage {
    const page = this.doc.addPage(A4);
    const footer = this.footer(this.doc.getPageCount());
    this.shaped.draw(
      page,
      footer,
      { x: MARGIN, y: 28, width: A4[0] - 2 * MARGIN, rtl: false },
      { size: 8, color: MUTED, lang: this.lang },
    );
    return page;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.newPage();
      this.y = A4[1] - MARGIN;
    }
  }

  /** Wraps `text` to the page width and writes it; paragraphs are kept, and each reads in its own direction. */
  text(
    text: string,
    options: {
      size?: number;
      bold?: boolean;
      color?: RGB;
      indent?: number;
      gap?: number;
      lang?: string | undefined;
    } = {},
  ) {
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
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 4 },
      end: { x: A4[0] - MARGIN, y: this.y - 4 },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= 12;
  }
}

/**
 * How the report is printed: the reader's language, and which of the portal's texts have no translation into it
 * (print-content.server.ts).
 */
export interface PrintOptions {
  locale?: Locale;
  english?: ReadonlySet<string>;
}

interface Printing {
  w: Writer;
  words: PdfWords;
  /** The language of what the country wrote (decision 048), when stated. */
  written: string | undefined;
  /** The `lang` of a text of the portal: the reader's, or English where it has no translation. */
  langOf: (key: string) => string;
}

/**
 * Draws the report in the reader's language (decision 060): title, country, cycle, status, then
 * each thrust, its questions in the questionnaire's order under their subcategories, and each
 * answer, year and source. What the country wrote is printed as written, shaped in its language.
 */
export async function reportPdf(
  report: Report,
  groups: ReportGroup[],
  options: PrintOptions = {},
): Promise<Uint8Array> {
  const words = pdfWords(options.locale ?? 'en');
  const english = options.english ?? new Set<string>();
  const doc = await PDFDocument.create();
  const country = words.country(report.country.code, report.country.name);
  const title = report.title ?? words.t('title');
  doc.setTitle(`${country} ${report.year}: ${title}`);
  doc.setAuthor(country);
  doc.setSubject(words.t('subject'));
  doc.setLanguage(words.tag);
  doc.setCreator('Asia-Pacific Urban Agenda Platform');
  doc.setCreationDate(new Date(report.updated_at));
  doc.setModificationDate(new Date(report.updated_at));
  const shaped = await ShapedTextWriter.for(doc);
  const w = new Writer(doc, shaped, (page) => words.t('footer', { country, year: report.year, page }), words.tag);
  const printing: Printing = {
    w,
    words,
    written: report.written_in ?? undefined,
    langOf: (key) => (english.has(key) ? 'en' : words.tag),
  };
  printHeader(printing, report, country, english.size > 0);
  for (const group of groups) printGroup(printing, group);
  await shaped.finish();
  return doc.save();
}

function printHeader({ w, words, written }: Printing, report: Report, country: string, partlyEnglish: boolean) {
  const { tag } = words;
  w.text(words.t('platform'), { size: 9, color: MUTED, gap: 6, lang: tag });
  w.text(report.title ?? words.t('title'), { size: 18, bold: true, gap: 4, lang: report.title ? written : tag });
  w.text(words.t('cycle', { country, year: report.year }), { size: 12, color: ACCENT, gap: 4, lang: tag });
  const { answered, total, pct } = report.completeness;
  const status =
    `${words.t('status', { status: words.t(`status.${report.status}`) })}  ` +
    `·  ${words.t('answered', { count: answered, total, pct: words.percent(pct) })}`;
  w.text(status, { size: 9, color: MUTED, lang: tag });
  w.text(`${words.t('generated', { date: words.date(new Date()) })}${report.demo ? `  ·  ${words.t('demo')}` : ''}`, {
    size: 9,
    color: MUTED,
    gap: 6,
    lang: tag,
  });
  if (partlyEnglish) w.text(words.t('inEnglish'), { size: 9, color: MUTED, gap: 6, lang: tag });
  if (report.contact) {
    const { name, email, phone } = report.contact;
    w.text(words.t('contact', { contact: [name, email, phone].filter(Boolean).join(', ') }), { size: 9, gap: 6 });
  }
  if (report.executive_summary) {
    w.text(words.t('summary'), { size: 12, bold: true, gap: 2, lang: tag });
    w.text(report.executive_summary, { size: 10, gap: 8, lang: written });
  }
}

function printGroup(printing: Printing, group: ReportGroup) {
  const { w, words, langOf } = printing;
  // A heading is never left alone at the foot of a page: room for it and a first question.
  w.ensure(130);
  w.rule();
  w.text(`${group.thrust.code}  ${group.thrust.name}`, {
    size: 13,
    bold: true,
    color: ACCENT,
    lang: langOf(`thrust:${group.thrust.code}`),
  });
  if (group.thrust.nua_paragraphs)
    w.text(words.t('nua', { paragraphs: group.thrust.nua_paragraphs }), {
      size: 8,
      color: MUTED,
      gap: 4,
      lang: words.tag,
    });
  for (const sub of group.subcategories) {
    w.ensure(70);
    w.text(`${sub.subcategory.code}  ${sub.subcategory.name}`, {
      size: 11,
      bold: true,
      gap: 3,
      lang: langOf(`subcategory:${sub.subcategory.code}`),
    });
    for (const item of sub.items) printItem(printing, item);
  }
}

/**
 * "(SDG 11.5.1, 1.5.1)" after a question, kept whole but between its references: each reference
 * with its scheme's name is glued (word joiners, no-break spaces), so "（可持续发展目标 11.a.1）" is never cut
 * between its words either. A full-width bracket brings its own space.
 */
function referenceText(refs: string): string {
  const glued = refs
    .split(', ')
    .map((part) => [...part.replace(/ /g, '\u00a0')].join('\u2060'))
    .join(', ');
  return /^\uff08/u.test(refs) ? glued : ` ${glued}`;
}

function printItem(
  { w, words, written, langOf }: Printing,
  { question, answer, display }: ReportGroup['subcategories'][number]['items'][number],
) {
  w.ensure(36);
  const refs = question.sdg_refs.length ? referenceText(words.t('sdg', { refs: question.sdg_refs.join(', ') })) : '';
  w.text(`${question.code}. ${question.text}${refs}`, {
    size: 9.5,
    bold: true,
    indent: 8,
    lang: langOf(`question:${question.uuid}`),
  });
  const printed = printedAnswer(question, answer, () => display);
  // A narrative question's value is the country's text; a choice's is the portal's (translated) label.
  const countryWrote = question.answer_type === 'txt' || question.answer_type === 'url';
  if (!printed.answered) w.text(words.t('notAnswered'), { size: 10, indent: 18, color: MUTED, lang: words.tag });
  if (printed.value) w.text(printed.value, { size: 10, indent: 18, lang: countryWrote ? written : words.tag });
  if (printed.description) w.text(printed.description, { size: 9.5, indent: 18, lang: written });
  const meta = [
    answer?.data_year ? words.t('dataYear', { year: answer.data_year }) : null,
    answer?.source ? words.t('source', { source: answer.source }) : null,
  ]
    .filter(Boolean)
    .join('  ·  ');
  if (meta) w.text(meta, { size: 8.5, indent: 18, color: MUTED });
  if (answer?.comment) w.text(words.t('note', { note: answer.comment }), { size: 8.5, indent: 18, color: MUTED });
  w.y -= 6;
}
