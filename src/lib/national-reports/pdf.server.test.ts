import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, PDFDict } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ShapedTextWriter } from '../pdf/text.server.ts';
import { reportPdf } from './pdf.server.ts';
import { report } from './pdf-test-report.ts';
import type { ReportGroup } from './schema.ts';

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
    for (const match of cmap.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]{4,8})>/g))
      codePoints.add(match[1]!.toUpperCase());
  }
  return { fonts, codePoints };
}

function hex(ch: string): string {
  return ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

describe('the printable national report (PDF)', () => {
  it('embeds Noto Sans as a subset and maps the drawn letters back to their Unicode code points', async () => {
    const groups: ReportGroup[] = [];
    const bytes = await reportPdf(report(), groups);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const { fonts, codePoints } = await mappedCodePoints(bytes);
    expect(fonts.some((name) => /\/[A-Z]{6}\+NotoSans-Regular/.test(name))).toBe(true);
    expect(fonts.some((name) => /\/[A-Z]{6}\+NotoSans-Bold/.test(name))).toBe(true);
    expect(fonts.some((name) => /Helvetica/.test(name))).toBe(false);
    for (const ch of 'ồỷệđốāūüñУΑήก北') expect(codePoints, `U+${hex(ch)} (${ch})`).toContain(hex(ch));
    // Subsets: far smaller than the font files (Noto Sans 280 KB each, Chinese 5 MB).
    expect(bytes.byteLength).toBeLessThan(120_000);
  });

  // Cutting a long word by measuring ever shorter prefixes took 6 s for 800 letters and over an
  // hour for the 8,000 an answer may hold, with the one server process blocked all along.
  it(
    'cuts words longer than a line quickly, into lines that fit and keep every letter',
    { timeout: 30_000 },
    async () => {
      const word = 'Ⅹ' + 'abcdefghij'.repeat(1000);
      const writer = await ShapedTextWriter.for(await PDFDocument.create());
      const style = { size: 10 };
      const lines = writer.wrap(`short ${word} end`, style, 400);
      expect(lines[0]).toBe('short');
      expect(lines.at(-1)).toMatch(/end$/);
      expect(lines.join('').replace(/^short|\s*end$/g, '')).toBe(word);
      for (const line of lines) expect(writer.width(line, style)).toBeLessThanOrEqual(400);

      // A long narrative of short words, and Thai written without spaces, broken between words.
      const narrative = 'The city adopted its plan in 2019. '.repeat(200).trim();
      const wrapped = writer.wrap(narrative, style, 400);
      expect(wrapped.join(' ')).toBe(narrative);
      for (const line of wrapped) expect(writer.width(line, style)).toBeLessThanOrEqual(400);
      const thai = 'กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย'.repeat(20);
      const thaiLines = writer.wrap(thai, style, 200);
      expect(thaiLines.length).toBeGreaterThan(5);
      expect(thaiLines.join('')).toBe(thai);
      for (const line of thaiLines) expect(writer.width(line, style)).toBeLessThanOrEqual(200);
      // Never inside a cluster: no line starts with a combining vowel or tone mark.
      for (const line of thaiLines) expect(line).not.toMatch(/^\p{M}/u);
      // Khmer words apart by zero-width spaces break there; Chinese never starts a line with 。，、.
      const khmer = 'រាជធានីភ្នំពេញ\u200bជា\u200bរាជធានី\u200bនៃ\u200bប្រទេស\u200bកម្ពុជា '.repeat(4).trim();
      const khmerLines = writer.wrap(khmer, style, 120);
      for (const line of khmerLines)
        expect(khmer.split(/[\s\u200b]/u)).toContain(
          line
            .split(/[\s\u200b]/u)
            .filter(Boolean)
            .at(-1),
        );
      const chinese = '城市规划和住房政策的执行情况，包括北京、上海。'.repeat(6);
      const chineseLines = writer.wrap(chinese, style, 150);
      expect(chineseLines.join('')).toBe(chinese);
      for (const line of chineseLines) expect(line).not.toMatch(/^[，、。]/u);

      const started = performance.now();
      const bytes = await reportPdf(report({ executive_summary: word }), []);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    },
  );
});
