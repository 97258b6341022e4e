/**
 * The snippet of a found answer (decision 076): the original text, cut at word boundaries around
 * its first match, with every match inside `<mark>…</mark>` and everything else HTML-escaped. A
 * reader splits it on the two marks alone and shows the rest as text (never as HTML).
 */
import { foldText, PAIRED, wordKey, type QueryTerm } from './search-words.ts';

const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Positions (code units, or graphemes where folding changed lengths) of the snippet before its first match, and in
 * all (both at most; cut at a word boundary, so never inside a grapheme).
 */
const BEFORE = 60;
const LENGTH = 220;

/**
 * The text as the snippet reads it: folded, with its positions (code units when folding kept every
 * position, else graphemes) and where each position starts in the original; word boundaries and
 * the matches in those positions.
 */
interface Positions {
  text: string;
  /** Where position i starts in the original (one more entry for the end), or null: position i is offset i. */
  originalAt: number[] | null;
  total: number;
  /** Folded offset → position. */
  positionOf(offset: number): number;
  /** Whether a position is a word boundary. */
  isBoundary(position: number): boolean;
  /** The folded text's words, where they were already cut (the text is cut into words once). */
  words?: readonly { index: number; segment: string; isWordLike?: boolean | undefined }[];
}

/**
 * The words of text in the other scripts, as Intl.Segmenter's word-like segments (UAX #29): letters, marks, digits
 * and connectors, joined by an apostrophe, a full stop or a middle dot, and digits by a comma or semicolon. About
 * five times faster than the segmenter; the snippet tests check both give the same words.
 */
