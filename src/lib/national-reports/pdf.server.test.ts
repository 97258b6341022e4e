import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, PDFDict } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedReportFonts, printable, reportPdf, wrap } from './pdf.server.ts';
import type { Report, ReportGroup } from './schema.ts';

const VIETNAMESE = 'Thành phố Hồ Chí Minh: tỷ lệ dân số đô thị';
const OTHER_LATIN = 'Māori · Tūvalu · Türkiye · Ñuñoa';
const CYRILLIC_GREEK = 'Улаанбаатар · Αθήνα';

function report(overrides: Partial<Report> = {}): Report {
  return {
    uuid: '00000000-0000-4000-8000-000000000001',
    country_code: 'VN',
    country: { code: 'VN', name: 'Viet Nam', flag: '🇻🇳', subregion: 'South-Eastern Asia' },
    year: 2026,
    status: 'in_progress',
    completeness: { answered: 1, total: 1, pct: 100, compulsory_answered: 1, compulsory_total: 1, invalid: 0 },
    locked: false,
    lock_reason: null,
    deadline: '2026-12-31',
    title: `Báo cáo quốc gia ${VIETNAMESE}`,
    executive_summary: `${OTHER_LATIN}\n${CYRILLIC_GREEK}\nกรุงเทพมหานคร 北京`,
    contact: null,
    cover: null,
    file: null,
    files: [],
    events: [],
    submitted_at: null,
    published_at: null,
    demo: false,
    updated_at: '2026-11-01T00:00:00.000Z',
    updated_by: null,
    version: 1,
    ...overrides,
  };
}

/** Every code point the document's fonts map text to (their ToUnicode CMaps), as upper-case hex. */
async function mappedCodePoints(bytes: Uint8Array): Promise<{ fonts: string[]; codePoints: Set<string> }> {
  const doc = await PDFDocument.load(bytes);
  const fonts: string[] = [];
  const codePoints = new Set<string>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const base = object.get(PDFName.of('BaseFont'));
    if (base) fonts.push(base.toString());
    const ref = object.get(PDFName.of('ToUnicode'));
    if (!ref) continue;
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const cmap = inflateSync(stream.contents).toString('latin1');
    for (const match of cmap.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]{4,8})>/g)) codePoints.add(match[1]!.toUpperCase());
  }
  return { fonts, codePoints };
}

function hex(ch: string): string {
  return ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

describe('the printable national report (PDF)', () => {
  it('keeps Vietnamese, Pacific, Turkish, Cyrillic and Greek letters and replaces scripts the font lacks', async () => {
    const doc = await PDFDocument.create();
    const { regular, bold } = await embedReportFonts(doc);
    for (const font of [regular, bold]) {
      expect(printable(font, VIETNAMESE)).toBe(VIETNAMESE);
      expect(printable(font, OTHER_LATIN)).toBe(OTHER_LATIN);
      expect(printable(font, CYRILLIC_GREEK)).toBe(CYRILLIC_GREEK);
      expect(printable(font, 'กรุง 北京 🏙')).toBe('???? ?? ?');
      expect(printable(font, 'ວຽງຈັນ')).toBe('ວຽງຈັນ');
      expect(printable(font, 'a\tb\r\nc\rd')).toBe('a b\nc\nd');
    }
  });

  it('embeds DejaVu Sans as a subset and maps the drawn letters back to their Unicode code points', async () => {
    const groups: ReportGroup[] = [];
    const bytes = await reportPdf(report(), groups);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const { fonts, codePoints } = await mappedCodePoints(bytes);
    expect(fonts.some((name) => /DejaVuSans(?!-Bold)/.test(name))).toBe(true);
    expect(fonts.some((name) => /DejaVuSans-Bold/.test(name))).toBe(true);
    expect(fonts.some((name) => /Helvetica/.test(name))).toBe(false);
    for (const ch of 'ồỷệđốāūüñУΑή') expect(codePoints, `U+${hex(ch)} (${ch})`).toContain(hex(ch));
    // A subset: far smaller than the two 700 KB font files.
    expect(bytes.byteLength).toBeLessThan(120_000);
  });

  // Cutting a long word by measuring ever shorter prefixes took 6 s for 800 letters and over an
  // hour for the 8,000 an answer may hold, with the one server process blocked all along.
  it('cuts words longer than a line quickly, into lines that fit and keep every letter', { timeout: 20_000 }, async () => {
    const word = 'Ⅹ' + 'abcdefghij'.repeat(1000);
    const pdf = await PDFDocument.create();
    const { regular } = await embedReportFonts(pdf);
    // The font as it is, counting how much text is measured (and stopping a runaway at once).
    let measured = 0;
    const counting = new Proxy(regular, {
      get(target, property, receiver) {
        if (property !== 'widthOfTextAtSize') return Reflect.get(target, property, receiver) as unknown;
        return (text: string, size: number) => {
          measured += text.length;
          if (measured > 10 * word.length) throw new Error(`${measured} letters measured for a word of ${word.length}`);
          return target.widthOfTextAtSize(text, size);
        };
      },
    });
    const lines = wrap(counting, `short ${word} end`, 10, 400);
    expect(lines[0]).toBe('short');
    expect(lines.at(-1)).toMatch(/ end$/);
    expect(lines.join('').replace(/^short| end$/g, '')).toBe(printable(regular, word));
    for (const line of lines) expect(regular.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(400);

    // A long narrative of short words: each word measured once, not the whole line again per word.
    measured = 0;
    const narrative = 'The city adopted its plan in 2019. '.repeat(200).trim();
    const wrapped = wrap(counting, narrative, 10, 400);
    expect(measured).toBeLessThan(2 * narrative.length);
    expect(wrapped.join(' ')).toBe(narrative);
    for (const line of wrapped) expect(regular.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(400);

    const started = performance.now();
    const bytes = await reportPdf(report({ executive_summary: word }), []);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
  });
});
