import { describe, expect, it } from 'vitest';
import { loadFontSet, shapeLine } from './shaper.server.ts';

/**
 * Text whose language is known is shaped with it (decision 048): the fonts' forms for that
 * language (OpenType `locl`) are chosen, as a browser does for an element with `lang`.
 */
const glyphIds = (runs: ReturnType<typeof shapeLine>) => runs.flatMap((run) => run.glyphs.map((g) => g.id));

describe('shaping in the text’s language', () => {
  it('draws Urdu digits in their Urdu forms and Persian ones in theirs', async () => {
    const { regular } = await loadFontSet();
    const digits = '۴۶۷';
    const persian = glyphIds(shapeLine(digits, regular, true, 'fa'));
    const urdu = glyphIds(shapeLine(digits, regular, true, 'ur'));
    expect(urdu).not.toEqual(persian);
    // Without a language, the font's default (the Persian forms).
    expect(glyphIds(shapeLine(digits, regular, true))).toEqual(persian);
  });

  it('draws the Nepali form of jha for Nepali, the Hindi one for Hindi; the cache keeps them apart', async () => {
    const { regular } = await loadFontSet();
    const hindi = glyphIds(shapeLine('झ', regular, false, 'hi'));
    const nepali = glyphIds(shapeLine('झ', regular, false, 'ne'));
    expect(nepali).not.toEqual(hindi);
    expect(glyphIds(shapeLine('झ', regular, false, 'hi'))).toEqual(hindi);
  });

  it(
    'draws shared Han characters in the forms of the language: Simplified, Traditional, Hong Kong, Japanese, ' +
      'Korean',
    async () => {
      const { regular } = await loadFontSet();
      // 骨 and 直 are drawn differently in China, Taiwan and Japan; the same codepoints throughout.
      const forms = (lang?: string) => glyphIds(shapeLine('骨直', regular, false, lang));
      const simplified = forms('zh-Hans');
      expect(forms()).toEqual(simplified); // no language: the Simplified Chinese design
      expect(forms('zh-Hant')).not.toEqual(simplified);
      expect(forms('ja')).not.toEqual(simplified);
      expect(forms('ja')).not.toEqual(forms('zh-Hant'));
      expect(forms('ko')).not.toEqual(simplified);
      expect(forms('zh-HK')).not.toEqual(forms('zh-Hant'));
    },
  );
});
