import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn, safeNextPath } from './navigation.ts';

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeNextPath('?next=/admin/users')).toBe('/admin/users');
    expect(safeNextPath('?next=' + encodeURIComponent('/admin/users?page=2#top'))).toBe('/admin/users?page=2#top');
  });

  it.each([
    ['missing', ''],
    ['empty', '?next='],
    ['protocol-relative', '?next=//evil.example/x'],
    ['backslash', '?next=/%5Cevil.example'],
    ['absolute URL', '?next=https://evil.example/'],
    ['javascript URL', '?next=javascript:alert(1)'],
    ['relative path', '?next=dashboard'],
    ['tab trick', '?next=/%09/evil.example'],
  ])('rejects a %s value', (_name, search) => {
    expect(safeNextPath(search)).toBeNull();
  });
});

describe('destinationAfterSignIn', () => {
  it('sends unverified emails to verification whatever next says', () => {
    expect(destinationAfterSignIn({ emailVerified: false }, '?next=/admin/users')).toBe('/email/verification');
    // In the sign-in page's language (decision 059).
    expect(destinationAfterSignIn({ emailVerified: false }, '', '/zh/email/verification')).toBe(
      '/zh/email/verification',
    );
    expect(destinationAfterSignIn({ emailVerified: true }, '', '/zh/email/verification')).toBe('/dashboard');
  });

  it('uses next, else the dashboard', () => {
    expect(destinationAfterSignIn({ emailVerified: true }, '?next=/admin/users')).toBe('/admin/users');
    expect(destinationAfterSignIn({ emailVerified: true }, '?next=//evil.example')).toBe('/dashboard');
    expect(destinationAfterSignIn({ emailVerified: true }, '')).toBe('/dashboard');
  });
});
