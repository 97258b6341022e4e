import { describe, expect, test } from 'vitest';
import { isAllowedHref } from './link-policy.ts';

describe('isAllowedHref', () => {
  test('http, https and mailto addresses, and paths of this site', () => {
    for (const href of [
      'https://example.org',
      'http://example.org/a?b=1&c=2#d',
      'HTTPS://EXAMPLE.ORG',
      'mailto:info@example.org',
      '/urbanisation-profile',
      '/',
      '/a/b?c#d',
      '/%5Cx',
    ]) {
      expect(isAllowedHref(href), href).toBe(true);
    }
  });

  test('other hosts written as paths: protocol-relative, backslashes', () => {
    for (const href of [
      '//evil.example/x',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      'https://ok.example\\@evil.example',
    ]) {
      expect(isAllowedHref(href), href).toBe(false);
    }
  });

  test('scripts, data and every other scheme, however written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'javascript\u0000:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.org',
      'mailto:',
      'mailto://evil.example',
      'https:',
      'https:/evil.example',
      'https:///evil.example',
    ]) {
      expect(isAllowedHref(href), JSON.stringify(href)).toBe(false);
    }
  });

  test('relative links, fragments, blanks and control characters anywhere', () => {
    for (const href of [
      '',
      'page',
      './page',
      '../page',
      '#top',
      '?q=1',
      '/a b',
      '/a\u00a0b',
      '/a\u2028b',
      '/a\u0085b',
      'https://a.example/\u007f',
      'https://a.example/\r',
    ]) {
      expect(isAllowedHref(href), JSON.stringify(href)).toBe(false);
    }
  });
});
