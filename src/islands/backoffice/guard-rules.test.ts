import { describe, expect, it } from 'vitest';
import type { Whoami } from '../../lib/identity/schema.ts';
import { resolveGuard, type GuardInput } from './guard-rules.ts';
import type { AppPage } from './router.ts';

const signedIn = {
  status: 'signedIn',
  uid: 'u1',
  emailVerified: true,
  displayName: null,
  email: 'a@b.example',
} as const;

function identity(
  overrides: Partial<Whoami> = {},
  role = 'state_member',
  permissions = [{ module: 'national_report', rules: ['view'] }],
): Whoami {
  return {
    id: 1,
    name: 'Ana',
    email: 'a@b.example',
    uuid: '00000000-0000-4000-8000-000000000001',
    status: 1,
    phone_number: null,
    country_code: 'PH',
    photo: null,
    created_at: '2026-01-01T00:00:00.000Z',
    country: { code: 'PH', name: 'Philippines', flag: '/flags/ph.svg', status: 1, continent: 'Asia' },
    roles: [{ id: 4, name: role, description: role, permissions }],
    version: 1,
    language: 'en',
    ...overrides,
  };
}

function page(route: AppPage['route'], params: Record<string, string> = {}, path = '/x'): AppPage {
  return { route, params, path, search: {}, hash: '' } as AppPage;
}

function decide(input: Partial<GuardInput>) {
  return resolveGuard({
    auth: signedIn,
    identity: { status: 'ready', identity: identity() },
    signingOut: false,
    page: page('dashboard'),
    next: '/admin/users?page=2',
    ...input,
  });
}

describe('resolveGuard', () => {
  it('waits for the identity service and for whoami', () => {
    expect(decide({ auth: { status: 'loading' } }).kind).toBe('wait');
    expect(decide({ identity: { status: 'loading' } }).kind).toBe('wait');
  });

  it('sends signed-out visitors to login with the path they wanted', () => {
    expect(decide({ auth: { status: 'signedOut' } })).toEqual({
      kind: 'leave',
      to: '/login?next=%2Fadmin%2Fusers%3Fpage%3D2',
    });
  });

  it('waits instead of bouncing to login while signing out', () => {
    expect(decide({ auth: { status: 'signedOut' }, signingOut: true })).toEqual({ kind: 'wait', reason: 'signingOut' });
  });

  it('checks, in order: verified email, whoami, active status, country, route rule', () => {
    expect(decide({ auth: { ...signedIn, emailVerified: false } })).toEqual({
      kind: 'leave',
      to: '/email/verification',
    });
    expect(decide({ identity: { status: 'error', error: new Error('down') } })).toEqual({
      kind: 'leave',
      to: '/server-error',
    });
    const inactiveNoCountry = identity({ status: 0, country_code: null, country: null });
    expect(decide({ identity: { status: 'ready', identity: inactiveNoCountry } })).toEqual({
      kind: 'leave',
      to: '/unauthorized-access?reason=inactive',
    });
    const noCountry = identity({ country_code: null, country: null });
    expect(decide({ identity: { status: 'ready', identity: noCountry } })).toEqual({
      kind: 'redirect',
      to: '/profile/completion',
    });
    expect(decide({ page: page('acl') })).toEqual({ kind: 'leave', to: '/unauthorized-access?reason=forbidden' });
    expect(decide({ page: page('nationalReports') }).kind).toBe('render');
  });

  it('keeps country-scoped routes inside the user’s country', () => {
    const form = (country: string) => page('nationalReportIndicatorPreview', { country_code: country, year: '2025' });
    expect(decide({ page: form('PH') }).kind).toBe('render');
    expect(decide({ page: form('JP') })).toEqual({ kind: 'leave', to: '/unauthorized-access?reason=forbidden' });
  });

  it('lets only users without a country reach profile completion, active or not', () => {
    const pending = identity({ status: 0, country_code: null, country: null });
    expect(decide({ identity: { status: 'ready', identity: pending }, page: page('profileCompletion') }).kind).toBe(
      'render',
    );
    expect(decide({ page: page('profileCompletion') })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('shows not-found inside the layout for an unknown back-office path', () => {
    expect(decide({ page: undefined }).kind).toBe('notFound');
  });
});
