import { describe, expect, test } from 'vitest';
import {
  frenchSpaces,
  LOCALES,
  localeOfPath,
  localisedPath,
  pathWithoutLocale,
  linkFor,
  type Locale,
} from './locales.ts';
import { catalogueProblems } from './catalogue-rules.ts';
import { CATALOGUES, countryName, formatDate, formatPercent, t } from './t.ts';
import { expectCases } from '../../tests/support/cases.ts';

/**
 * The message catalogues (decision 038): every language has every English message, none empty,
 * none that English lacks, plural messages with each form the language's plural rules use, and
 * the same placeholders as English (catalogue-rules.ts, shared with every other catalogue's test).
 */
describe.each(LOCALES)('the %s catalogue', (locale) => {
  test('is whole: every English key with text, nothing English lacks, its plural forms, the same placeholders', () => {
    expect(catalogueProblems(CATALOGUES.en, CATALOGUES[locale], locale)).toEqual([]);
  });
});

describe('messages', () => {
  test('choose the plural form by the language’s rules and write numbers its way', () => {
    expect(t('ru', 'home.urbanSource', { count: 1 })).toMatch(/^Доля .*, 1 страна\./);
    expect(t('ru', 'home.urbanSource', { count: 3 })).toMatch(/, 3 страны\./);
    expect(t('ru', 'home.urbanSource', { count: 58 })).toMatch(/, 58 стран\./);
    expect(t('en', 'home.allPractices', { count: 1 })).toBe('All 1 best practice');
    expect(t('en', 'home.allPractices', { count: 12345 })).toBe('All 12,345 best practices');
    expect(t('fr', 'home.allPractices', { count: 12345 }).replace(/\s/g, ' ')).toBe('Les 12 345 bonnes pratiques');
  });

  test(
    'French keeps its spaces before : ; ! ? and inside « ' + '» from breaking; the values filled in stay as written',
    () => {
      expect(frenchSpaces('Source : « Banque mondiale » ; voir ? oui !')).toBe(
        'Source\u00A0: «\u00A0Banque mondiale\u00A0» ; voir\u00A0? oui\u00A0!'.replace(' ;', '\u00A0;'),
      );
      const every = Object.keys(CATALOGUES.fr).map((key) => t('fr', key as never, { count: 2, name: 'a : b' }));
      expect(every.filter((text) => / [:;!?»]|« /.test(text.replace('a : b', '')))).toEqual([]);
      expect(t('en', 'notFound.title')).toBe('Page not found');
    },
  );

  test('percentages follow each language: 12,345.6% in English, 12 345,6 % in French and Russian', () => {
    const spaced = (locale: Locale) => formatPercent(locale, 12345.6).replace(/[\u00a0\u202f]/g, ' ');
    expect(spaced('en')).toBe('12,345.6%');
    expect(spaced('fr')).toBe('12 345,6 %');
    expect(spaced('ru')).toBe('12 345,6 %');
    expect(spaced('zh')).toBe('12,345.6%');
  });

  test('dates and country names come from Intl, with the UN’s names where CLDR differs', () => {
    expect(formatDate('fr', '2026-03-01')).toBe('1 mars 2026');
    expect(countryName('zh', 'VN', 'Viet Nam')).toBe('越南');
    expect(countryName('fr', 'LA', "Lao People's Democratic Republic")).toBe('République démocratique populaire lao');
    expect(countryName('en', 'VN', 'Viet Nam')).toBe('Viet Nam');
  });

  test('a date that ends with a full stop ends the sentence once', () => {
    const date = formatDate('ru', '2026-12-20');
    expect(date).toBe('20 декабря 2026 г.');
    expect(t('ru', 'statusYear.leadOpen', { status: 'Приём докладов открыт', date })).toBe(
      'Приём докладов открыт. Доклады должны быть представлены до 20 декабря 2026 г.',
    );
    expect(t('en', 'statusYear.leadOpen', { status: 'Open for reporting', date: '20 December 2026' })).toBe(
      'Open for reporting. Reports are due by 20 December 2026.',
    );
  });
});

describe('language paths', () => {
  test('English keeps its addresses; the others are prefixed with the same path', () => {
    expectCases(localeOfPath, [
      ['/national-reports', 'en'],
      ['/fr/national-reports', 'fr'],
      ['/french-page', 'en'],
    ]);
    expectCases(pathWithoutLocale, [
      ['/fr/national-reports/', '/national-reports'],
      ['/zh/', '/'],
    ]);
    expectCases(localisedPath, [
      ['zh', '/', '/zh/'],
      ['en', '/national-reports', '/national-reports'],
    ]);
    expectCases(linkFor, [
      ['ru', '/national-reports', '/ru/national-reports'],
      ['ru', '/regional-reports/2026', '/ru/regional-reports/2026'],
      ['ru', '/best-practices', '/ru/best-practices'],
      [
        'fr',
        '/best-practices-overview/view/0b6c1a52-9a4e-4d0e-8f0e-2f4b5a6c7d8e',
        '/fr/best-practices-overview/view/0b6c1a52-9a4e-4d0e-8f0e-2f4b5a6c7d8e',
      ],
      ['zh', '/search?q=housing', '/zh/search?q=housing'],
      ['fr', '/national-reports/2026', '/fr/national-reports/2026'],
      ['fr', '/national-reports/2026/VN', '/fr/national-reports/2026/VN'],
      ['fr', '/national-reports/country/VN', '/fr/national-reports/country/VN'],
      ['fr', '/regional-reports/2026/tc1', '/fr/regional-reports/2026/tc1'],
      ['ru', '/regional-reports/2026/tc1#chart-tc1-q04', '/ru/regional-reports/2026/tc1#chart-tc1-q04'],
      ['zh', '/login?next=%2Fdashboard', '/zh/login?next=%2Fdashboard'],
    ]);
  });
});
