/**
 * The fonts the report PDF draws with, in the order a character looks for a font that has it:
 * Noto Sans first (Latin with every accent, Greek, Cyrillic, digits and punctuation), then one
 * Noto font per script. Files in ./fonts (SIL Open Font License 1.1, see fonts/README.md); a
 * script without a bold file is made bold by stroking its outline.
 */
export interface PdfFontFile {
  /** What it draws, for people. */
  scripts: string;
  regular: string;
  bold?: string;
}

export const PDF_FONTS: readonly PdfFontFile[] = [
  { scripts: 'Latin, Greek, Cyrillic', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  { scripts: 'Armenian', regular: 'NotoSansArmenian-Regular.ttf', bold: 'NotoSansArmenian-Bold.ttf' },
  { scripts: 'Georgian', regular: 'NotoSansGeorgian-Regular.ttf', bold: 'NotoSansGeorgian-Bold.ttf' },
  {
    scripts: 'Arabic (Persian, Dari, Pashto, Urdu)',
    regular: 'NotoSansArabic-Regular.ttf',
    bold: 'NotoSansArabic-Bold.ttf',
  },
  { scripts: 'Thaana', regular: 'NotoSansThaana-Regular.ttf', bold: 'NotoSansThaana-Bold.ttf' },
  { scripts: 'Devanagari', regular: 'NotoSansDevanagari-Regular.ttf', bold: 'NotoSansDevanagari-Bold.ttf' },
  { scripts: 'Bengali', regular: 'NotoSansBengali-Regular.ttf', bold: 'NotoSansBengali-Bold.ttf' },
  { scripts: 'Gurmukhi', regular: 'NotoSansGurmukhi-Regular.ttf', bold: 'NotoSansGurmukhi-Bold.ttf' },
  { scripts: 'Gujarati', regular: 'NotoSansGujarati-Regular.ttf', bold: 'NotoSansGujarati-Bold.ttf' },
  { scripts: 'Oriya', regular: 'NotoSansOriya-Regular.ttf', bold: 'NotoSansOriya-Bold.ttf' },
  { scripts: 'Tamil', regular: 'NotoSansTamil-Regular.ttf', bold: 'NotoSansTamil-Bold.ttf' },
  { scripts: 'Telugu', regular: 'NotoSansTelugu-Regular.ttf', bold: 'NotoSansTelugu-Bold.ttf' },
  { scripts: 'Kannada', regular: 'NotoSansKannada-Regular.ttf', bold: 'NotoSansKannada-Bold.ttf' },
  { scripts: 'Malayalam', regular: 'NotoSansMalayalam-Regular.ttf', bold: 'NotoSansMalayalam-Bold.ttf' },
  { scripts: 'Sinhala', regular: 'NotoSansSinhala-Regular.ttf', bold: 'NotoSansSinhala-Bold.ttf' },
  { scripts: 'Tibetan (Dzongkha)', regular: 'NotoSerifTibetan-Regular.ttf' },
  { scripts: 'Thai', regular: 'NotoSansThai-Regular.ttf', bold: 'NotoSansThai-Bold.ttf' },
  { scripts: 'Lao', regular: 'NotoSansLao-Regular.ttf', bold: 'NotoSansLao-Bold.ttf' },
  { scripts: 'Khmer', regular: 'NotoSansKhmer-Regular.ttf', bold: 'NotoSansKhmer-Bold.ttf' },
  { scripts: 'Myanmar', regular: 'NotoSansMyanmar-Regular.ttf', bold: 'NotoSansMyanmar-Bold.ttf' },
  { scripts: 'Mongolian', regular: 'NotoSansMongolian-Regular.ttf' },
  { scripts: 'Chinese (Simplified and Traditional)', regular: 'NotoSansCJKsc-Han.otf' },
  { scripts: 'Japanese Kana, Korean Hangul', regular: 'NotoSansCJKsc-KanaHangul.otf' },
];
