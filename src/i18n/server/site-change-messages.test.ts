import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../catalogue-rules.ts';
import { LOCALES } from '../locales.ts';
import {
  readFacts,
  SITE_CHANGE_CATALOGUES,
  siteChangeKey,
  siteChangeText,
  type SiteChangeFacts,
} from '../../lib/site/change-words.ts';

/** One change of each line of the catalogue, named and unnamed. */
function everyChange(): SiteChangeFacts[] {
  const th = { country: 'TH', countryName: 'Thailand', year: 2026 };
  const housing = { theme: 'housing', themeName: 'Housing' };
  const facts: SiteChangeFacts[] = [
    { kind: 'cycle', year: 2026 },
    { kind: 'questions' },
    { kind: 'indicators', ...housing },
    { kind: 'other' },
  ];
  for (const rows of [1, 3, 5, 21, 1234]) facts.push({ kind: 'import', ...housing, rows });
  for (const verb of ['published', 'withdrawn', 'submitted', 'returned', 'accepted', 'unlocked', 'reopened', 'updated'])
    facts.push({ kind: 'report', verb, ...th });
  for (const verb of ['published', 'withdrawn', 'updated']) facts.push({ kind: 'figures', verb, ...th, ...housing });
  for (const verb of ['updated', 'picture']) facts.push({ kind: 'theme', verb, ...housing });
  for (const name of ['Green roofs', null]) {
    for (const verb of ['published', 'withdrawn', 'republished', 'featured', 'unfeatured', 'deleted', 'updated'])
      facts.push({ kind: 'practice', verb, name });
    for (const cmsKind of ['banner', 'video', 'partner', 'photo', 'event']) {
      for (const verb of ['published', 'withdrawn', 'deleted', 'image', 'updated'])
        facts.push({ kind: 'cms', verb, cmsKind, name });
    }
  }
  return facts;
}

/** English words a line in another language must not hold. */
const ENGLISH_WORDS = [
  'the',
  'of',
  'report',
  'best',
  'published',
  'withdrawn',
  'deleted',
  'updated',
  'changed',
  'figures',
  'imported',
  'banner',
  'partner',
  'item',
  'change',
];

describe('the lines of the publishing status (issue 32, item 1)', () => {
  it('are whole in every language, and every line of the catalogue is said by some change', () => {
    for (const locale of LOCALES) {
      if (locale !== 'en')
        expect(catalogueProblems(SITE_CHANGE_CATALOGUES.en, SITE_CHANGE_CATALOGUES[locale], locale), locale).toEqual(
          [],
        );
    }
    expect(new Set(everyChange().map(siteChangeKey))).toEqual(new Set(Object.keys(SITE_CHANGE_CATALOGUES.en)));
  });

  it('word every change in every language, with every value filled and no English left', () => {
    for (const locale of LOCALES) {
      for (const facts of everyChange()) {
        const line = siteChangeText(locale, facts);
        expect(line, `${locale} ${siteChangeKey(facts)}`).toMatch(/\S/);
        expect(line, `${locale} ${siteChangeKey(facts)}`).not.toMatch(/[{}]/);
        if (locale !== 'en') {
          const words = line!.replace('Green roofs', '').replace('Housing', '').replace('Thailand', '');
          expect(words, `${locale} ${siteChangeKey(facts)}`).not.toMatch(
            new RegExp(`\\b(${ENGLISH_WORDS.join('|')})\\b`, 'i'),
          );
        }
      }
    }
  });

  it(
    'say in English what they always said, count by the language’s plural rules and name countries as the ' +
      'language does',
    () => {
      const th = { country: 'TH', countryName: 'Thailand', year: 2026 };
      expect(siteChangeText('en', { kind: 'report', verb: 'returned', ...th })).toBe(
        'National report of Thailand 2026 returned for changes',
      );
      expect(siteChangeText('en', { kind: 'practice', verb: 'republished', name: 'Green roofs' })).toBe(
        'Best practice “Green roofs” published again',
      );
      expect(siteChangeText('en', { kind: 'cms', verb: 'image', cmsKind: 'banner', name: 'Forum' })).toBe(
        'Banner “Forum” has a new image',
      );
      expect(siteChangeText('en', { kind: 'cms', verb: 'deleted', cmsKind: 'event', name: null })).toBe('Item deleted');
      expect(siteChangeText('en', { kind: 'theme', verb: 'picture', theme: 'housing', themeName: 'Housing' })).toBe(
        'Picture of the theme “Housing” changed',
      );
      expect(siteChangeText('en', { kind: 'cycle', year: 2026 })).toBe('Reporting cycle 2026 updated');
      const imported = (locale: 'en' | 'ru' | 'fr', rows: number) =>
        siteChangeText(
          locale,
          { kind: 'import', theme: 'housing', themeName: 'Housing', rows },
          new Map([['housing', 'Жильё']]),
        );
      expect(imported('en', 1)).toBe('1 figure imported for the theme “Housing”');
      expect(imported('ru', 21)).toBe('21 значение импортировано по теме «Жильё»');
      expect(imported('ru', 5)).toBe('5 значений импортировано по теме «Жильё»');
      expect(imported('fr', 1234)).toBe('1\u202f234 données importées pour le thème «\u00a0Жильё\u00a0»');
      expect(
        siteChangeText('zh', {
          kind: 'report',
          verb: 'published',
          country: 'LA',
          countryName: "Lao People's Democratic Republic",
          year: 2026,
        }),
      ).toBe('老挝人民民主共和国 2026 年国家报告已发布');
    },
  );

  it('leave facts they cannot read to the stored English line', () => {
    expect(readFacts(null)).toBeNull();
    expect(readFacts({ kind: 'weather' })).toBeNull();
    expect(readFacts({ kind: 'report', year: '2026' })).toBeNull();
    expect(siteChangeText('ru', { kind: 'report', verb: 'painted', country: 'TH', year: 2026 })).toBeNull();
  });
});
