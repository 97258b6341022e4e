/**
 * Where a line of printed text may end (the PDF's wrapping): the rules of Unicode's line breaking
 * (UAX #14) that matter for the portal's texts, on the word boundaries `Intl.Segmenter` finds —
 * which, for Thai, Lao, Khmer, Myanmar and Chinese, come from ICU's dictionaries, as a browser's.
 *
 * A line may end after a space, after a zero-width space, after a hyphen or dash between letters,
 * and between two words when one of them is written without spaces (Chinese, Japanese, Thai,
 * Lao, Khmer, Myanmar, Tibetan). It never ends inside a word, before closing punctuation (`)`,
 * `,`, `。`, `»`, `%`…) even after a space, after an opening bracket or quote (`(`, `«`, `「`)
 * even before a space, or at a no-break space. So "(SDG 11.a.1)" and "58,3 %" stay whole.
 */

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Scripts written without spaces between words, and CJK punctuation and full-width forms. */
const NO_SPACES = new RegExp(
  String.raw`[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Han}\p{Script=Hiragana}` +
    String.raw`\p{Script=Katakana}\p{Script=Tibetan}\u3000-\u303f\uff00-\uffef]`,
  'u',
);

/**
 * What never starts a line (UAX #14 CL, CP, EX, IS, PO, NS and Pf quotes): closing brackets and
 * quotes, the stops and commas of every script of the region, percent and per-mille signs, the
 * Thai and Lao repetition and abbreviation marks.
 */
const CLOSING = new RegExp(
  String.raw`[\p{Pe}\p{Pf},.;:!?%\u2030\u2031\u2026\u060c\u061b\u061f\u06d4\u0964\u0965\u0e2f\u0e46\u0eaf\u0ec6` +
    String.raw`\u17d4\u17d5\u104a\u104b\u0f0d\u0f0e\u3001\u3002\uff0c\uff0e\uff1a\uff1b\uff01\uff1f\u30fb\u30fc\u3005]`,
  'u',
);

/** What never ends a line (UAX #14 OP and Pi quotes): opening brackets and quotes, ¿ and ¡. */
const OPENING = /[\p{Ps}\p{Pi}\u00bf\u00a1]/u;

/** Spaces that glue (no-break space, narrow and figure no-break spaces, word joiner, BOM). */
const GLUE = /[\u00a0\u202f\u2007\u2060\ufeff]/u;
/** Spaces a line may end after (any white space but the gluing ones). */
const SPACE = /[^\S\u00a0\u202f\u2007]/u;
/** Never before a zero-width space or a word joiner (UAX #14 ZW, WJ). */
const NOT_BEFORE = /[\u200b\u2060]/u;
/**
 * A reference after its scheme's name: "SDG 11.a.1", "ЦУР 6.1.1", "目标 11.5.1". The space
 * between them glues (a tailoring of UAX #14, which would break there), so a reference is read whole.
 */
const REFERENCE = /(?:\p{Lu}{2,}|\p{Script=Han})( )\d+(?:\.[\p{L}\d]+)+/gu;

/** Hyphens and dashes a line may end after (UAX #14 HY, BA, B2). */
const DASH = /[-\u2010\u2012\u2013\u2014]/u;
const LETTER = /\p{L}/u;

interface Boundary {
  /** The space just before the boundary glues a reference to its scheme. */
  reference: boolean;
  /** The character just before the boundary. */
  before: string;
  /** The last character before the boundary that is not a space. */
  visible: string;
  /** The character just after it. */
  after: string;
  /** The character before `before` (a dash between letters). */
  beforeDash: string;
}

/** Whether a line may end at a boundary between two word segments. */
function mayBreak({ reference, before, visible, after, beforeDash }: Boundary): boolean {
  if (reference || GLUE.test(before) || GLUE.test(after) || SPACE.test(after) || NOT_BEFORE.test(after)) return false;
  if (CLOSING.test(after) || OPENING.test(visible)) return false;
  if (before === '\u200b' || SPACE.test(before)) return true;
  if (DASH.test(before)) return LETTER.test(beforeDash) && LETTER.test(after);
  return NO_SPACES.test(before) || NO_SPACES.test(after);
}

/**
 * `paragraph` cut into the pieces a line is made of: a line may end only at the end of a piece.
 * Each piece keeps the spaces that follow it; joined, the pieces are the paragraph.
 */
export function linePieces(paragraph: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  // The piece's last two characters and its last one that is not a space.
  let before = '';
  let beforeDash = '';
  let visible = '';
  const glued = new Set([...paragraph.matchAll(REFERENCE)].map((match) => match.index + match[0].indexOf(' ')));
  for (const { segment, index } of words.segment(paragraph)) {
    const chars = [...segment];
    if (piece && mayBreak({ reference: glued.has(index - 1), before, visible, after: chars[0]!, beforeDash })) {
      pieces.push(piece);
      piece = '';
    }
    piece += segment;
    beforeDash = chars.length > 1 ? chars.at(-2)! : before;
    before = chars.at(-1)!;
    const shown = chars.findLast((ch) => !/\s/u.test(ch));
    if (shown !== undefined) visible = shown;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** `piece` without the breaking spaces it ends with (what must fit on the line). */
export function withoutTrailingSpace(piece: string): string {
  return piece.replace(/[^\S\u00a0\u202f\u2007]+$/u, '');
}
