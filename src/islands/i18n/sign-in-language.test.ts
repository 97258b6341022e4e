import { describe, expect, it } from 'vitest';
import { identityLanguageCode, languageAfterSignIn, parseArrival } from './sign-in-language.ts';

describe('the back-office’s language after a sign-in (decisions 042, 059)', () => {
  it('is the language the sign-in page’s address named, whatever the account says', () => {
    expect(languageAfterSignIn('en', { locale: 'zh', named: true }, 'en')).toBe('zh');
    expect(languageAfterSignIn(null, { locale: 'ru', named: true }, 'fr')).toBe('ru');
    expect(languageAfterSignIn('ru', { locale: 'en', named: true }, 'ru')).toBe('en');
  });

  it('is the account’s after a sign-in page the server chose the language of', () => {
    expect(languageAfterSignIn('ru', { locale: 'en', named: false }, 'en')).toBe('ru');
    expect(languageAfterSignIn('fr', null, 'en')).toBe('fr');
  });

  it('is the sign-in page’s, else the browser’s, for an account without one', () => {
    expect(languageAfterSignIn(null, { locale: 'zh', named: false }, 'en')).toBe('zh');
    expect(languageAfterSignIn(null, null, 'fr')).toBe('fr');
  });

  it('reads only a well-formed note', () => {
    expect(parseArrival('{"locale":"zh","named":true}')).toEqual({ locale: 'zh', named: true });
    expect(parseArrival(null)).toBeNull();
    expect(parseArrival('{"locale":"de","named":true}')).toBeNull();
    expect(parseArrival('{"locale":"fr"}')).toBeNull();
    expect(parseArrival('"fr"')).toBeNull();
    expect(parseArrival('{not json')).toBeNull();
  });

  it(
    'asks the identity service for its emails in the page’s ' + 'language (its code for Simplified Chinese is zh-CN)',
    () => {
      expect(identityLanguageCode('zh')).toBe('zh-CN');
      expect(identityLanguageCode('fr')).toBe('fr');
      expect(identityLanguageCode('ru')).toBe('ru');
      expect(identityLanguageCode('en')).toBe('en');
    },
  );
});
