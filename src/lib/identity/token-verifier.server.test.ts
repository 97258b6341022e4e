import type { DecodedIdToken } from 'firebase-admin/auth';
import { describe, expect, test } from 'vitest';
import { claimProblem } from './token-verifier.server.ts';

const NOW = 1_800_000_000;
const PROJECT = 'apua-portal';

function token(overrides: Record<string, unknown> = {}, drop: string[] = []): DecodedIdToken {
  const claims: Record<string, unknown> = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: NOW - 600,
    iat: NOW - 60,
    exp: NOW + 3540,
    sub: 'uid-1',
    uid: 'uid-1',
    ...overrides,
  };
  for (const name of drop) delete claims[name];
  return claims as unknown as DecodedIdToken;
}

describe('claimProblem: every claim, whatever the mode', () => {
  test('a genuine ID token passes', () => {
    expect(claimProblem(token(), PROJECT, 'id token', NOW)).toBeNull();
  });

  test.each([
    ['no exp', token({}, ['exp']), 'exp'],
    ['exp not a number', token({ exp: String(NOW + 60) }), 'exp'],
    ['expired', token({ exp: NOW - 1 }), 'expired'],
    ['lives longer than an hour', token({ exp: NOW + 86_400 }), 'exp'],
    ['no iat', token({}, ['iat']), 'iat'],
    ['iat in the future', token({ iat: NOW + 120, exp: NOW + 3600 }), 'iat'],
    ['iat after exp', token({ iat: NOW + 30, exp: NOW + 20 }), 'iat'],
    ['no auth_time', token({}, ['auth_time']), 'auth_time'],
    ['auth_time in the future', token({ auth_time: NOW + 3600 }), 'auth_time'],
    ['auth_time after iat', token({ auth_time: NOW + 50, iat: NOW - 60 }), 'auth_time'],
    ['another audience', token({ aud: 'other-project' }), 'aud'],
    ['another issuer', token({ iss: 'https://securetoken.google.com/other-project' }), 'iss'],
    ['a session issuer on an ID token', token({ iss: `https://session.firebase.google.com/${PROJECT}` }), 'iss'],
    ['empty sub', token({ sub: '', uid: '' }), 'sub'],
    ['sub too long', token({ sub: 'x'.repeat(129), uid: 'x'.repeat(129) }), 'sub'],
    ['uid other than sub', token({ uid: 'uid-2' }), 'sub'],
  ])('%s: refused (%s)', (_what, decoded, problem) => {
    expect(claimProblem(decoded, PROJECT, 'id token', NOW)).toBe(problem);
  });

  test('a clock up to a minute behind the identity service is tolerated', () => {
    expect(
      claimProblem(token({ iat: NOW + 30, auth_time: NOW + 30, exp: NOW + 3630 }), PROJECT, 'id token', NOW),
    ).toBeNull();
  });

  test('session cookies: their own issuer and a lifetime of up to two weeks', () => {
    const cookie = token({ iss: `https://session.firebase.google.com/${PROJECT}`, exp: NOW + 5 * 86_400 });
    expect(claimProblem(cookie, PROJECT, 'session cookie', NOW)).toBeNull();
    expect(claimProblem(token({ exp: NOW + 5 * 86_400 }), PROJECT, 'session cookie', NOW)).toBe('iss');
    const tooLong = token({ iss: `https://session.firebase.google.com/${PROJECT}`, exp: NOW + 30 * 86_400 });
    expect(claimProblem(tooLong, PROJECT, 'session cookie', NOW)).toBe('exp');
  });
});
