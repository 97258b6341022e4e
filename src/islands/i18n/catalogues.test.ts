import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LOCALES } from '../../i18n/locales.ts';
import { catalogueProblems } from '../../i18n/catalogue-rules.ts';
import { chooseLocale } from './page-locale.ts';
import { translatorOf } from './messages.ts';

/** Every catalogue of the signed-in pages (`src/islands/**\/messages/`) is whole in every language. */
const folders = globSync('src/islands/**/messages/en.json').map((file) => dirname(file));
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

test('the signed-in pages have catalogues', () => {
  expect(folders.length).toBeGreaterThan(0);
});

describe.each(folders)('%s', (folder) => {
  const english = read(join(folder, 'en.json'));
  test.each(LOCALES.filter((l) => l !== 'en'))('is whole in %s', (locale) => {
    const file = join(folder, `${locale}.json`);
    expect(existsSync(file), `${file} exists`).toBe(true);
    expect(catalogueProblems(english, read(file), locale)).toEqual([]);
  });
});

describe('the page language', () => {
  test('is the first of the browser’s languages the portal speaks', () => {
    expect(chooseLocale(['th-TH', 'fr-CA', 'en'])).toBe('fr');
    expect(chooseLocale(['zh-Hant-TW'])).toBe('zh');
    expect(chooseLocale(['RU'])).toBe('ru');
    expect(chooseLocale(['km', 'lo'])).toBe('en');
    expect(chooseLocale([])).toBe('en');
  });

  test('messages fill placeholders and fall back to English', () => {
    const m = translatorOf({ hello: 'Hello, {name}', only: 'English only' }, { hello: 'Bonjour, {name}' });
    expect(m('hello', { name: 'Aiko' })).toBe('Bonjour, Aiko');
    expect(m('only')).toBe('English only');
  });
});
