import { describe, expect, test } from 'vitest';
import { snippetOf } from './search-snippet.ts';
import { foldText, indexTokens, PLAIN_WORD, queryTerms, runPairs, wordKey } from './search-words.ts';

/** The answers' search words (decision 076): folding, segmenting, stems, pairs, literals and snippets. */

describe('folding', () => {
  test.each([
    ['ＡＢＣ１２３', 'abc123'], // NFKC: full-width forms
    ['Жильё', 'жилье'],
    ['شهرداري كه', 'شهرداری که'], // Arabic yeh and kaf as Persian writes them
    ['می\u200cشود', 'میشود'], // ZWNJ
    ['مَسْكَن', 'مسکن'], // vowel marks
    ['ก\u200bข', 'ก ข'], // a zero-width space is a word break
  ])('%s → %s', (text, folded) => expect(foldText(text)).toBe(folded));
});

describe('words', () => {
  test('Thai, Lao, Khmer and Myanmar are cut into words by the dictionary', () => {
    expect(indexTokens('การพัฒนาเมือง')).toEqual(expect.arrayContaining(['การ', 'พัฒนา', 'เมือง']));
    expect(indexTokens('ການພັດທະນາຕົວເມືອງ')).toEqual(expect.arrayContaining(['ການ', 'ພັດທະນາ']));
    expect(indexTokens('ការអភិវឌ្ឍទីក្រុង')).toEqual(expect.arrayContaining(['ការ', 'អភិវឌ្ឍ', 'ទីក្រុង']));
    expect(indexTokens('မြို့ပြဖွံ့ဖြိုးတိုးတက်မှု')).toEqual(expect.arrayContaining(['မြို့ပြ', 'ဖွံ့ဖြိုး']));
  });

  test('Chinese and Japanese words, each Chinese character and the pairs of a run', () => {
    const tokens = indexTokens('保障性住房');
    expect(tokens).toEqual(expect.arrayContaining(['住房', '保', '住', '保障', '性住']));
    expect(indexTokens('公共交通の充実')).toEqual(expect.arrayContaining(['公共', '交通', '通の', 'の充']));
  });

  test('Korean: the pairs of each word, so a word inside a longer one is found', () => {
    expect(indexTokens('공공임대주택을')).toEqual(expect.arrayContaining(['공공임대주택을', '임대', '주택', '택을']));
  });

  test('Russian by its stem, English by its stem, other Latin words as written', () => {
    expect(wordKey('жилья')).toBe(wordKey('жилье'));
    expect(indexTokens('Жильё жилья')).toEqual([wordKey('жилье'), wordKey('жилье')]);
    expect(wordKey('housing')).toBe(wordKey('houses'));
    expect(indexTokens('Nhà ở xã hội')).toEqual(['nhà', 'ở', 'xã', 'hội']);
  });

  test('punctuation and spaces are no words; a very long one is left out', () => {
    expect(indexTokens('— « » ! …')).toEqual([]);
    expect(indexTokens(`a${'b'.repeat(80)} city`)).toEqual(['citi']);
  });
});

describe('queries', () => {
  test('words ANDed, the last one a prefix; a run of Thai as its words or all its pairs', () => {
    expect(queryTerms('housing progr')).toEqual([
      { keys: ['hous'], run: null, prefix: false },
      { keys: ['progr'], run: null, prefix: true },
    ]);
    expect(queryTerms('housing.')).toEqual([{ keys: ['hous'], run: null, prefix: false }]);
    expect(queryTerms('เมือง')).toEqual([{ keys: ['เมือง'], run: 'เมือง', prefix: false }]);
    expect(runPairs('เมือง')).toEqual(['เมื', 'มือ', 'อง']);
    expect(runPairs('城')).toEqual(['城']);
    expect(runPairs('城市')).toEqual(['城市']);
  });

  test('nothing to search for: no terms', () => {
    expect(queryTerms('  — !! … ')).toEqual([]);
  });

  test('quotes and backslashes are words like any other', () => {
    expect(queryTerms("o'brien")).toEqual([{ keys: ["o'brien"], run: null, prefix: true }]);
    expect(indexTokens('a\\b')).toEqual(['a', 'b']);
  });
});

