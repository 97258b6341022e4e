/** Where a signed-in person goes when no (valid) `next` parameter says otherwise. */
export const DEFAULT_DESTINATION = '/dashboard';
/**
 * Where a freshly verified account goes on: profile completion, which sends people who already
 * have a country on to the dashboard (a new account is inactive, and the dashboard's guard would
 * stop it at the "awaiting activation" page before it could give its country).
 */
export const AFTER_VERIFICATION = '/profile/completion';
export const VERIFICATION_PATH = '/email/verification';

/**
 * The `next` query parameter when it is a same-origin path ("/admin/users?page=2"), else null.
 * Rejects "//host", "/\host" (browsers read a backslash as a slash) and anything with a scheme,
 * so that a crafted login link cannot send people to another site after they sign in.
 */
export function safeNextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters (tabs, newlines) are stripped by URL parsers and could rebuild "//".
  if ([...next].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  try {
    const url = new URL(next, 'https://portal.invalid');
    if (url.origin !== 'https://portal.invalid') return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/**
 * After sign-in: unverified emails go to verification (`verification`: its address in the page's
 * language), everyone else to `next` or the dashboard.
 */
export function destinationAfterSignIn(
  user: { emailVerified: boolean },
  search: string,
  verification: string = VERIFICATION_PATH,
): string {
  if (!user.emailVerified) return verification;
  return safeNextPath(search) ?? DEFAULT_DESTINATION;
}
