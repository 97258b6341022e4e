import { describe, expect, it } from 'vitest';
import { authPageLocale, authPagePath } from './auth-pages.ts';

describe('the sign-in pages at their plain addresses', () => {
  it('take the language this browser chose last, then the browser’s, then English', () => {
    expect(authPageLocale('/login', 'theme=dark; apua-language=ru', 'fr-FR,fr;q=0.9')).toBe('ru');
    expect(authPageLocale('/login', undefined, 'zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(authPageLocale('/signup/', '', 'th-TH, fr;q=0.5')).toBe('fr');
    expect(authPageLocale('/email/verification', undefined, undefined)).toBe('en');
  });

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
