import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../i18n/t.ts';
import { searchKind, searchKindLabel, SEARCH_KINDS } from './search.ts';
import { ENGLISH_MESSAGES, resultLine, type SearchMessages } from './site-search.ts';

/** The search page's sentences in Russian, as the page writes them from its catalogue. */
const ru: SearchMessages = {
  ...ENGLISH_MESSAGES,
  none: CATALOGUES.ru['searchPage.none'] as string,
  noneFor: CATALOGUES.ru['searchPage.noneFor'] as string,
  results: CATALOGUES.ru['searchPage.results'] as string,
  resultsFor: CATALOGUES.ru['searchPage.resultsFor'] as string,
};

describe('resultLine', () => {
  it('keeps the English sentences', () => {
    expect(resultLine(ENGLISH_MESSAGES, 'en', 1, 'housing')).toBe('1 result for “housing”.');
    expect(resultLine(ENGLISH_MESSAGES, 'en', 1234, '')).toBe('1,234 results.');
    expect(resultLine(ENGLISH_MESSAGES, 'en', 0, 'x')).toBe('No results for “x”. Try other words, or remove a filter.');
  });

  it('chooses the language’s plural form and writes its numbers', () => {
    expect(resultLine(ru, 'ru', 1, 'жильё')).toBe('1 результат по запросу «жильё».');
    expect(resultLine(ru, 'ru', 3, 'жильё')).toBe('3 результата по запросу «жильё».');
    expect(resultLine(ru, 'ru', 25, '')).toBe('25 результатов.');
    expect(resultLine(ru, 'ru', 12345, '')).toBe('12\u00a0345 результатов.');
  });
});

describe('search kinds', () => {
  it('are named in each language, English unchanged (each language has its own index)', () => {
    expect(SEARCH_KINDS.map((k) => searchKindLabel('en', k))).toEqual([...SEARCH_KINDS]);
    expect(searchKindLabel('fr', 'Best practice')).toBe('Bonne pratique');
    expect(searchKind('zh', 'Media')).toEqual({ kind: '媒体', country: undefined });
  });
});
