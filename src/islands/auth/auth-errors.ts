import { m } from './messages.ts';

/**
 * Human messages for the identity service's error codes, in the page's language (issue 17). The first block is the
 * error
 * catalogue of spec §8; every code there has its own message so that a person (or support)
 * can tell the cases apart. Codes are Firebase Auth's, which carry an `auth/` prefix.
 */
export const SPEC_IDENTITY_ERROR_CODES = [
  'auth/user-mismatch',
  'auth/password-does-not-meet-requirements',
  'auth/unauthorized-domain',
  'auth/popup-blocked',
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/web-storage-unsupported',
  'auth/network-request-failed',
  'auth/operation-not-supported-in-this-environment',
  'auth/invalid-api-key',
  'auth/auth-domain-config-required',
  'auth/internal-error',
  'auth/invalid-auth-event',
] as const;

/** The message of each code, in the page's language (the catalogue's `error.<code without auth/>`). */
const CODE_MESSAGES = {
  // Spec §8.
  'auth/user-mismatch': m('error.user-mismatch'),
  'auth/password-does-not-meet-requirements': m('error.password-does-not-meet-requirements'),
  'auth/unauthorized-domain': m('error.unauthorized-domain'),
  'auth/popup-blocked': m('error.popup-blocked'),
  'auth/popup-closed-by-user': m('error.popup-closed-by-user'),
  'auth/cancelled-popup-request': m('error.cancelled-popup-request'),
  'auth/web-storage-unsupported': m('error.web-storage-unsupported'),
  'auth/network-request-failed': m('error.network-request-failed'),
  'auth/operation-not-supported-in-this-environment': m('error.operation-not-supported-in-this-environment'),
  'auth/invalid-api-key': m('error.invalid-api-key'),
  'auth/auth-domain-config-required': m('error.auth-domain-config-required'),
  'auth/internal-error': m('error.internal-error'),
  'auth/invalid-auth-event': m('error.invalid-auth-event'),

  // Common cases of sign-in, sign-up, verification and password reset.
  'auth/invalid-credential': m('error.invalid-credential'),
  'auth/wrong-password': m('error.invalid-credential'),
  'auth/user-not-found': m('error.invalid-credential'),
  'auth/invalid-login-credentials': m('error.invalid-credential'),
  'auth/email-already-in-use': m('error.email-already-in-use'),
  'auth/invalid-email': m('error.invalid-email'),
  'auth/missing-email': m('error.missing-email'),
  'auth/missing-password': m('error.missing-password'),
  'auth/weak-password': m('error.weak-password'),
  'auth/too-many-requests': m('error.too-many-requests'),
  'auth/user-disabled': m('error.user-disabled'),
  'auth/expired-action-code': m('error.expired-action-code'),
  'auth/invalid-action-code': m('error.invalid-action-code'),
  'auth/requires-recent-login': m('error.requires-recent-login'),
  'auth/unauthorized-continue-uri': m('error.unauthorized-continue-uri'),
  'auth/account-exists-with-different-credential': m('error.account-exists-with-different-credential'),
  'auth/operation-not-allowed': m('error.operation-not-allowed'),
} satisfies Record<(typeof SPEC_IDENTITY_ERROR_CODES)[number], string> & Record<string, string>;

export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = CODE_MESSAGES;

export const FALLBACK_AUTH_ERROR_MESSAGE = m('error.fallback');

/** The error's Firebase code (`auth/…`), or null when it has none. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return null;
}

/** A clear message for any error thrown by the identity service (or the fallback). */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  return (code && AUTH_ERROR_MESSAGES[code]) || FALLBACK_AUTH_ERROR_MESSAGE;
}
