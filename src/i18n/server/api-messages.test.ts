import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../catalogue-rules.ts';
import { LOCALES } from '../locales.ts';
import { API_CATALOGUES, localiseBody, wordIn } from '../../lib/i18n/api-messages.ts';
import { say } from '../../lib/i18n/said.ts';
import { languageOfAcceptLanguage } from '../../lib/i18n/request-language.server.ts';
import { allMessageLiterals } from './message-literals.ts';
import { expectCases } from '../../../tests/support/cases.ts';

const ROOT = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');

/** Files whose strings no API answer carries: start-up configuration, the site build, storage keys, seeds. */
const NOT_API = new RegExp(
  [
    'src/lib/i18n/',
    'src/lib/env\\.server\\.ts',
    'src/lib/db/',
    'src/server/(main|site-builder|site-files)\\.ts',
    'src/lib/storage/(file-access|local-disk-store)',
    'seed\\.server\\.ts',
  ].join('|'),
);

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
  // The progress assessment's codes: why an area has no class, and the curated data's note parts.
  'too_few_points',
  'series break',
  'projection',
]);

describe('the API’s message catalogues (decisions 043 and 064)', () => {
  it('are whole in every language: every key, valid ICU, the same values, each plural form the language uses', () => {
    for (const locale of LOCALES) {
      if (locale === 'en') continue;
      expect(catalogueProblems(API_CATALOGUES.en, API_CATALOGUES[locale], locale), locale).toEqual([]);
    }
  });

  it('have every message the API’s code says as a key, none built from its values', () => {
    const literals = allMessageLiterals(ROOT, (file) => NOT_API.test(file)).filter(
      (literal) => !NOT_MESSAGES.has(literal.pattern),
    );
    const built = literals.filter((literal) => literal.pattern.includes('{}'));
    expect(
      built.map((literal) => `${literal.file}:${literal.line} ${literal.pattern}`),
      'say these by key and values: say(key, { … })',
    ).toEqual([]);
    const missing = literals.filter((literal) => !(literal.pattern in API_CATALOGUES.en));
    expect(
      missing.map((literal) => `${literal.file}:${literal.line} ${literal.pattern}`),
      'add these messages to src/lib/i18n/api-messages/*.json',
    ).toEqual([]);
  });

  it('word a message by its key: values’ terms, numbers the language’s way, plural forms by count', () => {
    const cannotBe = 'A report that is {reportStatus} cannot be {reportAction}';
    expect(wordIn('fr', say(cannotBe, { reportStatus: 'submitted', reportAction: 'returned' }))).toBe(
      'Un rapport au statut «\u00a0soumis\u00a0» ne peut pas être renvoyé',
    );
    const unanswered =
      '{count, plural, one {# required question is still unanswered} other {# required questions are still ' +
      'unanswered}}';
    expect(wordIn('ru', say(unanswered, { count: 3 }))).toBe('3 обязательных вопроса пока без ответа');
    expect(wordIn('ru', say(unanswered, { count: 5 }))).toBe('5 обязательных вопросов пока без ответа');
    expect(String(say(unanswered, { count: 1 }))).toBe('1 required question is still unanswered');
    const sections = say('Complete these sections before submitting: {sections}', { sections: 'Summary, Results' });
    expect(wordIn('zh', sections)).toBe('提交前请填写以下部分：摘要、成果');
    const atMost = say('must be at most {max} characters', { max: 2000 });
    expect(wordIn('fr', atMost)).toBe('doit comporter au plus 2\u202f000 caractères');
    expect(wordIn('en', atMost)).toBe('must be at most 2000 characters');
    // The English text is the said message itself (what JSON writes), exactly as the contract has it.
    expect(JSON.stringify({ message: atMost })).toBe('{"message":"must be at most 2000 characters"}');
    // A plain key is looked up as it is; what the catalogue does not know stays as written.
    expect(wordIn('ru', 'Not found')).toBe(API_CATALOGUES.ru['Not found']);
    expect(wordIn('ru', 'Nothing known')).toBe('Nothing known');
  });

  it('word a body’s message and field errors and nothing else', () => {
    const body = {
      status: 400,
      message: say('Invalid {what}: check {fields}', { what: 'body', fields: 'title' }),
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
    expect(JSON.parse(JSON.stringify(body))).toEqual({ ...body, message: 'Invalid body: check title' });
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
