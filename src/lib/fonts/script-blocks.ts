/**
 * The scripts the portal draws with its own web fonts (besides the brand typeface's Latin,
 * Vietnamese, Cyrillic and Greek), the Noto font of src/lib/pdf/fonts each is cut from, and the
 * Unicode blocks it is used for. `scripts/build-web-fonts.ts` turns each into woff2 subsets.
 */
export interface ScriptFont {
  /** Short name, used in file names: `thai-400.woff2`. */
  id: string;
  /** What it draws, for people (the decision record and the bench). */
  label: string;
  regular: string;
  bold?: string;
  /** Code point ranges (inclusive) the font is used for, cut to what the font has. */
  blocks: readonly (readonly [number, number])[];
}

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  {
    id: 'armenian',
    label: 'Armenian',
    regular: 'NotoSansArmenian-Regular.ttf',
    bold: 'NotoSansArmenian-Bold.ttf',
    blocks: [
      [0x0530, 0x058f],
      [0xfb13, 0xfb17],
    ],
  },
  {
    id: 'georgian',
    label: 'Georgian',
    regular: 'NotoSansGeorgian-Regular.ttf',
    bold: 'NotoSansGeorgian-Bold.ttf',
    blocks: [
      [0x10a0, 0x10ff],
      [0x1c90, 0x1cbf],
      [0x2d00, 0x2d2f],
    ],
  },
  {
    id: 'arabic',
    label: 'Arabic script (Persian, Dari, Pashto, Urdu)',
    regular: 'NotoSansArabic-Regular.ttf',
    bold: 'NotoSansArabic-Bold.ttf',
    blocks: [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x0870, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ],
  },
  {
    id: 'thaana',
    label: 'Thaana (Dhivehi)',
    regular: 'NotoSansThaana-Regular.ttf',
    bold: 'NotoSansThaana-Bold.ttf',
    blocks: [[0x0780, 0x07bf]],
  },
  {
    id: 'devanagari',
    label: 'Devanagari',
    regular: 'NotoSansDevanagari-Regular.ttf',
    bold: 'NotoSansDevanagari-Bold.ttf',
    blocks: [
      [0x0900, 0x097f],
      [0x1cd0, 0x1cff],
      [0xa8e0, 0xa8ff],
    ],
  },
  {
    id: 'bengali',
    label: 'Bengali',
    regular: 'NotoSansBengali-Regular.ttf',
    bold: 'NotoSansBengali-Bold.ttf',
    blocks: [[0x0980, 0x09ff]],
  },
  {
    id: 'gurmukhi',
    label: 'Gurmukhi',
    regular: 'NotoSansGurmukhi-Regular.ttf',
    bold: 'NotoSansGurmukhi-Bold.ttf',
    blocks: [[0x0a00, 0x0a7f]],
  },
  {
    id: 'gujarati',
    label: 'Gujarati',
    regular: 'NotoSansGujarati-Regular.ttf',
    bold: 'NotoSansGujarati-Bold.ttf',
    blocks: [[0x0a80, 0x0aff]],
  },
  {
    id: 'oriya',
    label: 'Odia',
    regular: 'NotoSansOriya-Regular.ttf',
    bold: 'NotoSansOriya-Bold.ttf',
    blocks: [[0x0b00, 0x0b7f]],
  },
  {
    id: 'tamil',
    label: 'Tamil',
    regular: 'NotoSansTamil-Regular.ttf',
    bold: 'NotoSansTamil-Bold.ttf',
    blocks: [
      [0x0b80, 0x0bff],
      [0x11fc0, 0x11fff],
    ],
  },
  {
    id: 'telugu',
    label: 'Telugu',
    regular: 'NotoSansTelugu-Regular.ttf',
    bold: 'NotoSansTelugu-Bold.ttf',
    blocks: [[0x0c00, 0x0c7f]],
  },
  {
    id: 'kannada',
    label: 'Kannada',
    regular: 'NotoSansKannada-Regular.ttf',
    bold: 'NotoSansKannada-Bold.ttf',
    blocks: [[0x0c80, 0x0cff]],
  },
  {
    id: 'malayalam',
    label: 'Malayalam',
    regular: 'NotoSansMalayalam-Regular.ttf',
    bold: 'NotoSansMalayalam-Bold.ttf',
    blocks: [[0x0d00, 0x0d7f]],
  },
  {
    id: 'sinhala',
    label: 'Sinhala',
    regular: 'NotoSansSinhala-Regular.ttf',
    bold: 'NotoSansSinhala-Bold.ttf',
    blocks: [
      [0x0d80, 0x0dff],
      [0x111e0, 0x111ff],
    ],
  },
  { id: 'tibetan', label: 'Tibetan (Dzongkha)', regular: 'NotoSerifTibetan-Regular.ttf', blocks: [[0x0f00, 0x0fff]] },
  {
    id: 'thai',
    label: 'Thai',
    regular: 'NotoSansThai-Regular.ttf',
    bold: 'NotoSansThai-Bold.ttf',
    blocks: [[0x0e00, 0x0e7f]],
  },
  {
    id: 'lao',
    label: 'Lao',
    regular: 'NotoSansLao-Regular.ttf',
    bold: 'NotoSansLao-Bold.ttf',
    blocks: [[0x0e80, 0x0eff]],
  },
  {
    id: 'khmer',
    label: 'Khmer',
    regular: 'NotoSansKhmer-Regular.ttf',
    bold: 'NotoSansKhmer-Bold.ttf',
    blocks: [
      [0x1780, 0x17ff],
      [0x19e0, 0x19ff],
    ],
  },
  {
    id: 'myanmar',
    label: 'Myanmar',
    regular: 'NotoSansMyanmar-Regular.ttf',
    bold: 'NotoSansMyanmar-Bold.ttf',
    blocks: [
      [0x1000, 0x109f],
      [0xa9e0, 0xa9ff],
      [0xaa60, 0xaa7f],
    ],
  },
  {
    id: 'mongolian',
    label: 'Mongolian',
    regular: 'NotoSansMongolian-Regular.ttf',
    blocks: [
      [0x1800, 0x18af],
      [0x11660, 0x1167f],
    ],
  },
];

/**
 * Chinese, Japanese and Korean: too big for one file, so cut into slices of characters that are
 * used together (most frequent first, see scripts/build-web-fonts.ts).
 */
export const CJK_FONTS = {
  han: {
    label: 'Chinese characters (Simplified and Traditional), CJK punctuation and full-width forms',
    file: 'NotoSansCJKsc-Han.otf',
    blocks: [
      [0x3000, 0x303f],
      [0x4e00, 0x9fff],
      [0xf900, 0xfaff],
      [0xff00, 0xffef],
    ],
  },
  kana: {
    label: 'Japanese Kana, Bopomofo',
    file: 'NotoSansCJKsc-KanaHangul.otf',
    blocks: [
      [0x3040, 0x30ff],
      [0x3100, 0x312f],
      [0x31a0, 0x31bf],
      [0x31f0, 0x31ff],
      [0x3200, 0x33ff],
    ],
  },
  hangul: {
    label: 'Korean Hangul',
    file: 'NotoSansCJKsc-KanaHangul.otf',
    blocks: [
      [0x1100, 0x11ff],
      [0x3130, 0x318f],
      [0xac00, 0xd7af],
    ],
  },
} as const satisfies Record<string, { label: string; file: string; blocks: readonly (readonly [number, number])[] }>;

/** Characters a shaper may need from a script's font though they are not the script's own. */
export const SHAPING_EXTRAS: readonly number[] = [0x200b, 0x200c, 0x200d, 0x25cc];
