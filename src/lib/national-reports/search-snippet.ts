/**
 * The snippet of a found answer (decision 076): the original text, cut at word boundaries around
 * its first match, with every match inside `<mark>…</mark>` and everything else HTML-escaped. A
 * reader splits it on the two marks alone and shows the rest as text (never as HTML).
 */
import { foldText, PAIRED, PLAIN_WORD, wordKey, type QueryTerm } from './search-words.ts';

const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Positions (code units, or graphemes where folding changed lengths) of the snippet before its first match, and in
 * all (both at most; cut at a word boundary, so never inside a grapheme).
 */
const BEFORE = 60;
const LENGTH = 220;

/**
 * What a snippet needs of a text, whatever the words asked (worked out once per answer and kept by the index): the
 * positions of its folded text (code units when folding kept every position, else graphemes), its word-like words
 * and their keys, and where it may be cut.
 */
export interface SnippetBase {
  /** The folded text, kept only where a run of paired script may be looked for in it (else null). */
  text: string | null;
  /** Where position i starts in the original (one more entry for the end), or null: position i is offset i. */
  originalAt: number[] | null;
  /** Where position i starts in the folded text (with originalAt), for a folded offset's position. */
  foldedAt: number[] | null;
  total: number;
  /** The folded text's word-like words, as [from, to) folded offsets, two numbers each. */
  words: number[];
  /** Each word's key (wordKey), in order. */
  keys: string[];
  /** The positions where a cut may fall, ascending; null: every position not strictly inside a word. */
  cuts: number[] | null;
}

interface Segment {
  index: number;
  segment: string;
  isWordLike?: boolean | undefined;
}

/** The word-like segments' places (folded offsets) and keys. */
function wordsOf(segments: Iterable<Segment>): { words: number[]; keys: string[] } {
  const words: number[] = [];
  const keys: string[] = [];
  for (const seg of segments) {
    if (!seg.isWordLike) continue;
    words.push(seg.index, seg.index + seg.segment.length);
    keys.push(wordKey(seg.segment));
  }
  return { words, keys };
}

/** The largest i whose value `sorted[i * stride]` is at most `value` (-1: none). */
function lastAtMost(sorted: readonly number[], value: number, stride = 1): number {
  let lo = -1;
  let hi = sorted.length / stride - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid * stride]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Folding kept every code unit in place (NFKC, case and the folds changed no length): positions are offsets. */
function inPlace(original: string, folded: string): SnippetBase {
  const base = { originalAt: null, foldedAt: null, total: original.length };
  if (!PAIRED.test(folded)) {
    // Every position outside a word may be cut (the segmenter breaks between each character there).
    const matches = Array.from(folded.matchAll(PLAIN_WORD), (m) => ({
      index: m.index,
      segment: m[0],
      isWordLike: true,
    }));
    return { ...base, text: null, ...wordsOf(matches), cuts: null };
  }
  const segments = [...WORDS.segment(folded)];
  const cuts = segments.map((seg) => seg.index);
  cuts.push(original.length);
  return { ...base, text: folded === original ? original : folded, ...wordsOf(segments), cuts };
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
function byGrapheme(original: string): SnippetBase {
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
  const byOffset = new Map(originalAt.map((at, i) => [at, i]));
  const cuts = new Set<number>([0, originalAt.length - 1]);
  for (const seg of WORDS.segment(original)) {
    const i = byOffset.get(seg.index);
    if (i !== undefined) cuts.add(i);
  }
  return {
    text,
    originalAt,
    foldedAt,
    total: originalAt.length - 1,
    ...wordsOf(WORDS.segment(text)),
    cuts: [...cuts].sort((a, b) => a - b),
  };
}

/** What a snippet of `original` needs whatever is asked (see SnippetBase). */
export function snippetBase(original: string): SnippetBase {
  const whole = foldText(original);
  return whole.length === original.length ? inPlace(original, whole) : byGrapheme(original);
}

/** Whether the text may be cut at position `p`. */
function isCut(base: SnippetBase, p: number): boolean {
  if (base.cuts) {
    const at = lastAtMost(base.cuts, p);
    return at >= 0 && base.cuts[at] === p;
  }
  const at = lastAtMost(base.words, p - 1, 2);
  return at < 0 || p >= base.words[2 * at + 1]!;
}

/** A folded offset's position. */
function positionOf(base: SnippetBase, offset: number): number {
  return base.foldedAt ? lastAtMost(base.foldedAt, offset) : offset;
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

/** A query's terms as a snippet looks for them: keys found whole, keys a word may begin with, runs found anywhere. */
export interface SnippetQuery {
  exact: Set<string>;
  prefixes: string[];
  runs: string[];
}

/** The snippets' view of `terms` (made once for a page of snippets). */
export function snippetQuery(terms: readonly QueryTerm[]): SnippetQuery {
  const query: SnippetQuery = { exact: new Set(), prefixes: [], runs: [] };
  for (const term of terms) {
    for (const key of term.keys) {
      if (term.prefix) query.prefixes.push(key);
      else query.exact.add(key);
    }
    if (term.run) query.runs.push(term.run);
  }
  return query;
}

/** The matches of the query in the text, as position ranges [from, to), in order and merged. */
function matchRanges(original: string, base: SnippetBase, query: SnippetQuery): [number, number][] {
  const found: [number, number][] = [];
  const add = (from: number, to: number) => {
    if (to > from) found.push([positionOf(base, from), positionOf(base, to - 1) + 1]);
  };
  const { words, keys } = base;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (query.exact.has(key) || query.prefixes.some((p) => key.startsWith(p))) add(words[2 * i]!, words[2 * i + 1]!);
  }
  // A run is of paired script: a text without any (text null) holds none.
  const text = base.text;
  if (text !== null) {
    for (const run of query.runs) {
      for (let at = text.indexOf(run); at >= 0; at = text.indexOf(run, at + run.length))
        add(at, base.originalAt ? at + run.length : graphemeEnd(original, at + run.length));
    }
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

/** The window of positions [start, end) shown: around the first match, cut where the text may be cut. */
function windowOf(first: [number, number] | undefined, base: SnippetBase): [number, number] {
  const total = base.total;
  const from = first ? Math.max(0, first[0] - BEFORE) : 0;
  let start = from;
  while (first && start < first[0] && !isCut(base, start)) start++;
  if (first && start === first[0] && !isCut(base, start)) start = from;
  let end = Math.min(total, Math.max(start + LENGTH, first ? first[1] : 0));
  const least = first ? first[1] : start + 1;
  while (end > least && !isCut(base, end)) end--;
  if (end <= start) end = Math.min(total, start + LENGTH);
  return [start, end];
}

/** The snippet of `original`, whose base is `base`, for `query`: escaped text, matches marked, '…' where cut. */
export function snippetFrom(original: string, base: SnippetBase, query: SnippetQuery): string {
  const ranges = matchRanges(original, base, query);
  let [start, end] = windowOf(ranges[0], base);
  // Offsets: a window without a word boundary near its edge is still cut between graphemes.
  if (!base.originalAt) [start, end] = [graphemeStart(original, start), graphemeEnd(original, end)];
  const offset = (position: number) => (base.originalAt ? base.originalAt[position]! : position);
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
  return `${start > 0 ? '…' : ''}${out}${end < base.total ? '…' : ''}`;
}

/** The snippet of `original` for `terms` (snippetFrom with the base and query made here). */
export function snippetOf(original: string, terms: readonly QueryTerm[]): string {
  return snippetFrom(original, snippetBase(original), snippetQuery(terms));
}
