import { describe, expect, it } from 'vitest';
import { BACKOFFICE_ROUTES } from '../../lib/access/permissions.ts';
import { $router, isIslandPath, pathTo } from './router.ts';

function match(path: string) {
  for (const [name, pattern] of $router.routes) {
    const found = path.match(pattern as RegExp);
    if (found) return { name, params: { ...found.groups } };
  }
  return null;
}

describe('back-office router', () => {
  it('knows every route of the permission module plus profile completion and My profile', () => {
    const names = $router.routes.map(([name]) => name);
    expect(names).toEqual([...Object.keys(BACKOFFICE_ROUTES), 'profileCompletion', 'myProfile']);
  });

  it('matches child routes and optional params', () => {
    expect(match('/module/report/national/PH/2025/indicator/form')).toEqual({
      name: 'nationalReportIndicatorForm',
      params: { country_code: 'PH', year: '2025' },
    });
    expect(match('/module/best-practice/form')?.name).toBe('bestPracticeForm');
    expect(match('/module/best-practice/form/abc')?.params).toEqual({ uuid: 'abc' });
    expect(match('/content-management/banner/form-banner')?.name).toBe('cmsBannerForm');
    expect(match('/admin/users/form/u-1')?.name).toBe('userForm');
    expect(match('/admin/nothing-here')).toBeNull();
  });

  it('builds paths, leaving out a missing optional param', () => {
    expect(pathTo('bestPracticeForm')).toBe('/module/best-practice/form');
    expect(pathTo('userForm', { uuid: 'u 1' })).toBe('/admin/users/form/u%201');
    expect(pathTo('users', {}, { status: '0' })).toBe('/admin/users?status=0');
  });

  it('claims the same paths as the server’s shell fallback', () => {
    for (const path of [
      '/dashboard',
      '/admin/x',
      '/module/a',
      '/content-management',
      '/profile/completion',
      '/profile',
    ]) {
      expect(isIslandPath(path), path).toBe(true);
    }
    for (const path of ['/', '/login', '/module', '/national-reports', '/profile/other', '/profiles']) {
      expect(isIslandPath(path), path).toBe(false);
    }
  });
});
