import { describe, expect, it } from 'vitest';
import { authPageLocale, authPagePath } from './auth-pages.ts';

describe('the sign-in pages at their plain addresses', () => {
  it('take the language this browser chose last, then the browser’s, then English', () => {
    expect(authPageLocale('/login', 'theme=dark; apua-language=ru', 'fr-FR,fr;q=0.9')).toBe('ru');
    expect(authPageLocale('/login', undefined, 'zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(authPageLocale('/signup/', '', 'th-TH, fr;q=0.5')).toBe('fr');
    expect(authPageLocale('/email/verification', undefined, undefined)).toBe('en');
  });

  it(
    'take the language the address names in ?lang (the sign-in page’s switch, the identity service’s email ' +
      'links) before all',
    () => {
      expect(authPageLocale('/login', 'apua-language=zh', 'zh-CN', 'en')).toBe('en');
      expect(authPageLocale('/email/verification', 'apua-language=en', 'en', 'zh-CN')).toBe('zh');
      expect(authPageLocale('/signup', undefined, 'fr', 'ru')).toBe('ru');
      // A language the portal does not speak is no choice: the cookie, then the browser decide.
      expect(authPageLocale('/login', 'apua-language=fr', 'ru', 'de')).toBe('fr');
      expect(authPageLocale('/login', undefined, 'ru', '')).toBe('ru');
      // A prefixed address keeps its own language.
      expect(authPageLocale('/fr/login', undefined, 'ru', 'en')).toBeNull();
    },
  );

  it('ignore a cookie that names no language of the portal', () => {
    expect(authPageLocale('/login', 'apua-language=de', 'ru')).toBe('ru');
    expect(authPageLocale('/login', 'xapua-language=zh', 'fr')).toBe('fr');
  });

  it('leave every other address alone, prefixed sign-in pages included', () => {
    expect(authPageLocale('/fr/login', 'apua-language=ru', 'ru')).toBeNull();
    expect(authPageLocale('/national-reports', 'apua-language=ru', 'ru')).toBeNull();
    expect(authPageLocale('/login/extra', undefined, 'ru')).toBeNull();
  });

  it('name the built page of each language', () => {
    expect(authPagePath('/login', 'en')).toBe('/login');
    expect(authPagePath('/login', 'zh')).toBe('/zh/login');
    expect(authPagePath('/email/verification', 'ru')).toBe('/ru/email/verification');
  });
});
