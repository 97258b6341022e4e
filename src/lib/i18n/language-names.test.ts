import { describe, expect, it } from 'vitest';
import { intlLanguageNames, languageName } from './language-names.ts';
import { WRITTEN_LANGUAGES } from './written-languages.ts';

/** The written languages Chromium's copy of CLDR has no name for, in any language (checked in Chromium 156). */
const CHROMIUM_LACKS = [
  'tet',
  'dz',
  'fj',
  'hif',
  'gil',
  'mh',
  'na',
  'pau',
  'tpi',
  'ho',
  'pis',
  'tvl',
  'bi',
  'rar',
  'niu',
  'ty',
  'ch',
];
/** `Intl.DisplayNames` as Chromium answers it: Node's full CLDR less what Chromium lacks. */
const chromium = (locale: 'zh' | 'fr' | 'ru') => {
  const full = intlLanguageNames(locale);
  return (tag: string) => (CHROMIUM_LACKS.includes(tag) ? undefined : full(tag));
};

describe('language names in the reader’s language (decision 059)', () => {
  it('name every written language in Chinese and Russian without a Latin letter, in Chromium too', () => {
    for (const locale of ['zh', 'ru'] as const) {
      for (const lookup of [intlLanguageNames(locale), chromium(locale)]) {
        for (const language of WRITTEN_LANGUAGES) {
          const name = languageName(language.tag, locale, language.english, lookup);
          expect(name, `${locale} ${language.tag}: ${name}`).not.toMatch(/[A-Za-z]/);
        }
      }
    }
  });

  it('name every written language in French, not in English, in Chromium too', () => {
    for (const language of WRITTEN_LANGUAGES) {
      const name = languageName(language.tag, 'fr', language.english, chromium('fr'));
      expect(name, language.tag).not.toBe(language.english);
    }
  });

  it('know the languages Chromium lacks without any help from the browser', () => {
    for (const tag of CHROMIUM_LACKS) {
      const english = WRITTEN_LANGUAGES.find((l) => l.tag === tag)!.english;
      for (const locale of ['zh', 'fr', 'ru'] as const)
        expect(
          languageName(tag, locale, english, () => undefined),
          `${locale} ${tag}`,
        ).not.toBe(english);
    }
  });

  it('take the browser’s name first, and the English where neither knows the language', () => {
    expect(languageName('th', 'zh', 'Thai', () => '泰文')).toBe('泰文');
    expect(languageName('tvl', 'ru', 'Tuvaluan', () => undefined)).toBe('тувалу');
    expect(languageName('xx', 'ru', 'Unknown', () => undefined)).toBe('Unknown');
    expect(languageName('tvl', 'en', 'Tuvaluan', () => undefined)).toBe('Tuvaluan');
  });
});
