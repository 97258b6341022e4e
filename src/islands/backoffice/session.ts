import { onIdTokenChanged, signOut, type User } from 'firebase/auth';
import { atom, onMount } from 'nanostores';
import { getFirebaseAuth } from '../../lib/client/firebase.ts';
import { WhoamiSchema, type Whoami } from '../../lib/identity/schema.ts';
import { endSession } from '../auth/session.ts';
import { followAccountLanguage } from './account-language.ts';
import { api, ApiError } from './lib/api.ts';
import { leave } from './lib/location.ts';
import { clearApiCache } from './lib/query.ts';
import { clearEditDrafts } from './lib/versioned-edit.ts';
import { clearSnackbars } from './notifications/snackbar-store.ts';

/** The Firebase side of the session: who is signed in, as the identity service says. */
export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; uid: string; emailVerified: boolean; displayName: string | null; email: string | null }
  | { status: 'error'; error: unknown };

/** The portal side of the session: the whoami identity. */
export type IdentityState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; identity: Whoami }
  | { status: 'error'; error: unknown };

export const $auth = atom<AuthState>({ status: 'loading' });
export const $identity = atom<IdentityState>({ status: 'idle' });
/** True from the moment logout starts: guards then wait instead of bouncing to /login. */
export const $signingOut = atom(false);

let identityRequest = 0;

/** Loads whoami for the signed-in user; a 401 means the token is no good, so sign out. */
export async function loadIdentity(options: { keepCurrent?: boolean } = {}): Promise<IdentityState> {
  const request = ++identityRequest;
  if (!options.keepCurrent || $identity.get().status !== 'ready') $identity.set({ status: 'loading' });
  let next: IdentityState;
  try {
    const identity = await api.request('GET', 'whoami', { schema: WhoamiSchema });
    // The page reloads in the account's language: show nothing of this one meanwhile.
    if (followAccountLanguage(identity)) return $identity.get();
    next = { status: 'ready', identity };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await signOut(await getFirebaseAuth()).catch(() => undefined);
      return $identity.get();
    }
    next = { status: 'error', error };
  }
  if (request === identityRequest) $identity.set(next);
  return next;
}

/** Re-reads whoami after a change that may touch the signed-in user (profile, ACL, own account). */
export function refreshIdentity(): Promise<IdentityState> {
  return loadIdentity({ keepCurrent: true });
}

function onUser(user: User | null): void {
  if ($signingOut.get()) return;
  if (!user) {
    identityRequest++;
    $auth.set({ status: 'signedOut' });
    $identity.set({ status: 'idle' });
    return;
  }
  const previous = $auth.get();
  const sameUser = previous.status === 'signedIn' && previous.uid === user.uid;
  // Token refreshes fire this every hour: only a new user or a newly verified email matters.
  if (sameUser && previous.emailVerified === user.emailVerified) return;
  $auth.set({
    status: 'signedIn',
    uid: user.uid,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    email: user.email,
  });
  if (!user.emailVerified) {
    $identity.set({ status: 'idle' });
    return;
  }
  if (!sameUser || $identity.get().status !== 'ready') void loadIdentity();
}

onMount($auth, () => {
  let stop: (() => void) | undefined;
  let stopped = false;
  getFirebaseAuth()
    .then((auth) => {
      if (!stopped) stop = onIdTokenChanged(auth, onUser);
    })
    .catch((error: unknown) => $auth.set({ status: 'error', error }));
  return () => {
    stopped = true;
    stop?.();
  };
});

/**
 * Signs out (spec §8): forgets all API state and the session, ends the download session cookie
 * at the token-sync URL, signs out of Firebase, then goes to /login with a full page load.
 */
export async function logout(): Promise<void> {
  if ($signingOut.get()) return;
  $signingOut.set(true);
  try {
    const auth = await getFirebaseAuth();
    clearApiCache();
    clearSnackbars();
    clearEditDrafts();
    identityRequest++;
    $identity.set({ status: 'idle' });
    $auth.set({ status: 'signedOut' });
    await endSession(auth);
  } catch {
    // Leaving is what matters: the login page signs out whatever is left.
  } finally {
    leave.assign('/login');
  }
}
