/**
 * The snippet of a found answer (decision 076): the original text, cut at word boundaries around
 * its first match, with every match inside `<mark>…</mark>` and everything else HTML-escaped. A
 * reader splits it on the two marks alone and shows the rest as text (never as HTML).
 */
import { foldText, wordKey, type QueryTerm } from './search-words.ts';

const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Graphemes of the snippet before its first match, and in all (both at most; cut at a word boundary). */
const BEFORE = 60;
const LENGTH = 220;

/** Text folded grapheme by grapheme, with where each folded grapheme starts in the folded and the original text. */
interface Folded {
  text: string;
  /** Per grapheme: its start in `text`, and in the original (one more entry for the end of each). */
  foldedAt: number[];
  originalAt: number[];
}

function foldByGrapheme(original: string): Folded {
  const foldedAt: number[] = [];
  const originalAt: number[] = [];
  let text = '';
  for (const g of GRAPHEMES.segment(original)) {
    foldedAt.push(text.length);
    originalAt.push(g.index);
    text += foldText(g.segment);
  }
  foldedAt.push(text.length);
  originalAt.push(original.length);
  return { text, foldedAt, originalAt };
}

/** The grapheme holding folded offset `at` (the last one starting at or before it). */
function graphemeAt(folded: Folded, at: number): number {
  let lo = 0;
  let hi = folded.foldedAt.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (folded.foldedAt[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The matches of `terms` in the text, as grapheme ranges [from, to), in order and merged. */
function matchRanges(folded: Folded, terms: readonly QueryTerm[]): [number, number][] {
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
    if (to > from) found.push([graphemeAt(folded, from), graphemeAt(folded, to - 1) + 1]);
  };
  for (const seg of WORDS.segment(folded.text)) {
    if (!seg.isWordLike) continue;
    const key = wordKey(seg.segment);
    if (exact.has(key) || prefixes.some((p) => key.startsWith(p))) add(seg.index, seg.index + seg.segment.length);
  }
  for (const run of runs) {
    for (let at = folded.text.indexOf(run); at >= 0; at = folded.text.indexOf(run, at + run.length))
      add(at, at + run.length);
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

/** Word boundaries of the original text, as grapheme indexes. */
function wordBoundaries(original: string, folded: Folded): Set<number> {
  const byOffset = new Map(folded.originalAt.map((at, i) => [at, i]));
  const out = new Set<number>([0, folded.originalAt.length - 1]);
  for (const seg of WORDS.segment(original)) {
    const i = byOffset.get(seg.index);
    if (i !== undefined) out.add(i);
  }
  return out;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/\s+/g, ' ').replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** The window of graphemes [start, end) shown: around the first match, cut at word boundaries. */
function windowOf(first: [number, number] | undefined, total: number, boundaries: Set<number>): [number, number] {
  const from = first ? Math.max(0, first[0] - BEFORE) : 0;
  let start = from;
  while (first && start < first[0] && !boundaries.has(start)) start++;
  if (first && start === first[0] && !boundaries.has(start)) start = from;
  let end = Math.min(total, Math.max(start + LENGTH, first ? first[1] : 0));
  const least = first ? first[1] : start + 1;
  while (end > least && !boundaries.has(end)) end--;
  if (end <= start) end = Math.min(total, start + LENGTH);
  return [start, end];
}

/** The snippet of `original` for `terms`: escaped text, matches marked, '…' where it was cut. */
export function snippetOf(original: string, terms: readonly QueryTerm[]): string {
  const folded = foldByGrapheme(original);
  const total = folded.originalAt.length - 1;
  const ranges = matchRanges(folded, terms);
  const [start, end] = windowOf(ranges[0], total, wordBoundaries(original, folded));
  const slice = (from: number, to: number) =>
    escapeHtml(original.slice(folded.originalAt[from], folded.originalAt[to]));
  let out = start > 0 ? '…' : '';
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    out += `${slice(at, a)}<mark>${slice(a, b)}</mark>`;
    at = b;
  }
  out += slice(at, end);
  return (end < total ? `${out.trimEnd()}…` : out).trim();
}
