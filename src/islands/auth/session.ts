import { signOut, type Auth, type User } from 'firebase/auth';
import { loadClientConfig } from '../../lib/client/firebase.ts';

/**
 * Token sync (spec §7): tells the server about a fresh sign-in so that it can set its
 * download cookie. Best effort: the portal works without it, so failures are ignored.
 */
export async function syncSession(user: User): Promise<void> {
  try {
    const [{ tokenSyncUrl }, token] = await Promise.all([loadClientConfig(), user.getIdToken()]);
    await fetch(tokenSyncUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    });
  } catch {
    // Ignored on purpose (see above).
  }
}

/** Signs out of the identity service and ends the server's session cookie (best effort). */
export async function endSession(auth: Auth): Promise<void> {
  const user = auth.currentUser;
  let token: string | null = null;
  try {
    token = user ? await user.getIdToken() : null;
  } catch {
    token = null;
  }
  await signOut(auth);
  try {
    const { tokenSyncUrl } = await loadClientConfig();
    await fetch(tokenSyncUrl, {
      method: 'DELETE',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    // The cookie expires by itself; signing out of the identity service is what matters.
  }
}

const SENT_AT_KEY = 'apua:verification-sent-at';

/** Remembers when a verification email was sent, so the resend cooldown survives a reload. */
export function rememberVerificationSent(at: number = Date.now()): void {
  try {
    sessionStorage.setItem(SENT_AT_KEY, String(at));
  } catch {
    // Storage can be unavailable (private mode); the cooldown then starts from the page load.
  }
}

export function verificationSentAt(): number | null {
  try {
    const value = Number(sessionStorage.getItem(SENT_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
