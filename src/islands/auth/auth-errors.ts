/**
 * Human messages for the identity service's error codes. The first block is the error
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

export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  // Spec §8.
  'auth/user-mismatch': 'The account you just used is not the one that is signed in. Sign in again with the same account.',
  'auth/password-does-not-meet-requirements':
    'This password does not meet the password policy. Check the requirements listed under the password field.',
  'auth/unauthorized-domain':
    'Sign-in is not allowed from this web address. Please use the portal’s official address, or tell the administrators.',
  'auth/popup-blocked':
    'Your browser blocked the sign-in window. Allow pop-ups for this site, or use “Sign in with redirect” instead.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before sign-in finished. Try again when you are ready.',
  'auth/cancelled-popup-request': 'Another sign-in window was opened, so this one was cancelled. Finish sign-in in the newest window.',
  'auth/web-storage-unsupported':
    'Your browser does not allow this site to store data, which sign-in needs. Turn off private mode or allow site data (cookies), then try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your internet connection and try again.',
  'auth/operation-not-supported-in-this-environment':
    'This way of signing in does not work in this browser. Try email and password, or another browser.',
  'auth/invalid-api-key': 'Sign-in is not set up correctly on this portal (invalid API key). Please tell the administrators.',
  'auth/auth-domain-config-required':
    'Sign-in with Google is not set up correctly on this portal (missing auth domain). Please tell the administrators.',
  'auth/internal-error': 'The sign-in service had an internal problem. Please try again in a moment.',
  'auth/invalid-auth-event': 'The sign-in response was not valid. Please start sign-in again.',

  // Common cases of sign-in, sign-up, verification and password reset.
  'auth/invalid-credential': 'The email or password is not correct.',
  'auth/wrong-password': 'The email or password is not correct.',
  'auth/user-not-found': 'The email or password is not correct.',
  'auth/invalid-login-credentials': 'The email or password is not correct.',
  'auth/email-already-in-use': 'An account with this email already exists. Sign in instead, or reset your password.',
  'auth/invalid-email': 'Enter a valid email address, such as name@example.org.',
  'auth/missing-email': 'Enter your email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/weak-password': 'This password is too weak. Use at least 8 characters, mixing letters, numbers and symbols.',
  'auth/too-many-requests': 'Too many attempts in a short time. Wait a few minutes, then try again.',
  'auth/user-disabled': 'This account has been disabled. Contact the portal administrators if you think this is a mistake.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one and use it within the time given in the email.',
  'auth/invalid-action-code': 'This link is not valid: it may have been used already or copied incompletely. Ask for a new one.',
  'auth/requires-recent-login': 'For your security, sign in again before doing this.',
  'auth/unauthorized-continue-uri': 'This portal’s address is not authorised to receive sign-in links. Please tell the administrators.',
  'auth/account-exists-with-different-credential':
    'An account already exists with this email using another sign-in method. Sign in with email and password instead.',
  'auth/operation-not-allowed': 'This sign-in method is not enabled for the portal.',
};

export const FALLBACK_AUTH_ERROR_MESSAGE = 'Something went wrong while talking to the sign-in service. Please try again.';

/** The error's Firebase code (`auth/…`), or null when it has none. */
export function authErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}

/** A clear message for any error thrown by the identity service (or the fallback). */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  return (code && AUTH_ERROR_MESSAGES[code]) || FALLBACK_AUTH_ERROR_MESSAGE;
}
