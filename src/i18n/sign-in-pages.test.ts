import { describe, expect, it } from 'vitest';
import { carryQuery, namedLanguage, signInHref, signInPageLanguage } from './sign-in-pages.ts';

describe('the sign-in pages’ addresses (decision 059)', () => {
  it('name the language: a prefix, or ?lang=en for English; none leaves it to the server', () => {
    expect(signInHref('/login', 'zh')).toBe('/zh/login');
    expect(signInHref('/email/verification', 'ru')).toBe('/ru/email/verification');
    expect(signInHref('/login', 'en')).toBe('/login?lang=en');
    expect(signInHref('/signup', null)).toBe('/signup');
  });

  it('carry their parameters', () => {
    expect(signInHref('/login', 'fr', { email: 'a+b@x.example' })).toBe('/fr/login?email=a%2Bb%40x.example');
    expect(signInHref('/login', 'en', { email: 'a@x.example' })).toBe('/login?email=a%40x.example&lang=en');
    expect(signInHref('/login', null, { next: '/admin/users' })).toBe('/login?next=%2Fadmin%2Fusers');
  });

  it('tell the language an address named from the one the server chose', () => {
    expect(signInPageLanguage('/zh/login', '')).toBe('zh');
    expect(signInPageLanguage('/ru/email/verification', '?mode=verifyEmail&oobCode=x')).toBe('ru');
    expect(signInPageLanguage('/login', '?lang=en')).toBe('en');
    // The identity service's emails add their language to their links.
    expect(signInPageLanguage('/email/verification', '?mode=resetPassword&oobCode=x&lang=zh-CN')).toBe('zh');
    expect(signInPageLanguage('/login', '')).toBeNull();
    expect(signInPageLanguage('/login', '?lang=de')).toBeNull();
    expect(signInPageLanguage('/signup', '?next=/dashboard')).toBeNull();
    // Only the sign-in pages read ?lang.
    expect(signInPageLanguage('/national-reports', '?lang=fr')).toBeNull();
  });

  it('read a language parameter by its primary subtag', () => {
    expect(namedLanguage('fr')).toBe('fr');
    expect(namedLanguage('zh-CN')).toBe('zh');
    expect(namedLanguage('RU_ru')).toBe('ru');
    expect(namedLanguage('th')).toBeNull();
    expect(namedLanguage('')).toBeNull();
    expect(namedLanguage(null)).toBeNull();
  });

  it('keep where the person was going when the language switch is used', () => {
    expect(carryQuery('/zh/login', '?next=%2Fadmin%2Fusers&signout=1')).toBe('/zh/login?next=%2Fadmin%2Fusers');
    expect(carryQuery('/login?lang=en', '?email=a%40x.example&lang=ru')).toBe('/login?lang=en&email=a%40x.example');
    expect(carryQuery('/fr/login', '')).toBe('/fr/login');
  });
});
