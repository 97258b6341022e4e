/**
 * The words of the answers' search (issue 34 item 2, decision 076): one normaliser and one
 * segmenter for what is indexed and what is asked, so both sides always cut the same way.
 *
 * Text is folded (NFKC, lower case, ё → е, Arabic-script letter variants and vowel marks, joiners),
 * cut into words by `Intl.Segmenter` (ICU's dictionaries for Thai, Lao, Khmer, Myanmar, Chinese
 * and Japanese), Cyrillic words stemmed by Snowball's Russian stemmer and plain ASCII words by its
 * English one. Scripts written without spaces between words (and Korean, whose particles cling to
 * the word) also give the grapheme pairs of each run, and Chinese characters each alone, so a
 * query cut differently from the text still finds it.
 */
import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as russianStem } from '@orama/stemmers/russian';

const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Scripts with no space between words (and Hangul): their runs are indexed by grapheme pairs too. */
const PAIRED_SCRIPTS = ['Han', 'Hiragana', 'Katakana', 'Hangul', 'Thai', 'Lao', 'Khmer', 'Myanmar'];
/** A character of those scripts (their words are cut by the segmenter's dictionaries). */
export const PAIRED = new RegExp(`[${PAIRED_SCRIPTS.map((script) => `\\p{Script=${script}}`).join('')}]`, 'u');
const HAN = /^\p{Script=Han}$/u;

/**
 * The words of text in the other scripts, as Intl.Segmenter's word-like segments (UAX #29): letters, marks, digits
 * and connectors, joined by an apostrophe, a full stop or a middle dot, and digits by a comma or semicolon. About
 * five times faster than the segmenter, each of whose calls also copies its rules; the tests check both give the
 * same words.
 */
export const PLAIN_WORD =
  /[\p{L}\p{M}\p{N}\p{Pc}\u200c\u200d]+(?:(?:['’.·]|(?<=\p{N})[,;٫٬](?=\p{N}))[\p{L}\p{M}\p{N}\p{Pc}\u200c\u200d]+)*/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const ASCII_WORD = /^[a-z]+$/;
/** Longer "words" (a pasted hash, a run of one letter) are no words anyone searches for. */
const MAX_WORD = 60;

/** What folding changes besides NFKC and lower case: one letter for each variant, marks and joiners gone. */
const FOLDS: Record<string, string> = {
  ё: 'е',
  // Arabic yeh, alef maksura and kaf as Persian and Urdu write them; alef with hamza or madda as alef.
  '\u064a': '\u06cc',
  '\u0649': '\u06cc',
  '\u0643': '\u06a9',
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0622': '\u0627',
  // A zero-width space is a word break (Thai, Khmer, Lao, Myanmar): kept as one.
  '\u200b': ' ',
};
/** What FOLDS maps, and what folding removes: tatweel, Arabic vowel marks, soft hyphen, joiners and word joiners. */
const FOLDED =
  /[ё\u064a\u0649\u0643\u0623\u0625\u0622\u200b\u0640\u00ad\u2060\ufeff]|[\u064b-\u065f]|\u0670|\u200c|\u200d/gu;

/** Text as both sides compare it. */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(FOLDED, (ch) => FOLDS[ch] ?? '');
}

/** Words already stemmed (a text's words repeat across answers; cleared when full). */
const KEYS = new Map<string, string>();
const KEYS_MAX = 50_000;

/** The indexed form of one folded word: Cyrillic and ASCII words by their stem. */
export function wordKey(word: string): string {
  let key = KEYS.get(word);
  if (key !== undefined) return key;
  if (CYRILLIC.test(word)) key = russianStem(word) || word;
  else if (ASCII_WORD.test(word)) key = englishStem(word) || word;
  else key = word;
  if (KEYS.size >= KEYS_MAX) KEYS.clear();
  KEYS.set(word, key);
  return key;
}

interface Piece {
  /** The folded word as written, and its key. */
  word: string;
  key: string;
  /** In a script written without spaces (or Hangul). */
  paired: boolean;
}

/** The words of folded text, each with whether it continues a run of paired script. */
function piecesOf(folded: string): Piece[][] {
  // Without paired script, each word is a run of its own.
  if (!PAIRED.test(folded))
    return Array.from(folded.matchAll(PLAIN_WORD), (m) => m[0])
      .filter((word) => word.length <= MAX_WORD)
      .map((word) => [{ word, key: wordKey(word), paired: false }]);
  const runs: Piece[][] = [];
  let run: Piece[] = [];
  for (const seg of WORDS.segment(folded)) {
    const word = seg.segment;
    const paired = PAIRED.test(word);
    if (!seg.isWordLike || !paired) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (!seg.isWordLike || word.length > MAX_WORD) continue;
    const piece = { word, key: paired ? word : wordKey(word), paired };
    if (paired) run.push(piece);
    else runs.push([piece]);
  }
  if (run.length) runs.push(run);
  return runs;
}

/** The grapheme pairs of a run of paired script, and each Chinese character alone. */
function pairsOf(run: string): string[] {
  const graphemes = Array.from(GRAPHEMES.segment(run), (g) => g.segment);
  const out: string[] = [];
  for (let i = 0; i < graphemes.length; i++) {
    if (HAN.test(graphemes[i]!)) out.push(graphemes[i]!);
    if (i + 1 < graphemes.length) out.push(graphemes[i]! + graphemes[i + 1]!);
  }
  return out;
}

/** Every token an answer's text is indexed by, in order (words, then each paired run's pairs). */
export function indexTokens(text: string): string[] {
  const out: string[] = [];
  for (const run of piecesOf(foldText(text))) {
    for (const piece of run) out.push(piece.key);
    if (run[0]!.paired) out.push(...pairsOf(run.map((p) => p.word).join('')));
  }
  return out;
}

/** One term of a query: all its alternatives' lexemes must be found (any one alternative will do). */
export interface QueryTerm {
  /** What the text shows when this term matched, folded: the words' keys, or the run as written. */
  keys: string[];
  /** A run of paired script as asked, folded (found anywhere in the text, whatever its word breaks). */
  run: string | null;
  /** The last word of the query may be the beginning of a longer one. */
  prefix: boolean;
}

/** The most terms a query keeps (more would only slow it down). */
const MAX_QUERY_TERMS = 12;

/** A query's terms (ANDed); empty when it has no word to search for. */
export function queryTerms(q: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const runs = piecesOf(foldText(q));
  runs.forEach((run, i) => {
    if (run[0]!.paired) {
      terms.push({ keys: run.map((p) => p.key), run: run.map((p) => p.word).join(''), prefix: false });
      return;
    }
    // The last word, three letters or more, also finds the words it begins.
    const prefix = i === runs.length - 1 && !/[\s\p{P}]$/u.test(q) && [...run[0]!.word].length >= 3;
    terms.push({ keys: [run[0]!.key], run: null, prefix });
  });
  const seen = new Set<string>();
  return terms
    .filter((term) => {
      const id = `${term.keys.join(' ')}|${term.run}|${term.prefix}`;
      return !seen.has(id) && seen.add(id);
    })
    .slice(0, MAX_QUERY_TERMS);
}

/**
 * The grapheme pairs a run of paired script asked is also found by (all of them, wherever the text's word breaks
 * fell): a lone Chinese character only when it is the whole run (it is indexed alone too).
 */
export function runPairs(run: string): string[] {
  return [...new Set(pairsOf(run).filter((p) => !HAN.test(p) || run === p))];
}
