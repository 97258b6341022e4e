import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../catalogue-rules.ts';
import { LOCALES } from '../locales.ts';
import { API_CATALOGUES, englishForms, localiseBody, translateMessage } from '../../lib/i18n/api-messages.ts';
import { languageOfAcceptLanguage } from '../../lib/i18n/request-language.server.ts';
import { allMessageLiterals } from './message-literals.ts';
import { expectCases } from '../../../tests/support/cases.ts';

const ROOT = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');

/** Files whose strings no API answer carries: start-up configuration, the site build, storage keys, seeds. */
const NOT_API =
  /src\/lib\/i18n\/|src\/lib\/env\.server\.ts|src\/lib\/db\/|src\/server\/(main|site-builder|site-files)\.ts|src\/lib\/storage\/(file-access|local-disk-store)|seed\.server\.ts/;

/** Strings the scan finds in a message's place that are no message: field names, file suffixes, codes. */
const NOT_MESSAGES = new Set([
  '.pdf',
  'media_kind',
  'video_url',
  'cms_type',
  '.{}',
  'application/json',
  '{}/',
  'https:',
  '-expired',
  '-revoked',
  'user-disabled',
  'user-not-found',
  'xref',
  'trailer',
  'subcategory',
  'code',
  'version',
  'uuids',
  'roles',
  'country_code',
  '"',
  '/api/',
  'text/html',
  '.html',
  '.test.ts',
  // A dataset's title: the country's name and the year.
  '{} {}',
]);

const normalise = (text: string) => text.replace(/\{\w*\}/g, '{}');

/** Whether a pattern found in the code is one of the catalogue's English texts (or an instance of one). */
function known(pattern: string, forms: readonly { normal: string; regex: RegExp }[]): boolean {
  // A pattern with values built in may be an instance of a more general one ("Invalid body: check {}" of "Invalid
  // {what}: check {fields}").
  // Each value of the general one must then be one word, or the general translation would swallow English words.
  const sample = pattern.replaceAll('{}', 'x');
  return forms.some(
    (form) =>
      form.normal === pattern ||
      (form.regex
        .exec(sample)
        ?.slice(1)
        .every((value) => !/\s/.test(value)) ??
        false),
  );
}

/** Plural forms as ICU's plural (until the API's catalogues are ICU too). */
const icu = (catalogue: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(catalogue).map(([key, message]) => [
      key,
      typeof message === 'string'
        ? message
        : `{count, plural, ${Object.entries(message as object)
            .map(([form, text]) => `${form} {${String(text)}}`)
            .join(' ')}}`,
    ]),
  );

describe('the API’s message catalogues (decision 043)', () => {
  it('are whole in every language', () => {
    for (const locale of LOCALES) {
      if (locale === 'en') continue;
      expect(catalogueProblems(icu(API_CATALOGUES.en), icu(API_CATALOGUES[locale]), locale), locale).toEqual([]);
    }
  });

  it('translate every message the API’s code writes', () => {
    const forms = Object.keys(API_CATALOGUES.en).flatMap((key) =>
      englishForms(key).map((form) => ({
        normal: normalise(form),
        regex: new RegExp(`^${form.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[\\s\\S]+?')}$`),
      })),
    );
    const missing = allMessageLiterals(ROOT, (file) => NOT_API.test(file))
      .filter((literal) => !NOT_MESSAGES.has(literal.pattern) && !known(literal.pattern, forms))
      .map((literal) => `${literal.file}:${literal.line} ${literal.pattern}`);
    expect(missing, 'add these English messages to src/lib/i18n/api-messages/*.json').toEqual([]);
  });

  it('give values their terms, numbers the language’s way, plural forms by count', () => {
    expect(translateMessage('fr', 'A report that is submitted cannot be returned')).toBe(
      'Un rapport au statut «\u00a0soumis\u00a0» ne peut pas être renvoyé',
    );
    expect(translateMessage('ru', '3 required questions are still unanswered')).toBe(
      '3 обязательных вопроса пока без ответа',
    );
    expect(translateMessage('ru', '5 required questions are still unanswered')).toBe(
      '5 обязательных вопросов пока без ответа',
    );
    expect(translateMessage('zh', 'Complete these sections before submitting: Summary, Results')).toBe(
      '提交前请填写以下部分：摘要、成果',
    );
    expect(translateMessage('fr', 'must be at most 2000 characters')).toBe(
      'doit comporter au plus 2\u202f000 caractères',
    );
    expect(translateMessage('en', 'must be at most 2000 characters')).toBe('must be at most 2000 characters');
    // What the catalogue does not know stays as written.
    expect(translateMessage('ru', 'Nothing known')).toBe('Nothing known');
  });

  it('translate a body’s message and field errors and nothing else', () => {
    const body = {
      status: 400,
      message: 'Invalid body: check title',
      errors: { title: ['is required'] },
      data: { message: 'is required' },
    };
    expect(localiseBody('ru', body)).toEqual({
      status: 400,
      message: 'Неверные данные запроса: проверьте title',
      errors: { title: ['обязательное поле'] },
      data: { message: 'is required' },
    });
    expect(localiseBody('en', body)).toBe(body);
  });
});

describe('the language of a request', () => {
  it('is the first tag of Accept-Language the portal speaks, by preference; English otherwise', () => {
    expectCases(languageOfAcceptLanguage, [
      ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
      ['zh-Hans-CN', 'zh'],
      ['de-DE, ru;q=0.5, fr;q=0.7', 'fr'],
      ['ru;q=0, fr;q=0.1', 'fr'],
      ['th, de', 'en'],
      ['', 'en'],
      [undefined, 'en'],
    ]);
  });
});