describe('snippets', () => {
  test('outside the dictionary scripts, the quick word pattern finds the words the segmenter finds', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    for (const text of [
      "Mr. O'Brien's city-wide plan (2020–2030): 3.5 km², e.g. roads; U.S.A. data_set v2.1 — done!",
      'Программа «Жильё» на 2021–2025 гг.: 1,5 млн м² жилья, т.е. больше.',
      'स्मार्ट सिटी मिशन के अंतर्गत शहरी परिवहन में सुधार किया गया है।',
      'Chính phủ đẩy mạnh phát triển nhà ở xã hội cho công nhân tại các khu đô thị.',
      'Քաղաքային պլանավորում, ქალაქის განვითარება, Şehir planlaması; Қала құрылысы',
      'Ulaanbaatar’s ger districts: 60% of residents; air‐quality (PM2.5) at 10:30.',
      'نفوذ شهری در حمل‌ونقل ۱۴۰۲٫۵ درصد',
      'නාගරික ප්‍රවාහනය සහ නිවාස',
    ]) {
      const folded = text.normalize('NFKC').toLowerCase();
      const expected = [...segmenter.segment(folded)].filter((s) => s.isWordLike).map((s) => [s.index, s.segment]);
      expect(Array.from(folded.matchAll(PLAIN_WORD), (m) => [m.index, m[0]])).toEqual(expected);
    }
  });

  test('the match is marked in the text as written, the rest escaped', () => {
    expect(snippetOf('Новое жильё <в> пригородах', queryTerms('жилья'))).toBe(
      'Новое <mark>жильё</mark> &lt;в&gt; пригородах',
    );
    expect(snippetOf('可持续城市发展与保障性住房', queryTerms('城市发展'))).toBe(
      '可持续<mark>城市发展</mark>与保障性住房',
    );
  });

  test('a long text is cut at word boundaries around the first match, never inside a grapheme', () => {
    const thai = `${'การพัฒนาเมืองอย่างยั่งยืน '.repeat(20)}ที่อยู่อาศัย${' และการคมนาคม'.repeat(30)}`;
    const snippet = snippetOf(thai, queryTerms('ที่อยู่อาศัย'));
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('<mark>ที่อยู่อาศัย</mark>');
    // Every grapheme of the snippet is one of the text's (no mark or vowel left without its consonant).
    const text = snippet.replace(/<\/?mark>|…/g, '');
    expect(thai.replace(/\s+/g, ' ')).toContain(text.trim());
    expect(/^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/u.test(text)).toBe(false);
  });

  test('no match found in the text: its beginning, unmarked', () => {
    expect(snippetOf('A short answer', queryTerms('zebra'))).toBe('A short answer');
  });
});

describe('snippets cut by code units', () => {
  test('a Thai text with no word boundary near the cut is still cut between graphemes', () => {
    const thai = `${'ที่'.repeat(200)} เมือง`;
    const snippet = snippetOf(thai, queryTerms('เมือง'));
    expect(snippet).toContain('<mark>เมือง</mark>');
    const text = snippet.replace(/<\/?mark>|…/g, '').trim();
    expect(/^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/u.test(text)).toBe(false);
  });

  test('a run of emoji sequences is cut between sequences, never inside one', () => {
    const farmer = '\u{1F469}\u{1F3FD}\u200D\u{1F33E}';
    const snippet = snippetOf(`${farmer.repeat(120)} nông nghiệp đô thị`, queryTerms('nông nghiệp'));
    expect(snippet).toContain('<mark>nông</mark> <mark>nghiệp</mark>');
    const emoji = snippet.replace(/^…/, '').split(' ')[0]!;
    expect(emoji.length % farmer.length).toBe(0);
    expect(emoji.replaceAll(farmer, '')).toBe('');
  });

  test('a text folding changes in length (a ligature, a soft hyphen) is read grapheme by grapheme', () => {
    expect(snippetOf('The ﬁnance of cities', queryTerms('finance'))).toBe('The <mark>ﬁnance</mark> of cities');
    expect(snippetOf('hous\u00ading policy', queryTerms('housing'))).toBe('<mark>hous\u00ading</mark> policy');
  });
});
