import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { linePieces } from './line-break.ts';
import { ShapedTextWriter } from './text.server.ts';

/** Where a line may end, as `|` between the pieces (each keeps the spaces after it). */
const breaks = (text: string) => linePieces(text).join('|');

describe('line breaking (UAX #14 on Intl.Segmenter words)', () => {
  it('keeps every piece of the paragraph, in order', () => {
    for (const text of [
      'A plan (SDG 11.a.1), adopted.',
      '城市规划和住房政策',
      'กรุงเทพมหานครเป็นเมืองหลวง',
      '  two  spaces  ',
      '',
    ]) {
      expect(linePieces(text).join('')).toBe(text);
    }
  });

  it('Latin: after spaces only, never inside a word, before closing punctuation or after an opening bracket', () => {
    expect(breaks('The city adopted its plan in 2019.')).toBe('The |city |adopted |its |plan |in |2019.');
    expect(breaks('Housing (public, social) and “rented” homes')).toBe(
      'Housing |(public, |social) |and |“rented” |homes',
    );
    // Before a closing bracket or a colon even after a space, after an opening one even before a space.
    expect(breaks('word ( spaced ) : next')).toBe('word |( spaced ) : |next');
    expect(breaks('« Nouveau Programme pour les villes »')).toBe('« Nouveau |Programme |pour |les |villes »');
    // A no-break space glues: a number and its unit, French punctuation.
    expect(breaks('58,3\u00a0% des ménages\u00a0: total')).toBe('58,3\u00a0% |des |ménages\u00a0: |total');
    // A hyphen between letters may end a line; a minus before a number may not.
    expect(breaks('well-being of -5 %')).toBe('well-|being |of |-5 %');
  });

  it('references stay whole: "(SDG 11.a.1)" and "11.5.1, 1.5.1"', () => {
    expect(breaks('policy (SDG 11.a.1)')).toBe('policy |(SDG 11.a.1)');
    expect(breaks('(SDG 11.5.1, 1.5.1, 13.1.1)')).toBe('(SDG 11.5.1, |1.5.1, |13.1.1)');
    expect(breaks('(ЦУР 6.1.1) and in 2019 2.5')).toBe('(ЦУР 6.1.1) |and |in |2019 |2.5');
    expect(
      linePieces('Q26. National urban policy (SDG 11.a.1)').every((p) => !/^\)/.test(p) && !/\($/.test(p.trim())),
    ).toBe(true);
  });

  it('Chinese: between words, never before 。，、） nor after （', () => {
    const text = '城市规划和住房政策的执行情况，包括北京、上海。（可持续发展目标 11.a.1）';
    const pieces = linePieces(text);
    expect(pieces.length).toBeGreaterThan(8);
    expect(pieces.slice(0, 3)).toEqual(['城市', '规划', '和']);
    for (const piece of pieces) {
      expect(piece).not.toMatch(/^[，、。）]/u);
      expect(piece).not.toMatch(/（$/u);
    }
    expect(pieces.at(-1)).toMatch(/目标 11\.a\.1）$/u);
  });

  it('Thai and Khmer: between dictionary words, never inside one; Khmer stops stay with their word', () => {
    expect(breaks('กรุงเทพมหานครเป็นเมืองหลวง')).toBe('กรุงเทพมหานคร|เป็น|เมือง|หลวง');
    expect(breaks('ภาษาไทยๆ ดี')).not.toMatch(/\|ๆ/u);
    expect(breaks('រាជធានីភ្នំពេញ\u200bជា​រាជធានី។')).toBe('រាជធានី|ភ្នំពេញ\u200b|ជា\u200b|រាជធានី។');
    // No piece starts with a combining mark (a vowel sign or a coeng cluster left behind).
    for (const piece of linePieces('ស្ត្រី និង កុមារ ผู้ที่อยู่อาศัย')) expect(piece).not.toMatch(/^\p{M}/u);
  });

  it('Persian: at spaces, the zero-width non-joiner inside a word and the Arabic comma kept', () => {
    expect(breaks('برنامه‌ی جدید شهری، تهران ۱۴۰۳')).toBe('برنامه‌ی |جدید |شهری، |تهران |۱۴۰۳');
  });

  it('Russian: long words without hyphens are never broken; a hyphenated compound may break after its hyphen', () => {
    expect(breaks('Доля городского населения, проживающего в трущобах')).toBe(
      'Доля |городского |населения, |проживающего |в |трущобах',
    );
    expect(breaks('социально-экономическое развитие')).toBe('социально-|экономическое |развитие');
  });
});

describe('wrapping to a width (the PDF writer)', () => {
  it('never splits a reference or leaves a lone bracket, at every width', async () => {
    const writer = await ShapedTextWriter.for(await PDFDocument.create());
    const style = { size: 9.5, bold: true };
    const text =
      'Q26. Does the country have a national urban policy that responds to each of the three qualifiers? (SDG 11.a.1)';
    for (let width = 80; width <= 480; width += 7) {
      const lines = writer.wrap(text, style, width);
      expect(lines.join(' ')).toBe(text);
      expect(lines.some((line) => line.includes('(SDG 11.a.1)'))).toBe(true);
      for (const line of lines) {
        expect(line).not.toMatch(/^[),.?]/u);
        expect(writer.width(line, style)).toBeLessThanOrEqual(width + 0.01);
      }
    }
  });

  it('Russian words stay whole across many widths', async () => {
    const writer = await ShapedTextWriter.for(await PDFDocument.create());
    const style = { size: 10 };
    const text = 'Доля городского населения, проживающего в трущобах, неформальных поселениях или ненадлежащем жилье';
    const wordsOf = new Set(text.split(/\s+/u));
    for (let width = 90; width <= 400; width += 11) {
      for (const line of writer.wrap(text, style, width))
        for (const word of line.split(/\s+/u)) expect(wordsOf).toContain(word);
    }
  });
});
