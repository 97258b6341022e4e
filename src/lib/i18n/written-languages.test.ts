import { describe, expect, test } from 'vitest';
import {
  isRightToLeft,
  langOfWritten,
  WRITTEN_LANGUAGE_TAG_MAX,
  WRITTEN_LANGUAGES,
  WrittenInInputSchema,
  writtenLanguageTag,
} from './written-languages.ts';

describe('the languages a country may write in', () => {
  test('each is a canonical BCP 47 tag, listed once, named in its own script', () => {
    const tags = WRITTEN_LANGUAGES.map((l) => l.tag);
    expect(new Set(tags).size).toBe(tags.length);
    for (const { tag, autonym, english } of WRITTEN_LANGUAGES) {
      expect(Intl.getCanonicalLocales(tag), tag).toEqual([tag]);
      expect(tag.length).toBeLessThanOrEqual(WRITTEN_LANGUAGE_TAG_MAX);
      expect(autonym.trim(), tag).not.toBe('');
      expect(english.trim(), tag).not.toBe('');
    }
    // ESCAP's languages, the region's scripts, right-to-left ones among them.
    for (const tag of [
      'en',
      'zh-Hans',
      'zh-Hant',
      'fr',
      'ru',
      'th',
      'lo',
      'km',
      'my',
      'fa',
      'fa-AF',
      'ps',
      'ur',
      'dv',
      'hi',
      'bn',
      'si',
      'ta',
      'dz',
      'mn',
      'ka',
      'hy',
      'ja',
      'ko',
    ]) {
      expect(tags, tag).toContain(tag);
    }
    expect(WRITTEN_LANGUAGES.find((l) => l.tag === 'fa')?.autonym).toBe('فارسی');
  });

  test('a tag is found whatever its case; anything else is not a language of the list', () => {
    expect(writtenLanguageTag('ZH-hant')).toBe('zh-Hant');
    expect(writtenLanguageTag(' fa ')).toBe('fa');
    expect(writtenLanguageTag('tl')).toBe('fil');
    expect(writtenLanguageTag('prs')).toBe('fa-AF');
    for (const value of ['', 'xx', 'fa-IR', 'zh', 'persian', 'en_US'])
      expect(writtenLanguageTag(value), value).toBeNull();
  });

  test('the request field: a tag, null or empty (not stated), left out (unchanged)', () => {
    expect(WrittenInInputSchema.parse('TH')).toBe('th');
    expect(WrittenInInputSchema.parse('')).toBeNull();
    expect(WrittenInInputSchema.parse(null)).toBeNull();
    expect(WrittenInInputSchema.parse(undefined)).toBeUndefined();
    for (const value of ['xx', 7, true, {}, ['fa']])
      expect(WrittenInInputSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  test('the page’s lang: the stated language, or unknown (empty) when none is stated', () => {
    expect(langOfWritten('fa')).toBe('fa');
    expect(langOfWritten(null)).toBe('');
    expect(langOfWritten(undefined)).toBe('');
    expect(['fa', 'fa-AF', 'ps', 'ur', 'dv'].every(isRightToLeft)).toBe(true);
    expect(isRightToLeft('th') || isRightToLeft(null)).toBe(false);
  });
});