export const PLAIN_WORD =
  /[\p{L}\p{M}\p{N}\p{Pc}\u200c\u200d]+(?:(?:['’.·]|(?<=\p{N})[,;٫٬](?=\p{N}))[\p{L}\p{M}\p{N}\p{Pc}\u200c\u200d]+)*/gu;

/** The largest index of `sorted` whose value is at most `value` (-1: none). */
function lastAtMost(sorted: readonly number[], value: number): number {
  let lo = -1;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Folding kept every code unit in place (NFKC, case and the folds changed no length): positions are offsets. */
function inPlace(original: string, folded: string): Positions {
  const positions = { text: folded, originalAt: null, total: original.length, positionOf: (at: number) => at };
  if (!PAIRED.test(folded)) {
    // Every position outside a word is a boundary (the segmenter breaks between each character there).
    const words = Array.from(folded.matchAll(PLAIN_WORD), (m) => ({ index: m.index, segment: m[0], isWordLike: true }));
    const starts = words.map((w) => w.index);
    const isBoundary = (p: number) => {
      const at = lastAtMost(starts, p - 1);
      return at < 0 || p >= starts[at]! + words[at]!.segment.length;
    };
    return { ...positions, isBoundary, words };
  }
  const boundaries = new Set<number>([0, original.length]);
  const words = [...WORDS.segment(folded)];
  for (const seg of words) boundaries.add(seg.index);
  return { ...positions, isBoundary: (p) => boundaries.has(p), words };
}

/** Graphemes already folded (a script has few; cleared when full). */
const FOLDED_GRAPHEMES = new Map<string, string>();

function foldGrapheme(grapheme: string): string {
  let folded = FOLDED_GRAPHEMES.get(grapheme);
  if (folded === undefined) {
    if (FOLDED_GRAPHEMES.size >= 10_000) FOLDED_GRAPHEMES.clear();
    FOLDED_GRAPHEMES.set(grapheme, (folded = foldText(grapheme)));
  }
  return folded;
}

/** Folding changed lengths: folded grapheme by grapheme, positions are graphemes. */
function byGrapheme(original: string): Positions {
  const foldedAt: number[] = [];
  const originalAt: number[] = [];
  let text = '';
  for (const g of GRAPHEMES.segment(original)) {
    foldedAt.push(text.length);
    originalAt.push(g.index);
    text += foldGrapheme(g.segment);
  }
  foldedAt.push(text.length);
  originalAt.push(original.length);
  const positionOf = (at: number) => lastAtMost(foldedAt, at);
  const byOffset = new Map(originalAt.map((at, i) => [at, i]));
  const boundaries = new Set<number>([0, originalAt.length - 1]);
  for (const seg of WORDS.segment(original)) {
    const i = byOffset.get(seg.index);
    if (i !== undefined) boundaries.add(i);
  }
  return { text, originalAt, total: originalAt.length - 1, positionOf, isBoundary: (p) => boundaries.has(p) };
}

/**
 * Graphemes are looked for this far either side of an offset: the segmenter reads what it is given whole, and no
 * grapheme of real text is longer (an emoji sequence is at most about a dozen code units).
 */
const GRAPHEME_REACH = 32;

/** The grapheme of `original` holding offset `at`, found in the text around it. */
function graphemeAt(original: string, at: number): { index: number; segment: string } | undefined {
  const from = Math.max(0, at - GRAPHEME_REACH);
  const g = GRAPHEMES.segment(original.slice(from, at + GRAPHEME_REACH)).containing(at - from);
  return g && { index: from + g.index, segment: g.segment };
}

/**
 * What may join the character before it into one grapheme (a mark, a joiner, a selector, Thai and Lao SARA AM,
 * Hangul jamo, any astral character), or be joined by what follows it (a mark, a joiner): only around these is the
 * segmenter asked.
 */
const MAY_JOIN = /[\p{M}\ufe00-\ufe0f\u0e33\u0eb3\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\ud800-\udfff]|\u200c|\u200d/u;

/** Whether offset `at` of `text` is certainly between two graphemes. */
function plainBreak(text: string, at: number): boolean {
  return !MAY_JOIN.test(text[at]!) && !MAY_JOIN.test(text[at - 1]!);
}

/** The end of the grapheme holding offset `at - 1` of the original (a match never ends inside a grapheme). */
function graphemeEnd(original: string, at: number): number {
  if (at <= 0 || at >= original.length || plainBreak(original, at)) return at;
  const g = graphemeAt(original, at - 1);
  return g ? g.index + g.segment.length : at;
}

/** The start of the grapheme holding offset `at` of the original. */
function graphemeStart(original: string, at: number): number {
  return at <= 0 || at >= original.length || plainBreak(original, at) ? at : (graphemeAt(original, at)?.index ?? at);
}

/** The matches of `terms` in the text, as position ranges [from, to), in order and merged. */
function matchRanges(original: string, text: Positions, terms: readonly QueryTerm[]): [number, number][] {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  const runs: string[] = [];
  for (const term of terms) {
    for (const key of term.keys) {
      if (term.prefix) prefixes.push(key);
      else exact.add(key);
    }
    if (term.run) runs.push(term.run);
  }
  const found: [number, number][] = [];
  const add = (from: number, to: number) => {
    if (to > from) found.push([text.positionOf(from), text.positionOf(to - 1) + 1]);
  };
  for (const seg of text.words ?? WORDS.segment(text.text)) {
    if (!seg.isWordLike) continue;
    const key = wordKey(seg.segment);
    if (exact.has(key) || prefixes.some((p) => key.startsWith(p))) add(seg.index, seg.index + seg.segment.length);
  }
  for (const run of runs) {
    for (let at = text.text.indexOf(run); at >= 0; at = text.text.indexOf(run, at + run.length))
      add(at, text.originalAt ? at + run.length : graphemeEnd(original, at + run.length));
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/\s+|[&<>"']/g, (ch) => ESCAPES[ch] ?? ' ');

/** The window of positions [start, end) shown: around the first match, cut at word boundaries. */
function windowOf(
  first: [number, number] | undefined,
  total: number,
  isBoundary: (position: number) => boolean,
): [number, number] {
  const from = first ? Math.max(0, first[0] - BEFORE) : 0;
  let start = from;
  while (first && start < first[0] && !isBoundary(start)) start++;
  if (first && start === first[0] && !isBoundary(start)) start = from;
  let end = Math.min(total, Math.max(start + LENGTH, first ? first[1] : 0));
  const least = first ? first[1] : start + 1;
  while (end > least && !isBoundary(end)) end--;
  if (end <= start) end = Math.min(total, start + LENGTH);
  return [start, end];
}

/** The snippet of `original` for `terms`: escaped text, matches marked, '…' where it was cut. */
export function snippetOf(original: string, terms: readonly QueryTerm[]): string {
  const whole = foldText(original);
  const text = whole.length === original.length ? inPlace(original, whole) : byGrapheme(original);
  const ranges = matchRanges(original, text, terms);
  let [start, end] = windowOf(ranges[0], text.total, text.isBoundary);
  // Offsets: a window without a word boundary near its edge is still cut between graphemes.
  if (!text.originalAt) [start, end] = [graphemeStart(original, start), graphemeEnd(original, end)];
  const offset = (position: number) => (text.originalAt ? text.originalAt[position]! : position);
  const slice = (from: number, to: number) => escapeHtml(original.slice(offset(from), offset(to)));
  let out = '';
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    out += `${slice(at, a)}<mark>${slice(a, b)}</mark>`;
    at = b;
  }
  out = (out + slice(at, end)).trim();
  return `${start > 0 ? '…' : ''}${out}${end < text.total ? '…' : ''}`;
}
