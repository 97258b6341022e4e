import { describe, expect, it } from 'vitest';
import { reasonFrom, retryTarget } from './error-pages.ts';

const at = (path: string, search = '') => ({ pathname: path, search, origin: 'https://portal.example' });

describe('reasonFrom', () => {
  it('reads inactive and defaults to forbidden', () => {
    expect(reasonFrom('?reason=inactive')).toBe('inactive');
    expect(reasonFrom('?reason=forbidden')).toBe('forbidden');
    expect(reasonFrom('')).toBe('forbidden');
    expect(reasonFrom('?reason=<b>')).toBe('forbidden');
  });
});

describe('retryTarget', () => {
  it('reloads when the page is served at the failing address', () => {
    expect(retryTarget(at('/national-reports'), '')).toBeNull();
  });

  it('goes back to ?from=, else the same-origin referrer, else home', () => {
    expect(retryTarget(at('/server-error', '?from=/admin/users'), '')).toBe('/admin/users');
    expect(retryTarget(at('/server-error', '?from=//evil.example'), '')).toBe('/');
    expect(retryTarget(at('/server-error'), 'https://portal.example/dashboard?x=1')).toBe('/dashboard?x=1');
    expect(retryTarget(at('/server-error'), 'https://evil.example/dashboard')).toBe('/');
    expect(retryTarget(at('/server-error/'), '')).toBe('/');
  });
});
